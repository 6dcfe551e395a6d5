package tournament

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// ChunkPairs is the default number of game pairs in a chunk (1024 games).
// A chunk is the unit of work handed to a worker and the unit of
// bookkeeping for interrupted, resumed and sharded runs; the game seeds
// do not depend on it. A run directory must record the chunk size it used.
const ChunkPairs = 512

// Aggregate is the constraint on a run's result type A: a value type of
// integer counts whose zero value is empty, merged by addition through
// its pointer. Merge must be exact and order-independent (integers only),
// so that merging per-worker or per-shard aggregates gives the same
// counts whatever the split. P is always *A; it is inferred.
type Aggregate[A any] interface {
	*A
	// Merge adds src into the receiver. It must not keep references to
	// src: the runner reuses src.
	Merge(src *A)
}

// Worker plays pairs of games for one goroutine. It owns its state (bot
// instances, buffers) and is never shared: the runner calls it from one
// goroutine only.
type Worker[A any] interface {
	// PlayPair plays the two games of pair (indices 2·pair and
	// 2·pair+1) from seed, the pair's seed (see PairSeed), and adds their
	// outcome into agg. An error is fatal to the whole run (bad bots fault
	// inside their games instead).
	PlayPair(agg *A, pair, seed uint64) error
	// Close releases the worker's resources; it is called once when the
	// worker ends, also after an error or cancellation.
	Close() error
}

// Plan says which games a run plays.
type Plan struct {
	// Seed is the run's master seed; game seeds derive from it and the
	// pair index only.
	Seed uint64
	// Pairs is the number of game pairs in the whole run (2·Pairs games).
	Pairs uint64
	// ChunkPairs is the chunk size in pairs; 0 means the package default
	// ChunkPairs.
	ChunkPairs uint64
	// Chunks lists the chunk indices to play, for a shard (ShardChunks)
	// or a resumed run (Remaining); nil means every chunk of the run.
	Chunks []uint64
	// Workers is the number of goroutines; 0 means runtime.NumCPU().
	Workers int
}

func (p *Plan) chunkPairs() uint64 {
	if p.ChunkPairs == 0 {
		return ChunkPairs
	}
	return p.ChunkPairs
}

// NumChunks returns the number of chunks in the whole run.
func (p *Plan) NumChunks() uint64 {
	c := p.chunkPairs()
	return (p.Pairs + c - 1) / c
}

// ChunkRange returns the pairs [lo, hi) of chunk c.
func (p *Plan) ChunkRange(c uint64) (lo, hi uint64) {
	n := p.chunkPairs()
	lo = c * n
	hi = min(lo+n, p.Pairs)
	return lo, hi
}

// planned returns how many chunks the run plays, after checking that
// explicit chunk indices are in range. A nil Chunks is not materialized:
// a run may have billions of chunks.
func (p *Plan) planned() (uint64, error) {
	total := p.NumChunks()
	if p.Chunks == nil {
		return total, nil
	}
	for _, c := range p.Chunks {
		if c >= total {
			return 0, fmt.Errorf("tournament: chunk %d out of range (run has %d chunks)", c, total)
		}
	}
	return uint64(len(p.Chunks)), nil
}

// PairsIn returns how many pairs the chunks cs hold under plan p.
func (p *Plan) PairsIn(cs []uint64) uint64 {
	var n uint64
	for _, c := range cs {
		lo, hi := p.ChunkRange(c)
		n += hi - lo
	}
	return n
}

// Report is what a run finished.
type Report[A any] struct {
	// Total is the merged aggregate of exactly the finished chunks.
	Total A
	// Finished lists the chunks played to the end, sorted.
	Finished []uint64
	// Pairs is the number of pairs in the finished chunks.
	Pairs uint64
	// Interrupted is set when the context was cancelled before every
	// planned chunk finished.
	Interrupted bool
}

// Counter reports the pairs played so far, including those of unfinished
// chunks, for progress display. It is safe to call from any goroutine.
type Counter struct {
	slots []paddedCount
}

// paddedCount keeps each worker's counter on its own cache line, so that
// workers storing their progress after every pair never contend.
type paddedCount struct {
	n atomic.Uint64
	_ [56]byte
}

// Done returns the number of pairs played so far.
func (c *Counter) Done() uint64 {
	if c == nil {
		return 0
	}
	var n uint64
	for i := range c.slots {
		n += c.slots[i].n.Load()
	}
	return n
}

// NewCounter returns a counter for a run with the given worker count
// (0 meaning runtime.NumCPU()).
func NewCounter(workers int) *Counter {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	return &Counter{slots: make([]paddedCount, workers)}
}

// Run plays plan's chunks on plan.Workers goroutines, each with its own
// Worker from newWorker(i), and returns the merged aggregate of the chunks
// that finished. One feeder goroutine sends chunk indices; each worker
// plays a chunk into a scratch aggregate and adds it to its own total
// only when the chunk is complete, so a cancelled run reports exactly its
// finished chunks. The worker totals are merged at the end.
//
// When ctx is cancelled, Run stops within one pair per worker and returns
// the partial report with Interrupted set and a nil error. A worker error
// (or a newWorker error) stops the run and is returned with the partial
// report. progress may be nil; otherwise it must come from NewCounter with
// the same worker count.
func Run[A any, P Aggregate[A]](ctx context.Context, plan Plan, newWorker func(i int) (Worker[A], error), progress *Counter) (Report[A], error) {
	var rep Report[A]
	planned, err := plan.planned()
	if err != nil {
		return rep, err
	}
	workers := plan.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	if progress == nil {
		progress = NewCounter(workers)
	}
	if len(progress.slots) != workers {
		return rep, errors.New("tournament: progress counter built for another worker count")
	}
	g, gctx := errgroup.WithContext(ctx)
	feed := make(chan uint64)
	g.Go(func() error {
		defer close(feed)
		for i := range planned {
			c := i
			if plan.Chunks != nil {
				c = plan.Chunks[i]
			}
			select {
			case feed <- c:
			case <-gctx.Done():
				return nil
			}
		}
		return nil
	})
	totals := make([]A, workers)
	finished := make([][]uint64, workers)
	for w := range workers {
		g.Go(func() (err error) {
			wk, err := newWorker(w)
			if err != nil {
				return err
			}
			defer func() {
				if cerr := wk.Close(); err == nil {
					err = cerr
				}
			}()
			var scratch, zero A
			slot := &progress.slots[w].n
			done := slot.Load()
			for c := range feed {
				lo, hi := plan.ChunkRange(c)
				for pair := lo; pair < hi; pair++ {
					// A non-blocking poll per pair: cheap next to two
					// games, and it bounds the stop latency to one pair.
					select {
					case <-gctx.Done():
						return nil
					default:
					}
					if err := wk.PlayPair(&scratch, pair, PairSeed(plan.Seed, pair)); err != nil {
						return fmt.Errorf("pair %d: %w", pair, err)
					}
					done++
					slot.Store(done)
				}
				P(&totals[w]).Merge(&scratch)
				scratch = zero
				finished[w] = append(finished[w], c)
			}
			return nil
		})
	}
	err = g.Wait()
	for w := range totals {
		P(&rep.Total).Merge(&totals[w])
		rep.Finished = append(rep.Finished, finished[w]...)
	}
	slices.Sort(rep.Finished)
	rep.Pairs = plan.PairsIn(rep.Finished)
	rep.Interrupted = uint64(len(rep.Finished)) < planned
	if err == nil && rep.Interrupted && ctx.Err() == nil {
		// Cannot happen: without cancellation or error every chunk is fed.
		err = errors.New("tournament: run ended early without cause")
	}
	return rep, err
}

// Remaining returns the chunks of a run with numChunks chunks that are not
// in finished: what a resumed run still has to play.
func Remaining(numChunks uint64, finished []uint64) []uint64 {
	done := make(map[uint64]bool, len(finished))
	for _, c := range finished {
		done[c] = true
	}
	out := []uint64{}
	for c := range numChunks {
		if !done[c] {
			out = append(out, c)
		}
	}
	return out
}

// ShardChunks returns shard i's chunks (0 ≤ i < n) of a run with
// numChunks chunks: every chunk c with c mod n = i. The shards partition
// the run, so merging all n shards' aggregates gives the whole run.
func ShardChunks(numChunks uint64, i, n int) ([]uint64, error) {
	if n <= 0 || i < 0 || i >= n {
		return nil, fmt.Errorf("tournament: shard %d/%d: want 0 <= i < n", i, n)
	}
	out := []uint64{}
	for c := uint64(i); c < numChunks; c += uint64(n) {
		out = append(out, c)
	}
	return out, nil
}
