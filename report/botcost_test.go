package report

import (
	"testing"
	"time"
)

func TestPerDecision(t *testing.T) {
	for i, c := range []struct {
		d    time.Duration
		want string
	}{
		{22 * time.Nanosecond, "< 0.1 µs"}, {100 * time.Nanosecond, "0.1 µs"}, {1840 * time.Nanosecond, "1.84 µs"},
		{712 * time.Microsecond, "712 µs"}, {12300 * time.Microsecond, "12.3 ms"}, {2 * time.Second, "2 s"},
	} {
		if got := perDecision(c.d); got != c.want {
			t.Errorf("case %d: got %q, want %q", i, got, c.want)
		}
	}
}
