package nzscn

import (
	"encoding/json"
	"fmt"
	"math"
	"math/bits"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Stats is NZSC's own analysis of a run at tables of 3 or 4
// (game.Stats): each character's and loadout's win share, the win share
// of each character among the characters at the table, and how often
// the deduction rule and the turn cap decide games.
type Stats struct {
	Players int `json:"players"`
	// Games counts the games, Capped those the turn cap ended with no
	// winner, Deducted those in which the deduction rule applied at
	// least once and Deductions how often it applied.
	Games      int64 `json:"games"`
	Capped     int64 `json:"capped"`
	Deducted   int64 `json:"deducted_games"`
	Deductions int64 `json:"deductions"`
	// Characters[c] and Loadouts[i] count the players who played
	// character c or loadout i (nzsc.Loadouts order) and their wins.
	Characters [nzsc.NumCharacters]tally `json:"characters"`
	Loadouts   [nzsc.NumLoadouts]tally   `json:"loadouts"`
	// Combos[set] counts the games whose characters were set (bit c for
	// character c), and Combos[set].Wins[c] character c's wins there.
	Combos [1 << nzsc.NumCharacters]tableTally `json:"combinations"`
}

type tally struct {
	Players int64 `json:"players"`
	Wins    int64 `json:"wins"`
}

type tableTally struct {
	Games int64                     `json:"games"`
	Wins  [nzsc.NumCharacters]int64 `json:"wins"`
}

// NewStats returns an empty tally for tables of players seats.
func NewStats(players int) *Stats { return &Stats{Players: players} }

// Add implements game.Stats.
func (t *Stats) Add(final game.State, _ []int) {
	gs := final.(*GameState)
	s := &gs.State
	t.Games++
	w := int(s.Winner)
	if w < 0 {
		t.Capped++
	}
	deductions := int64(0)
	for _, tr := range gs.History {
		if tr.Deducted() {
			deductions++
		}
	}
	t.Deductions += deductions
	if deductions > 0 {
		t.Deducted++
	}
	set := 0
	for seat := range int(s.Players) {
		c := s.Character(seat)
		if c >= nzsc.NumCharacters {
			continue // the game ended before the characters were settled
		}
		won := int64(0)
		if seat == w {
			won = 1
		}
		set |= 1 << c
		t.Characters[c].Players++
		t.Characters[c].Wins += won
		if i := s.Loadout(seat).Index(); i >= 0 {
			t.Loadouts[i].Players++
			t.Loadouts[i].Wins += won
		}
	}
	if bits.OnesCount(uint(set)) == int(s.Players) {
		t.Combos[set].Games++
		if w >= 0 {
			t.Combos[set].Wins[s.Character(w)]++
		}
	}
}

// Merge implements game.Stats.
func (t *Stats) Merge(other game.Stats) error {
	u, ok := other.(*Stats)
	if !ok || u.Players != t.Players {
		return fmt.Errorf("nzscn: merging %T into statistics of %d-player tables", other, t.Players)
	}
	t.Games += u.Games
	t.Capped += u.Capped
	t.Deducted += u.Deducted
	t.Deductions += u.Deductions
	for c := range t.Characters {
		t.Characters[c].Players += u.Characters[c].Players
		t.Characters[c].Wins += u.Characters[c].Wins
	}
	for i := range t.Loadouts {
		t.Loadouts[i].Players += u.Loadouts[i].Players
		t.Loadouts[i].Wins += u.Loadouts[i].Wins
	}
	for s := range t.Combos {
		t.Combos[s].Games += u.Combos[s].Games
		for c := range t.Combos[s].Wins {
			t.Combos[s].Wins[c] += u.Combos[s].Wins[c]
		}
	}
	return nil
}

// MarshalJSON implements game.Stats.
func (t *Stats) MarshalJSON() ([]byte, error) {
	type plain Stats
	return json.Marshal((*plain)(t))
}

// UnmarshalJSON implements game.Stats.
func (t *Stats) UnmarshalJSON(b []byte) error {
	type plain Stats
	var u plain
	if err := json.Unmarshal(b, &u); err != nil {
		return fmt.Errorf("nzscn statistics: %w", err)
	}
	if u.Players < MinPlayers || u.Players > MaxPlayers || u.Games < 0 || u.Capped < 0 || u.Deducted < 0 || u.Deductions < 0 {
		return fmt.Errorf("nzscn statistics: %d players, %d games: out of range", u.Players, u.Games)
	}
	*t = Stats(u)
	return nil
}

// Check implements game.Stats: the tally is of the run's seats and
// holds its games that ended normally (the pipeline does not add a
// forfeited game); the turn cap and the deduction rule decided at most
// those games; the characters and loadouts were played by at most every
// seat of every game and each won at most as often as it was played, at
// most one winner a game; every combination of characters names as many
// characters as there are seats, its wins only theirs.
func (t *Stats) Check(g game.Game, _ int, games, forfeited int64) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("nzscn statistics: "+format, a...)
	}
	if t.Players != g.Seats() {
		return bad("of %d players, the run has %d", t.Players, g.Seats())
	}
	if want := games - forfeited; t.Games != want {
		return bad("%d games, the run's counts %d that were not forfeited", t.Games, want)
	}
	if t.Capped > t.Games || t.Deducted > t.Games || t.Deductions < t.Deducted {
		return bad("capped %d, deducted %d, deductions %d of %d games: out of range", t.Capped, t.Deducted, t.Deductions, t.Games)
	}
	if t.Games > math.MaxInt64/int64(MaxPlayers) {
		return bad("%d games: too many", t.Games)
	}
	seats := t.Games * int64(t.Players)
	check := func(what string, rows []tally) error {
		var players, wins []int64
		for i, r := range rows {
			if r.Wins > r.Players {
				return bad("%s[%d]: %d wins of %d players", what, i, r.Wins, r.Players)
			}
			players, wins = append(players, r.Players), append(wins, r.Wins)
		}
		p, err := game.SumCounts(players...)
		if err == nil && p > seats {
			err = fmt.Errorf("%d players in %d games of %d seats", p, t.Games, t.Players)
		}
		w, werr := game.SumCounts(wins...)
		if err == nil && werr == nil && w > t.Games-t.Capped {
			err = fmt.Errorf("%d wins in %d games won", w, t.Games-t.Capped)
		}
		if err == nil {
			err = werr
		}
		if err != nil {
			return bad("%s: %v", what, err)
		}
		return nil
	}
	if err := check("characters", t.Characters[:]); err != nil {
		return err
	}
	if err := check("loadouts", t.Loadouts[:]); err != nil {
		return err
	}
	var combos []int64
	for set, c := range t.Combos {
		if c.Games == 0 && c.Wins == [nzsc.NumCharacters]int64{} {
			continue
		}
		if bits.OnesCount(uint(set)) != t.Players {
			return bad("combinations[%d] has %d characters, a table %d", set, bits.OnesCount(uint(set)), t.Players)
		}
		var w []int64
		for ch, n := range c.Wins {
			if n > 0 && set&(1<<ch) == 0 {
				return bad("combinations[%d]: wins of character %d, not in it", set, ch)
			}
			w = append(w, n)
		}
		if n, err := game.SumCounts(w...); err != nil || n > c.Games {
			return bad("combinations[%d]: wins out of range (%d games)", set, c.Games)
		}
		combos = append(combos, c.Games)
	}
	if n, err := game.SumCounts(combos...); err != nil || n > t.Games {
		return bad("combinations: games out of range (%d games)", t.Games)
	}
	return nil
}

// Tables implements game.Stats.
func (t *Stats) Tables([]string) []game.StatsTable {
	even := fmt.Sprintf("a player's share of the wins; %.1f%% is an even share at %d seats", 100/float64(t.Players), t.Players)
	return []game.StatsTable{t.decided(), t.characters(even), t.loadouts(even), t.combinations()}
}

func (t *Stats) decided() game.StatsTable {
	return game.StatsTable{
		Title:   "How games end",
		Note:    "games the turn cap ended with no winner, and games in which the deduction rule (two or more players at 5) applied",
		Columns: []string{"games", "turn cap", "deduction rule", "deductions a game"},
		Rows: [][]game.Cell{{game.Count(t.Games), game.Share(float64(t.Capped), t.Games),
			game.Share(float64(t.Deducted), t.Games), game.Mean(float64(t.Deductions), t.Games)}},
	}
}

func (t *Stats) characters(even string) game.StatsTable {
	var rows [][]game.Cell
	for c, r := range t.Characters {
		rows = append(rows, []game.Cell{game.Text(nzsc.Character(c).String()), game.Count(r.Players), game.Share(float64(r.Wins), r.Players)})
	}
	return game.StatsTable{Title: "Characters", Note: even, Columns: []string{"character", "players", "wins"}, Rows: rows}
}

func (t *Stats) loadouts(even string) game.StatsTable {
	var rows [][]game.Cell
	for i, r := range t.Loadouts {
		if r.Players == 0 {
			continue
		}
		rows = append(rows, []game.Cell{game.Text(nzsc.LoadoutAt(i).String()), game.Count(r.Players), game.Share(float64(r.Wins), r.Players)})
	}
	return game.StatsTable{Title: "Loadouts", Note: even, Columns: []string{"loadout", "players", "wins"}, Rows: rows}
}

func (t *Stats) combinations() game.StatsTable {
	cols := []string{"characters", "games"}
	for c := range nzsc.Character(nzsc.NumCharacters) {
		cols = append(cols, c.String())
	}
	cols = append(cols, "nobody")
	var rows [][]game.Cell
	for set, r := range t.Combos {
		if r.Games == 0 {
			continue
		}
		var names []string
		row := []game.Cell{game.Text(""), game.Count(r.Games)}
		var won int64
		for c := range nzsc.Character(nzsc.NumCharacters) {
			if set>>c&1 == 0 {
				row = append(row, game.Text(""))
				continue
			}
			names = append(names, c.String()[:1])
			row = append(row, game.Share(float64(r.Wins[c]), r.Games))
			won += r.Wins[c]
		}
		row[0] = game.Text(strings.Join(names, ""))
		rows = append(rows, append(row, game.Share(float64(r.Games-won), r.Games)))
	}
	return game.StatsTable{
		Title:   "Character combinations",
		Note:    "each character's share of the wins at tables of these characters (N Ninja, Z Zombie, S Samurai, C Clown)",
		Columns: cols,
		Rows:    rows,
	}
}
