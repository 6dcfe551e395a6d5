package game_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// playContract plays a game of g to its end through the contract, each
// seat picking uniformly (or, with probability 1/8, any action at all, so
// that penalties happen), and returns the record it would write.
func playContract(t *testing.T, g game.Game, seed uint64) (game.Record, game.State) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	st := g.NewState(seed)
	rec := *game.NewRecord(g, seed, []string{"a", "b"})
	acts := make([]game.Action, g.Seats())
	var legal []game.Action
	var toAct []int
	for !st.Over() {
		names := make([]string, g.Seats())
		for i := range acts {
			acts[i] = game.Pass
		}
		for _, s := range st.ToAct(toAct) {
			legal = st.Legal(s, legal)
			a := legal[rng.IntN(len(legal))]
			if rng.IntN(8) == 0 {
				a = game.Action(rng.IntN(30))
			}
			acts[s] = a
			names[s] = st.Observe(s).ActionString(a)
		}
		rec.Turns = append(rec.Turns, names)
		if err := st.Apply(acts); err != nil {
			t.Fatal(err)
		}
	}
	rec.Result.SetOutcome(st.Outcome())
	rec.Result.Steps = st.Turn()
	return rec, st
}

// TestNZSCContractMatchesStep plays games through the contract and the
// same choices through nzsc.State.Step, and replays each record.
func TestNZSCContractMatchesStep(t *testing.T) {
	g, err := game.Build("nzsc", 2, game.Rules{"turn_cap": "60"})
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(2000) {
		rec, st := playContract(t, g, seed)
		// The oracle: the engine's own Step, names read as the rules read them.
		s := nzsc.NewGame(nzsc.Rules{TurnCap: 60})
		for i, names := range rec.Turns {
			var c [2]nzsc.Choice
			for seat, n := range names {
				c[seat] = nzsc.Unknown
				if n != "" {
					c[seat] = nzsc.ParseChoice(s.Phase, n)
				}
			}
			if s.Phase == nzsc.GameOver {
				t.Fatalf("seed %d: oracle over before turn %d", seed, i+1)
			}
			s.Step(c[0], c[1])
		}
		if got := st.(*nzsc.GameState).State; got != s {
			t.Fatalf("seed %d: contract state %+v, Step state %+v", seed, got, s)
		}
		o := st.Outcome()
		if o.Winner != s.Result.Winner() || o.Score[0] != s.Points(0) || o.Score[1] != s.Points(1) {
			t.Fatalf("seed %d: outcome %+v for result %v", seed, o, s.Result)
		}
		// The record survives JSON and replays to the same end.
		b, err := json.Marshal(&rec)
		if err != nil {
			t.Fatal(err)
		}
		var back game.Record
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if _, err := game.Replay(g, &back, nil); err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
	}
}

// TestReplayRejectsWrongResult: a record whose moves do not give its result
// is refused with the reason.
func TestReplayRejectsWrongResult(t *testing.T) {
	g, _ := game.Build("nzsc", 2, nil)
	rec, _ := playContract(t, g, 7)
	rec.Result.Score[0]++
	if _, err := game.Replay(g, &rec, nil); err == nil || !strings.Contains(err.Error(), "record") {
		t.Fatalf("replay of a falsified record: err %v", err)
	}
	rec, _ = playContract(t, g, 7)
	rec.Turns[0][0] = "Pirate"
	rec.Turns = rec.Turns[:3]
	if _, err := game.Replay(g, &rec, nil); err == nil {
		t.Fatal("replay of a cut record: no error")
	}
}

func TestBuildErrors(t *testing.T) {
	for i, c := range []struct {
		name  string
		seats int
		rules game.Rules
		want  string
	}{
		{"chess", 2, nil, "unknown game"},
		{"nzsc", 2, game.Rules{"turn_cap": "0"}, "turn_cap"},
		{"nzsc", 2, game.Rules{"colour": "3"}, "no rule"},
		{"nzsc", 2, game.Rules{"points": "2"}, "points"},
		{"nzsc", 2, game.Rules{"headstarts": "maybe"}, "headstarts"},
		{"nzsc", 3, game.Rules{"points": "3"}, "3 or 4 players"},
		{"nzsc", 7, nil, "players"},
	} {
		if _, err := game.Build(c.name, c.seats, c.rules); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("case %d: err %v, want one containing %q", i, err, c.want)
		}
	}
}

func TestRankByScore(t *testing.T) {
	for i, c := range []struct {
		score  [game.MaxSeats]int
		seats  int
		winner int
		want   string
	}{
		{[game.MaxSeats]int{5, 2}, 2, 0, "1-2"},
		{[game.MaxSeats]int{3, 3}, 2, -1, "1-1"},
		{[game.MaxSeats]int{4, 4, 1}, 3, -1, "1-1-3"},
		{[game.MaxSeats]int{5, 3, 0}, 3, 0, "1-2-3"},
		{[game.MaxSeats]int{1, 4, 4, 2}, 4, 0, "1-2-2-4"},
	} {
		if got := game.RankByScore(c.seats, c.score, c.winner).String(); got != c.want {
			t.Errorf("case %d: got %s, want %s", i, got, c.want)
		}
	}
	if got := game.Forfeit(3, 1).String(); got != "1-3-1" {
		t.Errorf("Forfeit(3,1) = %s", got)
	}
}
