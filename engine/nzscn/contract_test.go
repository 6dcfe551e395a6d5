package nzscn_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
	"github.com/nzsclab/nzsc/engine/rng"
)

func TestContractPlaysStep(t *testing.T) {
	// The contract's state must play exactly what Step plays: the same
	// answers on both, compared turn by turn.
	for n := 3; n <= 4; n++ {
		g, err := nzscn.Info.New(n, nil)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range uint64(200) {
			gs := g.NewState(seed).(*nzscn.GameState)
			s := nzscn.New(n, nzsc.DefaultRules)
			src := rng.NewWyrand(seed, 5)
			var toAct []int
			var legal []game.Action
			acts := make([]game.Action, n)
			for !gs.Over() {
				toAct = gs.ToAct(toAct)
				var c nzscn.Choices
				for i := range acts {
					acts[i] = game.Pass
					c[i] = nzsc.Unknown
				}
				for _, seat := range toAct {
					legal = gs.Legal(seat, legal)
					a := legal[src.Uint64()%uint64(len(legal))]
					acts[seat], c[seat] = a, nzsc.Choice(a)
				}
				for seat := range n {
					if s.Stuck(seat) == contains(toAct, seat) {
						t.Fatalf("seat %d: stuck %v but to act %v", seat, s.Stuck(seat), toAct)
					}
				}
				if err := gs.Apply(acts); err != nil {
					t.Fatal(err)
				}
				s.Step(c)
				if gs.State != s {
					t.Fatalf("%d players seed %d: contract and Step differ at turn %d", n, seed, s.Turn)
				}
			}
			if o := gs.Outcome(); o != nzscn.OutcomeOf(&s) || o.Seats != n || gs.Turn() != len(gs.History) {
				t.Fatalf("outcome %v turns %d history %d", o, gs.Turn(), len(gs.History))
			}
		}
	}
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func TestContractErrorsAndObservation(t *testing.T) {
	if _, err := nzscn.Info.New(5, nil); err == nil {
		t.Error("5 seats: no error")
	}
	if _, err := nzscn.Info.New(3, game.Rules{"turn_cap": "0"}); err == nil {
		t.Error("turn_cap=0: no error")
	}
	g, _ := nzscn.NewGame(3, nzsc.DefaultRules)
	gs := g.NewState(0)
	if err := gs.Apply([]game.Action{0, 1}); err == nil {
		t.Error("2 actions at a 3-seat table: no error")
	}
	if err := gs.Apply([]game.Action{0, 1, 2}); err != nil {
		t.Fatal(err)
	}
	obs := gs.Observe(2)
	if a, err := obs.ParseAction("zombie corps"); err != nil || obs.ActionString(a) != "Zombie Corps" {
		t.Errorf("ParseAction: %v %v", a, err)
	}
	b, err := json.Marshal(obs)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Seat    int
		Phase   string
		Players []struct {
			Seat      int
			Points    int
			Character string
		}
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	// Ninja, Zombie, Samurai: Ninja's headstart over Samurai.
	if got.Seat != 2 || got.Phase != "booster" || len(got.Players) != 3 || got.Players[0].Points != 1 ||
		got.Players[1].Character != "Zombie" || !strings.Contains(string(b), `"seat":1`) {
		t.Errorf("observation %s", b)
	}
	c := gs.Clone()
	c.Apply([]game.Action{game.Action(nzsc.NoBooster), game.Action(nzsc.NoBooster), game.Action(nzsc.NoBooster)})
	if gs.Turn() != 1 || c.Turn() != 2 {
		t.Error("Clone is not independent")
	}
}

// TestErrorsNameThePackage: the contract's and the tally's errors say
// "nzscn", not "nzsc" (two-player NZSC's package, whose errors read the
// same otherwise), so a message tells which of the two refused.
func TestErrorsNameThePackage(t *testing.T) {
	g, err := nzscn.NewGame(3, nzsc.Rules{TurnCap: 2})
	if err != nil {
		t.Fatal(err)
	}
	gs := g.NewState(0)
	obs := gs.Observe(0)
	var errs []error
	errs = append(errs, gs.Apply([]game.Action{0, 1}))
	for !gs.Over() {
		if err := gs.Apply([]game.Action{game.Action(nzsc.Ninja), game.Action(nzsc.Zombie), game.Action(nzsc.Samurai)}); err != nil {
			t.Fatal(err)
		}
	}
	errs = append(errs, gs.Apply([]game.Action{0, 1, 2}))
	_, err = obs.ParseAction("ninja")
	errs = append(errs, err)
	for i, err := range errs {
		if err == nil || !strings.HasPrefix(err.Error(), "nzscn: ") {
			t.Errorf("case %d: %v, want an error beginning %q", i, err, "nzscn: ")
		}
	}
	s := nzscn.NewStats(3)
	for i, err := range []error{
		json.Unmarshal([]byte(`{"players": 9}`), s),
		json.Unmarshal([]byte(`[]`), s),
		s.Check(g, 3, 1, 0),
	} {
		if err == nil || !strings.HasPrefix(err.Error(), "nzscn statistics: ") {
			t.Errorf("statistics case %d: %v, want an error beginning %q", i, err, "nzscn statistics: ")
		}
	}
}
