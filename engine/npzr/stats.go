package npzr

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"

	"github.com/nzsclab/nzsc/engine/game"
)

// maxWildBucket is the last row of the wilds-drawn table: that many wild
// cards or more.
const maxWildBucket = 6

// maxReshuffleBucket is the last row of the reshuffles table.
const maxReshuffleBucket = 3

// Stats is NPZR's own analysis of a run (game.Stats): the first player's
// advantage, how long games last, how often the deck is reshuffled, the
// order characters get scored in, a player's results by the wild cards
// it drew, and per bot its completions and earned moves.
type Stats struct {
	// Seat[s] counts the games seat s won (the first player is seat 0);
	// Undecided those that reached the turn cap.
	Seat      [2]int64 `json:"seat_wins"`
	Undecided int64    `json:"undecided"`
	// Turns[t] counts the games that lasted t turns.
	Turns []int64 `json:"turns"`
	// Reshuffles[k] counts the games with k reshuffles (the last bucket
	// k or more).
	Reshuffles [maxReshuffleBucket + 1]int64 `json:"reshuffles"`
	// Order[i][c] counts the players whose (i+1)th character scored was
	// c.
	Order [NumCharacters][NumCharacters]int64 `json:"scoring_order"`
	// ByWilds[w] counts the players who drew w wild cards (the last
	// bucket w or more) and their points (2 a win, 1 a game at the cap).
	ByWilds [maxWildBucket + 1]wildsRow `json:"by_wilds"`
	// Bots[i] sums entrant i's games.
	Bots []botRow `json:"bots"`
}

type wildsRow struct {
	Players    int64 `json:"players"`
	HalfPoints int64 `json:"half_points"`
}

type botRow struct {
	Games      int64 `json:"games"`
	Own        int64 `json:"own_completions"`
	Spoiled    int64 `json:"opponent_completions"`
	Moves      int64 `json:"moves_made"`
	Declined   int64 `json:"moves_declined"`
	WildsDrawn int64 `json:"wilds_drawn"`
}

// NewStats returns an empty tally for a run among entrants bots.
func NewStats(entrants int) *Stats { return &Stats{Bots: make([]botRow, entrants)} }

// Add implements game.Stats.
func (t *Stats) Add(final game.State, entrants []int) {
	s := &final.(*GameState).State
	w := s.Winner()
	if w < 0 {
		t.Undecided++
	} else {
		t.Seat[w]++
	}
	for len(t.Turns) <= s.Turns() {
		t.Turns = append(t.Turns, 0)
	}
	t.Turns[s.Turns()]++
	t.Reshuffles[min(s.Reshuffles(), maxReshuffleBucket)]++
	for seat := range 2 {
		for i, c := range s.ScoringOrder(seat) {
			t.Order[i][c]++
		}
		half := int64(1)
		if w >= 0 {
			half = 0
			if w == seat {
				half = 2
			}
		}
		row := &t.ByWilds[min(s.WildsDrawn(seat), maxWildBucket)]
		row.Players++
		row.HalfPoints += half
		b := &t.Bots[entrants[seat]]
		own, spoiled := s.Completions(seat)
		made, declined := s.EarnedMoves(seat)
		b.Games++
		b.Own += int64(own)
		b.Spoiled += int64(spoiled)
		b.Moves += int64(made)
		b.Declined += int64(declined)
		b.WildsDrawn += int64(s.WildsDrawn(seat))
	}
}

// Merge implements game.Stats.
func (t *Stats) Merge(other game.Stats) error {
	u, ok := other.(*Stats)
	if !ok {
		return fmt.Errorf("npzr: merging %T into NPZR statistics", other)
	}
	if len(u.Bots) != len(t.Bots) {
		return fmt.Errorf("npzr: merging statistics of %d bots into %d", len(u.Bots), len(t.Bots))
	}
	for s := range t.Seat {
		t.Seat[s] += u.Seat[s]
	}
	t.Undecided += u.Undecided
	for len(t.Turns) < len(u.Turns) {
		t.Turns = append(t.Turns, 0)
	}
	for i, n := range u.Turns {
		t.Turns[i] += n
	}
	for i := range t.Reshuffles {
		t.Reshuffles[i] += u.Reshuffles[i]
	}
	for i := range t.Order {
		for c := range t.Order[i] {
			t.Order[i][c] += u.Order[i][c]
		}
	}
	for i := range t.ByWilds {
		t.ByWilds[i].Players += u.ByWilds[i].Players
		t.ByWilds[i].HalfPoints += u.ByWilds[i].HalfPoints
	}
	for i := range t.Bots {
		a, b := &t.Bots[i], u.Bots[i]
		a.Games += b.Games
		a.Own += b.Own
		a.Spoiled += b.Spoiled
		a.Moves += b.Moves
		a.Declined += b.Declined
		a.WildsDrawn += b.WildsDrawn
	}
	return nil
}

// MarshalJSON implements game.Stats.
func (t *Stats) MarshalJSON() ([]byte, error) {
	type plain Stats
	return json.Marshal((*plain)(t))
}

// UnmarshalJSON implements game.Stats, refusing negative counts.
func (t *Stats) UnmarshalJSON(b []byte) error {
	type plain Stats
	var u plain
	if err := json.Unmarshal(b, &u); err != nil {
		return fmt.Errorf("npzr statistics: %w", err)
	}
	neg := u.Undecided < 0 || u.Seat[0] < 0 || u.Seat[1] < 0
	for _, n := range u.Turns {
		neg = neg || n < 0
	}
	for _, b := range u.Bots {
		neg = neg || b.Games < 0 || b.Own < 0 || b.Spoiled < 0 || b.Moves < 0 || b.Declined < 0 || b.WildsDrawn < 0
	}
	if neg {
		return fmt.Errorf("npzr statistics: a negative count")
	}
	*t = Stats(u)
	return nil
}

// Check implements game.Stats: the tally is of the run's entrants and
// holds its games that ended normally (the pipeline does not add a
// forfeited game), each once in the lengths and the reshuffles, each of
// its two players once in the wild cards and once among the bots; a
// player scored each character at most once and earned at most two
// points a game.
func (t *Stats) Check(g game.Game, entrants int, games, forfeited int64) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("npzr statistics: "+format, a...)
	}
	if g.Seats() != 2 {
		return bad("of two players, the run has %d", g.Seats())
	}
	if len(t.Bots) != entrants {
		return bad("%d bots, the run has %d", len(t.Bots), entrants)
	}
	n, err := game.SumCounts(t.Seat[0], t.Seat[1], t.Undecided)
	if err != nil {
		return bad("seat_wins, undecided: %v", err)
	}
	if want := games - forfeited; n != want {
		return bad("%d games, the run's counts %d that were not forfeited", n, want)
	}
	if n > math.MaxInt64/2 {
		return bad("%d games: too many", n)
	}
	sum := func(what string, want int64, counts ...int64) error {
		got, err := game.SumCounts(counts...)
		if err == nil && got != want {
			err = fmt.Errorf("%d, want %d", got, want)
		}
		if err != nil {
			return bad("%s: %v", what, err)
		}
		return nil
	}
	if err := sum("turns", n, t.Turns...); err != nil {
		return err
	}
	if err := sum("reshuffles", n, t.Reshuffles[:]...); err != nil {
		return err
	}
	var players, botGames []int64
	for i, r := range t.ByWilds {
		if r.HalfPoints < 0 || r.HalfPoints > 2*r.Players {
			return bad("by_wilds[%d]: %d half points of %d players", i, r.HalfPoints, r.Players)
		}
		players = append(players, r.Players)
	}
	if err := sum("by_wilds players", 2*n, players...); err != nil {
		return err
	}
	for _, b := range t.Bots {
		botGames = append(botGames, b.Games)
	}
	if err := sum("bots' games", 2*n, botGames...); err != nil {
		return err
	}
	for i := range t.Order {
		if got, err := game.SumCounts(t.Order[i][:]...); err != nil || got > 2*n {
			return bad("scoring_order[%d]: out of range (%d games)", i, n)
		}
	}
	return nil
}

// Games returns the number of games counted.
func (t *Stats) Games() int64 { return t.Seat[0] + t.Seat[1] + t.Undecided }

// Tables implements game.Stats.
func (t *Stats) Tables(names []string) []game.StatsTable {
	return []game.StatsTable{t.firstPlayer(), t.length(), t.reshuffles(), t.order(), t.byWilds(), t.perBot(names)}
}

func (t *Stats) firstPlayer() game.StatsTable {
	n := t.Games()
	return game.StatsTable{
		Title:   "First player",
		Note:    "the first player's score (a game at the turn cap counts half), every bot pooled",
		Columns: []string{"games", "first wins", "second wins", "at the cap", "first player's score"},
		Rows: [][]game.Cell{{game.Count(n), game.Count(t.Seat[0]), game.Count(t.Seat[1]), game.Count(t.Undecided),
			game.Share(float64(t.Seat[0])+float64(t.Undecided)/2, n)}},
	}
}

func (t *Stats) length() game.StatsTable {
	n := t.Games()
	var sum float64
	for turns, c := range t.Turns {
		sum += float64(turns) * float64(c)
	}
	row := []game.Cell{game.Mean(sum, n)}
	for _, q := range []float64{0, 0.1, 0.5, 0.9, 1} {
		row = append(row, t.turnsQuantile(q))
	}
	return game.StatsTable{
		Title:   "Game length",
		Note:    "turns per game (a turn is one player's draw and play)",
		Columns: []string{"mean", "shortest", "10%", "median", "90%", "longest"},
		Rows:    [][]game.Cell{row},
	}
}

// turnsQuantile is the smallest length at least a share q of the games
// reach (the lower quantile).
func (t *Stats) turnsQuantile(q float64) game.Cell {
	n := t.Games()
	if n == 0 {
		return game.Text("")
	}
	need := max(int64(q*float64(n)+0.999999), 1)
	var seen int64
	for turns, c := range t.Turns {
		seen += c
		if seen >= need {
			return game.Count(int64(turns))
		}
	}
	return game.Count(int64(len(t.Turns) - 1))
}

func (t *Stats) reshuffles() game.StatsTable {
	n := t.Games()
	var rows [][]game.Cell
	for k, c := range t.Reshuffles {
		label := strconv.Itoa(k)
		if k == maxReshuffleBucket {
			label += " or more"
		}
		rows = append(rows, []game.Cell{game.Text(label), game.Count(c), game.Share(float64(c), n)})
	}
	return game.StatsTable{
		Title:   "Reshuffles",
		Note:    "games by how often the scored cards were shuffled into a new deck",
		Columns: []string{"reshuffles", "games", "share"},
		Rows:    rows,
	}
}

func (t *Stats) order() game.StatsTable {
	cols := []string{"scored"}
	for c := range Character(NumCharacters) {
		cols = append(cols, c.String())
	}
	var rows [][]game.Cell
	for i, byChar := range t.Order {
		var n int64
		for _, c := range byChar {
			n += c
		}
		row := []game.Cell{game.Text(ordinal(i + 1))}
		for _, c := range byChar {
			row = append(row, game.Share(float64(c), n))
		}
		rows = append(rows, row)
	}
	return game.StatsTable{
		Title:   "Scoring order",
		Note:    "which character a player scored first, second, third and fourth",
		Columns: cols,
		Rows:    rows,
	}
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}

func (t *Stats) byWilds() game.StatsTable {
	var rows [][]game.Cell
	for w, r := range t.ByWilds {
		if r.Players == 0 {
			continue
		}
		label := strconv.Itoa(w)
		if w == maxWildBucket {
			label += " or more"
		}
		rows = append(rows, []game.Cell{game.Text(label), game.Count(r.Players), game.Share(float64(r.HalfPoints)/2, r.Players)})
	}
	return game.StatsTable{
		Title:   "Wild cards drawn",
		Note:    "a player's score by the wild cards it was dealt or drew (a game at the cap counts half)",
		Columns: []string{"wilds", "players", "score"},
		Rows:    rows,
	}
}

func (t *Stats) perBot(names []string) game.StatsTable {
	var rows [][]game.Cell
	for i, b := range t.Bots {
		if b.Games == 0 {
			continue
		}
		rows = append(rows, []game.Cell{game.Text(names[i]), game.Count(b.Games),
			game.Mean(float64(b.Own), b.Games), game.Mean(float64(b.Spoiled), b.Games),
			game.Mean(float64(b.Moves), b.Games), game.Mean(float64(b.Declined), b.Games),
			game.Mean(float64(b.WildsDrawn), b.Games)})
	}
	return game.StatsTable{
		Title:   "Per bot",
		Note:    "per game: stacks the bot completed on its side and on its opponent's, earned moves made and declined, wilds drawn",
		Columns: []string{"bot", "games", "own", "opponent's", "moves", "declined", "wilds"},
		Rows:    rows,
	}
}
