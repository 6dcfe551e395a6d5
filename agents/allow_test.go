package agents

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckAllowed: a bot that starts a program is refused, naming its
// spec, unless programs are allowed; any other bot never is.
func TestCheckAllowed(t *testing.T) {
	for i, c := range []struct {
		game  string
		seats int
		spec  string
		runs  bool
	}{
		{"nzsc", 2, "exec:/bin/true", true},
		{"nzsc", 3, "exec:/bin/true;timeout=1s", true},
		{"npzr", 2, "exec:/bin/true", true},
		{"nzsc", 2, "random", false},
		{"nzsc", 2, "greedy:noise=0.1", false},
	} {
		b, err := ParseForSeats(c.game, c.seats, c.spec)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if b.Info.StartsProgram() != c.runs {
			t.Errorf("case %d: %s starts a program: %v, want %v", i, c.spec, !c.runs, c.runs)
		}
		if err := b.CheckAllowed(true); err != nil {
			t.Errorf("case %d: %s refused where programs are allowed: %v", i, c.spec, err)
		}
		err = b.CheckAllowed(false)
		if c.runs != errors.Is(err, ErrExec) || c.runs && !strings.Contains(err.Error(), c.spec) {
			t.Errorf("case %d: %s where programs are not allowed: %v", i, c.spec, err)
		}
	}
}
