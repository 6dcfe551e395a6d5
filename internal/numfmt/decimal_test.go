package numfmt

import (
	"math"
	"testing"
)

// TestParseDecimal: the numbers people type read as strconv does, and
// what strconv reads but no person means (hexadecimal, underscores,
// words) refused. The oracle is the table's own expectations.
func TestParseDecimal(t *testing.T) {
	for _, c := range []struct {
		s    string
		want float64
		ok   bool
	}{
		{"0.25", 0.25, true}, {"-3", -3, true}, {"+3", 3, true}, {"1e-3", 0.001, true},
		{".5", 0.5, true}, {"5.", 5, true}, {"010", 10, true}, {"2E+2", 200, true},
		{"0x1p-2", 0, false}, {"1_0.5", 0, false}, {"inf", 0, false}, {"NaN", 0, false},
		{"", 0, false}, {".", 0, false}, {"-", 0, false}, {"1e", 0, false}, {"e5", 0, false},
		{" 1", 0, false}, {"1 ", 0, false}, {"1.2.3", 0, false}, {"0b1", 0, false}, {"1e+", 0, false},
	} {
		got, err := ParseDecimal(c.s)
		if (err == nil) != c.ok || c.ok && math.Abs(got-c.want) > 1e-12 {
			t.Errorf("ParseDecimal(%q) = %v, %v; want %v, ok %v", c.s, got, err, c.want, c.ok)
		}
	}
	if _, err := ParseDecimal("1e400"); err == nil {
		t.Error("ParseDecimal(1e400): no range error")
	}
}
