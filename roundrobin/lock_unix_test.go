//go:build unix

package roundrobin

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
)

// TestRunDirLockedThroughout: a sequential test's directory is locked
// at every look (between its segments), and, once its holder has taken
// it with RunDir.Lock, from before its first game until the holder lets
// go, the end of the run (its tables written) included: another player
// (another process, a Runs page job) cannot slip in. Play used to take
// the lock itself and let it go as it returned, before the command wrote
// the run's tables.
func TestRunDirLockedThroughout(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run")
	cfg := &Config{Bots: bots(t, "greedy", "random"), Rules: nzsc.DefaultRules}
	st := &results.SPRTState{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: "logistic"}
	start, err := NewSPRT(cfg, st, 400, 40)
	if err != nil {
		t.Fatal(err)
	}
	start.Out, start.Seed, start.SeedGiven = path, 3, true
	rd, _, err := Open(cfg, start)
	if err != nil {
		t.Fatal(err)
	}
	// Whether another player gets the directory (flock, as
	// results.Dir.Lock).
	other := func() bool {
		t.Helper()
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
	}
	unlock, err := rd.Lock()
	if err != nil {
		t.Fatal(err)
	}
	if other() {
		t.Error("another player got the directory before the first game")
	}
	looks := 0
	var verdict analysis.Verdict
	test := analysis.SPRT{Elo0: st.Elo0, Elo1: st.Elo1, Alpha: st.Alpha, Beta: st.Beta}
	opts := rd.SPRTOptions(test, &verdict, func(results.SPRTLook) {
		looks++
		if other() {
			t.Errorf("another player got the directory at look %d", looks)
		}
	})
	opts.Workers = 2
	if _, err := rd.Play(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if looks < 2 {
		t.Errorf("%d looks; want two or more, so that one falls between segments", looks)
	}
	if other() {
		t.Error("another player got the directory after Play, before its holder let it go")
	}
	unlock()
	if !other() {
		t.Error("the directory is still locked after its holder let it go")
	}
	// Without RunDir.Lock, Play takes the lock itself, for its games.
	rd2, err := Resume(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd2.Play(context.Background(), RunOptions{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if !other() {
		t.Error("Play left the directory locked")
	}
}
