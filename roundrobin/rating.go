package roundrobin

import (
	"fmt"
	"slices"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/tournament"
)

// Rating asks a run for its standings while it plays, as cutechess-cli's
// and fastchess's -ratinginterval: every Every games, counted in the
// run's game order, Tell is handed the run's counts so far. The counts
// go through the reorder buffer (logOrder), which hands the chunks over
// in chunk order whatever the workers, and each worker marks where in
// its chunk a line falls, so Tell sees the same counts at the same games
// whatever --workers. A library prints nothing: Tell is the caller's.
type Rating struct {
	// Every is the interval in games: a positive multiple of the run's
	// SetGames (a line falls after whole seat-swapped pairs or sets).
	Every uint64
	// Tell is called with the whole run's counts after every Every
	// games (earlier sessions included: From), in game order, from one
	// goroutine at a time, while the run plays (workers wait on it, so
	// it should be quick). The counts have no game tally (Game nil);
	// Tell must not keep them.
	Tell func(counts *analysis.Tournament)
	// From, when set, are the counts the lines start from (a resumed
	// run's earlier sessions); RunDir.Play sets it.
	From *analysis.Tournament
}

// CheckRating reports an interval that is no multiple of a run's set of
// games (setGames, Config.SetGames): its lines would fall inside a
// seat-swapped pair or set, which the run counts whole. Its error names
// no flag.
func CheckRating(every uint64, setGames int) error {
	if every%uint64(setGames) != 0 {
		if setGames == 2 {
			return fmt.Errorf("the rating interval must be an even number of games (games are played in seat-swapped pairs), got %d", every)
		}
		return fmt.Errorf("the rating interval must be a multiple of %d games (each seed is played in every seat order), got %d", setGames, every)
	}
	return nil
}

// rater is a Rating under way: the counts of the chunks handed over so
// far, in order, to which each chunk's marks are added.
type rater struct {
	every uint64 // in sets
	tell  func(*analysis.Tournament)
	total analysis.Tournament
	// base is the sets counted before this call (From); rank(c) the
	// call's chunks before chunk c: a set's place in the order the
	// chunks are handed over is base + rank(c)·pairs + its place in c,
	// so that lines fall every Every games counted, in a shard or a
	// resumed run with holes too.
	base  uint64
	rank  func(c uint64) uint64
	pairs uint64 // a chunk's
}

// newRater returns the rater of r for cfg's run, nil when r asks for no
// lines.
// newRater returns the rater of r for cfg's run, whose call plays
// chunks (a list) or else set, nil when r asks for no lines.
func newRater(cfg *Config, r *Rating, chunks []uint64, set *tournament.ChunkSet) (*rater, error) {
	if r == nil || r.Every == 0 || r.Tell == nil {
		return nil, nil
	}
	if err := CheckRating(r.Every, cfg.SetGames()); err != nil {
		return nil, err
	}
	sets := uint64(cfg.SetGames())
	rt := &rater{every: r.Every / sets, tell: r.Tell, total: cfg.Empty(), pairs: cfg.chunkPairs()}
	rt.total.Game = nil
	if r.From != nil {
		rt.add(0, r.From.Pairings, r.From.Tables)
		rt.base = uint64(r.From.Games()) / sets
	}
	switch {
	case chunks != nil:
		rt.rank = func(c uint64) uint64 {
			i, _ := slices.BinarySearch(chunks, c)
			return uint64(i)
		}
	case set != nil:
		rt.rank = set.Rank
	default:
		rt.rank = func(c uint64) uint64 { return c }
	}
	return rt, nil
}

// at returns the place of chunk c's first set in the order the sets are
// handed over, earlier sessions' first.
func (rt *rater) at(c uint64) uint64 { return rt.base + rt.rank(c)*rt.pairs }

// ratingMark is a chunk's counts up to a set after which a line falls:
// the chunk's tables (pairings at two seats) from the first its chunk
// touched on, as the worker had them then.
type ratingMark struct {
	from int
	p    []analysis.Pairing
	t    []analysis.TableCounts
}

// marks reports whether a line falls after the set at place at (at).
func (rt *rater) marks(at uint64) bool { return (at+1)%rt.every == 0 }

// chunk reads a chunk handed over in order: a line at each of its marks,
// then its counts added to the total.
func (rt *rater) chunk(marks []ratingMark, counts *agg) {
	for i := range marks {
		m := &marks[i]
		view := analysis.Tournament{Bots: rt.total.Bots, Pairings: analysis.ClonePairings(rt.total.Pairings), Tables: analysis.CloneTables(rt.total.Tables)}
		addAt(view.Pairings, view.Tables, m.from, m.p, m.t)
		rt.tell(&view)
	}
	rt.add(0, counts.p, counts.t)
}

// add adds pairings p and tables t, the first at index from, to the
// total.
func (rt *rater) add(from int, p []analysis.Pairing, t []analysis.TableCounts) {
	addAt(rt.total.Pairings, rt.total.Tables, from, p, t)
}

// addAt adds p and t to dp and dt from index from on.
func addAt(dp []analysis.Pairing, dt []analysis.TableCounts, from int, p []analysis.Pairing, t []analysis.TableCounts) {
	for i := range p {
		dp[from+i].Merge(&p[i])
	}
	for i := range t {
		dt[from+i].Merge(&t[i])
	}
}

// mark returns the mark of a chunk's counts a after set set, whose
// chunk's first table is from's.
func (w *worker) mark(a *agg, lo, set uint64) ratingMark {
	from, to := w.tableOf(lo), w.tableOf(set)+1
	m := ratingMark{from: from}
	if a.p != nil {
		m.p = analysis.ClonePairings(a.p[from:to])
	}
	if a.t != nil {
		m.t = analysis.CloneTables(a.t[from:to])
	}
	return m
}

// tableOf returns the table (pairing) of the run's set (pair) set.
func (w *worker) tableOf(set uint64) int {
	if w.cfg.HeadToHead {
		return 0
	}
	return int(set / w.cfg.PairsPerPairing)
}
