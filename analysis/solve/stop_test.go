package solve

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// countdownCtx is a context whose Err turns to Canceled at its n-th
// call: it stops a solve in the middle of a pairing, deterministically.
type countdownCtx struct {
	context.Context
	n atomic.Int64
}

func (c *countdownCtx) Err() error {
	if c.n.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// TestSolvePairingStops: a pairing's solve looks at its context between
// components, so a stop ends even a pairing of Everett's kind (solved
// twice, about a second of CPU) in the middle, with the context's error,
// instead of after it.
func TestSolvePairingStops(t *testing.T) {
	a := nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.Regenerative}
	b := nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.Atlas}
	ctx := &countdownCtx{Context: context.Background()}
	ctx.n.Store(3)
	ms, _, err := solvePairing(ctx, normalRules(nzsc.DefaultRules), a, b)
	if !errors.Is(err, context.Canceled) || ms != nil {
		t.Fatalf("stopped after 3 looks: solution %v, error %v; want none and context.Canceled", ms != nil, err)
	}
	if n := ctx.n.Load(); n != -1 {
		t.Errorf("the solve looked at its context %d more times after the stop", -1-n)
	}
}

// TestForEachPairingWorkersBounded: more workers than jobs start no more
// goroutines than jobs (each calls setup once).
func TestForEachPairingWorkersBounded(t *testing.T) {
	jobs := []pairingJob{{0, 1, 2}, {0, 2, 2}, {1, 2, 2}}
	var setups atomic.Int64
	err := forEachPairing(context.Background(), jobs, 1000, nil, func() (int, error) { setups.Add(1); return 0, nil }, func(int, int, int) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if n := setups.Load(); n != int64(len(jobs)) {
		t.Errorf("%d goroutines for %d jobs and 1000 workers, want %d", n, len(jobs), len(jobs))
	}
}
