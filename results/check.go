package results

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/shown"
	"github.com/nzsclab/nzsc/tournament"
)

// A checkpoint is trusted only when it is consistent: a resume adds new
// games to its counts and a merge sums them, so counts that disagree with
// the chunks they claim would silently corrupt every later result. The
// checks below are all cheap next to reading the file: linear in the
// number of bots, pairings and finished ranges, never in the number of
// chunks or games.

// Check reports the first field of m that no run could have written, as
// an error naming it.
func (m *Manifest) Check() error {
	switch {
	case m.Format != 1 && m.Format != ManifestFormat:
		return formatError(m.Format, ManifestFormat)
	case m.Kind != KindTournament && m.Kind != KindMatch && m.Kind != KindSPRT:
		return fmt.Errorf("kind %q: want %q, %q or %q", m.Kind, KindTournament, KindMatch, KindSPRT)
	case len(m.Bots) < 2:
		return fmt.Errorf("bots: %d; a run has at least two", len(m.Bots))
	case m.NumSeats() < 2 || m.NumSeats() > analysis.MaxTableSeats:
		return fmt.Errorf("seats %d: want 2 to %d", m.NumSeats(), analysis.MaxTableSeats)
	case len(m.Bots) < m.NumSeats():
		return fmt.Errorf("bots: %d; a run at %d seats has at least %d", len(m.Bots), m.NumSeats(), m.NumSeats())
	case m.GamesPerPairing == 0 || m.GamesPerPairing%m.setGames() != 0:
		return fmt.Errorf("games_per_pairing %d: want a positive multiple of %d (every seat order of a seed)", m.GamesPerPairing, m.setGames())
	case m.ChunkPairs == 0:
		return fmt.Errorf("chunk_pairs 0: want a positive number")
	}
	// A report prints the names as they are: one that acts on the
	// terminal around it is refused, as the lab never writes one
	// (agents' aliases and exec names pass internal/shown).
	for i, b := range m.Bots {
		if err := shown.Check(b.Spec); err != nil {
			return fmt.Errorf("bots[%d]: spec %q holds %v", i, b.Spec, err)
		}
		if err := shown.Check(b.Name); err != nil {
			return fmt.Errorf("bots[%d]: name %q holds %v", i, b.Name, err)
		}
	}
	if _, err := game.Lookup(m.GameName()); err != nil {
		return fmt.Errorf("game: %v", err)
	}
	// The game checks its seats and rules as when the run was made.
	if _, err := game.Build(m.GameName(), m.NumSeats(), game.Rules(m.Rules)); err != nil {
		return fmt.Errorf("seats %d, rules: %v", m.NumSeats(), err)
	}
	if st := m.SPRT; st != nil && len(st.Field) != len(m.Bots)-2 {
		return fmt.Errorf("sprt: field of %d bots, the run has %d bots besides NEW and BASE", len(st.Field), len(m.Bots)-2)
	}
	if st := m.SPRT; st != nil {
		if err := checkLooks(st, m.GamesPerPairing); err != nil {
			return fmt.Errorf("sprt: %v", err)
		}
	}
	if m.Gauntlet != "" && m.gauntletIndex() < 0 {
		return fmt.Errorf("gauntlet %q is none of the bots", m.Gauntlet)
	}
	if m.DrawTables < 0 || m.DrawTables > 0 && (m.NumSeats() == 2 || m.Kind != KindTournament) {
		return fmt.Errorf("draw_tables %d: tables are drawn only in a tournament of three or more seats", m.DrawTables)
	}
	if _, err := m.OpeningSeeds(); err != nil {
		return err
	}
	switch d := m.OpeningDesign; {
	case len(m.OpeningSteps) > 0 && d != "loadouts" && d != "characters" && d != "records":
		return fmt.Errorf("opening_design %q: want loadouts, characters or records", d)
	case len(m.OpeningSteps) == 0 && d != "":
		return fmt.Errorf("opening_design %q without opening_steps", d)
	case len(m.OpeningSteps) > 0 && len(m.Openings) > 0 && len(m.Openings) != len(m.OpeningSteps):
		return fmt.Errorf("openings: %d deals for %d opening_steps", len(m.Openings), len(m.OpeningSteps))
	}
	pairs, ok := m.pairs()
	// The run's games must fit a count (int64), so that no sum of the
	// counts' games can overflow.
	if hi, lo := bits.Mul64(pairs, m.setGames()); !ok || hi != 0 || lo > math.MaxInt64 {
		return fmt.Errorf("games_per_pairing %d: %d pairings of that many games overflow", m.GamesPerPairing, m.numPairings())
	}
	if want := ceilDiv(pairs, m.ChunkPairs); m.Chunks != want {
		return fmt.Errorf("chunks %d: %d game pairs in chunks of %d make %d", m.Chunks, pairs, m.ChunkPairs, want)
	}
	if s := m.Shard; s != nil && !(s.Count >= 1 && s.Index >= 0 && s.Index < s.Count) {
		return fmt.Errorf("shard %d/%d: want 0 <= index < count", s.Index, s.Count)
	}
	return nil
}

// gauntletIndex is the index of the first bot whose spec is Gauntlet, as
// the run's command chose it, or -1.
func (m *Manifest) gauntletIndex() int {
	for i, b := range m.Bots {
		if b.Spec == m.Gauntlet {
			return i
		}
	}
	return -1
}

// numPairings returns the number of tables of the run: pairings at two
// seats, combinations of bots at more.
func (m *Manifest) numPairings() uint64 {
	if m.Kind != KindTournament {
		return 1 // a match or test: bots 0, 1, … at one table
	}
	n, k := uint64(len(m.Bots)), uint64(m.NumSeats())
	all := binomial(n, k)
	if m.Gauntlet != "" {
		all = binomial(n-1, k-1)
	}
	if m.DrawTables > 0 && uint64(m.DrawTables) < all {
		return uint64(m.DrawTables)
	}
	return all
}

// binomial returns n choose k (small: k is at most 4, n a bot count).
func binomial(n, k uint64) uint64 {
	if k > n {
		return 0
	}
	r := uint64(1)
	for i := range k {
		r = r * (n - i) / (i + 1)
	}
	return r
}

// setGames returns the games that share a seed: every order of a table's
// bots in its seats (2 at two seats), or a seat-swapped pair in a
// sequential test, whatever its seats (roundrobin.Config.SwapPairs).
func (m *Manifest) setGames() uint64 {
	if m.Kind == KindSPRT {
		return 2
	}
	g := uint64(1)
	for i := 2; i <= m.NumSeats(); i++ {
		g *= uint64(i)
	}
	return g
}

// pairs returns the number of seeds (game pairs at two seats, sets of
// every seat order at more) of the whole run; ok is false on overflow.
func (m *Manifest) pairs() (uint64, bool) {
	hi, lo := bits.Mul64(m.numPairings(), m.GamesPerPairing/m.setGames())
	return lo, hi == 0
}

func ceilDiv(a, b uint64) uint64 { return a/b + min(a%b, 1) }

// Pairings returns the run's pairings in their order, as (A, B) bot
// indices: for a match or a sequential test the one pairing (0, 1); for
// a round robin every i < j; for a gauntlet (g, j) for every other bot
// j, g the gauntlet bot. It is the schedule of
// roundrobin.Config.Pairings: both are tournament.Pairings.
func (m *Manifest) Pairings() [][2]int {
	if m.Kind != KindTournament {
		return [][2]int{{0, 1}}
	}
	g := -1
	if m.Gauntlet != "" {
		g = m.gauntletIndex()
	}
	return tournament.Pairings(len(m.Bots), g)
}

// Tables returns the tables of a run of three or more seats in their
// order: every combination of that many bots in increasing order (those
// with the gauntlet bot only, when there is one), or the one table of a
// match: tournament.Tables, as roundrobin.Config.Tables.
func (m *Manifest) Tables() [][]int {
	k := m.NumSeats()
	if m.Kind != KindTournament {
		t := make([]int, k)
		for i := range t {
			t[i] = i
		}
		return [][]int{t}
	}
	g := -1
	if m.Gauntlet != "" {
		g = m.gauntletIndex()
	}
	return tournament.Tables(len(m.Bots), k, g, m.DrawTables, m.Seed)
}

// CheckCounts reports the first way in which c cannot be the checkpoint
// of the run m describes (m must pass Check): the bots and pairings must
// be the manifest's, in its order, each once; finished chunk ranges
// sorted, disjoint, inside the run and, for a shard, its own chunks; no
// count negative; and every pairing's games exactly those of the
// finished chunks (two per game pair: both seat records, the
// pentanomial counts). A complete run (other than a sequential test,
// which stops at its verdict) must have finished every chunk of its
// share.
func CheckCounts(m *Manifest, c *Counts) error {
	if len(c.Bots) != len(m.Bots) {
		return fmt.Errorf("bots: %d, the manifest lists %d", len(c.Bots), len(m.Bots))
	}
	for i := range c.Bots {
		if c.Bots[i] != m.Bots[i].BotName() {
			return fmt.Errorf("bots[%d] is %q, the manifest's is %q", i, c.Bots[i], m.Bots[i].BotName())
		}
	}
	// The count first: a manifest may name many bots, and its pairings
	// are only listed once the counts file shows them all.
	ffa := m.NumSeats() > 2
	units, what := len(c.Pairings), "pairings"
	if ffa {
		units, what = len(c.Tables), "tables"
		if len(c.Pairings) > 0 {
			return fmt.Errorf("pairings: %d in a run of %d seats, which has tables", len(c.Pairings), m.NumSeats())
		}
	} else if len(c.Tables) > 0 {
		return fmt.Errorf("tables: %d in a two-seat run, which has pairings", len(c.Tables))
	}
	if uint64(units) != m.numPairings() {
		return fmt.Errorf("%s: %d, the run has %d", what, units, m.numPairings())
	}
	var want [][2]int
	if ffa {
		for i, t := range m.Tables() {
			if !slices.Equal(c.Tables[i].Bots, t) {
				return fmt.Errorf("tables[%d] is %v, the run's is %v (a table listed twice or out of order)", i, c.Tables[i].Bots, t)
			}
		}
	} else {
		want = m.Pairings()
		for i, p := range c.Pairings {
			if p.A != want[i][0] || p.B != want[i][1] {
				return fmt.Errorf("pairings[%d] is %d-%d, the run's is %d-%d (a pairing listed twice or out of order)", i, p.A, p.B, want[i][0], want[i][1])
			}
		}
	}
	total, _ := m.pairs()
	var shardIdx, shardN uint64 = 0, 1
	if m.Shard != nil {
		shardIdx, shardN = uint64(m.Shard.Index), uint64(m.Shard.Count)
	}
	// Seeds (pairs, sets) per table in the finished chunks.
	ppp := m.GamesPerPairing / m.setGames()
	got := make([]uint64, units)
	// With per-opening tallies, the pairs of each opening too: pair k of
	// a pairing plays opening k mod n (a difference array over the
	// openings, so the cost is linear in ranges and openings).
	nOpen := uint64(m.NumOpenings())
	var perOpening [][]uint64
	if nOpen > 0 && nOpen <= MaxOpeningTallies {
		perOpening = make([][]uint64, units)
		for i := range perOpening {
			perOpening[i] = make([]uint64, nOpen+1)
		}
	}
	var nchunks uint64
	for i, r := range c.Finished {
		switch {
		case r[0] > r[1]:
			return fmt.Errorf("finished[%d] = %v: first after last", i, r)
		case i > 0 && r[0] <= c.Finished[i-1][1]:
			return fmt.Errorf("finished[%d] = %v: not after %v (ranges must be sorted and disjoint)", i, r, c.Finished[i-1])
		case r[1] >= m.Chunks:
			return fmt.Errorf("finished[%d] = %v: the run has chunks 0 to %d", i, r, m.Chunks-1)
		case shardN > 1 && (r[0] != r[1] || r[0]%shardN != shardIdx):
			return fmt.Errorf("finished[%d] = %v: not a chunk of shard %d/%d", i, r, shardIdx, shardN)
		}
		nchunks += r[1] - r[0] + 1
		lo := r[0] * m.ChunkPairs
		hi := total
		if r[1]+1 < m.Chunks {
			hi = (r[1] + 1) * m.ChunkPairs
		}
		for p := lo / ppp; p < uint64(len(got)) && p*ppp < hi; p++ {
			got[p] += min(hi, (p+1)*ppp) - max(lo, p*ppp)
			if perOpening != nil {
				addCycle(perOpening[p], max(lo, p*ppp)-p*ppp, min(hi, (p+1)*ppp)-p*ppp)
			}
		}
	}
	for i := range c.Pairings {
		var want []uint64
		if perOpening != nil {
			want = perOpening[i][:nOpen]
			for o := uint64(1); o < nOpen; o++ {
				want[o] += want[o-1]
			}
		}
		err := checkPairing(&c.Pairings[i], got[i])
		if err == nil {
			err = checkOpenings(&c.Pairings[i], want)
		}
		if err != nil {
			return fmt.Errorf("pairings[%d] (%d-%d): %v", i, c.Pairings[i].A, c.Pairings[i].B, err)
		}
	}
	for i := range c.Tables {
		var want []uint64
		if perOpening != nil {
			want = perOpening[i][:nOpen]
			for o := uint64(1); o < nOpen; o++ {
				want[o] += want[o-1]
			}
		}
		err := checkTable(&c.Tables[i], got[i]*m.setGames(), m.Kind == KindSPRT)
		if err == nil {
			err = checkTableOpenings(&c.Tables[i], want, m.setGames())
		}
		if err != nil {
			return fmt.Errorf("tables[%d] (%v): %v", i, c.Tables[i].Bots, err)
		}
	}
	// A sequential test is complete when it reached a verdict, usually
	// before its last chunk.
	if m.Complete && m.Kind != KindSPRT {
		share := m.Chunks / shardN
		if shardIdx < m.Chunks%shardN {
			share++
		}
		if nchunks != share {
			return fmt.Errorf("complete, but finished lists %d of its %d chunks", nchunks, share)
		}
	}
	if st := m.SPRT; st != nil && len(st.Looks) > 0 {
		return checkLastLook(st, &c.Tournament)
	}
	return nil
}

// checkLastLook reports a sequential test's last look (checked against
// its own LLR by checkLooks) that these counts do not hold: a look reads
// the counts of the pairs played before it, so the saved counts hold at
// least as many pairs of each score, and games of each result, as the
// last look; a test that decided after every pair keeps no pair past the
// one where it decided, so its counts are its last look's. An edit of a
// look's counts and LLR together would otherwise forge a verdict too.
//
// A last look that kept its LLR only (SPRTLook.legacy) takes its
// counts from these, which must be its own (the run saved them with
// it): its LLR is then checked as any look's, and a verdict it gives
// is not taken on its word. One the counts have passed (killed between
// saving them and the manifest, no verdict) keeps its LLR.
func checkLastLook(st *SPRTState, total *analysis.Tournament) error {
	_, penta, r := analysis.SPRTCounts(total)
	wdl := [3]int64{r.Wins, r.Draws, r.Losses}
	if l := &st.Looks[len(st.Looks)-1]; l.legacy() {
		var games uint64
		for _, n := range wdl {
			games += uint64(n)
		}
		switch {
		case games == l.Games:
			l.Pentanomial = penta
			for i, n := range wdl {
				l.WDL[i] = uint64(n)
			}
			t, err := st.Test()
			if err != nil {
				return err
			}
			if want := t.LLR(l.Pentanomial); !llrAgrees(l.LLR, want, l.Games) {
				return fmt.Errorf("sprt: the manifest's last look at %d games: llr %v, but the counts' pentanomial %v gives %v", l.Games, l.LLR, l.Pentanomial, want)
			}
			return nil
		case games < l.Games || st.Verdict != "":
			return fmt.Errorf("sprt: the manifest's last look (%d games, its llr only) is not these counts (%d games)", l.Games, games)
		}
		return nil
	}
	l := st.Looks[len(st.Looks)-1]
	within, same := true, true
	for i := range penta {
		within = within && l.Pentanomial[i] <= penta[i]
		same = same && l.Pentanomial[i] == penta[i]
	}
	for i := range wdl {
		within = within && l.WDL[i] <= uint64(wdl[i])
		same = same && l.WDL[i] == uint64(wdl[i])
	}
	switch {
	case !within:
		return fmt.Errorf("sprt: the manifest's last look (%d games, pentanomial %v, W D L %v) counts more than these counts hold (pentanomial %v, W D L %v)", l.Games, l.Pentanomial, l.WDL, penta, wdl)
	case !same && st.EveryPair && st.Verdict != "":
		return fmt.Errorf("sprt: the manifest's last look (%d games, pentanomial %v, W D L %v), where the test decided, is not these counts (pentanomial %v, W D L %v)", l.Games, l.Pentanomial, l.WDL, penta, wdl)
	}
	return nil
}

// checkPairing checks one pairing's counts against the pairs its
// finished chunks hold. Every sum is checked for overflow
// (game.SumCounts): counts chosen to wrap around int64 to the right
// total would pass a plain sum and show as nonsense.
func checkPairing(p *analysis.Pairing, pairs uint64) error {
	for s, r := range p.Seat {
		g, err := game.SumCounts(r.Wins, r.Draws, r.Losses)
		if err != nil {
			return fmt.Errorf("seat[%d]: %v", s, err)
		}
		if uint64(g) != pairs {
			return fmt.Errorf("seat[%d]: %d games, its finished chunks hold %d", s, g, pairs)
		}
	}
	penta, err := game.SumCounts(p.Pentanomial[:]...)
	if err != nil {
		return fmt.Errorf("pentanomial: %v", err)
	}
	if uint64(penta) != pairs {
		return fmt.Errorf("pentanomial: %d pairs, its finished chunks hold %d", penta, pairs)
	}
	// pairs fits int64 here (it is a seat's sum), and 2*pairs: the
	// manifest's games fit (Manifest.Check).
	if f, err := game.SumCounts(p.Forfeits[:]...); err != nil {
		return fmt.Errorf("forfeits: %v", err)
	} else if uint64(f) > 2*pairs {
		return fmt.Errorf("forfeits %v: more than the %d games", p.Forfeits, 2*pairs)
	}
	for s := range p.ForfeitKinds {
		if _, err := game.SumCounts(p.ForfeitKinds[s][:]...); err != nil {
			return fmt.Errorf("forfeit_kinds[%d]: %v", s, err)
		}
	}
	if _, err := game.SumCounts(p.Illegal[0], p.Illegal[1], p.Turns); err != nil {
		return fmt.Errorf("illegal, turns: %v", err)
	}
	return nil
}

// addCycle adds to the difference array d (len n+1, n openings) the
// pairs k in [a, b), each of which plays opening k mod n.
func addCycle(d []uint64, a, b uint64) {
	n := uint64(len(d) - 1)
	if b <= a {
		return
	}
	full, rest := (b-a)/n, (b-a)%n
	d[0] += full
	d[n] -= full
	from := a % n
	if rest == 0 {
		return
	}
	if to := from + rest; to <= n {
		d[from]++
		d[to]--
	} else {
		d[from]++
		d[n]--
		d[0]++
		d[to-n]--
	}
}

// checkOpenings checks a pairing's per-opening tallies: absent when the
// run keeps none (want nil), else absent or (want, the pairs of each
// opening in the finished chunks) each opening's pairs those, its
// half-points 0 to 4 a pair, and their sum the pentanomial's.
func checkOpenings(p *analysis.Pairing, want []uint64) error {
	switch {
	case want == nil && p.Openings != nil:
		return fmt.Errorf("openings: %d tallies in a run that keeps none", len(p.Openings))
	case p.Openings == nil:
		// None kept (counts written before they were, or merged with
		// such counts): the report estimates no narrowing.
		return nil
	}
	if len(p.Openings) != len(want) {
		return fmt.Errorf("openings: %d tallies, the run has %d openings", len(p.Openings), len(want))
	}
	var sum uint64
	for o, t := range p.Openings {
		switch {
		case t[0] < 0 || uint64(t[0]) != want[o]:
			return fmt.Errorf("openings[%d]: %d pairs, its finished chunks hold %d", o, t[0], want[o])
		case t[1] < 0 || (uint64(t[1])+3)/4 > uint64(t[0]):
			return fmt.Errorf("openings[%d]: %d half-points in %d pairs (0 to 4 a pair)", o, t[1], t[0])
		}
		var carry uint64
		if sum, carry = bits.Add64(sum, uint64(t[1]), 0); carry != 0 {
			return fmt.Errorf("openings: half-points overflow")
		}
	}
	var penta uint64
	for h, c := range p.Pentanomial {
		hi, lo := bits.Mul64(uint64(c), uint64(h))
		var carry uint64
		if penta, carry = bits.Add64(penta, lo, 0); hi != 0 || carry != 0 {
			return fmt.Errorf("pentanomial: half-points overflow")
		}
	}
	if sum != penta {
		return fmt.Errorf("openings: %d half-points, the pentanomial %d", sum, penta)
	}
	return nil
}

// checkTable checks one table's counts against the games its finished
// chunks hold, every sum checked for overflow as checkPairing's; paired
// says the table is played in seat-swapped pairs (a sequential test),
// whose pentanomial counts every pair, and is empty otherwise.
func checkTable(t *analysis.TableCounts, games uint64, paired bool) error {
	n, err := game.SumCounts(t.Finishes[:]...)
	if err != nil {
		return fmt.Errorf("finishes: %v", err)
	}
	if uint64(n) != games {
		return fmt.Errorf("finishes: %d games, its finished chunks hold %d", n, games)
	}
	for s := range t.SeatPlaces {
		seat, err := game.SumCounts(t.SeatPlaces[s][:]...)
		if err != nil {
			return fmt.Errorf("seat_places[%d]: %v", s, err)
		}
		if s < len(t.Bots) && seat != n || s >= len(t.Bots) && seat != 0 {
			return fmt.Errorf("seat_places[%d]: %d games, the table %d", s, seat, n)
		}
	}
	if f, err := game.SumCounts(t.Forfeits[:]...); err != nil {
		return fmt.Errorf("forfeits: %v", err)
	} else if f > n {
		return fmt.Errorf("forfeits %v: more than the %d games", t.Forfeits, n)
	}
	// Kinds may sum to less than the forfeits: counts written before
	// tables kept them.
	for s := range t.ForfeitKinds {
		if k, err := game.SumCounts(t.ForfeitKinds[s][:]...); err != nil || k > t.Forfeits[s] {
			return fmt.Errorf("forfeit_kinds[%d]: %v, more than the %d forfeits", s, t.ForfeitKinds[s], t.Forfeits[s])
		}
	}
	if _, err := game.SumCounts(t.Illegal[:]...); err != nil {
		return fmt.Errorf("illegal: %v", err)
	}
	var pairs int64
	if paired {
		pairs = int64(games / 2)
	}
	if penta, err := game.SumCounts(t.Pentanomial[:]...); err != nil {
		return fmt.Errorf("pentanomial: %v", err)
	} else if penta != pairs {
		return fmt.Errorf("pentanomial %v: %d pairs, the table played %d", t.Pentanomial, penta, pairs)
	}
	if t.Undecided < 0 || t.Undecided > n || t.Turns < 0 {
		return fmt.Errorf("undecided %d, turns %d: out of range", t.Undecided, t.Turns)
	}
	return nil
}

// checkTally checks the game's tally of c against the run of g: its
// seats, its bots, its games (a tally of another game, or one whose
// numbers were edited, is refused rather than reported).
func checkTally(g game.Game, c *Counts) error {
	if c.Game == nil {
		return nil
	}
	games, forfeited, err := c.gamesForfeited()
	if err != nil {
		return err
	}
	return c.Game.Check(g, len(c.Bots), games, forfeited)
}

// gamesForfeited returns the games of the counts and how many of them
// were forfeited, summed without overflow (CheckCounts has checked each
// pairing's and table's sums).
func (c *Counts) gamesForfeited() (games, forfeited int64, err error) {
	var g, f []int64
	for i := range c.Pairings {
		p := &c.Pairings[i]
		g = append(g, p.Seat[0].Wins, p.Seat[0].Draws, p.Seat[0].Losses, p.Seat[1].Wins, p.Seat[1].Draws, p.Seat[1].Losses)
		f = append(f, p.Forfeits[:]...)
	}
	for i := range c.Tables {
		t := &c.Tables[i]
		g = append(g, t.Finishes[:]...)
		f = append(f, t.Forfeits[:]...)
	}
	if games, err = game.SumCounts(g...); err != nil {
		return 0, 0, fmt.Errorf("the games: %v", err)
	}
	if forfeited, err = game.SumCounts(f...); err != nil || forfeited > games {
		return 0, 0, fmt.Errorf("the forfeits: out of range (%d games)", games)
	}
	return games, forfeited, nil
}

// llrAgrees reports whether a look's recorded LLR is the one its counts
// give (want) but for rounding: within 1e-9 of its size, and 1e-14 a
// pair. The LLR is a sum over the pairs, N·Σ p̂i·ln(p1i/p0i), so a last
// bit rounded otherwise on another machine (amd64's assembly math.Log
// against arm64's Go, a fused multiply-add) moves it by some N·ε: at ten
// million pairs, 1.6e-9 for one ulp of ln p1i, more than 1e-9 of an LLR
// near 0, and a test made on one machine was refused on the other.
// A forged verdict moves it by a whole bound's width.
func llrAgrees(got, want float64, games uint64) bool {
	return math.Abs(got-want) <= 1e-9*math.Max(1, math.Abs(want))+1e-14*float64(games/2)
}

// checkLooks reports a sequential test's looks that no test could have
// taken: a resumed test goes on from its last look, and its report reads
// the verdict from them. A look falls at a batch's end or at the test's
// planned games (or, the last of a test deciding after every pair, at
// the pair where it decided), after the previous one; its pentanomial
// counts its pairs and its record its games.
//
// Its LLR is its pentanomial's, recomputed here by the one LLR
// (analysis.SPRT.LLR), and the verdict the one the LLRs give: every look
// but the last inside the bounds (the test stops at the first look past
// them), the last past them exactly when a verdict is recorded, and on
// that verdict's side. A resume and a report read the verdict from the
// last look (analysis.SPRT.Final), so a hand-edited LLR forged one. A
// manifest that disagrees is refused, not read with a verdict derived
// afresh from its counts: a file edited once may hold other edits no
// check sees, and a report that quietly said another verdict than the
// file would hide the edit. The LLR is compared but for rounding
// (llrAgrees), not to the bit: a run made on another machine (a fused
// multiply-add) may round its last bits otherwise, while a verdict
// moved by less than that is not one a test could tell apart.
func checkLooks(st *SPRTState, planned uint64) error {
	if st.BatchPairs == 0 {
		return fmt.Errorf("batch_pairs 0: want a positive number")
	}
	t, err := st.Test()
	if err != nil {
		return err
	}
	lo, hi := t.Bounds()
	var prev uint64
	for i, l := range st.Looks {
		if l.legacy() {
			// Kept its LLR only (nzsc before 2026-11-24): its counts
			// are unknown here, a last one's are checked against the
			// run's counts (checkLastLook). Such looks come first:
			// a run of that version resumed by a later one.
			if i > 0 && !st.Looks[i-1].legacy() {
				return fmt.Errorf("look %d at %d games keeps no pentanomial and record, yet the look before does", i+1, l.Games)
			}
		}
		var pairs int64
		negative := false
		for _, n := range l.Pentanomial {
			pairs += n
			negative = negative || n < 0
		}
		switch {
		case l.Games <= prev || l.Games > planned:
			return fmt.Errorf("look %d at %d games: want more than the look before (%d) and at most the test's %d", i+1, l.Games, prev, planned)
		case l.Games%(2*st.BatchPairs) != 0 && l.Games != planned && !(st.EveryPair && i == len(st.Looks)-1):
			return fmt.Errorf("look %d at %d games: looks fall every %d games (a batch) or at the test's end", i+1, l.Games, 2*st.BatchPairs)
		case !l.legacy() && (negative || uint64(pairs)*2 != l.Games || l.WDL[0]+l.WDL[1]+l.WDL[2] != l.Games):
			return fmt.Errorf("look %d at %d games: its pentanomial (%d pairs) or its record (%d games) does not count them", i+1, l.Games, pairs, l.WDL[0]+l.WDL[1]+l.WDL[2])
		}
		if want := t.LLR(l.Pentanomial); !l.legacy() && !llrAgrees(l.LLR, want, l.Games) {
			return fmt.Errorf("look %d at %d games: llr %v, but its pentanomial %v gives %v", i+1, l.Games, l.LLR, l.Pentanomial, want)
		}
		v := t.Decide(l.LLR)
		switch last := i == len(st.Looks)-1; {
		case !last && v != analysis.Continue:
			return fmt.Errorf("look %d at %d games: llr %.3f is past the bounds [%.3f, %.3f], where the test stops, yet %d looks follow", i+1, l.Games, l.LLR, lo, hi, len(st.Looks)-1-i)
		case last && v.String() != st.Verdict && (v != analysis.Continue || st.Verdict != ""):
			recorded := fmt.Sprintf("verdict %q", st.Verdict)
			if st.Verdict == "" {
				recorded = "no verdict"
			}
			return fmt.Errorf("%s, but the last look's llr %.3f (bounds [%.3f, %.3f]) says %q", recorded, l.LLR, lo, hi, v)
		}
		prev = l.Games
	}
	if len(st.Looks) == 0 && st.Verdict != "" {
		return fmt.Errorf("verdict %q without a look", st.Verdict)
	}
	return nil
}
