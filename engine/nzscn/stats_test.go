package nzscn

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// The scripted game of TestTurnCap: the deduction rule applies 7 times
// and the cap ends the game in the character phase (seat 2 never names
// a character), so no character is counted.
func TestStatsDeductionsAndCap(t *testing.T) {
	g, err := NewGame(3, nzsc.Rules{TurnCap: 12})
	if err != nil {
		t.Fatal(err)
	}
	st := g.NewState(0)
	acts := []game.Action{game.Action(nzsc.Ninja), game.Action(nzsc.Zombie), game.Action(nzsc.Unknown)}
	for !st.Over() {
		if err := st.Apply(acts); err != nil {
			t.Fatal(err)
		}
	}
	s := NewStats(3)
	s.Add(st, []int{0, 1, 2})
	if s.Games != 1 || s.Capped != 1 || s.Deducted != 1 || s.Deductions != 7 {
		t.Errorf("games %d capped %d deducted %d deductions %d; want 1 1 1 7", s.Games, s.Capped, s.Deducted, s.Deductions)
	}
	if s.Characters != [nzsc.NumCharacters]tally{} {
		t.Errorf("characters %+v, want none", s.Characters)
	}
	for set, c := range s.Combos {
		if c.Games != 0 {
			t.Errorf("a table of characters %04b counted, though seat 2 had none", set)
		}
	}
}

// Over random games the tally agrees with the games' outcomes, merges
// exactly and survives JSON.
func TestStatsRandomGames(t *testing.T) {
	for _, n := range []int{3, 4} {
		g, err := NewGame(n, nzsc.DefaultRules)
		if err != nil {
			t.Fatal(err)
		}
		whole, a, b := NewStats(n), NewStats(n), NewStats(n)
		var wins [nzsc.NumCharacters]int64
		var games, won int64
		for seed := range uint64(400) {
			st := g.NewState(seed).(*GameState)
			var r rng.Wyrand
			r.Seed(seed, 7)
			st.State.PlayRandom(&r)
			whole.Add(st, nil)
			if seed%3 == 0 {
				a.Add(st, nil)
			} else {
				b.Add(st, nil)
			}
			games++
			if o := st.Outcome(); o.Winner >= 0 {
				won++
				wins[st.State.Character(o.Winner)]++
			}
		}
		var players, charWins, loadoutPlayers, comboGames int64
		for c, r := range whole.Characters {
			players += r.Players
			charWins += r.Wins
			if r.Wins != wins[c] {
				t.Errorf("%d players: %v won %d, the outcomes say %d", n, nzsc.Character(c), r.Wins, wins[c])
			}
		}
		for _, r := range whole.Loadouts {
			loadoutPlayers += r.Players
		}
		for _, c := range whole.Combos {
			comboGames += c.Games
		}
		if whole.Games != games || players != int64(n)*games || charWins != won || whole.Games-whole.Capped != won {
			t.Errorf("%d players: %d games, %d players, %d wins; want %d, %d, %d", n, whole.Games, players, charWins, games, int64(n)*games, won)
		}
		if loadoutPlayers != players || comboGames != games {
			t.Errorf("%d players: %d loadouts and %d tables counted, want %d and %d", n, loadoutPlayers, comboGames, players, games)
		}
		if err := a.Merge(b); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, whole) {
			t.Errorf("%d players: merged parts differ from the whole", n)
		}
		js, _ := json.Marshal(whole)
		back := &Stats{}
		if err := json.Unmarshal(js, back); err != nil || !reflect.DeepEqual(back, whole) {
			t.Errorf("%d players: JSON round trip: %v", n, err)
		}
		if err := NewStats(5 - n + 2).Merge(whole); err == nil && n == 3 {
			t.Error("merged tallies of different table sizes")
		}
		for _, tb := range whole.Tables(nil) {
			for _, r := range tb.Rows {
				if len(r) != len(tb.Columns) {
					t.Errorf("%s: a row of %d cells under %d columns", tb.Title, len(r), len(tb.Columns))
				}
			}
		}
	}
}
