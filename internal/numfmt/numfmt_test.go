package numfmt_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/nzsclab/nzsc/internal/numfmt"
)

func TestAppendJSON(t *testing.T) {
	cases := []struct {
		f      float64
		digits int
		want   string
	}{
		{math.NaN(), -1, "null"},
		{math.Inf(1), 10, "null"},
		{math.Inf(-1), -1, "null"},
		{0.1, -1, "0.1"},
		{1.0 / 3, -1, "0.3333333333333333"},
		{1.0 / 3, 10, "0.3333333333"},
		{-190.84850188786497, 10, "-190.8485019"},
		{0, 10, "0"},
		{1e21, -1, "1e+21"},
	}
	for i, c := range cases {
		got := string(numfmt.AppendJSON([]byte("x:"), c.f, c.digits))
		if got != "x:"+c.want {
			t.Errorf("case %d: AppendJSON(%v, %d) = %q, want %q", i, c.f, c.digits, got, "x:"+c.want)
		}
		// Whatever it writes is JSON that a reader takes back.
		var v *float64
		if err := json.Unmarshal([]byte(c.want), &v); err != nil {
			t.Errorf("case %d: %q is not JSON: %v", i, c.want, err)
		}
	}
}

func TestCSV(t *testing.T) {
	cases := []struct {
		f    float64
		prec int
		want string
	}{
		{math.NaN(), 6, ""},
		{math.Inf(1), 2, "inf"},
		{math.Inf(-1), 2, "-inf"},
		{0.5, 6, "0.500000"},
		{2.0 / 3, 2, "0.67"},
		{-12.345, 1, "-12.3"},
		{0.1, -1, "0.1"},
	}
	for i, c := range cases {
		if got := numfmt.CSV(c.f, c.prec); got != c.want {
			t.Errorf("case %d: CSV(%v, %d) = %q, want %q", i, c.f, c.prec, got, c.want)
		}
	}
}

// FuzzCSV checks that a cell reads back as the number, to its precision,
// and NaN as an empty cell.
func FuzzCSV(f *testing.F) {
	f.Add(0.5, uint8(6))
	f.Add(math.Inf(-1), uint8(0))
	f.Fuzz(func(t *testing.T, x float64, prec uint8) {
		p := int(prec % 18)
		s := numfmt.CSV(x, p)
		if math.IsNaN(x) {
			if s != "" {
				t.Fatalf("CSV(NaN) = %q, want empty", s)
			}
			return
		}
		y, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("CSV(%v, %d) = %q does not parse: %v", x, p, s, err)
		}
		if math.IsInf(x, 0) {
			if y != x {
				t.Fatalf("CSV(%v) = %q reads as %v", x, s, y)
			}
			return
		}
		// Half a unit of the last digit, with room for x and y's own rounding.
		if d := math.Abs(y - x); d > 0.5*math.Pow(10, -float64(p))*(1+1e-6)+math.Abs(x)*1e-15 {
			t.Fatalf("CSV(%v, %d) = %q reads as %v, off by %v", x, p, s, y, d)
		}
	})
}

func ExampleAppendJSON() {
	b := []byte("[")
	for i, f := range []float64{0.25, math.NaN(), math.Inf(1)} {
		if i > 0 {
			b = append(b, ',')
		}
		b = numfmt.AppendJSON(b, f, -1)
	}
	fmt.Println(string(append(b, ']')))
	// Output: [0.25,null,null]
}

func ExampleCSV() {
	fmt.Printf("%q %q %q\n", numfmt.CSV(2.0/3, 3), numfmt.CSV(math.NaN(), 3), numfmt.CSV(math.Inf(-1), 3))
	// Output: "0.667" "" "-inf"
}
