package runs

import (
	"encoding/json"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

// TestRunNeedsFreeDisk: the page starts a run only while the runs
// directory's file system keeps minFree free (1 GiB, or a twentieth of it):
// below, 507 naming the space, and no run directory is made. Every run
// stays on disk, so without it a program calling the API could start
// run after run (a million games: 34 MB in 10 s) until the disk was
// full. Where the space cannot be told, runs start as before.
func TestRunNeedsFreeDisk(t *testing.T) {
	f := newFixture(t, Options{})
	type space struct {
		free, size uint64
		ok         bool
	}
	var now atomic.Pointer[space]
	f.h.disk = func(string) (uint64, uint64, bool) { s := now.Load(); return s.free, s.size, s.ok }
	const gib = 1 << 30
	for i, c := range []struct {
		space
		started bool
	}{
		{space{gib - 1, 4 * gib, true}, false},   // under 1 GiB
		{space{4 * gib, 100 * gib, true}, false}, // under a twentieth
		{space{6 * gib, 100 * gib, true}, true},  // over both
		{space{2 * gib, 4 * gib, true}, true},    // a small disk: 1 GiB
		{space{0, 0, false}, true},               // cannot tell
	} {
		now.Store(&c.space)
		before, _ := os.ReadDir(f.root)
		var s JobStatus
		st, b := f.req("POST", "/api/jobs", StartRequest{Kind: "match", Bots: []string{"random", "random"}, Games: 2, Seed: "1"})
		after, _ := os.ReadDir(f.root)
		if !c.started {
			if st != 507 || !strings.Contains(string(b), "MiB free") || len(after) != len(before) {
				t.Errorf("case %d %+v: %d %s, %d entries in the runs directory, were %d; want 507 and none made", i, c.space, st, b, len(after), len(before))
			}
			continue
		}
		if st != 200 || json.Unmarshal(b, &s) != nil {
			t.Fatalf("case %d %+v: %d %s, want the run started", i, c.space, st, b)
		}
		f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
	}
	if free, size, ok := diskSpace(f.root); runtime.GOOS == "linux" && (!ok || size == 0 || free > size) {
		t.Errorf("diskSpace(%s) = %d free of %d, ok %v", f.root, free, size, ok)
	}
}
