package runs

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSPRTJobFailedIsNoMaxGamesVerdict: a test whose job fails (its run
// directory cannot be written: a full disk, here the directory taken
// away) stopped before a verdict. Its status said "inconclusive at
// --max-games", the verdict of a test that played all its games, after
// one look of 20000 games.
func TestSPRTJobFailedIsNoMaxGamesVerdict(t *testing.T) {
	f := newFixture(t, Options{})
	s := f.slowSPRTLooked()
	// Moved away at once (a removal races with the job's next write).
	if err := os.Rename(filepath.Join(f.root, s.Run), filepath.Join(t.TempDir(), "gone")); err != nil {
		t.Fatal(err)
	}
	s = f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
	if s.State != stateFailed || s.SPRT == nil || s.SPRT.Verdict != "interrupted" {
		t.Fatalf("a test whose directory went: state %q, test %+v; want failed, interrupted", s.State, s.SPRT)
	}
}
