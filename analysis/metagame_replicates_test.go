package analysis

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// TestEachReplicatePanic: a replicate that panics fails as an error
// does: the lowest failing replicate decides, no replicate begins after
// it, and its panic reaches the caller's goroutine, where a recover of
// the caller's (nzsc's crash report, the web server's rendering of a
// run's report) catches it, as it did when the replicates ran on the
// caller's goroutine. A panic left on a worker's goroutine ends the
// program (this test binary with it).
func TestEachReplicatePanic(t *testing.T) {
	for _, workers := range []int{1, 2, 5} {
		for i, c := range []struct {
			panics, fails []int // the replicates that panic, that fail
			want          string
		}{
			{panics: []int{7}, want: "panic replicate 7"},
			{panics: []int{9, 7, 30}, want: "panic replicate 7"},
			{panics: []int{9}, fails: []int{5}, want: "error replicate 5"},
			{panics: []int{5}, fails: []int{9}, want: "panic replicate 5"},
		} {
			var began atomic.Int64
			got := func() (got string) {
				defer func() {
					if p := recover(); p != nil {
						got = fmt.Sprint("panic ", p)
					}
				}()
				_, err := eachReplicate(40, workers, nil, func(r int) (int, error) {
					began.Add(1)
					for _, p := range c.panics {
						if r == p {
							panic(fmt.Sprint("replicate ", r))
						}
					}
					for _, f := range c.fails {
						if r == f {
							return 0, fmt.Errorf("replicate %d", r)
						}
					}
					return r, nil
				})
				return fmt.Sprint("error ", err)
			}()
			if got != c.want {
				t.Errorf("case %d, %d workers: %s, want %s", i, workers, got, c.want)
			}
			if n := began.Load(); n == 40 {
				t.Errorf("case %d, %d workers: every replicate began after a failure", i, workers)
			}
		}
	}
}

// TestEachReplicateWorkers: EachReplicate solves no more replicates at
// once than the process has CPUs, whatever GOMAXPROCS says: each one in
// flight holds its own game, and a stop waits for all of them, so
// replicates beyond the CPUs cost memory and a slower stop for no speed.
func TestEachReplicateWorkers(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(runtime.NumCPU() + 8))
	var now, most atomic.Int64
	if _, err := EachReplicate(4*(runtime.NumCPU()+8), nil, func(r int) (int, error) {
		n := now.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(5 * time.Millisecond) // the others start meanwhile, if they may
		now.Add(-1)
		return r, nil
	}); err != nil {
		t.Fatal(err)
	}
	if m := most.Load(); m > int64(runtime.NumCPU()) {
		t.Errorf("%d replicates at once on %d CPUs (GOMAXPROCS %d)", m, runtime.NumCPU(), runtime.GOMAXPROCS(0))
	}
}
