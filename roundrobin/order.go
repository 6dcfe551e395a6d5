package roundrobin

import (
	"context"
	"errors"
	"maps"
	"slices"
	"sync"

	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/tournament"
)

// logOrder puts the chunks' records into the games log in chunk order,
// whatever the workers and however long each chunk takes: a reorder
// buffer between the workers and the log. A worker hands over a finished
// chunk's records (put); the chunk is written at once when it is the
// oldest one not yet written (the head), else held until its
// predecessors are. Memory is bounded: when window chunks are held, a
// worker with a later chunk waits for the head to be written before it
// plays on (the head's own worker never waits), so that at most window
// chunks wait beside the one each worker is playing. A stop (the run's
// context, or a worker that ends, after an error say) ends the waiting:
// the chunks handed over are then held whatever their number, and flush
// writes them, in chunk order, when the workers are done. Every chunk put
// accepted is written, so the log holds exactly the chunks the runner
// counts. One lock per chunk, none per game.
//
// A run read in chunk order (Options.InOrder: a sequential test deciding
// after every pair) also hands over each chunk's counts, and the buffer
// delivers them in chunk order (deliver, called with the lock held, after
// the chunk's records are written), log or no log. There the buffer, not
// the runner, says what the run played: the chunks delivered, a prefix of
// the run's. Once deliver says stop, nothing more is written or
// delivered, and after a stop (the context) the chunks held beyond the
// one it cut short are dropped, not flushed: the counts and the log hold
// the same prefix whatever the workers.
type logOrder struct {
	log     *results.GamesLog // nil when only delivering or rating
	deliver func(c uint64, counts *agg) (stop bool, err error)
	// rate, when set, is told each chunk's counts and marks in chunk
	// order (Rating), after its records are written.
	rate   *rater
	chunks chunkCursor
	window int
	after  func() bool // stops the context watch

	mu      sync.Mutex
	wake    *sync.Cond
	head    uint64 // the oldest chunk not yet written
	more    bool   // head is a chunk (not past the last)
	held    map[uint64]heldChunk
	free    [][]byte
	stopped bool
	done    bool // deliver said stop
	err     error
}

// heldChunk is a finished chunk waiting for its predecessors: its
// records and, when delivering or rating, its counts (and a rating's
// marks).
type heldChunk struct {
	buf    []byte
	counts agg
	marks  []ratingMark
}

// newLogOrder returns the reorder buffer of a segment whose chunks, in the
// order the runner feeds them, are plan's (its Chunks, or its Set's);
// window is the most chunks held before workers wait (at least 1).
func newLogOrder(ctx context.Context, log *results.GamesLog, plan tournament.Plan, window int) *logOrder {
	o := &logOrder{log: log, window: max(window, 1), held: map[uint64]heldChunk{},
		chunks: chunkCursor{list: plan.Chunks, set: plan.Set}}
	o.wake = sync.NewCond(&o.mu)
	o.head, o.more = o.chunks.next()
	o.after = context.AfterFunc(ctx, o.release)
	return o
}

// chunkCursor walks a segment's chunks in order: list when not nil, else
// set's. It is no iter.Pull: the head moves on in whichever worker wrote
// it, and a coroutine may not be resumed from a goroutine locked to its
// thread when it was made in one that was not, or the reverse (the
// runtime throws).
type chunkCursor struct {
	list    []uint64
	set     *tournament.ChunkSet
	i       int    // list's next
	c       uint64 // set's last chunk returned
	started bool
	done    int // set's first Done range not wholly before c
}

// next returns the next chunk, or false after the last.
func (k *chunkCursor) next() (uint64, bool) {
	if k.list != nil || k.set == nil {
		if k.i >= len(k.list) {
			return 0, false
		}
		k.i++
		return k.list[k.i-1], true
	}
	s := k.set
	c := s.Offset
	if k.started {
		c = k.c + s.Stride
	}
	for c < s.N {
		for k.done < len(s.Done) && s.Done[k.done][1] < c {
			k.done++
		}
		if k.done == len(s.Done) || s.Done[k.done][0] > c {
			k.c, k.started = c, true
			return c, true
		}
		// Past the finished range, on the set's stride.
		e := s.Done[k.done][1] + 1
		c = s.Offset
		if e > s.Offset {
			c += (e - s.Offset + s.Stride - 1) / s.Stride * s.Stride
		}
	}
	k.started, k.c = true, s.N
	return 0, false
}

// release ends the waiting for good: a worker that ends, or a stop,
// may leave the head unplayed.
func (o *logOrder) release() {
	o.mu.Lock()
	o.stopped = true
	o.wake.Broadcast()
	o.mu.Unlock()
}

// put hands over chunk c's records (buf, whole lines) and, when
// delivering or rating, its counts (and a rating's marks), and returns an
// empty buffer for the worker's next chunk. It waits while the buffer is full and c is not the head. An
// error is the log's or deliver's.
func (o *logOrder) put(c uint64, buf []byte, counts agg, marks []ratingMark) ([]byte, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for o.err == nil && !o.stopped && !o.done && (!o.more || c != o.head) && len(o.held) >= o.window {
		o.wake.Wait()
	}
	if o.err != nil {
		return buf[:0], o.err
	}
	if o.done {
		// Played ahead of a test that has decided: dropped.
		return buf[:0], nil
	}
	if !o.more || c != o.head {
		o.held[c] = heldChunk{buf, counts, marks}
		return o.spare(), nil
	}
	o.write(c, heldChunk{buf, counts, marks})
	for o.err == nil && !o.done && o.more {
		h, ok := o.held[o.head]
		if !ok {
			break
		}
		delete(o.held, o.head)
		o.write(o.head, h)
	}
	o.wake.Broadcast()
	return o.spare(), o.err
}

// write writes the head chunk c, delivers it and moves the head on.
// Called with mu held.
func (o *logOrder) write(c uint64, h heldChunk) {
	if o.log != nil {
		o.err = writeChunk(o.log, c, h.buf)
	}
	if o.err == nil && o.deliver != nil {
		o.done, o.err = o.deliver(c, &h.counts)
		if o.done {
			clear(o.held)
		}
	}
	if o.err == nil && o.rate != nil {
		o.rate.chunk(h.marks, &h.counts)
	}
	if len(o.free) < o.window {
		o.free = append(o.free, h.buf[:0])
	}
	o.head, o.more = o.chunks.next()
}

// spare returns a recycled buffer, or nil (append allocates one).
func (o *logOrder) spare() []byte {
	if n := len(o.free); n > 0 {
		b := o.free[n-1]
		o.free = o.free[:n-1]
		return b
	}
	return nil
}

// flush writes the chunks still held, in chunk order, once the workers
// are done: after a stop, the chunks that finished after one the stop
// cut short. It returns the log's first error.
func (o *logOrder) flush() error {
	o.after()
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.deliver != nil {
		// Beyond a chunk the stop cut short: not part of the prefix.
		clear(o.held)
		return o.err
	}
	// Beyond a chunk the stop cut short: no rating line reads them.
	for _, c := range slices.Sorted(maps.Keys(o.held)) {
		if o.err == nil && o.log != nil {
			o.err = writeChunk(o.log, c, o.held[c].buf)
		}
		delete(o.held, c)
	}
	return o.err
}

// writeChunk writes chunk c's records to log; its error is a *logError
// that matches results.ErrNotSaved: a checkpoint needs the log to hold
// its games, so none is saved after it.
func writeChunk(log *results.GamesLog, c uint64, b []byte) error {
	if err := log.WriteChunk(c, b); err != nil {
		return &logError{err: err, notSaved: true}
	}
	return nil
}

// ErrGamesLog is what a run's error matches (errors.Is) when its games
// log could not be written while it played (a full disk, an I/O error):
// an environment failure, not bad input (nzsc exits 1). When the failure
// kept the run from saving a checkpoint (a write or a sync of the log
// while playing: the log must hold every game the counts hold), the error
// matches results.ErrNotSaved too: the games since the last checkpoint
// are not saved; a resume plays them again once there is room.
var ErrGamesLog = errors.New("roundrobin: the games log could not be written")

// logError is a games log's failure during a run.
type logError struct {
	err      error
	notSaved bool
}

func (e *logError) Error() string { return "games log: " + e.err.Error() }
func (e *logError) Unwrap() error { return e.err }
func (e *logError) Is(target error) bool {
	return target == ErrGamesLog || e.notSaved && target == results.ErrNotSaved
}
