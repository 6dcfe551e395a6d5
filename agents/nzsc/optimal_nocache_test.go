package nzsc

import (
	"context"
	"testing"

	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

// TestOptimalWithoutCacheDir: with no cache directory ($HOME and
// $XDG_CACHE_HOME unset, as under some service managers) the optimal
// bot plays the solution it solved instead of faulting; it forfeited
// every game, and the run still exited 0.
func TestOptimalWithoutCacheDir(t *testing.T) {
	if testing.Short() {
		t.Skip("solves a small variant (seconds)")
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	rules := nz.DefaultRules
	rules.Points, rules.MoveStreak, rules.CharacterStreak = 3, 2, 2
	s, err := solutionFor(context.Background(), "", rules)
	if err != nil || s == nil {
		t.Fatalf("optimal without a cache directory: %v, %v; want the solution", s, err)
	}
}
