package roundrobin

import (
	"context"
	"errors"
	"testing"
)

// TestStoppedChunkDropped: a chunk during which the run's context was
// cancelled is not counted. Its search bots answered at once from the
// stop on, so its games are not real: the worker ends the chunk's last
// pair with the context's error, which the runner takes as the stop. The
// other pairs of the chunk play on (the runner polls before each).
func TestStoppedChunkDropped(t *testing.T) {
	cfg := matchConfig(t, "mcts:iters=10000000", "random", 1, 4, 2)
	w, err := newWorker(cfg, cfg.Tables(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w.(*worker).setContext(ctx)
	var a agg
	// Pair 0 is not the last of chunk 0 (pairs 0 and 1): played at once
	// (mcts stopped), no error.
	if err := w.PlayPair(&a, 0, 1); err != nil {
		t.Errorf("pair 0: %v, want nil", err)
	}
	if err := w.PlayPair(&a, 1, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("pair 1, the chunk's last: %v, want context.Canceled", err)
	}
	// And the whole run: a stopped context counts nothing.
	res, err := Play(ctx, cfg, Options{Workers: 1})
	if err != nil || !res.Interrupted || res.Counts.Games() != 0 {
		t.Errorf("stopped run: err %v, interrupted %v, %d games counted; want nil, true, 0", err, res.Interrupted, res.Counts.Games())
	}
}
