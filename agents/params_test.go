package agents

import (
	"strings"
	"testing"
)

func TestParamsIntIn(t *testing.T) {
	for _, c := range []struct {
		v       string
		want    int
		wantErr string
	}{
		{"1", 1, ""},
		{"10", 10, ""},
		{"0", 0, "iters=0 is out of range 1..10"},
		{"11", 0, "iters=11 is out of range 1..10"},
		{"-3", 0, "out of range"},
		{"x", 0, `iters="x" is not an integer`},
		{"", 0, "not an integer"},
	} {
		got, err := Params{"iters": c.v}.IntIn("iters", 1, 10)
		if c.wantErr == "" {
			if err != nil || got != c.want {
				t.Errorf("%q: got %d, %v; want %d", c.v, got, err, c.want)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.wantErr) {
			t.Errorf("%q: got %d, %v; want an error with %q", c.v, got, err, c.wantErr)
		}
	}
}
