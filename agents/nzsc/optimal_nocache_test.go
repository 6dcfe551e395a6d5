package nzsc

import (
	"context"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"

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
	// A variant no other test of the package solves: a solution is
	// solved once per process, and the notes are said only then.
	rules.Points, rules.MoveStreak, rules.CharacterStreak, rules.Waits = 3, 2, 2, 1
	var notes []string
	ctx := agents.WithNotes(context.Background(), func(msg string) { notes = append(notes, msg) })
	s, err := solutionFor(ctx, "", rules)
	if err != nil || s == nil {
		t.Fatalf("optimal without a cache directory: %v, %v; want the solution", s, err)
	}
	// What it tells the user: that it solves, that the solution cannot
	// be cached, and that the next run solves again.
	if len(notes) != 2 || !strings.Contains(notes[0], "optimal: solving this rules variant once") ||
		!strings.Contains(notes[0], "it cannot be cached: ") || !strings.HasSuffix(notes[1], "the next run solves again") {
		t.Errorf("notes %q, want the solve announced, not cached, and done", notes)
	}
}
