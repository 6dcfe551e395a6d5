package solve_test

import (
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/internal/testsolution"
)

// TestEverettPairings pins the pairings whose components are of
// Everett's kind (issue 5): solved in extended precision there, their
// certificates are within CertificateTol, and a player gets exactly the
// stored strategies in their states. It reads the shared test solution
// rather than solving the three largest pairings again.
func TestEverettPairings(t *testing.T) {
	s := testsolution.Load(t)
	zr := engine.Loadout{Character: engine.Zombie, Booster: engine.Regenerative}
	sa := engine.Loadout{Character: engine.Samurai, Booster: engine.Atlas}
	cm := engine.Loadout{Character: engine.Clown, Booster: engine.Moustachio}
	ss := engine.Loadout{Character: engine.Samurai, Booster: engine.Strong}
	for _, pr := range [][2]engine.Loadout{{zr, sa}, {sa, zr}, {cm, ss}} {
		p := s.Pairing(pr[0], pr[1])
		t.Logf("%v vs %v: gap %.3g, %d of %d states with stored strategies", pr[0], pr[1], p.Gap, len(p.ExplicitKeys), len(p.Keys))
		if !(p.Gap <= solve.CertificateTol) || len(p.ExplicitKeys) == 0 || !(p.Lower <= p.Upper) {
			t.Errorf("%v vs %v: gap %.3g (want <= %g), bounds [%v, %v], %d stored strategies",
				pr[0], pr[1], p.Gap, solve.CertificateTol, p.Lower, p.Upper, len(p.ExplicitKeys))
		}
		g := solve.NewGraph(pr[0], pr[1])
		checked := 0
		for k := range g.Len() {
			st := g.States[k]
			i, ok := slices.BinarySearch(p.ExplicitKeys, solve.KeyOf(&st))
			if !ok {
				continue
			}
			st.TurnCap, st.Turn = 1000, 500 // a real game's counter must not matter
			for seat := range 2 {
				var probs [solve.MaxSide]float64
				if _, ok := s.Strategy(&st, seat, &probs); !ok || probs != p.Explicit[i][seat] {
					t.Fatalf("%v vs %v state %d seat %d: %v, want the stored %v", pr[0], pr[1], k, seat, probs, p.Explicit[i][seat])
				}
			}
			checked++
		}
		if checked != len(p.ExplicitKeys) {
			t.Errorf("%v vs %v: %d of %d stored states reached", pr[0], pr[1], checked, len(p.ExplicitKeys))
		}
	}
}
