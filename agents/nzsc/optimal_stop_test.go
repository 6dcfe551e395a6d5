package nzsc

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

// TestOptimalSolveStops: the optimal bot's solve at its first decision
// (no solution cached) ends with the run's context, and a solve cut
// short is not kept: the next caller, on a live context, is not handed
// the stop as the solution's error.
func TestOptimalSolveStops(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // nothing cached: the bot must solve
	t.Setenv("HOME", t.TempDir())
	rules := nz.DefaultRules
	rules.Points = 3
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	s, err := solutionFor(ctx, "", rules)
	if s != nil || !errors.Is(err, context.Canceled) {
		t.Fatalf("a solve on a stopped context: %v, %v", s, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the stopped solve took %v", d)
	}
	if e := solutions.byKey[sourceKey{rules: fmt.Sprint(rules.Options())}]; e == nil || e.done {
		t.Errorf("a solve cut short was kept as final (entry %v)", e)
	}
	o := &Optimal{}
	o.SetContext(ctx)
	if o.ctx != ctx {
		t.Errorf("SetContext did not keep the context")
	}
}
