package tournament

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
)

func TestPairSeedIsSplitMix64(t *testing.T) {
	// Published reference outputs of SplitMix64 seeded with 0 (Vigna's
	// splitmix64.c): pair p's seed is the (p+1)-th output.
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := PairSeed(0, uint64(i)); got != want {
			t.Errorf("case %d: PairSeed(0, %d) = %#x, want %#x", i, i, got, want)
		}
	}
}

// sumAgg is a game-agnostic aggregate: the number of pairs, the sum of
// their indices and the xor of their seeds, which an independent loop can
// compute directly.
type sumAgg struct {
	N, IndexSum, SeedXor uint64
}

func (a *sumAgg) Merge(b *sumAgg) {
	a.N += b.N
	a.IndexSum += b.IndexSum
	a.SeedXor ^= b.SeedXor
}

type sumWorker struct {
	closed *atomic.Int64
	// after is called with each pair index once it is added, by tests
	// that interrupt the run.
	after func(pair uint64) error
}

func (w *sumWorker) PlayPair(a *sumAgg, pair, seed uint64) error {
	a.N++
	a.IndexSum += pair
	a.SeedXor ^= seed
	if w.after != nil {
		return w.after(pair)
	}
	return nil
}

func (w *sumWorker) Close() error {
	if w.closed != nil {
		w.closed.Add(1)
	}
	return nil
}

func expectedSum(plan Plan, chunks []uint64) sumAgg {
	var want sumAgg
	for _, c := range chunks {
		lo, hi := plan.ChunkRange(c)
		for p := lo; p < hi; p++ {
			want.N++
			want.IndexSum += p
			want.SeedXor ^= PairSeed(plan.Seed, p)
		}
	}
	return want
}

func TestRunPlaysEveryPairOnce(t *testing.T) {
	for i, c := range []struct {
		pairs, chunk uint64
		workers      int
	}{
		{1, 0, 1}, {1000, 7, 1}, {1000, 7, 2}, {1000, 7, 7}, {1001, 100, 3}, {5, 1, 16}, {0, 0, 2},
	} {
		plan := Plan{Seed: 42, Pairs: c.pairs, ChunkPairs: c.chunk, Workers: c.workers}
		var closed atomic.Int64
		rep, err := Run[sumAgg](context.Background(), plan, func(int) (Worker[sumAgg], error) {
			return &sumWorker{closed: &closed}, nil
		}, nil)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		all := Remaining(plan.NumChunks(), nil)
		if want := expectedSum(plan, all); rep.Total != want {
			t.Errorf("case %d: total %+v, want %+v", i, rep.Total, want)
		}
		if rep.Interrupted || rep.Pairs != c.pairs || !slices.Equal(rep.Finished, all) {
			t.Errorf("case %d: interrupted %v, pairs %d, finished %v", i, rep.Interrupted, rep.Pairs, rep.Finished)
		}
		if int(closed.Load()) != c.workers {
			t.Errorf("case %d: %d workers closed, want %d", i, closed.Load(), c.workers)
		}
	}
}

func TestRunChunkSubsets(t *testing.T) {
	plan := Plan{Seed: 7, Pairs: 10_000, ChunkPairs: 64, Workers: 3}
	n := plan.NumChunks()
	// Shards partition the run; any order of chunks gives the same total.
	var merged sumAgg
	for i := range 4 {
		cs, err := ShardChunks(n, i, 4)
		if err != nil {
			t.Fatal(err)
		}
		rand.New(rand.NewPCG(uint64(i), 9)).Shuffle(len(cs), func(a, b int) { cs[a], cs[b] = cs[b], cs[a] })
		p := plan
		p.Chunks = cs
		var closed atomic.Int64
		rep, err := Run[sumAgg](context.Background(), p, func(int) (Worker[sumAgg], error) {
			return &sumWorker{closed: &closed}, nil
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := expectedSum(plan, cs); rep.Total != want {
			t.Errorf("shard %d: total %+v, want %+v", i, rep.Total, want)
		}
		merged.Merge(&rep.Total)
	}
	if want := expectedSum(plan, Remaining(n, nil)); merged != want {
		t.Errorf("merged shards %+v, want %+v", merged, want)
	}
	if _, err := ShardChunks(n, 4, 4); err == nil {
		t.Error("shard 4/4 accepted")
	}
	p := plan
	p.Chunks = []uint64{n}
	if _, err := Run[sumAgg](context.Background(), p, func(int) (Worker[sumAgg], error) { return &sumWorker{}, nil }, nil); err == nil {
		t.Error("out-of-range chunk accepted")
	}
}

func TestRemaining(t *testing.T) {
	got := Remaining(6, []uint64{4, 0, 2})
	if want := []uint64{1, 3, 5}; !slices.Equal(got, want) {
		t.Errorf("Remaining = %v, want %v", got, want)
	}
}

func TestRunCancelKeepsFinishedChunks(t *testing.T) {
	plan := Plan{Seed: 3, Pairs: 100_000, ChunkPairs: 50, Workers: 3}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var closed atomic.Int64
	counter := NewCounter(plan.Workers)
	rep, err := Run[sumAgg](ctx, plan, func(int) (Worker[sumAgg], error) {
		return &sumWorker{closed: &closed, after: func(pair uint64) error {
			if pair == 30_017 {
				cancel() // as Ctrl-C would, in the middle of a chunk
			}
			return nil
		}}, nil
	}, counter)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Interrupted || len(rep.Finished) == 0 || rep.Pairs >= plan.Pairs {
		t.Fatalf("interrupted %v, %d chunks, %d pairs", rep.Interrupted, len(rep.Finished), rep.Pairs)
	}
	if slices.Contains(rep.Finished, 30_017/50) {
		t.Errorf("the chunk being played at cancellation is reported finished")
	}
	if want := expectedSum(plan, rep.Finished); rep.Total != want {
		t.Errorf("total %+v, want exactly the finished chunks %+v", rep.Total, want)
	}
	if counter.Done() < rep.Pairs {
		t.Errorf("counter %d < finished pairs %d", counter.Done(), rep.Pairs)
	}
	if int(closed.Load()) != plan.Workers {
		t.Errorf("%d workers closed, want %d", closed.Load(), plan.Workers)
	}
	// Resuming plays exactly the rest.
	p := plan
	p.Chunks = Remaining(plan.NumChunks(), rep.Finished)
	rest, err := Run[sumAgg](context.Background(), p, func(int) (Worker[sumAgg], error) { return &sumWorker{closed: &closed}, nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	rest.Total.Merge(&rep.Total)
	if want := expectedSum(plan, Remaining(plan.NumChunks(), nil)); rest.Total != want {
		t.Errorf("interrupted + resumed %+v, want %+v", rest.Total, want)
	}
}

func TestRunWorkerError(t *testing.T) {
	boom := errors.New("boom")
	plan := Plan{Seed: 1, Pairs: 10_000, ChunkPairs: 10, Workers: 2}
	var closed atomic.Int64
	rep, err := Run[sumAgg](context.Background(), plan, func(int) (Worker[sumAgg], error) {
		return &sumWorker{closed: &closed, after: func(pair uint64) error {
			if pair == 5_005 {
				return boom
			}
			return nil
		}}, nil
	}, nil)
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	if want := expectedSum(plan, rep.Finished); rep.Total != want || !rep.Interrupted {
		t.Errorf("total %+v, want %+v (interrupted %v)", rep.Total, want, rep.Interrupted)
	}
	if closed.Load() != 2 {
		t.Errorf("%d workers closed, want 2", closed.Load())
	}
	_, err = Run[sumAgg](context.Background(), plan, func(int) (Worker[sumAgg], error) { return nil, boom }, nil)
	if !errors.Is(err, boom) {
		t.Errorf("newWorker error: got %v", err)
	}
}

func TestCounterWorkerMismatch(t *testing.T) {
	_, err := Run[sumAgg](context.Background(), Plan{Pairs: 1, Workers: 2}, func(int) (Worker[sumAgg], error) { return &sumWorker{}, nil }, NewCounter(3))
	if err == nil {
		t.Error("mismatched counter accepted")
	}
}

// opaqueCtx hides its context's type from package context, which then
// passes its cancellation on to derived contexts from a goroutine of its
// own, later: as a worker can see a context cancelled before the run's
// own derived one is.
type opaqueCtx struct{ context.Context }

func (opaqueCtx) Value(any) any { return nil }

// TestRunCancelSeenFirstByAWorker: a stop that a worker's game notices
// (its error wraps context.Canceled) before the run's own context is
// cancelled is an interruption, not a failure. It was reported as
// "pair N: context canceled", which lost the run's --resume message
// (TestOneTail's 3-player match, under load).
func TestRunCancelSeenFirstByAWorker(t *testing.T) {
	for range 50 {
		base, cancel := context.WithCancel(context.Background())
		ctx := opaqueCtx{base}
		plan := Plan{Seed: 3, Pairs: 1_000, ChunkPairs: 10, Workers: 2}
		var closed atomic.Int64
		rep, err := Run[sumAgg](ctx, plan, func(int) (Worker[sumAgg], error) {
			return &sumWorker{closed: &closed, after: func(pair uint64) error {
				if pair == 517 {
					cancel()
					return ctx.Err()
				}
				return nil
			}}, nil
		}, nil)
		cancel()
		if err != nil || !rep.Interrupted {
			t.Fatalf("err %v, interrupted %v: want an interruption", err, rep.Interrupted)
		}
	}
}
