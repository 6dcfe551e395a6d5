package protocol

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

func str(s string) *string { return &s }

// TestFillRound checks a decide against values worked out by hand from
// the rulebook: Ninja/Shadow against Clown/No Booster (Clown's headstart
// over Ninja), Shadow Fireball against Nose (1-0 by the outcome table),
// then Kick against Acid Spray (0-0; Acid Spray is single-use and destroys
// the Kick), then a nonexistent answer by seat 0 (wrong universe, 4 waits).
func TestFillRound(t *testing.T) {
	s := nzsc.NewRound(nzsc.DefaultRules,
		nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.Shadow},
		nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.NoBooster})
	var h []nzsc.Turn
	for _, p := range [][2]nzsc.Choice{
		{nzsc.Choice(nzsc.ShadowFireball), nzsc.Choice(nzsc.Nose)},
		{nzsc.Choice(nzsc.Kick), nzsc.Choice(nzsc.AcidSpray)},
		{nzsc.Unknown, nzsc.Choice(nzsc.Nose)},
	} {
		h = append(h, s.Step(p[0], p[1]))
	}
	var legal [nzsc.MaxChoices]nzsc.Choice
	n := s.Legal(0, &legal)
	var d Decide
	d.Fill(4, &s, 0, h, 0, legal[:n])
	want := Decide{
		Type: "decide", Game: 4, Turn: 3, Phase: "move",
		You: Player{Character: str("Ninja"), Booster: str("Shadow"), Points: 1, Waits: 0,
			LastCharacter: str("Ninja"), CharacterStreak: 1, LastMove: str("Kick"), MoveStreak: 1,
			Destroyed: []string{"Kick"}, Available: []string{"Ninja Sword", "Nunchucks", "Shadow Fireball", "Shadow Slip"}},
		Opponent: Player{Character: str("Clown"), Booster: str("No Booster"), Points: 1, Waits: 4,
			LastCharacter: str("Clown"), CharacterStreak: 1, LastMove: str("Acid Spray"), MoveStreak: 1,
			Destroyed: []string{"Acid Spray"}, Available: []string{"Juggling Knives", "Nose"}},
		History: []Turn{
			{Phase: "move", You: Side{"Shadow Fireball", "", 1}, Opponent: Side{"Nose", "", 0}},
			{Phase: "move", You: Side{"Kick", "", 0}, Opponent: Side{"Acid Spray", "", 0}},
			{Phase: "move", You: Side{"", "wrong_universe", 0}, Opponent: Side{"Nose", "", 0}},
		},
		Legal: []string{"Ninja Sword", "Nunchucks", "Shadow Fireball", "Shadow Slip"},
	}
	if !reflect.DeepEqual(d, want) {
		got, _ := json.Marshal(d)
		w, _ := json.Marshal(want)
		t.Errorf("got  %s\nwant %s", got, w)
	}
	// Seen from seat 1, every turn's sides swap.
	d.Fill(4, &s, 1, h, 2, nil)
	if d.HistoryStart != 2 || len(d.History) != 1 || d.History[0].Opponent.Offence != "wrong_universe" || d.You.Points != 1 || d.Opponent.Waits != 0 {
		t.Errorf("seat 1, delta from 2: %+v", d)
	}
}

// TestWireNulls: before characters are settled, characters and boosters
// are null and lists are empty lists, never null.
func TestWireNulls(t *testing.T) {
	s := nzsc.NewGame(nzsc.DefaultRules)
	h := []nzsc.Turn{s.Step(nzsc.Choice(nzsc.Zombie), nzsc.Choice(nzsc.Zombie))} // a clash
	var d Decide
	d.Fill(1, &s, 0, h, 0, []nzsc.Choice{0, 1, 2, 3})
	b, err := json.Marshal(&d)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"character":null`, `"booster":null`, `"last_character":"Zombie","character_streak":1`,
		`"last_move":null`, `"destroyed":[]`, `"available":[]`, `"clash":true`, `"legal":["Ninja","Zombie","Samurai","Clown"]`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s lacks %s", b, want)
		}
	}
}

// TestResultBoosters: a game that ends in the character phase (penalty
// points) never settled boosters, so none is shown.
func TestResultBoosters(t *testing.T) {
	s := nzsc.NewGame(nzsc.DefaultRules)
	var h []nzsc.Turn
	for s.Phase != nzsc.GameOver {
		h = append(h, s.Step(nzsc.Unknown, nzsc.Choice(nzsc.Ninja)))
	}
	var r Result
	r.Fill(1, &s, 1, h, 0, s.Result.Winner(), false)
	if r.Outcome != "win" || r.You.Booster != nil || r.Opponent.Booster != nil || r.Turns != 6 || r.Margin != "Wipeout" {
		b, _ := json.Marshal(r)
		t.Errorf("result %s", b)
	}
}

func ExampleDecide_Fill() {
	s := nzsc.NewGame(nzsc.DefaultRules)
	var legal [nzsc.MaxChoices]nzsc.Choice
	n := s.Legal(0, &legal)
	var d Decide
	d.Fill(1, &s, 0, nil, 0, legal[:n])
	b, _ := json.Marshal(&d)
	fmt.Println(string(b))
	// Output:
	// {"type":"decide","game":1,"turn":0,"phase":"character","you":{"character":null,"booster":null,"points":0,"waits":4,"last_character":null,"character_streak":0,"last_move":null,"move_streak":0,"destroyed":[],"available":[]},"opponent":{"character":null,"booster":null,"points":0,"waits":4,"last_character":null,"character_streak":0,"last_move":null,"move_streak":0,"destroyed":[],"available":[]},"history_start":0,"history":[],"legal":["Ninja","Zombie","Samurai","Clown"]}
}

// TestClockOnTheWire: a decide without a clock has no clock field (a bot
// without one is sent what it always was); with one, the field holds
// whole milliseconds, rounded down, and moves_to_go only when the clock
// has periods.
func TestClockOnTheWire(t *testing.T) {
	s := nzsc.NewGame(nzsc.DefaultRules)
	var legal [nzsc.MaxChoices]nzsc.Choice
	n := s.Legal(0, &legal)
	var d Decide
	d.Fill(1, &s, 0, nil, 0, legal[:n])
	b, _ := json.Marshal(d)
	if strings.Contains(string(b), "clock") {
		t.Errorf("no clock: %s", b)
	}
	for _, c := range []struct {
		clock Clock
		want  string
	}{
		{NewClock(1500999*time.Microsecond, 100*time.Millisecond, 3), `"clock":{"time_ms":1500,"inc_ms":100,"moves_to_go":3},`},
		{NewClock(59*time.Second, 0, 0), `"clock":{"time_ms":59000,"inc_ms":0},`},
	} {
		d.Clock = &c.clock
		b, _ := json.Marshal(d)
		if !strings.HasPrefix(string(b), `{"type":"decide","game":1,"turn":0,"phase":"character",`+c.want+`"you":`) {
			t.Errorf("got %s, want the clock %s after the phase", b, c.want)
		}
		a, _ := json.Marshal(AnyDecide{Type: TypeDecide, Game: 2, Clock: &c.clock, Observation: json.RawMessage(`{}`), Legal: []string{"x"}})
		if want := `{"type":"decide","game":2,` + c.want + `"observation":{},"legal":["x"]}`; string(a) != want {
			t.Errorf("any game: got %s, want %s", a, want)
		}
	}
}
