package roundrobin

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/tournament"
)

// Config describes a run: the game, the bots and the schedule of their
// tables. A head-to-head match, a round robin and a gauntlet are the same
// thing to Play: a list of pairings, each a number of seat-swapped game
// pairs.
type Config struct {
	// Game is the game played; nil means two-player NZSC under Rules.
	Game game.Game
	// Bots are the participants; a spec may appear twice (two entrants).
	Bots []*agents.Bot
	// Gauntlet is the index in Bots of the bot that plays all others,
	// or -1 for a full round robin.
	Gauntlet int
	// HeadToHead makes the run a match between Bots[0] and Bots[1]: one
	// pairing, played from the master seed itself, so that a match with
	// seed S is pairing p of a tournament with master seed M whenever
	// S = PairingSeed(M, p).
	HeadToHead bool
	// PairsPerPairing is the number of seat-swapped game pairs each
	// pairing plays (twice as many games).
	PairsPerPairing uint64
	// Seed is the master seed.
	Seed uint64
	// Rules are two-player NZSC's rules when Game is nil.
	Rules nzsc.Rules
	// ChunkPairs is the chunk size in pairs (0: tournament.ChunkPairs).
	ChunkPairs uint64
	// DrawTables, at three or more seats, plays that many tables drawn
	// from the seed instead of every combination of the bots (0: every
	// one): a free-for-all among more bots than can all meet.
	DrawTables int
	// Openings, when set, are the seeds of the run's game pairs (sets at
	// three or more seats) in place of seeds drawn from the master seed:
	// pair k of every pairing is played from Openings[k mod len], both
	// games with the seats swapped, so that every pairing meets the same
	// deals equally often (a balanced design, ReadOpenings).
	Openings []uint64
	// Prefixes, when set, are the run's openings as forced first steps
	// (one name per seat a step, as game records name actions): pair k
	// of every pairing starts from Prefixes[k mod len] (dealt from
	// Openings[k mod len] in a game of chance, which then has as many),
	// both games with the seats swapped, and the bots play on. NZSC's
	// balanced designs (NZSCDesign) and record prefixes (ReadPrefixes)
	// come here.
	Prefixes [][][]string
	// Design names the openings for the report: DesignLoadouts,
	// DesignCharacters, DesignRecords, or "" (deal seeds).
	Design string
	// SwapPairs, at three or more seats, plays a match (HeadToHead) as
	// seat-swapped pairs of games between Bots[0] and Bots[1], the other
	// bots filling the other seats, instead of sets of every seat order:
	// a sequential test's pairs (docs/sprt.md). Pair k is one seed's two
	// games: the k-th (cycling) of the seat orders in which Bots[0] sits
	// before Bots[1], then that order with the two swapped; every seat
	// order is played once in each n!/2 pairs. The table's Pentanomial
	// counts the pairs by Bots[0]'s score against Bots[1].
	SwapPairs bool
	// NoFastPath plays random against random through agents.Table like
	// any other bots instead of the engine's equivalent loop; tests and
	// benchmarks use it to compare the two.
	NoFastPath bool
}

// game returns the configured game, two-player NZSC by default.
func (c *Config) game() game.Game {
	if c.Game == nil {
		return nzsc.NewContractGame(c.Rules)
	}
	return c.Game
}

// nzscRules returns the engine rules when the game is two-player NZSC,
// which Play runs on its fast table.
func (c *Config) nzscRules() (nzsc.Rules, bool) {
	if c.Game == nil {
		return c.Rules, true
	}
	if g, ok := c.Game.(*nzsc.Game); ok {
		return g.EngineRules(), true
	}
	return nzsc.Rules{}, false
}

// Check reports a config that cannot be played.
func (c *Config) Check() error {
	switch {
	case len(c.Bots) < c.seats():
		return fmt.Errorf("a tournament at %d seats needs at least %d bots, got %d", c.seats(), c.seats(), len(c.Bots))
	case c.HeadToHead && len(c.Bots) != c.seats():
		return fmt.Errorf("a match at %d seats is between %d bots, got %d", c.seats(), c.seats(), len(c.Bots))
	case c.Gauntlet < -1 || c.Gauntlet >= len(c.Bots):
		return fmt.Errorf("gauntlet bot %d out of range", c.Gauntlet)
	case c.PairsPerPairing == 0:
		return errors.New("no games to play")
	case len(c.Openings) > 0 && !c.game().Info().Chance:
		// An opening fixes the deal; a game without chance has none (its
		// openings are forced first steps: Prefixes).
		return fmt.Errorf("openings: %s deals nothing from a seed; seed openings are for games of chance (npzr)", c.game().Info().Name)
	case len(c.Prefixes) > 0 && c.game().Info().Chance && len(c.Openings) != len(c.Prefixes):
		return fmt.Errorf("openings: %d forced openings of a game of chance with %d deals; each needs its deal", len(c.Prefixes), len(c.Openings))
	case c.SwapPairs && (!c.HeadToHead || c.seats() == 2):
		return errors.New("seat-swapped pairs are a match's at three or more seats")
	case c.DrawTables < 0:
		return fmt.Errorf("%d tables to draw", c.DrawTables)
	case c.DrawTables > 0 && (c.seats() == 2 || c.HeadToHead):
		return errors.New("tables are drawn only in a tournament of three or more seats")
	case !c.HeadToHead && tournament.NumTables(len(c.Bots), c.seats(), c.Gauntlet) > tournament.MaxTables:
		// Every table is listed before any is drawn or played.
		return fmt.Errorf("%d bots at %d seats make more than %d tables: fewer bots, or a gauntlet", len(c.Bots), c.seats(), tournament.MaxTables)
	}
	if _, err := c.openings(); err != nil {
		return fmt.Errorf("openings: %v", err)
	}
	g := c.game()
	for _, b := range c.Bots {
		game := b.Info.Game
		if game != g.Info().Name && game != agents.AnyGame || !b.Info.Supports(g.Seats()) {
			return fmt.Errorf("bot %s does not play %s with %d players", b.Name(), g.Info().Name, g.Seats())
		}
	}
	return nil
}

// seats returns the number of players at a table.
func (c *Config) seats() int { return c.game().Seats() }

// SetGames returns the number of games the run plays from one seed: a
// seat-swapped pair at two seats and in a run of SwapPairs, every seat
// order of the table's bots otherwise (SetGames of the seats).
func (c *Config) SetGames() int {
	if c.SwapPairs {
		return 2
	}
	return SetGames(c.seats())
}

// Tables lists the tables as bot indices, one per seat of the first game
// of each set: for two seats the pairings (see Pairings); for more, every
// combination of that many bots in increasing order (those with the
// gauntlet bot only, when there is one; DrawTables of them when set), or
// the one table of a match.
func (c *Config) Tables() [][]int {
	n := c.seats()
	if n == 2 {
		var out [][]int
		for _, p := range c.Pairings() {
			out = append(out, []int{p[0], p[1]})
		}
		return out
	}
	if c.HeadToHead {
		t := make([]int, n)
		for i := range t {
			t[i] = i
		}
		return [][]int{t}
	}
	return tournament.Tables(len(c.Bots), n, c.Gauntlet, c.DrawTables, c.Seed)
}

// Pairings lists the pairings of a two-seat run as (A, B) bot indices:
// for a match the one pairing (0, 1); for a round robin every i < j in
// order; for a gauntlet (g, j) for every other j.
func (c *Config) Pairings() [][2]int {
	if c.HeadToHead {
		return [][2]int{{0, 1}}
	}
	return tournament.Pairings(len(c.Bots), c.Gauntlet)
}

// Plan returns the runner's plan for the whole run (every chunk).
func (c *Config) Plan() tournament.Plan {
	return tournament.Plan{
		Seed:       c.Seed,
		Pairs:      uint64(len(c.Tables())) * c.PairsPerPairing,
		ChunkPairs: c.ChunkPairs,
	}
}

// NumChunks returns the number of chunks in the whole run.
func (c *Config) NumChunks() uint64 { p := c.Plan(); return p.NumChunks() }

// PairsIn returns the number of game pairs in chunks.
func (c *Config) PairsIn(chunks []uint64) uint64 { p := c.Plan(); return p.PairsIn(chunks) }

// chunkPairs returns the chunk size in pairs.
func (c *Config) chunkPairs() uint64 {
	if c.ChunkPairs == 0 {
		return tournament.ChunkPairs
	}
	return c.ChunkPairs
}

// PairingSeed returns the seed of pairing p's match in a tournament with
// master seed: the pairing replays alone as that match.
func PairingSeed(master uint64, p int) uint64 { return tournament.PairSeed(master, uint64(p)) }

// TableSeed returns the seed from which pairing p's pairs take their
// seeds: the master seed itself for a match, PairingSeed otherwise.
func (c *Config) TableSeed(p int) uint64 {
	if c.HeadToHead {
		return c.Seed
	}
	return PairingSeed(c.Seed, p)
}

// GameSeed returns the seed (a chance game's deal) of pair (or set) k
// of pairing p: the opening k cycles to when the run has openings, else
// drawn from the pairing's seed (TableSeed). Every game the run plays,
// and the resume's check of a games log, takes its seed from here.
func (c *Config) GameSeed(p int, k uint64) uint64 {
	if n := uint64(len(c.Openings)); n > 0 {
		return c.Openings[k%n]
	}
	return tournament.PairSeed(c.TableSeed(p), k)
}

// gameSeeds are the seeds of one game: the deal, which a chance game
// draws from it and its record keeps, and the bots' randomness. They are
// one seed unless the run has openings, whose games take their deal from
// the opening and their bots' randomness from the run's own seeds, so
// that an opening met twice is not the same game twice.
type gameSeeds struct {
	deal, bots uint64
	// open is the game's opening, nil when the run forces none (seeds
	// only, or no openings).
	open *opening
}

// seeds returns the seeds of pair (or set) k of pairing p.
func (c *Config) seeds(p int, k uint64) gameSeeds {
	return gameSeeds{deal: c.GameSeed(p, k), bots: tournament.PairSeed(c.TableSeed(p), k)}
}

// statsMaker returns the maker of the game's own tally for this run, nil
// when the game keeps none.
func (c *Config) statsMaker() func() game.Stats {
	g := c.game()
	mk := g.Info().Stats
	if mk == nil || mk(g, len(c.Bots)) == nil {
		return nil
	}
	return func() game.Stats { return mk(g, len(c.Bots)) }
}

// Empty returns zero counts for the run's pairings.
func (c *Config) Empty() analysis.Tournament {
	t := analysis.Tournament{Bots: make([]string, len(c.Bots))}
	if mk := c.statsMaker(); mk != nil {
		t.Game = mk()
	}
	for i, b := range c.Bots {
		t.Bots[i] = b.Name()
	}
	if c.seats() > 2 {
		for _, tb := range c.Tables() {
			t.Tables = append(t.Tables, analysis.TableCounts{Bots: tb, Openings: c.tableTallies(len(tb))})
		}
		return t
	}
	for _, pr := range c.Pairings() {
		t.Pairings = append(t.Pairings, analysis.Pairing{A: pr[0], B: pr[1], Openings: c.openingTallies()})
	}
	return t
}

// openingTallies returns a pairing's empty per-opening tallies: nil
// without openings or with more than MaxOpeningTallies.
func (c *Config) openingTallies() [][2]int64 {
	if n := c.numOpenings(); n > 0 && n <= MaxOpeningTallies {
		return make([][2]int64, n)
	}
	return nil
}

// tableTallies returns a free-for-all table's empty per-opening tallies
// (n bots at the table): nil as openingTallies.
func (c *Config) tableTallies(n int) [][]int64 {
	if c.openingTallies() == nil {
		return nil
	}
	out := make([][]int64, c.numOpenings())
	for o := range out {
		out[o] = analysis.OpeningTally(n)
	}
	return out
}

// Options control one Play call.
type Options struct {
	// Chunks are the chunks to play, sorted; nil means Set, or every
	// chunk when Set is nil too.
	Chunks []uint64
	// Set selects the chunks to play without listing them (a shard, or
	// what a resumed run has left).
	Set *tournament.ChunkSet
	// Workers is the number of goroutines (0: all cores).
	Workers int
	// SegmentChunks is the number of chunks between checkpoints (0: 8 per
	// worker). Segments are aligned on the run's chunk numbering (segment
	// k holds chunks k·SegmentChunks … (k+1)·SegmentChunks−1), so a
	// resumed run looks at its counts at the same points as an
	// uninterrupted one.
	SegmentChunks int
	// Checkpoint, when set, is called after each segment with the counts
	// and the sorted list of every chunk finished so far in this call.
	// An error stops the run; ErrStop stops it cleanly (a sequential test
	// reached its verdict).
	Checkpoint func(counts *analysis.Tournament, finished []uint64) error
	// InOrder, when set, reads the run in chunk order: it is called
	// after each chunk, in chunk order, with that chunk's counts, the
	// counts of every chunk so far in this call and the sorted list of
	// those chunks. The run is then one segment (SegmentChunks and
	// Checkpoint are not used): its workers play ahead on later chunks
	// while a reorder buffer (logOrder) hands the chunks over in order,
	// so that nothing waits at a barrier. Returning stop ends the run
	// there, Stopped set: the chunks after it, played ahead, are dropped
	// (not counted, not logged), and Counts, Finished and the games log
	// hold the chunks up to it, the same whatever the workers. A stop by
	// ctx keeps the chunks read so far, a prefix of the run's, and drops
	// those finished beyond a chunk it cut short. An error stops the run.
	InOrder func(chunk, counts *analysis.Tournament, finished []uint64) (stop bool, err error)
	// GamesLog, when set, receives a game record per game.
	GamesLog *results.GamesLog
	// Progress, when set, counts the games played so far (every game of
	// a set: SetGames per seed).
	Progress *atomic.Uint64
	// Rating, when set, is told the run's counts every Rating.Every
	// games in game order while it plays (Rating).
	Rating *Rating

	rater *rater // Rating's, made by Play
}

// ErrStop, returned by a checkpoint, ends Play after that segment with a
// nil error and Stopped set.
var ErrStop = errors.New("roundrobin: stop")

// Result is what Play finished.
type Result struct {
	Counts   analysis.Tournament
	Finished []uint64
	// Interrupted is set when ctx was cancelled before every chunk ran.
	Interrupted bool
	// Stopped is set when a checkpoint returned ErrStop.
	Stopped bool
}

// Play plays opts.Chunks of the run and returns their counts. When ctx is
// cancelled it returns the finished chunks' counts with Interrupted set
// and a nil error.
func Play(ctx context.Context, cfg *Config, opts Options) (res Result, err error) {
	res = Result{Counts: cfg.Empty()}
	if err := cfg.Check(); err != nil {
		return res, err
	}
	plan := cfg.Plan()
	plan.Workers = opts.Workers
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	seg := uint64(opts.SegmentChunks)
	if seg <= 0 {
		seg = 8 * uint64(workers)
	}
	tables := cfg.Tables()
	set := opts.Set
	if opts.Chunks == nil && set == nil {
		all := tournament.RemainingSet(plan.NumChunks(), nil)
		set = &all
	}
	if opts.rater, err = newRater(cfg, opts.Rating, opts.Chunks, set); err != nil {
		return res, err
	}
	// The workers, and their bots, last the whole call, whatever the
	// segments (workerPool).
	pool := newWorkerPool(cfg, tables, workers)
	defer func() {
		if cerr := pool.close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	if opts.InOrder != nil {
		plan.Chunks, plan.Set = opts.Chunks, set
		err = playInOrder(ctx, cfg, plan, pool, &opts, &res)
		return res, err
	}
	if opts.Checkpoint == nil {
		// Nothing to do between segments: one run of the runner.
		plan.Chunks, plan.Set = opts.Chunks, set
		rep, err := playSegment(ctx, cfg, plan, pool, &opts, &res)
		res.Interrupted = rep.Interrupted && err == nil
		return res, err
	}
	for segment := range segments(opts.Chunks, set, seg) {
		plan.Chunks = segment
		rep, err := playSegment(ctx, cfg, plan, pool, &opts, &res)
		if len(rep.Finished) > 0 {
			if cerr := opts.Checkpoint(&res.Counts, res.Finished); cerr != nil && err == nil {
				if cerr == ErrStop && !rep.Interrupted {
					res.Stopped = true
					return res, nil
				}
				err = cerr
			}
		}
		if err != nil {
			return res, err
		}
		if rep.Interrupted {
			res.Interrupted = true
			return res, nil
		}
	}
	return res, nil
}

// playSegment plays plan's chunks on the runner and adds their counts and
// finished chunks to res.
func playSegment(ctx context.Context, cfg *Config, plan tournament.Plan, pool *workerPool, opts *Options, res *Result) (tournament.Report[agg], error) {
	workers := len(pool.ws)
	counter := tournament.NewCounter(workers)
	stop := watch(counter, uint64(cfg.SetGames()), opts.Progress)
	var order *logOrder
	if opts.GamesLog != nil || opts.rater != nil {
		// Two chunks a worker may wait beside the one each plays: room
		// for chunks of uneven length, a bounded amount of records.
		order = newLogOrder(ctx, opts.GamesLog, plan, 2*workers)
		order.rate = opts.rater
	}
	rep, err := tournament.Run[agg](ctx, plan, func(i int) (tournament.Worker[agg], error) {
		return pool.get(ctx, i, order)
	}, counter)
	stop()
	if order != nil {
		// The chunks finished after one a stop cut short, held until
		// now: the counts hold them, so must the log.
		if ferr := order.flush(); ferr != nil && err == nil {
			err = ferr // a *logError, named "games log: ..."
		}
	}
	if rep.Total.p != nil || rep.Total.t != nil {
		if merr := res.Counts.Merge(&analysis.Tournament{Bots: res.Counts.Bots, Pairings: rep.Total.p, Tables: rep.Total.t, Game: rep.Total.g}); merr != nil {
			return rep, merr
		}
	}
	res.Finished = mergeSorted(res.Finished, rep.Finished)
	return rep, err
}

// playInOrder plays plan's chunks as one segment read in chunk order
// (Options.InOrder) into res.
func playInOrder(ctx context.Context, cfg *Config, plan tournament.Plan, pool *workerPool, opts *Options, res *Result) error {
	// The run's own context: a stop by InOrder ends the workers (and the
	// searches of their bots) as Ctrl-C does.
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	workers := len(pool.ws)
	counter := tournament.NewCounter(workers)
	stop := watch(counter, uint64(cfg.SetGames()), opts.Progress)
	// As for a log alone (playSegment), two chunks a worker may hold
	// beside the one each plays: how far the workers play ahead.
	order := newLogOrder(runCtx, opts.GamesLog, plan, 2*workers)
	order.rate = opts.rater
	order.deliver = func(c uint64, a *agg) (bool, error) {
		chunk := analysis.Tournament{Bots: res.Counts.Bots, Pairings: a.p, Tables: a.t, Game: a.g}
		if err := res.Counts.Merge(&chunk); err != nil {
			return false, err
		}
		res.Finished = append(res.Finished, c)
		done, err := opts.InOrder(&chunk, &res.Counts, res.Finished)
		if done && err == nil {
			res.Stopped = true
			cancel()
		}
		return done, err
	}
	_, err := tournament.Run[agg](runCtx, plan, func(i int) (tournament.Worker[agg], error) {
		return pool.get(runCtx, i, order)
	}, counter)
	stop()
	if ferr := order.flush(); ferr != nil && err == nil {
		err = ferr // a *logError, named "games log: ..."
	}
	if res.Stopped {
		// The workers' own ends (a chunk cut short) after the stop.
		return nil
	}
	// Chunks the runner finished beyond one the stop cut short are not
	// read: the run is interrupted when its reading ended early.
	planned := uint64(len(plan.Chunks))
	if plan.Chunks == nil {
		planned = plan.Set.Len()
	}
	res.Interrupted = err == nil && uint64(len(res.Finished)) < planned
	return err
}

// segments yields sorted chunk indices cut into runs that share c / seg:
// chunks when not nil, else set's, which is never listed whole (a run may
// have billions of chunks).
func segments(chunks []uint64, set *tournament.ChunkSet, seg uint64) iter.Seq[[]uint64] {
	return func(yield func([]uint64) bool) {
		if chunks == nil {
			buf := make([]uint64, 0, min(seg, 1024)) // grown as listed: seg may be a huge batch of a test
			for c := range set.All() {
				if len(buf) > 0 && buf[0]/seg != c/seg {
					if !yield(buf) {
						return
					}
					buf = buf[:0]
				}
				buf = append(buf, c)
			}
			if len(buf) > 0 {
				yield(buf)
			}
			return
		}
		for i := 0; i < len(chunks); {
			j := i + 1
			for j < len(chunks) && chunks[j]/seg == chunks[i]/seg {
				j++
			}
			if !yield(chunks[i:j]) {
				return
			}
			i = j
		}
	}
}

// watch adds counter's progress to total while a segment runs.
func watch(c *tournament.Counter, setGames uint64, total *atomic.Uint64) (stop func()) {
	if total == nil {
		return func() {}
	}
	base := total.Load()
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := newTicker()
		defer t.Stop()
		for {
			select {
			case <-done:
				total.Store(base + setGames*c.Done())
				return
			case <-t.C:
				total.Store(base + setGames*c.Done())
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

func mergeSorted(a, b []uint64) []uint64 {
	out := make([]uint64, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		if j == len(b) || i < len(a) && a[i] < b[j] {
			out = append(out, a[i])
			i++
		} else {
			out = append(out, b[j])
			j++
		}
	}
	return out
}

// agg is the runner's aggregate: one Pairing per pairing of a two-seat
// run, or one TableCounts per table of a larger one, allocated on first
// use (the runner's zero value is empty).
type agg struct {
	p []analysis.Pairing
	t []analysis.TableCounts
	// g is the game's own tally, made at the first game of a game that
	// keeps one; nz is g when it is two-player NZSC's, which the NZSC
	// table adds to directly (no interface call per game).
	g  game.Stats
	nz *nzsc.Stats
}

// Merge implements tournament.Aggregate.
func (a *agg) Merge(src *agg) {
	if src.p != nil {
		if a.p == nil {
			a.p = analysis.ClonePairings(src.p)
		} else {
			for i := range a.p {
				a.p[i].Merge(&src.p[i])
			}
		}
	}
	if src.g != nil {
		if a.g == nil {
			// Taken over, not shared: src no longer holds it.
			a.g, src.g = src.g, nil
			a.nz, src.nz = src.nz, nil
		} else if err := a.g.Merge(src.g); err != nil {
			panic("roundrobin: " + err.Error()) // tallies of one run: cannot happen
		}
	}
	if src.t != nil {
		if a.t == nil {
			a.t = analysis.CloneTables(src.t)
		} else {
			for i := range a.t {
				a.t[i].Merge(&src.t[i])
			}
		}
	}
}
