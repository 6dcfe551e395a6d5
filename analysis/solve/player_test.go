package solve

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// TestStrategyMatchesSolver checks that a player recomputing strategies
// from the stored values gets exactly the certified ones, in every state
// of a pairing.
func TestStrategyMatchesSolver(t *testing.T) {
	a := nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.Speedy}
	b := nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.NoBooster}
	g := NewGraph(a, b)
	ms, err := SolveMoves(g)
	if err != nil {
		t.Fatal(err)
	}
	checkPlayer(t, ms)
}

// checkPlayer checks that a player of the saved solution ms (values,
// rules and stored strategies) gets exactly its strategies in every
// state.
func checkPlayer(t *testing.T, ms *MoveSolution) {
	t.Helper()
	g := ms.G
	s := &Solution{}
	s.Pairings[LoadoutIndex(g.A)][LoadoutIndex(g.B)] = newPairing(ms)
	for k := range g.Len() {
		st := g.States[k]
		st.TurnCap = 1000
		st.Turn = 500 // a real game's counter must not matter
		// Twice: the first call computes (and remembers), the second
		// looks up.
		for seat := range 4 {
			seat %= 2
			var probs [MaxSide]float64
			n, ok := s.Strategy(&st, seat, &probs)
			if !ok {
				t.Fatalf("state %d: not found", k)
			}
			want := ms.X[k]
			if seat == 1 {
				want = ms.Y[k]
			}
			if probs != want || n != int([2]uint8{g.NA[k], g.NB[k]}[seat]) {
				t.Fatalf("state %d seat %d: %v (n %d), want %v", k, seat, probs, n, want)
			}
		}
	}
}
