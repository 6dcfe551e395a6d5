package tournament

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"runtime"
	"slices"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/nzsclab/nzsc/internal/crash"
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
	// or a resumed run (Remaining); nil means Set, or every chunk of the
	// run when Set is nil too.
	Chunks []uint64
	// Set selects the chunks to play without listing them (ShardSet,
	// RemainingSet), for runs too large to list; used when Chunks is nil.
	Set *ChunkSet
	// Workers is the number of goroutines; 0 means runtime.NumCPU().
	Workers int
}

func (p *Plan) chunkPairs() uint64 {
	if p.ChunkPairs == 0 {
		return ChunkPairs
	}
	return p.ChunkPairs
}

// NumChunks returns the number of chunks in the whole run, ⌈Pairs /
// ChunkPairs⌉ (computed without overflow for any chunk size).
func (p *Plan) NumChunks() uint64 {
	c := p.chunkPairs()
	return p.Pairs/c + min(p.Pairs%c, 1)
}

// ChunkRange returns the pairs [lo, hi) of chunk c (c < NumChunks()).
func (p *Plan) ChunkRange(c uint64) (lo, hi uint64) {
	n := p.chunkPairs()
	lo = c * n
	hi = lo + min(n, p.Pairs-lo)
	return lo, hi
}

// MaxWorkers is the most goroutines a plan may ask for: 4 per core, at
// least 16. More would only cost memory (each worker owns its bots and
// buffers); external bots wait on their programs, hence the slack over
// the cores.
func MaxWorkers() int { return max(4*runtime.NumCPU(), 16) }

// MaxPairs is the most game pairs a run may have: its game count,
// 2·Pairs, must fit in a uint64 and in an int64 for the counts.
const MaxPairs = math.MaxInt64 / 2

// Check reports a plan that cannot run: more workers than MaxWorkers (or
// negative), more pairs than MaxPairs, chunk indices outside the run.
// Commands call it to reject bad flags before a run; Run calls it too.
func (p *Plan) Check() error {
	switch {
	case p.Workers < 0 || p.Workers > MaxWorkers():
		return fmt.Errorf("tournament: %d workers: want 1 to %d (4 per core, at least 16; %d cores)", p.Workers, MaxWorkers(), runtime.NumCPU())
	case p.Pairs > MaxPairs:
		return fmt.Errorf("tournament: %d game pairs: at most %d", p.Pairs, uint64(MaxPairs))
	}
	if p.Chunks == nil && p.Set != nil {
		if err := p.Set.Check(); err != nil {
			return err
		}
		if p.Set.N != p.NumChunks() {
			return fmt.Errorf("tournament: chunk set of %d chunks for a run of %d", p.Set.N, p.NumChunks())
		}
	}
	_, err := p.planned()
	return err
}

// planned returns how many chunks the run plays, after checking that
// explicit chunk indices are in range. A nil Chunks is not materialized:
// a run may have billions of chunks.
func (p *Plan) planned() (uint64, error) {
	total := p.NumChunks()
	if p.Chunks == nil {
		if p.Set != nil {
			return p.Set.Len(), nil
		}
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
	// A worker count Plan.Check refuses must not exhaust memory first;
	// Run then reports the bad count.
	workers = min(workers, MaxWorkers()+1)
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
	if err := plan.Check(); err != nil {
		return rep, err
	}
	planned, _ := plan.planned()
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
		for c := range plan.order(planned) {
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
			// A panic in a worker (a bug in a bot, say) ends the run with
			// an error that carries its stack, rather than the process.
			defer crash.Recover(&err)
			wk, err := newWorker(w)
			if err != nil {
				return err
			}
			defer func() {
				if cerr := wk.Close(); err == nil {
					err = cerr
				}
			}()
			wr := workerRun[A]{ctx: ctx, gctx: gctx, plan: &plan, wk: wk, done: &progress.slots[w].n}
			return work[A, P](&wr, feed, &totals[w], &finished[w])
		})
	}
	err := g.Wait()
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

// order returns the chunks the run plays, in the order the feeder sends
// them (increasing: callers keep files in chunk order by it); planned is
// their number (planned()).
func (p *Plan) order(planned uint64) iter.Seq[uint64] {
	switch {
	case p.Chunks != nil:
		return slices.Values(p.Chunks)
	case p.Set == nil:
		return (&ChunkSet{N: planned, Stride: 1}).All()
	}
	return p.Set.All()
}

// workerRun is what one worker goroutine of a Run plays with: the run's
// contexts (ctx the caller's, gctx the group's, cancelled also by
// another worker's error), the plan, its Worker and its progress slot.
type workerRun[A any] struct {
	ctx, gctx context.Context
	plan      *Plan
	wk        Worker[A]
	done      *atomic.Uint64
}

// work plays the chunks fed to one worker until the feed closes or the
// run stops, adding each chunk to total and finished only once it is
// complete, so that a stopped run counts exactly its finished chunks.
func work[A any, P Aggregate[A]](wr *workerRun[A], feed <-chan uint64, total *A, finished *[]uint64) error {
	var scratch, zero A
	for c := range feed {
		complete, err := wr.playChunk(c, &scratch)
		if !complete {
			return err
		}
		P(total).Merge(&scratch)
		scratch = zero
		*finished = append(*finished, c)
	}
	return nil
}

// playChunk plays chunk c's pairs into scratch, storing the worker's
// progress after each pair. It reports whether the chunk was played to
// the end: not when the run stopped (with a nil error) or a pair failed.
func (wr *workerRun[A]) playChunk(c uint64, scratch *A) (complete bool, err error) {
	done := wr.done.Load() // only this worker stores its slot
	lo, hi := wr.plan.ChunkRange(c)
	for pair := lo; pair < hi; pair++ {
		// A non-blocking poll per pair: cheap next to two games, and it
		// bounds the stop latency to one pair.
		select {
		case <-wr.gctx.Done():
			return false, nil
		default:
		}
		if err := wr.wk.PlayPair(scratch, pair, PairSeed(wr.plan.Seed, pair)); err != nil {
			if wr.gctx.Err() != nil || wr.ctx.Err() != nil {
				// The stop cut the pair short (a worker may drop its
				// chunk so): not a failure, and the chunk is not
				// counted. ctx too: a game may see ctx cancelled
				// before context has passed it on to gctx.
				return false, nil
			}
			return false, fmt.Errorf("pair %d: %w", pair, err)
		}
		done++
		wr.done.Store(done)
	}
	return true, nil
}

// Remaining returns the chunks of a run with numChunks chunks that are not
// in finished: what a resumed run still has to play. It lists every chunk:
// for runs of any size use a ChunkSet with Done (RemainingSet).
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
// numChunks chunks: every chunk c with c mod n = i. It lists every chunk:
// for runs of any size use ShardSet. The shards partition
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

// ChunkSet is a set of chunks described without listing them, so that
// shards and resumes of runs with billions of chunks take memory in the
// number of finished ranges only: every chunk c < N with c mod Stride =
// Offset (a shard; Stride 1 and Offset 0 for the whole run), except
// those in Done, sorted disjoint inclusive ranges (what earlier runs
// finished, as a checkpoint stores them).
type ChunkSet struct {
	N, Stride, Offset uint64
	Done              [][2]uint64
}

// RemainingSet returns the chunks of a run with numChunks chunks not in
// done (sorted disjoint inclusive ranges, as a checkpoint stores them).
// For a shard's remaining chunks set Stride and Offset as ShardSet does.
func RemainingSet(numChunks uint64, done [][2]uint64) ChunkSet {
	return ChunkSet{N: numChunks, Stride: 1, Done: done}
}

// ShardSet returns shard i of n (the chunks ShardChunks lists) of a run
// with numChunks chunks.
func ShardSet(numChunks uint64, i, n int) (ChunkSet, error) {
	if n <= 0 || i < 0 || i >= n {
		return ChunkSet{}, fmt.Errorf("tournament: shard %d/%d: want 0 <= i < n", i, n)
	}
	return ChunkSet{N: numChunks, Stride: uint64(n), Offset: uint64(i)}, nil
}

// Check reports a set whose stride is 0, offset not below the stride, or
// done ranges unsorted, overlapping or outside the run.
func (s *ChunkSet) Check() error {
	if s.Stride == 0 || s.Offset >= s.Stride {
		return fmt.Errorf("tournament: chunk set with stride %d and offset %d", s.Stride, s.Offset)
	}
	for i, r := range s.Done {
		switch {
		case r[0] > r[1] || r[1] >= s.N:
			return fmt.Errorf("tournament: finished chunks %v outside the run's %d chunks", r, s.N)
		case i > 0 && r[0] <= s.Done[i-1][1]:
			return fmt.Errorf("tournament: finished chunks %v not sorted after %v", r, s.Done[i-1])
		}
	}
	return nil
}

// Contains reports whether chunk c is in the set.
func (s *ChunkSet) Contains(c uint64) bool {
	if c >= s.N || s.Stride == 0 || c < s.Offset || (c-s.Offset)%s.Stride != 0 {
		return false
	}
	for _, r := range s.Done {
		if r[0] <= c && c <= r[1] {
			return false
		}
	}
	return true
}

// below counts the set's chunks before x, ignoring Done.
func (s *ChunkSet) below(x uint64) uint64 {
	x = min(x, s.N)
	if x <= s.Offset {
		return 0
	}
	return (x-s.Offset-1)/s.Stride + 1
}

// Rank returns the number of the set's chunks before c, in time linear
// in the number of done ranges: c's place in the order All yields them
// when c is in the set.
func (s *ChunkSet) Rank(c uint64) uint64 {
	n := s.below(c)
	for _, r := range s.Done {
		if r[0] >= c {
			break
		}
		n -= s.below(min(r[1]+1, c)) - s.below(r[0])
	}
	return n
}

// Len returns the number of chunks in the set, in time linear in the
// number of done ranges.
func (s *ChunkSet) Len() uint64 {
	n := s.below(s.N)
	for _, r := range s.Done {
		n -= s.below(r[1]+1) - s.below(r[0])
	}
	return n
}

// All iterates over the set's chunks in order, allocating nothing per
// chunk. A nil set yields nothing.
func (s *ChunkSet) All() iter.Seq[uint64] {
	return func(yield func(uint64) bool) {
		if s == nil || s.Stride == 0 || s.Offset >= s.N {
			return
		}
		j := 0
		for c := s.Offset; ; {
			for j < len(s.Done) && s.Done[j][1] < c {
				j++
			}
			if j < len(s.Done) && s.Done[j][0] <= c {
				// Skip to the first chunk of the set after the range.
				end := s.Done[j][1]
				if end >= s.N-1 {
					return
				}
				k := s.below(end + 1)
				if k >= s.below(s.N) {
					return
				}
				c = s.Offset + k*s.Stride
				continue
			}
			if !yield(c) {
				return
			}
			if s.N-c <= s.Stride {
				return
			}
			c += s.Stride
		}
	}
}
