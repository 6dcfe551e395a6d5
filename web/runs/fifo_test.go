//go:build unix

package runs

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFIFOsAreSkipped: a FIFO under the runs directory (a manifest, a
// run's file, a games log) never blocks a request: opening one for
// reading would wait for a writer forever, and every client with it.
func TestFIFOsAreSkipped(t *testing.T) {
	f := newFixture(t, Options{})
	var s JobStatus
	f.json("POST", "/api/jobs", StartRequest{Kind: "match", Bots: []string{"random", "greedy"}, Games: 2}, &s)
	f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
	if err := os.Mkdir(filepath.Join(f.root, "fifo"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(f.root, "fifo", "manifest.json"), filepath.Join(f.root, s.Run, "pipe")} {
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skipf("mkfifo: %v", err)
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		var list struct{ Runs []Summary }
		if st := f.json("GET", "/api/runs", nil, &list); st != 200 || len(list.Runs) != 2 {
			t.Errorf("list: %d %+v", st, list)
		}
		for _, l := range list.Runs {
			if l.Name == "fifo" && !strings.Contains(l.Error, "not a regular file") {
				t.Errorf("the FIFO manifest is listed as %+v", l)
			}
		}
		if st, b := f.req("GET", "/api/runs/"+s.Run+"/files/pipe", nil); st/100 != 4 || !isJSONError(b) {
			t.Errorf("a FIFO in a run: %d %s", st, b)
		}
		if st, b := f.req("GET", "/api/runs/fifo", nil); st/100 != 4 || !isJSONError(b) {
			t.Errorf("a run whose manifest is a FIFO: %d %s", st, b)
		}
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("a request hangs on a FIFO")
	}
}
