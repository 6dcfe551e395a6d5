package nzsc

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/nzsclab/nzsc/engine/game"
)

// WDL counts games from one side's point of view: wins, draws, losses.
// It is the game's own plain count (stored as [wins, draws, losses]);
// package analysis turns such counts into estimates.
type WDL [3]int64

// Games returns the number of games in r.
func (r WDL) Games() int64 { return r[0] + r[1] + r[2] }

// Flip returns the same games seen from the other side.
func (r WDL) Flip() WDL { return WDL{r[2], r[1], r[0]} }

// Add returns r + s.
func (r WDL) Add(s WDL) WDL { return WDL{r[0] + s[0], r[1] + s[1], r[2] + s[2]} }

// negative reports whether a count of r is below zero.
func (r WDL) negative() bool { return r[0] < 0 || r[1] < 0 || r[2] < 0 }

// LoadoutTally is the games between two entrants split by the loadouts
// they played, from the first entrant's point of view.
type LoadoutTally struct {
	// Loadouts[x][y] is the first entrant's record in the games where it
	// played loadout x and the second loadout y (Loadout.Index).
	Loadouts [NumLoadouts][NumLoadouts]WDL
	// Unsettled is its record in the games that ended before both
	// loadouts were known (penalties or a forfeit while picking, the turn
	// cap).
	Unsettled WDL
}

// Games returns the number of games in t.
func (t *LoadoutTally) Games() int64 {
	n := t.Unsettled.Games()
	for x := range t.Loadouts {
		for y := range t.Loadouts[x] {
			n += t.Loadouts[x][y].Games()
		}
	}
	return n
}

// Flipped returns the same games from the second entrant's point of view.
func (t *LoadoutTally) Flipped() LoadoutTally {
	u := LoadoutTally{Unsettled: t.Unsettled.Flip()}
	for x := range t.Loadouts {
		for y := range t.Loadouts[x] {
			u.Loadouts[y][x] = t.Loadouts[x][y].Flip()
		}
	}
	return u
}

// negative reports whether a count of t is below zero.
func (t *LoadoutTally) negative() bool {
	for x := range t.Loadouts {
		for _, r := range t.Loadouts[x] {
			if r.negative() {
				return true
			}
		}
	}
	return t.Unsettled.negative()
}

func (t *LoadoutTally) merge(u *LoadoutTally) {
	for x := range t.Loadouts {
		for y := range t.Loadouts[x] {
			t.Loadouts[x][y] = t.Loadouts[x][y].Add(u.Loadouts[x][y])
		}
	}
	t.Unsettled = t.Unsettled.Add(u.Unsettled)
}

// Stats is two-player NZSC's own analysis of a run (game.Stats): for
// each two entrants that met, their games split by the loadouts both
// played. Every game is counted, forfeits too (a forfeit in the move
// phase under the loadouts played, one while picking as unsettled), so
// its tables cover the same games as the run's cross-table, as NZSC's
// loadout tables always have. The hot loops feed it on the value-type
// State: a loop over one pairing's games takes the pairing's tally once
// (Pair) and adds each game to it (LoadoutTally.Add), other callers use
// AddGame; Add serves the game contract's states.
type Stats struct {
	// pairs[pairIndex(a, b)] is the tally of entrants a < b, from a's
	// point of view; nil until they play.
	pairs []*LoadoutTally
	n     int
}

// NewStats returns an empty tally for a run among entrants bots.
func NewStats(entrants int) *Stats {
	return &Stats{pairs: make([]*LoadoutTally, entrants*(entrants-1)/2), n: entrants}
}

// Entrants returns the number of bots the tally is for.
func (t *Stats) Entrants() int { return t.n }

// pairIndex is the place of entrants a < b in the triangle.
func pairIndex(a, b int) int { return b*(b-1)/2 + a }

// tally returns the tally of entrants a < b, made on first use.
func (t *Stats) tally(a, b int) *LoadoutTally {
	p := &t.pairs[pairIndex(a, b)]
	if *p == nil {
		*p = new(LoadoutTally)
	}
	return *p
}

// Pair returns the tally of the games between entrants a and b, made on
// first use, and the seat of its first entrant (the lower index) when a
// sits in seat 0. A loop that plays many games of one pairing takes it
// once and adds each game with LoadoutTally.Add: no lookup per game.
func (t *Stats) Pair(a, b int) (tally *LoadoutTally, first int) {
	if a > b {
		a, b, first = b, a, 1
	}
	return t.tally(a, b), first
}

// AddGame counts a game that ended in s between entrants[0] in seat 0 and
// entrants[1] in seat 1, won by seat winner (-1: nobody; a forfeit's
// winner is the other seat); settled says whether it reached the move
// phase (see SettledAfter). It allocates only at the first game of two
// entrants.
func (t *Stats) AddGame(s *State, settled bool, winner int, entrants [2]int) {
	tally, first := t.Pair(entrants[0], entrants[1])
	tally.Add(s, settled, winner, first)
}

// Add counts a game that ended in s, won by seat winner (-1: nobody),
// with the tally's first entrant in seat first; settled says whether it
// reached the move phase (see SettledAfter).
func (t *LoadoutTally) Add(s *State, settled bool, winner, first int) {
	c := &t.Unsettled
	if settled {
		// Unsigned, an unsettled loadout's -1 fails the same test
		// that lets the compiler drop the bounds checks.
		x, y := uint(s.Loadout(first).Index()), uint(s.Loadout(1-first).Index())
		if x < NumLoadouts && y < NumLoadouts {
			c = &t.Loadouts[x][y]
		}
	}
	switch winner {
	case first:
		c[0]++
	case 1 - first:
		c[2]++
	default:
		c[1]++
	}
}

// SettledAfter reports whether a game, stopped in s after history (the
// turns played), reached the move phase: a forfeit leaves the state
// where it stopped; a finished game's last turn says in which phase it
// ended.
func SettledAfter(s *State, history []Turn) bool {
	return s.Phase == PickMove || len(history) > 0 && history[len(history)-1].Phase() == PickMove
}

// Add implements game.Stats for a two-player NZSC contract state
// (*GameState).
func (t *Stats) Add(final game.State, entrants []int) {
	gs := final.(*GameState)
	t.AddGame(&gs.State, SettledAfter(&gs.State, gs.History), gs.State.Result.Winner(), [2]int{entrants[0], entrants[1]})
}

// AddRecord adds r, entrant a's record against entrant b in games where a
// played loadout x and b loadout y (indices as Loadout.Index; x and y
// both -1 for games that ended before the loadouts were settled). It is
// how counts kept elsewhere (an older counts.json) become the tally.
func (t *Stats) AddRecord(a, b, x, y int, r WDL) error {
	if a < 0 || b < 0 || a >= t.n || b >= t.n || a == b {
		return fmt.Errorf("nzsc: entrants %d and %d of %d", a, b, t.n)
	}
	unsettled := x == -1 && y == -1
	if !unsettled && (x < 0 || y < 0 || x >= NumLoadouts || y >= NumLoadouts) {
		return fmt.Errorf("nzsc: loadouts %d and %d of %d", x, y, NumLoadouts)
	}
	if r.negative() {
		return fmt.Errorf("nzsc: a negative count")
	}
	if r.Games() == 0 {
		return nil
	}
	if a > b {
		a, b, x, y, r = b, a, y, x, r.Flip()
	}
	c := &t.tally(a, b).Unsettled
	if !unsettled {
		c = &t.tally(a, b).Loadouts[x][y]
	}
	*c = c.Add(r)
	return nil
}

// AddLegacyPairing adds the loadouts that a counts.json of format 1
// kept in the JSON of its pairing of entrants a and b, before the game
// kept its own tally: "loadouts", a's records by the loadouts both
// played (Loadout.Index), and "unsettled", the games that ended before
// they were settled. Storage (package results) hands them over without
// knowing what they hold.
func (t *Stats) AddLegacyPairing(a, b int, pairing json.RawMessage) error {
	var p struct {
		Loadouts  *[NumLoadouts][NumLoadouts]WDL `json:"loadouts"`
		Unsettled *WDL                           `json:"unsettled"`
	}
	if err := json.Unmarshal(pairing, &p); err != nil {
		return err
	}
	if p.Unsettled != nil {
		if err := t.AddRecord(a, b, -1, -1, *p.Unsettled); err != nil {
			return err
		}
	}
	if p.Loadouts == nil {
		return nil
	}
	for x := range p.Loadouts {
		for y, r := range p.Loadouts[x] {
			if err := t.AddRecord(a, b, x, y, r); err != nil {
				return fmt.Errorf("loadouts[%d][%d]: %v", x, y, err)
			}
		}
	}
	return nil
}

// Pairing returns the games between entrants a and b from a's point of
// view (a zero tally when they did not meet).
func (t *Stats) Pairing(a, b int) LoadoutTally {
	if a == b || a < 0 || b < 0 || a >= t.n || b >= t.n {
		return LoadoutTally{}
	}
	lo, hi := min(a, b), max(a, b)
	p := t.pairs[pairIndex(lo, hi)]
	switch {
	case p == nil:
		return LoadoutTally{}
	case a > b:
		return p.Flipped()
	}
	return *p
}

// Games returns the number of games counted.
func (t *Stats) Games() int64 {
	var n int64
	for _, p := range t.pairs {
		if p != nil {
			n += p.Games()
		}
	}
	return n
}

// Merge implements game.Stats.
func (t *Stats) Merge(other game.Stats) error {
	u, ok := other.(*Stats)
	if !ok {
		return fmt.Errorf("nzsc: merging %T into two-player NZSC statistics", other)
	}
	if u.n != t.n {
		return fmt.Errorf("nzsc: merging statistics of %d bots into %d", u.n, t.n)
	}
	for i, p := range u.pairs {
		switch {
		case p == nil:
		case t.pairs[i] == nil:
			c := *p
			t.pairs[i] = &c
		default:
			t.pairs[i].merge(p)
		}
	}
	return nil
}

// pairJSON is one pair of entrants in the stored tally.
type pairJSON struct {
	A         int                            `json:"a"`
	B         int                            `json:"b"`
	Loadouts  *[NumLoadouts][NumLoadouts]WDL `json:"loadouts"`
	Unsettled WDL                            `json:"unsettled"`
}

// statsJSON is the stored tally: the entrants and every pair that met
// (a < b, from a's point of view), in order.
type statsJSON struct {
	Entrants int        `json:"entrants"`
	Pairs    []pairJSON `json:"pairs"`
}

// MarshalJSON implements game.Stats.
func (t *Stats) MarshalJSON() ([]byte, error) {
	d := statsJSON{Entrants: t.n, Pairs: []pairJSON{}}
	for b := 1; b < t.n; b++ {
		for a := range b {
			if p := t.pairs[pairIndex(a, b)]; p != nil {
				d.Pairs = append(d.Pairs, pairJSON{A: a, B: b, Loadouts: &p.Loadouts, Unsettled: p.Unsettled})
			}
		}
	}
	// Pairs by a then b, as the run's pairings.
	slices.SortFunc(d.Pairs, func(x, y pairJSON) int {
		if x.A != y.A {
			return x.A - y.A
		}
		return x.B - y.B
	})
	return json.Marshal(d)
}

// UnmarshalJSON implements game.Stats: the tally must be for as many
// entrants as t was made for (NewStats), each pair once, with no
// negative count.
func (t *Stats) UnmarshalJSON(b []byte) error {
	var d statsJSON
	if err := json.Unmarshal(b, &d); err != nil {
		return fmt.Errorf("nzsc statistics: %w", err)
	}
	if d.Entrants != t.n {
		return fmt.Errorf("nzsc statistics: %d entrants, the run has %d", d.Entrants, t.n)
	}
	u := NewStats(t.n)
	for _, p := range d.Pairs {
		if p.A < 0 || p.A >= p.B || p.B >= t.n {
			return fmt.Errorf("nzsc statistics: pair %d-%d of %d entrants (want a < b)", p.A, p.B, t.n)
		}
		if u.pairs[pairIndex(p.A, p.B)] != nil {
			return fmt.Errorf("nzsc statistics: pair %d-%d twice", p.A, p.B)
		}
		c := &LoadoutTally{Unsettled: p.Unsettled}
		if p.Loadouts != nil {
			c.Loadouts = *p.Loadouts
		}
		if c.negative() {
			return fmt.Errorf("nzsc statistics: pair %d-%d: a negative count", p.A, p.B)
		}
		u.pairs[pairIndex(p.A, p.B)] = c
	}
	*t = *u
	return nil
}

// Check implements game.Stats: the tally is for the run's entrants at
// two seats and counts every game of the run, forfeits too, its sums
// within int64 (the total is summed pair by pair with
// game.SumCounts).
func (t *Stats) Check(g game.Game, entrants int, games, _ int64) error {
	if g.Seats() != 2 {
		return fmt.Errorf("nzsc statistics: of two players, the run has %d", g.Seats())
	}
	if t.n != entrants {
		return fmt.Errorf("nzsc statistics: %d entrants, the run has %d", t.n, entrants)
	}
	var n int64
	for i, p := range t.pairs {
		if p == nil {
			continue
		}
		c := []int64{n, p.Unsettled[0], p.Unsettled[1], p.Unsettled[2]}
		for x := range p.Loadouts {
			for _, r := range p.Loadouts[x] {
				c = append(c, r[:]...)
			}
		}
		var err error
		if n, err = game.SumCounts(c...); err != nil {
			return fmt.Errorf("nzsc statistics: pair %d: %v", i, err)
		}
	}
	if n != games {
		return fmt.Errorf("nzsc statistics: %d games, the run's counts %d", n, games)
	}
	return nil
}

// Pooled returns the loadout-against-loadout records over every game,
// each game counted once from each side (so m[y][x] is m[x][y] flipped),
// and the games that ended before the loadouts were settled.
func (t *Stats) Pooled() (m [NumLoadouts][NumLoadouts]WDL, unsettled int64) {
	for _, p := range t.pairs {
		if p == nil {
			continue
		}
		for x := range p.Loadouts {
			for y, r := range p.Loadouts[x] {
				m[x][y] = m[x][y].Add(r)
				m[y][x] = m[y][x].Add(r.Flip())
			}
		}
		unsettled += p.Unsettled.Games()
	}
	return m, unsettled
}

// Bot returns entrant bot's records by its loadout (rows) against its
// opponents' (columns), and its games that ended before the loadouts were
// settled.
func (t *Stats) Bot(bot int) (m [NumLoadouts][NumLoadouts]WDL, unsettled int64) {
	for o := range t.n {
		if o == bot {
			continue
		}
		p := t.Pairing(bot, o)
		for x := range p.Loadouts {
			for y, r := range p.Loadouts[x] {
				m[x][y] = m[x][y].Add(r)
			}
		}
		unsettled += p.Unsettled.Games()
	}
	return m, unsettled
}

// Tables implements game.Stats: each loadout's score against the field
// and how often it was picked, every bot pooled, and each bot's picks.
func (t *Stats) Tables(names []string) []game.StatsTable {
	m, _ := t.Pooled()
	var picked int64
	var rows [][]game.Cell
	for x := range m {
		var r WDL
		for y := range m[x] {
			r = r.Add(m[x][y])
		}
		picked += r.Games()
		rows = append(rows, []game.Cell{game.Text(LoadoutAt(x).String()), game.Count(r.Games()),
			game.Share(float64(r[0])+float64(r[1])/2, r.Games())})
	}
	for i := range rows {
		rows[i] = append(rows[i], game.Share(rows[i][1].Value, picked))
	}
	pooled := game.StatsTable{
		Title:   "Loadouts",
		Note:    "each loadout's score against every opponent loadout (a draw counts half) and its share of the players' picks in the games that reached the move phase, every bot pooled",
		Columns: []string{"loadout", "games", "score", "picked"},
		Rows:    rows,
	}
	cols := []string{"bot", "games"}
	for x := range NumLoadouts {
		cols = append(cols, LoadoutAt(x).String())
	}
	cols = append(cols, "none")
	var per [][]game.Cell
	for i := range t.n {
		bm, un := t.Bot(i)
		var picks [NumLoadouts]int64
		total := un
		for x := range bm {
			for y := range bm[x] {
				picks[x] += bm[x][y].Games()
			}
			total += picks[x]
		}
		if total == 0 {
			continue
		}
		row := []game.Cell{game.Text(names[i]), game.Count(total)}
		for _, n := range picks {
			row = append(row, game.Share(float64(n), total))
		}
		per = append(per, append(row, game.Share(float64(un), total)))
	}
	picks := game.StatsTable{
		Title:   "Loadout picks",
		Note:    "the share of each bot's games it played with each loadout; none: the game ended before the loadouts were settled",
		Columns: cols,
		Rows:    per,
	}
	return []game.StatsTable{pooled, picks}
}
