package npzr

import (
	"encoding/json"
	"math/bits"
	"reflect"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/rng"
)

// The wild cards a player was dealt and drew are, before anything is
// played, the wild cards in its hand.
func TestWildsDrawnAtTheDeal(t *testing.T) {
	for seed := range uint64(200) {
		s, err := New(DefaultRules, seed)
		if err != nil {
			t.Fatal(err)
		}
		for seat := range 2 {
			want := bits.OnesCount64(s.hand[seat] &^ regularCards)
			if got := s.WildsDrawn(seat); got != want {
				t.Fatalf("seed %d seat %d: %d wilds drawn, %d wild cards in hand", seed, seat, got, want)
			}
		}
	}
}

// playRandom plays a random game through the contract and returns its
// final state.
func playRandom(t *testing.T, g game.Game, seed uint64) game.State {
	t.Helper()
	st := g.NewState(seed)
	var r rng.Wyrand
	r.Seed(seed, 99)
	acts := make([]game.Action, 2)
	var legal []game.Action
	var toAct []int
	for !st.Over() {
		acts[0], acts[1] = game.Pass, game.Pass
		toAct = st.ToAct(toAct)
		for _, s := range toAct {
			legal = st.Legal(s, legal)
			acts[s] = legal[r.Uint64()%uint64(len(legal))]
		}
		if err := st.Apply(acts); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// The tally's totals agree with the games' own counts, however the games
// are split between tallies, and survive a JSON round trip.
func TestStatsTotals(t *testing.T) {
	g, err := NewGame(DefaultRules)
	if err != nil {
		t.Fatal(err)
	}
	whole, half1, half2 := NewStats(3), NewStats(3), NewStats(3)
	var games, wins0, turns, points, completions, drawn int64
	for seed := range uint64(300) {
		final := playRandom(t, g, seed)
		s := &final.(*GameState).State
		entrants := []int{int(seed % 3), int(seed+1) % 3}
		whole.Add(final, entrants)
		if seed%2 == 0 {
			half1.Add(final, entrants)
		} else {
			half2.Add(final, entrants)
		}
		games++
		if s.Winner() == 0 {
			wins0++
		}
		turns += int64(s.Turns())
		for seat := range 2 {
			points += int64(s.Points(seat))
			for _, n := range s.Scores(seat) {
				completions += int64(n)
			}
			drawn += int64(s.WildsDrawn(seat))
		}
	}
	if whole.Games() != games || whole.Seat[0] != wins0 {
		t.Errorf("%d games, %d first-player wins; want %d and %d", whole.Games(), whole.Seat[0], games, wins0)
	}
	var hist, order, botGames, own, wilds int64
	for n, c := range whole.Turns {
		hist += c
		turns -= int64(n) * c
	}
	for _, row := range whole.Order {
		for _, c := range row {
			order += c
		}
	}
	for _, b := range whole.Bots {
		botGames += b.Games
		own += b.Own + b.Spoiled
		wilds += b.WildsDrawn
	}
	if hist != games || turns != 0 {
		t.Errorf("game lengths: %d games, %d turns unaccounted", hist, turns)
	}
	if order != points {
		t.Errorf("scoring order holds %d firsts, the games %d points", order, points)
	}
	if botGames != 2*games || own != completions || wilds != drawn {
		t.Errorf("per bot: %d games, %d completions, %d wilds; want %d, %d, %d", botGames, own, wilds, 2*games, completions, drawn)
	}
	if err := half1.Merge(half2); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(half1, whole) {
		t.Errorf("merged halves differ from the whole:\n%+v\n%+v", half1, whole)
	}
	b, err := json.Marshal(whole)
	if err != nil {
		t.Fatal(err)
	}
	back := NewStats(0)
	if err := json.Unmarshal(b, back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, whole) {
		t.Errorf("JSON round trip changed the tally")
	}
	if err := back.UnmarshalJSON([]byte(`{"seat_wins":[-1,0]}`)); err == nil {
		t.Error("a negative count was accepted")
	}
	if err := NewStats(2).Merge(whole); err == nil {
		t.Error("merging tallies of 3 and 2 bots did not fail")
	}
	tables := whole.Tables([]string{"a", "b", "c"})
	if len(tables) != 6 {
		t.Fatalf("%d tables, want 6", len(tables))
	}
	for _, tb := range tables {
		for _, r := range tb.Rows {
			if len(r) != len(tb.Columns) {
				t.Errorf("%s: a row of %d cells under %d columns", tb.Title, len(r), len(tb.Columns))
			}
		}
	}
}
