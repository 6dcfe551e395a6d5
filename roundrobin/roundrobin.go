package roundrobin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/tournament"
)

// Config describes a tournament.
type Config struct {
	// Bots are the participants; a spec may appear twice (two entrants).
	Bots []*agents.Bot
	// Gauntlet is the index in Bots of the bot that plays all others,
	// or -1 for a full round robin.
	Gauntlet int
	// PairsPerPairing is the number of seat-swapped game pairs each
	// pairing plays (twice as many games).
	PairsPerPairing uint64
	// Seed is the master seed.
	Seed  uint64
	Rules engine.Rules
	// ChunkPairs is the chunk size in pairs (0: tournament.ChunkPairs).
	ChunkPairs uint64
}

// Check reports a config that cannot be played.
func (c *Config) Check() error {
	switch {
	case len(c.Bots) < 2:
		return fmt.Errorf("a tournament needs at least two bots, got %d", len(c.Bots))
	case c.Gauntlet < -1 || c.Gauntlet >= len(c.Bots):
		return fmt.Errorf("gauntlet bot %d out of range", c.Gauntlet)
	case c.PairsPerPairing == 0:
		return errors.New("no games to play")
	}
	return nil
}

// Pairings lists the pairings as (A, B) bot indices: for a round robin
// every i < j in order; for a gauntlet (g, j) for every other j.
func (c *Config) Pairings() [][2]int {
	var out [][2]int
	for i := range c.Bots {
		for j := i + 1; j < len(c.Bots); j++ {
			if c.Gauntlet < 0 || c.Gauntlet == i || c.Gauntlet == j {
				a, b := i, j
				if c.Gauntlet == j {
					a, b = j, i
				}
				out = append(out, [2]int{a, b})
			}
		}
	}
	return out
}

// Plan returns the runner's plan for the whole tournament (every chunk).
func (c *Config) Plan() tournament.Plan {
	return tournament.Plan{
		Seed:       c.Seed,
		Pairs:      uint64(len(c.Pairings())) * c.PairsPerPairing,
		ChunkPairs: c.ChunkPairs,
	}
}

// NumChunks returns the number of chunks in the whole tournament.
func (c *Config) NumChunks() uint64 { p := c.Plan(); return p.NumChunks() }

// PairsIn returns the number of game pairs in chunks.
func (c *Config) PairsIn(chunks []uint64) uint64 { p := c.Plan(); return p.PairsIn(chunks) }

// PairingSeed returns the seed of pairing p's match in a tournament with
// master seed: the pairing replays alone as that match.
func PairingSeed(master uint64, p int) uint64 { return tournament.PairSeed(master, uint64(p)) }

// Empty returns zero counts for the tournament's pairings.
func (c *Config) Empty() analysis.Tournament {
	t := analysis.Tournament{Bots: make([]string, len(c.Bots))}
	for i, b := range c.Bots {
		t.Bots[i] = b.Name()
	}
	for _, pr := range c.Pairings() {
		t.Pairings = append(t.Pairings, analysis.Pairing{A: pr[0], B: pr[1]})
	}
	return t
}

// Options control one Play call.
type Options struct {
	// Chunks are the chunks to play (a shard, or what a resumed run has
	// left); nil means every chunk.
	Chunks []uint64
	// Workers is the number of goroutines (0: all cores).
	Workers int
	// SegmentChunks is the number of chunks between checkpoints (0: 8 per
	// worker).
	SegmentChunks int
	// Checkpoint, when set, is called after each segment with the counts
	// and the sorted list of every chunk finished so far in this call.
	// An error stops the run.
	Checkpoint func(counts *analysis.Tournament, finished []uint64) error
	// GamesLog, when set, receives one line per game (see LogHeader).
	GamesLog io.Writer
	// Progress, when set, counts the game pairs played so far.
	Progress *atomic.Uint64
}

// Result is what Play finished.
type Result struct {
	Counts   analysis.Tournament
	Finished []uint64
	// Interrupted is set when ctx was cancelled before every chunk ran.
	Interrupted bool
}

// LogHeader is the first line of a games log: tab-separated columns.
// pairing and pair number the game's pair (pair k of pairing p); seat0
// and seat1 are the bots' specs; seed is the pair's game seed; winner
// is 0, 1 or "draw"; loadouts are "-" when the game ended before they
// were settled; forfeit is the forfeiting seat or "-".
const LogHeader = "pairing\tpair\tseat0\tseat1\tseed\twinner\tloadout0\tloadout1\tpoints0\tpoints1\tturns\tforfeit\n"

// Play plays opts.Chunks of the tournament and returns their counts. When
// ctx is cancelled it returns the finished chunks' counts with
// Interrupted set and a nil error.
func Play(ctx context.Context, cfg *Config, opts Options) (Result, error) {
	res := Result{Counts: cfg.Empty()}
	if err := cfg.Check(); err != nil {
		return res, err
	}
	plan := cfg.Plan()
	plan.Workers = opts.Workers
	chunks := opts.Chunks
	if chunks == nil {
		chunks = tournament.Remaining(plan.NumChunks(), nil)
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	seg := opts.SegmentChunks
	if seg <= 0 {
		seg = 8 * workers
	}
	log := &gamesLog{w: opts.GamesLog}
	pairings := cfg.Pairings()
	for start := 0; start < len(chunks); start += seg {
		plan.Chunks = chunks[start:min(start+seg, len(chunks))]
		counter := tournament.NewCounter(workers)
		stop := watch(counter, opts.Progress)
		rep, err := tournament.Run[agg](ctx, plan, func(int) (tournament.Worker[agg], error) {
			return newWorker(cfg, pairings, log)
		}, counter)
		stop()
		if rep.Total.p != nil {
			if merr := res.Counts.Merge(&analysis.Tournament{Bots: res.Counts.Bots, Pairings: rep.Total.p}); merr != nil {
				return res, merr
			}
		}
		res.Finished = mergeSorted(res.Finished, rep.Finished)
		if opts.Checkpoint != nil && len(rep.Finished) > 0 {
			if cerr := opts.Checkpoint(&res.Counts, res.Finished); cerr != nil && err == nil {
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

// watch adds counter's progress to total while a segment runs.
func watch(c *tournament.Counter, total *atomic.Uint64) (stop func()) {
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
				total.Store(base + c.Done())
				return
			case <-t.C:
				total.Store(base + c.Done())
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

// agg is the runner's aggregate: one Pairing per pairing, allocated on
// first use (the runner's zero value is empty).
type agg struct{ p []analysis.Pairing }

// Merge implements tournament.Aggregate.
func (a *agg) Merge(src *agg) {
	if src.p == nil {
		return
	}
	if a.p == nil {
		a.p = make([]analysis.Pairing, len(src.p))
		copy(a.p, src.p)
		return
	}
	for i := range a.p {
		a.p[i].Merge(&src.p[i])
	}
}

// gamesLog is the shared games log; workers write whole chunks.
type gamesLog struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (g *gamesLog) write(b []byte) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err == nil {
		_, g.err = g.w.Write(b)
	}
	return g.err
}

type worker struct {
	cfg      *Config
	pairings [][2]int
	bots     []agents.Agent
	table    *agents.Table
	plan     tournament.Plan
	log      *gamesLog
	buf      []byte
	seeds    []uint64
}

func newWorker(cfg *Config, pairings [][2]int, log *gamesLog) (tournament.Worker[agg], error) {
	w := &worker{cfg: cfg, pairings: pairings, table: agents.NewTable(), plan: cfg.Plan()}
	if log.w != nil {
		w.log = log
	}
	for _, b := range cfg.Bots {
		a, err := b.New()
		if err != nil {
			w.Close()
			return nil, err
		}
		w.bots = append(w.bots, a)
	}
	for p := range pairings {
		w.seeds = append(w.seeds, PairingSeed(cfg.Seed, p))
	}
	return w, nil
}

// Close implements tournament.Worker.
func (w *worker) Close() error {
	var errs []error
	for _, a := range w.bots {
		if c, ok := a.(agents.Closer); ok {
			errs = append(errs, c.Close())
		}
	}
	return errors.Join(errs...)
}

// PlayPair implements tournament.Worker: global pair index → pairing and
// its own pair index and seed.
func (w *worker) PlayPair(a *agg, pair, _ uint64) error {
	if a.p == nil {
		a.p = make([]analysis.Pairing, len(w.pairings))
		for i, pr := range w.pairings {
			a.p[i].A, a.p[i].B = pr[0], pr[1]
		}
	}
	pi := int(pair / w.cfg.PairsPerPairing)
	k := pair % w.cfg.PairsPerPairing
	seed := tournament.PairSeed(w.seeds[pi], k)
	pr := w.pairings[pi]
	p := &a.p[pi]
	A, B := w.bots[pr[0]], w.bots[pr[1]]
	o := w.table.Play(w.cfg.Rules, seed, A, B)
	half := record(p, &o, w.table.History, 0)
	w.logGame(pi, k, seed, pr[0], pr[1], &o)
	o = w.table.Play(w.cfg.Rules, seed, B, A)
	half += record(p, &o, w.table.History, 1)
	w.logGame(pi, k, seed, pr[1], pr[0], &o)
	p.Pentanomial[half]++
	if w.log != nil {
		// Flush at the chunk's last pair: after it the runner counts the
		// chunk, so the log and the counts hold the same games.
		_, hi := w.plan.ChunkRange(pair / w.chunkPairs())
		if pair+1 == hi {
			err := w.log.write(w.buf)
			w.buf = w.buf[:0]
			return err
		}
	}
	return nil
}

func (w *worker) chunkPairs() uint64 {
	if w.cfg.ChunkPairs == 0 {
		return tournament.ChunkPairs
	}
	return w.cfg.ChunkPairs
}

// record adds a finished game in which A sat in seatA to p and returns
// A's half-points (0 loss, 1 draw, 2 win). Loadouts count once the move
// phase was reached, as in tournament.MatchResult.
func record(p *analysis.Pairing, o *agents.Outcome, history []engine.Turn, seatA int) int {
	p.Turns += int64(o.State.Turn)
	var r analysis.Record
	half := 1
	switch o.Winner() {
	case seatA:
		r.Wins, half = 1, 2
	case 1 - seatA:
		r.Losses, half = 1, 0
	default:
		r.Draws = 1
	}
	p.Seat[seatA] = p.Seat[seatA].Add(r)
	la, lb := -1, -1
	if settled(o, history) {
		la = analysis.LoadoutIndex(o.State.Loadout(seatA))
		lb = analysis.LoadoutIndex(o.State.Loadout(1 - seatA))
	}
	if la >= 0 && lb >= 0 {
		p.Loadouts[la][lb] = p.Loadouts[la][lb].Add(r)
	} else {
		p.Unsettled = p.Unsettled.Add(r)
	}
	for _, t := range history {
		if !t.Nullified() {
			continue
		}
		for s := range 2 {
			if off := t.Offence(s); off != engine.NoOffence && off != engine.Stuck {
				p.Illegal[s^seatA]++
			}
		}
	}
	if o.Forfeit >= 0 {
		p.Forfeits[o.Forfeit^seatA]++
		p.ForfeitKinds[o.Forfeit^seatA][analysis.FaultKindIndex(tournament.FaultKind(o.Fault))]++
	}
	return half
}

func settled(o *agents.Outcome, history []engine.Turn) bool {
	return o.State.Phase == engine.PickMove ||
		len(history) > 0 && history[len(history)-1].Phase() == engine.PickMove
}

// logGame appends one line (LogHeader's columns) to the chunk buffer.
func (w *worker) logGame(p int, k, seed uint64, seat0, seat1 int, o *agents.Outcome) {
	if w.log == nil {
		return
	}
	b := w.buf
	b = strconv.AppendInt(b, int64(p), 10)
	b = append(b, '\t')
	b = strconv.AppendUint(b, k, 10)
	b = append(b, '\t')
	b = append(b, w.cfg.Bots[seat0].Name()...)
	b = append(b, '\t')
	b = append(b, w.cfg.Bots[seat1].Name()...)
	b = append(b, '\t')
	b = strconv.AppendUint(b, seed, 10)
	b = append(b, '\t')
	switch win := o.Winner(); win {
	case 0, 1:
		b = strconv.AppendInt(b, int64(win), 10)
	default:
		b = append(b, "draw"...)
	}
	for s := range 2 {
		b = append(b, '\t')
		if settled(o, w.table.History) {
			b = append(b, o.State.Loadout(s).String()...)
		} else {
			b = append(b, '-')
		}
	}
	for s := range 2 {
		b = append(b, '\t')
		b = strconv.AppendInt(b, int64(o.State.Points(s)), 10)
	}
	b = append(b, '\t')
	b = strconv.AppendUint(b, uint64(o.State.Turn), 10)
	b = append(b, '\t')
	if o.Forfeit >= 0 {
		b = strconv.AppendInt(b, int64(o.Forfeit), 10)
	} else {
		b = append(b, '-')
	}
	b = append(b, '\n')
	w.buf = b
}
