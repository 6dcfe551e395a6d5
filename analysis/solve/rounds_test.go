package solve

import (
	"math"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

func TestRounds(t *testing.T) {
	rs, err := Rounds()
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 108 {
		t.Fatalf("%d rounds, want 108", len(rs))
	}
	byPair := map[[2]nzsc.Loadout]*Round{}
	for _, r := range rs {
		byPair[[2]nzsc.Loadout{r.A, r.B}] = r
	}
	for _, r := range rs {
		if r.Upper-r.Lower > 1e-9 {
			t.Errorf("%v vs %v: certificate gap %.3g", r.A, r.B, r.Upper-r.Lower)
		}
		// Antisymmetry: the mirrored game is the negated transpose.
		m := byPair[[2]nzsc.Loadout{r.B, r.A}]
		if math.Abs(r.Value+m.Value) > 1e-9 {
			t.Errorf("V(%v,%v) = %v, V(%v,%v) = %v", r.A, r.B, r.Value, m.A, m.B, m.Value)
		}
		// Independent check of the value with the fixed-size solver.
		var g Matrix
		g.M, g.N = len(r.MovesA), len(r.MovesB)
		for i := range g.M {
			copy(g.A[i][:], r.Payoff[i])
		}
		var e Equilibrium
		SolveMatrix(&g, &e)
		if math.Abs(e.Value-r.Value) > 1e-9 {
			t.Errorf("%v vs %v: nash %v, SolveMatrix %v", r.A, r.B, r.Value, e.Value)
		}
	}
	// A hand-checked cell: Ninja's Kick against Zombie's Rampage. The
	// outcome table's row Rampage, column Kick is 1 (Kick scores 1
	// against Rampage); row Kick, column Rampage is 0.
	r := byPair[[2]nzsc.Loadout{{Character: nzsc.Ninja, Booster: nzsc.NoBooster}, {Character: nzsc.Zombie, Booster: nzsc.NoBooster}}]
	if r.MovesA[0] != nzsc.Kick || r.MovesB[0] != nzsc.Rampage || r.Payoff[0][0] != 1 {
		t.Errorf("Kick vs Rampage: %v vs %v payoff %v, want 1", r.MovesA[0], r.MovesB[0], r.Payoff[0][0])
	}
}
