package tournament

import (
	"context"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/nzsclab/nzsc/internal/crash"
)

// TestChunkSetAgreesWithLists: a ChunkSet holds exactly the chunks the
// listing functions give (shard, then minus the done ranges), for every
// small run, shard and a variety of done ranges.
func TestChunkSetAgreesWithLists(t *testing.T) {
	dones := [][][2]uint64{nil, {{0, 0}}, {{1, 3}}, {{0, 2}, {5, 5}, {7, 9}}, {{4, 11}}}
	for n := uint64(0); n <= 12; n++ {
		for k := 1; k <= 4; k++ {
			for i := range k {
				for _, done := range dones {
					var ok []([2]uint64)
					for _, r := range done {
						if r[1] < n {
							ok = append(ok, r)
						}
					}
					shard, _ := ShardChunks(n, i, k)
					var want []uint64
					for _, c := range shard {
						if !slices.ContainsFunc(ok, func(r [2]uint64) bool { return r[0] <= c && c <= r[1] }) {
							want = append(want, c)
						}
					}
					s, _ := ShardSet(n, i, k)
					s.Done = ok
					got := slices.Collect(s.All())
					if !slices.Equal(got, want) || s.Len() != uint64(len(want)) {
						t.Errorf("n %d shard %d/%d done %v: All %v Len %d, want %v", n, i, k, ok, got, s.Len(), want)
					}
					// Rank counts the chunks listed before any chunk.
					for c := range n + 1 {
						r := uint64(0)
						for _, x := range want {
							if x < c {
								r++
							}
						}
						if got := s.Rank(c); got != r {
							t.Errorf("n %d shard %d/%d done %v: Rank(%d) = %d, want %d", n, i, k, ok, c, got, r)
						}
					}
				}
			}
		}
	}
}

// TestChunkSetHuge: a run of 2^62 chunks with a done range of almost all
// of them is counted and iterated without listing, and its end is exact.
func TestChunkSetHuge(t *testing.T) {
	n := uint64(1) << 62
	s := RemainingSet(n, [][2]uint64{{0, n - 3}})
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	if allocs := testing.AllocsPerRun(10, func() { s.Len() }); allocs != 0 {
		t.Errorf("Len allocates %v", allocs)
	}
	if got := slices.Collect(s.All()); s.Len() != 2 || !slices.Equal(got, []uint64{n - 2, n - 1}) {
		t.Errorf("Len %d, chunks %v; want the last two", s.Len(), got)
	}
	// A range to 2^64-1 is refused, not looped over.
	bad := RemainingSet(n, [][2]uint64{{0, math.MaxUint64}})
	if bad.Check() == nil {
		t.Errorf("a done range past the run accepted")
	}
	// The largest run and stride: shard 2^63-2 of 2^63-1 holds chunks
	// 2^63-2 and 2^64-3; stepping past the end does not wrap around.
	sh, _ := ShardSet(math.MaxUint64, math.MaxInt-1, math.MaxInt)
	if got := slices.Collect(sh.All()); sh.Len() != 2 || !slices.Equal(got, []uint64{math.MaxInt - 1, math.MaxUint64 - 2}) {
		t.Errorf("shard of the largest run: Len %d, chunks %v", sh.Len(), got)
	}
}

// TestPlanCheck: workers beyond a few per core, pair counts whose games
// overflow and chunk sizes that used to overflow are handled.
func TestPlanCheck(t *testing.T) {
	for i, c := range []struct {
		plan Plan
		err  string
	}{
		{Plan{Pairs: 10, Workers: 1_000_000}, "cores"},
		{Plan{Pairs: 10, Workers: -1}, "workers"},
		{Plan{Pairs: math.MaxUint64 / 2}, "pairs"},
		{Plan{Pairs: 10, Chunks: []uint64{3}, ChunkPairs: 5}, "out of range"},
		{Plan{Pairs: 10, Set: &ChunkSet{N: 3, Stride: 1}}, "chunk set"},
		{Plan{Pairs: 10, Workers: MaxWorkers()}, ""},
		{Plan{Pairs: MaxPairs}, ""},
	} {
		err := c.plan.Check()
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("case %d: Check() = %v, want %q", i, err, c.err)
		}
	}
	if !strings.Contains((&Plan{Workers: 1 << 30}).Check().Error(), "4 per core") {
		t.Errorf("the workers error does not give the bound's reason")
	}
	// --chunk 18446744073709551615 is one chunk, not zero.
	p := Plan{Pairs: 1000, ChunkPairs: math.MaxUint64}
	if p.NumChunks() != 1 {
		t.Errorf("chunk of 2^64-1 pairs: %d chunks, want 1", p.NumChunks())
	}
	if lo, hi := p.ChunkRange(0); lo != 0 || hi != 1000 {
		t.Errorf("its range [%d, %d), want [0, 1000)", lo, hi)
	}
	big := Plan{Pairs: MaxPairs, ChunkPairs: math.MaxUint64 / 3}
	if lo, hi := big.ChunkRange(big.NumChunks() - 1); hi != MaxPairs || lo >= hi {
		t.Errorf("last chunk of the largest run: [%d, %d)", lo, hi)
	}
}

// TestRunWorkerPanic: a panic in a worker ends the run with an error
// carrying the panic and its stack (a one-line internal error for the
// command), not the process; every worker is closed.
func TestRunWorkerPanic(t *testing.T) {
	var closed atomic.Int64
	plan := Plan{Pairs: 100, ChunkPairs: 5, Workers: 3}
	_, err := Run[sumAgg](context.Background(), plan, func(int) (Worker[sumAgg], error) {
		return &sumWorker{closed: &closed, after: func(pair uint64) error {
			if pair == 37 {
				panic("bot bug")
			}
			return nil
		}}, nil
	}, nil)
	p := crash.As(err)
	if p == nil || p.Value != "bot bug" || !strings.Contains(string(p.Stack), "TestRunWorkerPanic") {
		t.Fatalf("Run = %v, want the worker's panic with its stack", err)
	}
	if closed.Load() != 3 {
		t.Errorf("%d workers closed, want 3", closed.Load())
	}
}
