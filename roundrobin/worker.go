package roundrobin

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/tournament"
)

// worker plays game pairs for one goroutine: it maps a run's global pair
// index to its pairing and the pair's seed, has its table play both games
// and adds them to the pairing's counts. It owns its bot instances and
// buffers.
type worker struct {
	cfg      *Config
	pairings [][2]int // a two-seat run's tables
	tables   [][]int  // every run's tables
	plan     tournament.Plan
	table    gameTable
	ffa      *ffaTable // a run of three or more seats
	// nzsc is table for two-player NZSC, and fast[p] says pairing p is
	// between two uniform random bots, which the engine plays itself.
	nzsc *nzscTable
	fast []bool
	// generic is the table of a two-seat game played through the game
	// contract; newStats makes the game's own tally (nil when it keeps
	// none).
	generic  *playerTable
	newStats func() game.Stats
	// order puts the chunks' records into the games log (order.log)
	// in chunk order; nil when the run keeps no log.
	order *logOrder
	buf   []byte // the current chunk's records
	// marks are the current chunk's rating marks (Rating), nil when the
	// run asks for no lines; rateAt is the place of its first set in
	// the order the chunks are handed over (rater.at).
	marks  []ratingMark
	rateAt uint64
	// openings are the run's forced openings, ready to play (nil when
	// it has none).
	openings []opening
	// ctx is the run's: a chunk during which it was cancelled is dropped.
	ctx context.Context
	rec game.Record
	// recAt is where rec's place in the run points (set once, so that
	// logging a game does not allocate them).
	recAt struct {
		table int
		set   uint64
		inSet int
	}
}

// gameTable plays one game of the run's game between two of its bots.
type gameTable interface {
	// play plays the game from seed with bots[0] in seat 0, adds it to p
	// as seen from p's A (who sat in seatA) and returns A's half-points
	// (0 loss, 1 draw, 2 win). When rec is not nil it fills rec's bots,
	// turns (at the full level) and result.
	play(p *analysis.Pairing, seed gameSeeds, bots [2]int, seatA int, rec *game.Record) int
	// newSeries starts a series (agents.SeriesPlayer) for the bots at
	// these positions.
	newSeries(bots [2]int)
	// gaveUp returns the fault of a bot that gave up (agents.GaveUp) in
	// a game played, which stops the run; nil otherwise.
	gaveUp() error
	close() error
}

func newWorker(cfg *Config, tables [][]int, order *logOrder) (tournament.Worker[agg], error) {
	var log *results.GamesLog
	if order != nil {
		log = order.log
	}
	w := &worker{cfg: cfg, tables: tables, order: order, plan: cfg.Plan()}
	for _, t := range tables {
		if len(t) == 2 {
			w.pairings = append(w.pairings, [2]int{t[0], t[1]})
		}
	}
	var err error
	if cfg.seats() > 2 {
		w.ffa, err = newFFATable(cfg, log)
	} else if rules, ok := cfg.nzscRules(); ok && agentsOnly(cfg.Bots) {
		w.nzsc, err = newNZSCTable(cfg, rules, log)
		w.table = w.nzsc
	} else {
		w.generic, err = newPlayerTable(cfg, log)
		w.table = w.generic
	}
	if err != nil {
		return nil, err
	}
	w.newStats = cfg.statsMaker()
	if w.openings, err = cfg.openings(); err != nil {
		w.Close()
		return nil, err
	}
	for _, pr := range w.pairings {
		w.fast = append(w.fast, w.nzsc != nil && w.nzsc.fast[pr[0]] && w.nzsc.fast[pr[1]])
	}
	if log != nil {
		w.rec = *game.NewRecord(cfg.game(), 0, nil) // logGame sets the seed
		w.rec.Table, w.rec.Set, w.rec.InSet = &w.recAt.table, &w.recAt.set, &w.recAt.inSet
	}
	return w, nil
}

// setContext passes ctx on to the tables, which give it to the bots that
// search (agents.ContextSetter): once ctx is done their decisions end at
// once, and endPair drops the chunk under way.
func (w *worker) setContext(ctx context.Context) {
	w.ctx = ctx
	switch {
	case w.ffa != nil:
		w.ffa.table.SetContext(ctx)
	case w.nzsc != nil:
		w.nzsc.table.SetContext(ctx)
	default:
		w.generic.table.SetContext(ctx)
	}
}

// Close implements tournament.Worker. A worker that ends may leave a
// chunk unplayed (an error, a stop): the others stop waiting for it.
func (w *worker) Close() error {
	w.release()
	return w.closeBots()
}

// release tells the segment's reorder buffer that this worker plays no
// more of it.
func (w *worker) release() {
	if w.order != nil {
		w.order.release()
	}
}

// closeBots closes the worker's bots (external programs end).
func (w *worker) closeBots() error {
	if w.ffa != nil {
		return w.ffa.close()
	}
	return w.table.close()
}

// workerPool keeps the workers of one Play call, and so their bots, from
// one segment to the next: a run looked at or saved between segments (a
// sequential test every batch, a run directory at each checkpoint) builds
// each worker, and starts each external program, once, as cutechess-cli
// keeps its engines for a whole match, rather than once a segment (with a
// trivial exec bot in batches of 64 games, a quarter more CPU). Worker i
// of every segment is the same worker; segments run one after the other,
// so no two goroutines use it at once. What a worker carries between
// games is what it carried between the chunks of one segment already:
// series start at chunk boundaries (seriesStarts) and every game's
// randomness comes from its seed, so the counts and the log do not
// change.
type workerPool struct {
	cfg    *Config
	tables [][]int
	ws     []*worker
}

func newWorkerPool(cfg *Config, tables [][]int, workers int) *workerPool {
	return &workerPool{cfg: cfg, tables: tables, ws: make([]*worker, workers)}
}

// get returns worker i for a segment whose reorder buffer is order (nil
// without a games log) and whose context is ctx, built at its first
// segment. Its Close ends its part in the segment, not its bots.
func (p *workerPool) get(ctx context.Context, i int, order *logOrder) (tournament.Worker[agg], error) {
	w := p.ws[i]
	if w == nil {
		wk, err := newWorker(p.cfg, p.tables, order)
		if err != nil {
			return nil, err
		}
		w = wk.(*worker)
		p.ws[i] = w
	}
	// A segment cut short (a stop) may have left a chunk's records.
	w.order, w.buf, w.marks = order, w.buf[:0], nil
	w.setContext(ctx) // a stop ends the bots' searches too
	return pooled{w}, nil
}

// close closes every worker's bots, once the last segment is played.
func (p *workerPool) close() error {
	var errs []error
	for i, w := range p.ws {
		if w != nil {
			errs = append(errs, w.closeBots())
			p.ws[i] = nil
		}
	}
	return errors.Join(errs...)
}

// pooled is a pool's worker as one segment's runner sees it: closing it
// ends the segment's share, and the bots play on in the next.
type pooled struct{ *worker }

func (w pooled) Close() error {
	w.release()
	return nil
}

// PlayPair implements tournament.Worker: global pair index → pairing, its
// own pair index and seed; A plays seat 0 first, then the seats swap.
func (w *worker) PlayPair(a *agg, pair, _ uint64) error {
	if w.ffa != nil {
		return w.playSet(a, pair)
	}
	if a.p == nil {
		a.p = make([]analysis.Pairing, len(w.pairings))
		for i, pr := range w.pairings {
			a.p[i].A, a.p[i].B = pr[0], pr[1]
			a.p[i].Openings = w.cfg.openingTallies()
		}
	}
	// A match's one pairing is played from the master seed, so its pairs'
	// seeds are the runner's own (GameSeed gives the same).
	pi, k := 0, pair
	if !w.cfg.HeadToHead {
		pi = int(pair / w.cfg.PairsPerPairing)
		k = pair % w.cfg.PairsPerPairing
	}
	seed := w.cfg.seeds(pi, k)
	if w.openings != nil {
		w.setOpening(&seed, k)
	}
	p := &a.p[pi]
	pr := w.pairings[pi]
	if w.nzsc != nil {
		if a.nz == nil && w.newStats != nil {
			a.g = w.newStats()
			a.nz, _ = a.g.(*nzsc.Stats)
		}
		if w.fast[pi] && (w.order == nil || w.order.log == nil && w.order.deliver == nil) {
			// Two uniform random bots: the engine plays both games,
			// counted in the pairing's loadout tally, looked up once.
			tally, first := a.nz.Pair(pr[0], pr[1])
			if seed.open == nil {
				p.Pentanomial[w.nzsc.playRandom(p, tally, seed.deal, first, 0)+w.nzsc.playRandom(p, tally, seed.deal, 1-first, 1)]++
				return w.endFast(a, pair)
			}
			half := w.nzsc.playRandomFrom(p, tally, seed, first, 0) + w.nzsc.playRandomFrom(p, tally, seed, 1-first, 1)
			p.Pentanomial[half]++
			w.countOpening(p, k, half)
			return w.endFast(a, pair)
		}
		w.nzsc.stats = a.nz
	}
	if w.seriesStarts(pair, k) {
		w.table.newSeries(pr)
	}
	var rec *game.Record
	if w.logs() {
		rec = &w.rec
	}
	half := w.table.play(p, seed, pr, 0, rec)
	w.countGeneric(a, pr[0], pr[1])
	if rec != nil {
		w.logGame(pi, k, 0, seed.deal)
	}
	half += w.table.play(p, seed, [2]int{pr[1], pr[0]}, 1, rec)
	w.countGeneric(a, pr[1], pr[0])
	if rec != nil {
		w.logGame(pi, k, 1, seed.deal)
	}
	if err := w.table.gaveUp(); err != nil {
		// A program that no longer starts: the run stops, its chunk
		// under way not counted, rather than forfeit every game left.
		return err
	}
	p.Pentanomial[half]++
	w.countOpening(p, k, half)
	return w.endPair(a, pair)
}

// seriesStarts reports whether the run's pair (or set) pair, the k-th of
// its pairing (or table), begins a series: a pairing's pairs within one
// chunk are a series, played in order by one worker on one instance of
// each bot, so that what a bot carries from game to game
// (agents.SeriesPlayer) depends only on the run's settings (the chunk
// size and the pairing), never on the workers, the shards or the order
// in which chunks are played.
func (w *worker) seriesStarts(pair, k uint64) bool {
	lo, _ := w.plan.ChunkRange(pair / w.cfg.chunkPairs())
	return pair == lo || k == 0
}

// newSeries starts a series for the bots at positions at of bots (each
// table's Agents or Players) that learn across games.
func newSeries[B any](bots []B, at []int) {
	for _, b := range at {
		agents.StartSeries(bots[b])
	}
}

// setOpening sets s's opening, that of pair (or set) k, in a run with
// forced openings (kept out of the call when there are none: the fast
// path of random play counts every instruction per game).
func (w *worker) setOpening(s *gameSeeds, k uint64) {
	s.open = &w.openings[k%uint64(len(w.openings))]
	w.rec.OpeningSteps = len(s.open.names)
}

// countOpening adds pair k, in which A scored half half-points, to its
// opening's tally in p (kept when the run has openings, up to
// MaxOpeningTallies).
func (w *worker) countOpening(p *analysis.Pairing, k uint64, half int) {
	if n := uint64(len(p.Openings)); n > 0 {
		o := &p.Openings[k%n]
		o[0]++
		o[1] += int64(half)
	}
}

// countGeneric adds the game the generic table just played, with bot0
// and bot1 in seats 0 and 1, to the game's own tally.
func (w *worker) countGeneric(a *agg, bot0, bot1 int) {
	if w.generic == nil || w.newStats == nil {
		return
	}
	w.generic.entrants = [2]int{bot0, bot1}
	w.countGame(a, w.generic.table, w.generic.forfeit, w.generic.entrants[:])
}

// countGame adds a game played on t (its final state) to the game's own
// tally, entrants[s] the bot in seat s; a forfeited game only makes sure
// the tally exists (it counts for the run but not for the tally).
func (w *worker) countGame(a *agg, t *agents.PlayerTable, forfeit int, entrants []int) {
	if w.newStats == nil {
		return
	}
	if a.g == nil {
		a.g = w.newStats()
	}
	if forfeit < 0 {
		a.g.Add(t.Final, entrants)
	}
}

// endPair ends a pair, whose counts are in a. At a chunk's last pair,
// after which the runner counts the chunk, a stop that came during the
// chunk drops it with the context's error (its search bots answered at
// once from the stop on, agents.ContextSetter, so its games are not
// real); otherwise the chunk's records go to the log (in chunk order,
// through the reorder buffer), so that the log and the counts hold the
// same games. A run read in chunk order (Options.InOrder) hands the
// chunk's counts to the buffer too, taken out of a: the buffer, not the
// runner, counts them.
//
// A run that rates while it plays (Rating) marks the chunk's counts
// after each pair at which a line falls, and hands the chunk's counts, a
// copy, and its marks to the buffer, which reads them in chunk order.
func (w *worker) endPair(a *agg, pair uint64) error {
	lo, hi := w.plan.ChunkRange(pair / w.cfg.chunkPairs())
	if rt := w.rater(); rt != nil {
		if pair == lo {
			w.rateAt = rt.at(pair / w.cfg.chunkPairs())
		}
		if rt.marks(w.rateAt + pair - lo) {
			w.marks = append(w.marks, w.mark(a, lo, pair))
		}
	}
	if pair+1 != hi {
		return nil
	}
	if w.ctx != nil && w.ctx.Err() != nil {
		w.buf, w.marks = w.buf[:0], nil
		return w.ctx.Err()
	}
	if w.order == nil {
		return nil
	}
	var counts agg
	switch {
	case w.order.deliver != nil:
		counts, *a = *a, agg{}
	case w.order.rate != nil:
		counts = agg{p: analysis.ClonePairings(a.p), t: analysis.CloneTables(a.t)}
	}
	var err error
	w.buf, err = w.order.put(pair/w.cfg.chunkPairs(), w.buf, counts, w.marks)
	w.marks = nil // the buffer's now
	return err
}

// rater returns the run's rater, nil when it asks for no lines.
func (w *worker) rater() *rater {
	if w.order == nil {
		return nil
	}
	return w.order.rate
}

// endFast ends a pair the engine played on its own (two uniform random
// bots): nothing to do but for a run that rates while it plays, whose
// buffer must see the pair (the fast path is off with a games log or a
// reader in order, which need every turn or every pair).
func (w *worker) endFast(a *agg, pair uint64) error {
	if w.order == nil {
		return nil
	}
	return w.endPair(a, pair)
}

// logs reports whether the worker writes its games' records: a run with
// a games log.
func (w *worker) logs() bool { return w.order != nil && w.order.log != nil }

// playSet plays set k of a table of three or more seats: one game per
// order of the table's bots in the seats (n! games, in lexicographic
// order of the permutations), all from the set's seed.
func (w *worker) playSet(a *agg, set uint64) error {
	if a.t == nil {
		a.t = make([]analysis.TableCounts, len(w.tables))
		for i, t := range w.tables {
			a.t[i].Bots = t
			a.t[i].Openings = w.cfg.tableTallies(len(t))
		}
	}
	ti := int(set / w.cfg.PairsPerPairing)
	k := set % w.cfg.PairsPerPairing
	seed := w.cfg.seeds(ti, k)
	if w.openings != nil {
		w.setOpening(&seed, k)
	}
	var rec *game.Record
	if w.logs() {
		rec = &w.rec
	}
	if w.seriesStarts(set, k) {
		newSeries(w.ffa.players, w.tables[ti])
	}
	orders := w.ffa.perms
	if w.cfg.SwapPairs {
		orders = w.ffa.swaps[k%uint64(len(w.ffa.swaps))][:]
	}
	for j, perm := range orders {
		w.ffa.playOrder(&a.t[ti], seed, perm, rec)
		copy(w.ffa.set[j], w.ffa.places)
		w.countGame(a, w.ffa.table, w.ffa.forfeit, w.ffa.entrants)
		if rec != nil {
			w.logGame(ti, k, j, seed.deal)
		}
	}
	if w.ffa.gaveUp != nil {
		return w.ffa.gaveUp // as at two seats (PlayPair)
	}
	tc := &a.t[ti]
	if w.cfg.SwapPairs {
		tc.AddPair([2][]int{w.ffa.set[0], w.ffa.set[1]})
	}
	if tc.Openings != nil {
		tc.AddSet(int(k%uint64(len(tc.Openings))), w.ffa.set[:len(orders)])
	}
	return w.endPair(a, set)
}

// logGame appends the game just played, as a record, to the chunk's
// buffer.
func (w *worker) logGame(pairing int, set uint64, inSet int, seed uint64) {
	r := &w.rec
	r.Seed = game.FormatSeed(seed)
	w.recAt.table, w.recAt.set, w.recAt.inSet = pairing, set, inSet
	if w.order.log.Level() == results.LevelOutcome {
		r.Turns = nil
	}
	b, err := json.Marshal(r)
	if err != nil {
		panic("roundrobin: a game record does not encode: " + err.Error()) // plain data: cannot happen
	}
	w.buf = append(append(w.buf, b...), '\n')
}

// addResult adds one game's result for A (in seatA) to p's seat record
// and returns A's half-points (0 loss, 1 draw, 2 win).
func addResult(p *analysis.Pairing, winner, seatA int) int {
	seat := &p.Seat[seatA]
	switch winner {
	case seatA:
		seat.Wins++
		return 2
	case 1 - seatA:
		seat.Losses++
		return 0
	}
	seat.Draws++
	return 1
}

// addForfeit counts a forfeit by seat (A sat in seatA).
func addForfeit(p *analysis.Pairing, seat, seatA int, fault error) {
	p.Forfeits[seat^seatA]++
	p.ForfeitKinds[seat^seatA][analysis.FaultKindIndex(agents.FaultKind(fault))]++
}

// closeAll closes every instance that holds resources.
func closeAll[T any](xs []T, closer func(T) agents.Closer) error {
	var errs []error
	for _, x := range xs {
		if c := closer(x); c != nil {
			errs = append(errs, c.Close())
		}
	}
	return errors.Join(errs...)
}

// agentsOnly reports whether every bot is a two-player NZSC Agent (the
// built-in bots and exec bots are), so that the run may take NZSC's fast
// table; a bot written against the game contract alone (a Player) plays
// two-player NZSC on the generic table as it plays every other game.
func agentsOnly(bots []*agents.Bot) bool {
	for _, b := range bots {
		if b.Info.New == nil {
			return false
		}
	}
	return true
}

// nzscTable plays two-player NZSC on agents.Table, the engine's own fast
// path, and counts loadouts in the game's tally (nzsc.Stats).
type nzscTable struct {
	cfg   *Config
	rules nzsc.Rules
	bots  []agents.Agent
	table *agents.Table
	// fast[i] says bot i is the uniform random bot, so a game between two
	// such bots is the engine's PlayRandom (see randomGame); off while a
	// full games log needs every turn.
	fast []bool
	src  [2]rng.Wyrand
	// stats is the current chunk's tally, set by the worker before each
	// pair; nil when the run keeps none.
	stats *nzsc.Stats
	// given is the fault of a bot that gave up (gaveUp), nil until one
	// does.
	given error
}

func newNZSCTable(cfg *Config, rules nzsc.Rules, log *results.GamesLog) (*nzscTable, error) {
	t := &nzscTable{cfg: cfg, rules: rules, table: agents.NewTable()}
	for _, b := range cfg.Bots {
		a, err := b.New()
		if err != nil {
			t.close()
			return nil, err
		}
		t.bots = append(t.bots, a)
		t.fast = append(t.fast, isRandom(a) && !cfg.NoFastPath && (log == nil || log.Level() == results.LevelOutcome))
	}
	return t, nil
}

func (t *nzscTable) newSeries(bots [2]int) { newSeries(t.bots, bots[:]) }

func (t *nzscTable) gaveUp() error { return t.given }

func (t *nzscTable) close() error {
	return closeAll(t.bots, func(a agents.Agent) agents.Closer { c, _ := a.(agents.Closer); return c })
}

// playRandom plays a game between two uniform random bots on the
// engine's PlayRandom (see randomGame) and adds it to p, as seen from A
// in seatA, and to tally, whose first entrant sits in seat first.
func (t *nzscTable) playRandom(p *analysis.Pairing, tally *nzsc.LoadoutTally, seed uint64, first, seatA int) int {
	s := randomGame(&t.src, t.rules, seed)
	p.Turns += int64(s.Turn)
	winner := s.Result.Winner()
	tally.Add(&s, s.Settled(), winner, first)
	return addResult(p, winner, seatA)
}

// playRandomFrom is playRandom from sd's opening.
func (t *nzscTable) playRandomFrom(p *analysis.Pairing, tally *nzsc.LoadoutTally, sd gameSeeds, first, seatA int) int {
	s := randomGameFrom(&t.src, sd.open.start, sd.deal)
	p.Turns += int64(s.Turn)
	winner := s.Result.Winner()
	tally.Add(&s, s.Settled(), winner, first)
	return addResult(p, winner, seatA)
}

func (t *nzscTable) play(p *analysis.Pairing, sd gameSeeds, bots [2]int, seatA int, rec *game.Record) int {
	// NZSC draws nothing from the seed but the bots' randomness (its
	// openings are forced steps, not deals: Config.Check), so both
	// seeds are one.
	seed := sd.deal
	var o agents.Outcome
	var history []nzsc.Turn
	var settled bool
	if t.fast[bots[0]] && t.fast[bots[1]] {
		// Two uniform random bots while the games log keeps only
		// outcomes: the engine plays, and the record has no turns.
		o.State = t.randomGame(sd)
		o.Forfeit = -1
		settled = o.State.Settled()
	} else {
		if sd.open != nil {
			o = t.table.PlayFrom(&sd.open.start, sd.open.turns, seed, t.bots[bots[0]], t.bots[bots[1]])
		} else {
			o = t.table.Play(t.rules, seed, t.bots[bots[0]], t.bots[bots[1]])
		}
		history = t.table.History
		settled = nzsc.SettledAfter(&o.State, history)
	}
	p.Turns += int64(o.State.Turn)
	if t.stats != nil {
		t.stats.AddGame(&o.State, settled, o.Winner(), bots)
	}
	half := addResult(p, o.Winner(), seatA)
	for _, turn := range history {
		if !turn.Nullified() {
			continue
		}
		for s := range 2 {
			if off := turn.Offence(s); off != nzsc.NoOffence && off != nzsc.Stuck {
				p.Illegal[s^seatA]++
			}
		}
	}
	if o.Forfeit >= 0 {
		addForfeit(p, o.Forfeit, seatA, o.Fault)
		if err := agents.GaveUp(o.Fault); err != nil {
			t.given = err
		}
	}
	if rec != nil {
		t.fillRecord(rec, &o, history, bots)
	}
	return half
}

// randomGame plays the game of sd between two uniform random bots on
// the engine's PlayRandom, from the opening when there is one.
func (t *nzscTable) randomGame(sd gameSeeds) nzsc.State {
	if sd.open != nil {
		return randomGameFrom(&t.src, sd.open.start, sd.deal)
	}
	return randomGame(&t.src, t.rules, sd.deal)
}

// fillRecord writes an NZSC game into rec: every turn's choices by name,
// "" for a stuck seat's pass.
func (t *nzscTable) fillRecord(rec *game.Record, o *agents.Outcome, history []nzsc.Turn, bots [2]int) {
	rec.Bots = append(rec.Bots[:0], t.cfg.Bots[bots[0]].Name(), t.cfg.Bots[bots[1]].Name())
	rec.Turns = nzsc.TurnNames(history)
	res := &rec.Result
	res.SetOutcome(nzsc.OutcomeOf(&o.State))
	res.Steps = int(o.State.Turn)
	res.Forfeit, res.Fault = nil, ""
	if o.Forfeit >= 0 {
		seat := o.Forfeit
		res.Forfeit, res.Fault = &seat, o.Fault.Error()
		res.SetOutcome(game.Forfeit(2, seat))
		res.Score[0], res.Score[1] = o.State.Points(0), o.State.Points(1)
	}
}

// playerTable plays any game through the game contract.
type playerTable struct {
	cfg     *Config
	game    game.Game
	players []agents.Player
	table   *agents.PlayerTable
	seats   [2]agents.Player
	// forfeit is the seat that forfeited the last game, or -1;
	// entrants the bots in its seats.
	forfeit  int
	entrants [2]int
	// given is the fault of a bot that gave up (gaveUp).
	given error
}

func newPlayerTable(cfg *Config, log *results.GamesLog) (*playerTable, error) {
	t := &playerTable{cfg: cfg, game: cfg.game(), table: agents.NewPlayerTable()}
	t.table.Record = log != nil && log.Level() == results.LevelFull
	var err error
	t.players, err = newPlayers(cfg)
	return t, err
}

func (t *playerTable) newSeries(bots [2]int) { newSeries(t.players, bots[:]) }

func (t *playerTable) gaveUp() error { return t.given }

func (t *playerTable) close() error {
	return closeAll(t.players, agents.CloserOf)
}

func (t *playerTable) play(p *analysis.Pairing, seed gameSeeds, bots [2]int, seatA int, rec *game.Record) int {
	t.seats = [2]agents.Player{t.players[bots[0]], t.players[bots[1]]}
	res := playSeeds(t.table, t.game, seed, t.seats[:])
	t.forfeit = res.Forfeit
	p.Turns += int64(res.Steps)
	half := addResult(p, res.Outcome.Winner, seatA)
	for s := range 2 {
		p.Illegal[s^seatA] += int64(res.Illegal[s])
	}
	if res.Forfeit >= 0 {
		addForfeit(p, res.Forfeit, seatA, res.Fault)
		if err := agents.GaveUp(res.Fault); err != nil {
			t.given = err
		}
	}
	if rec != nil {
		rec.Bots = append(rec.Bots[:0], t.cfg.Bots[bots[0]].Name(), t.cfg.Bots[bots[1]].Name())
		FillRecord(rec, t.table, &res)
	}
	return half
}

// playSeeds plays a game of g on t from seed's deal, and its opening
// when there is one, with the bots' randomness from seed.bots.
func playSeeds(t *agents.PlayerTable, g game.Game, seed gameSeeds, bots []agents.Player) agents.GameResult {
	if seed.open == nil {
		return t.PlaySeeds(g, seed.deal, seed.bots, bots)
	}
	return t.PlayFrom(g, seed.open.startState(g, seed.deal), seed.open.names, seed.bots, bots)
}

// FillRecord writes a game played on a PlayerTable (with Record set)
// into rec, whose game, seed and bots are already filled in: its turns
// and how it ended. The Watch page of nzsc serve records its games so.
func FillRecord(rec *game.Record, t *agents.PlayerTable, res *agents.GameResult) {
	rec.Turns = t.Names
	r := &rec.Result
	r.SetOutcome(res.Outcome)
	r.Steps = res.Steps
	r.Forfeit, r.Fault = nil, ""
	if res.Forfeit >= 0 {
		seat := res.Forfeit
		r.Forfeit, r.Fault = &seat, res.Fault.Error()
	}
}

// newPlayers builds one instance of each of cfg's bots for the generic
// table; on an error it closes those already built.
func newPlayers(cfg *Config) ([]agents.Player, error) {
	var out []agents.Player
	for _, b := range cfg.Bots {
		pl, err := b.NewPlayer()
		if err != nil {
			closeAll(out, agents.CloserOf)
			return nil, err
		}
		out = append(out, pl)
	}
	return out, nil
}

// ffaTable plays a table of three or more seats through the game
// contract: every set is every order of the table's bots in the seats.
type ffaTable struct {
	cfg     *Config
	game    game.Game
	players []agents.Player
	table   *agents.PlayerTable
	seated  []agents.Player
	// perms lists every order of the table's bots: perms[j][s] is the
	// table position of the bot in seat s in game j of a set. swaps,
	// in a run of Config.SwapPairs, lists the seat-swapped pairs of
	// orders (swapOrders) its sets cycle through.
	perms  [][]int
	swaps  [][2][]int
	places []int
	// set[j] is places in game j of the set under way, for the
	// per-opening tallies (TableCounts.AddSet).
	set [][]int
	// forfeit is the seat that forfeited the last game, or -1; entrants
	// the bots in its seats.
	forfeit  int
	entrants []int
	// gaveUp is the fault of a bot that gave up (agents.GaveUp), which
	// stops the run.
	gaveUp error
}

func newFFATable(cfg *Config, log *results.GamesLog) (*ffaTable, error) {
	n := cfg.seats()
	t := &ffaTable{cfg: cfg, game: cfg.game(), table: agents.NewPlayerTable(),
		seated: make([]agents.Player, n), places: make([]int, n), perms: permutations(n), entrants: make([]int, n)}
	if cfg.SwapPairs {
		t.swaps = swapOrders(t.perms)
	}
	t.set = make([][]int, len(t.perms))
	for j := range t.set {
		t.set[j] = make([]int, n)
	}
	t.table.Record = log != nil && log.Level() == results.LevelFull
	var err error
	t.players, err = newPlayers(cfg)
	return t, err
}

// permutations returns every order of 0..n-1, lexicographically.
func permutations(n int) [][]int {
	var out [][]int
	var rec func(p []int, used int)
	rec = func(p []int, used int) {
		if len(p) == n {
			out = append(out, slices.Clone(p))
			return
		}
		for i := range n {
			if used>>i&1 == 0 {
				rec(append(p, i), used|1<<i)
			}
		}
	}
	rec(make([]int, 0, n), 0)
	return out
}

// swapOrders pairs the seat orders perms (permutations of table
// positions) whose table positions 0 and 1 are swapped: each order in
// which position 0 sits before position 1, in perms' order, with its
// swap. At three seats 0-1-2 is paired with 1-0-2, 0-2-1 with 1-2-0 and
// 2-0-1 with 2-1-0: each pair moves only the two bots compared, and the
// pairs together seat every bot in every seat equally often.
func swapOrders(perms [][]int) [][2][]int {
	var out [][2][]int
	for _, p := range perms {
		if slices.Index(p, 0) > slices.Index(p, 1) {
			continue
		}
		q := slices.Clone(p)
		i, j := slices.Index(q, 0), slices.Index(q, 1)
		q[i], q[j] = 1, 0
		out = append(out, [2][]int{p, q})
	}
	return out
}

func (t *ffaTable) close() error { return closeAll(t.players, agents.CloserOf) }

// playOrder plays one game of a set with the table's bots in the seats
// perm says and adds it to tc.
func (t *ffaTable) playOrder(tc *analysis.TableCounts, seed gameSeeds, perm []int, rec *game.Record) {
	for s, pos := range perm {
		t.entrants[s] = tc.Bots[pos]
		t.seated[s] = t.players[t.entrants[s]]
	}
	res := playSeeds(t.table, t.game, seed, t.seated)
	t.forfeit = res.Forfeit
	o := &res.Outcome
	for s, pos := range perm {
		t.places[pos] = int(o.Place[s])
		tc.SeatPlaces[s][o.Place[s]-1]++
		tc.Illegal[pos] += int64(res.Illegal[s])
	}
	tc.Finishes[analysis.FinishKey(t.places)]++
	if o.Winner < 0 {
		tc.Undecided++
	}
	tc.Turns += int64(res.Steps)
	if res.Forfeit >= 0 {
		pos := perm[res.Forfeit]
		tc.Forfeits[pos]++
		tc.ForfeitKinds[pos][analysis.FaultKindIndex(agents.FaultKind(res.Fault))]++
		if err := agents.GaveUp(res.Fault); err != nil {
			t.gaveUp = err
		}
	}
	if rec != nil {
		rec.Bots = rec.Bots[:0]
		for _, pos := range perm {
			rec.Bots = append(rec.Bots, t.cfg.Bots[tc.Bots[pos]].Name())
		}
		FillRecord(rec, t.table, &res)
	}
}
