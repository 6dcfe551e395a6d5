package solve_test

import (
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/testsolution"
)

// TestEverettPairings pins the pairings whose components are of
// Everett's kind (issue 5): Zombie/Regenerative against Samurai/Atlas
// is solved (in one order, the other its mirror image) with components
// in extended precision, Clown/Moustachio against Samurai/Strong in the
// order that needs none; their certificates are within CertificateTol,
// and a player gets exactly the stored strategies in their states, in
// both orders. It reads the shared test solution rather than solving
// the largest pairings again.
func TestEverettPairings(t *testing.T) {
	s := testsolution.Load(t)
	zr := nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.Regenerative}
	sa := nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.Atlas}
	cm := nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.Moustachio}
	ss := nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.Strong}
	for _, pr := range [][2]nzsc.Loadout{{zr, sa}, {sa, zr}, {cm, ss}, {ss, cm}} {
		p := s.Pairing(pr[0], pr[1])
		orig, mirrored := p, p.Mirror != nil
		if mirrored {
			orig = p.Mirror
		}
		t.Logf("%v vs %v: gap %.3g, %d of %d states with stored strategies (mirrored %v)", pr[0], pr[1], p.Gap, len(orig.ExplicitKeys), len(orig.Keys), mirrored)
		if !(p.Gap <= solve.CertificateTol) || !(p.Lower <= p.Upper) {
			t.Errorf("%v vs %v: gap %.3g (want <= %g), bounds [%v, %v]", pr[0], pr[1], p.Gap, solve.CertificateTol, p.Lower, p.Upper)
		}
		if pr[0] == zr && len(orig.ExplicitKeys) == 0 {
			t.Errorf("%v vs %v: no stored strategies", pr[0], pr[1])
		}
		g := solve.NewGraph(pr[0], pr[1])
		checked := 0
		for k := range g.Len() {
			st := g.States[k]
			key := solve.KeyOf(&st)
			if mirrored {
				key = key.Mirror()
			}
			i, ok := slices.BinarySearch(orig.ExplicitKeys, key)
			if !ok {
				continue
			}
			want := orig.Explicit[i]
			if mirrored {
				want[0], want[1] = want[1], want[0]
			}
			st.TurnCap, st.Turn = 1000, 500 // a real game's counter must not matter
			for seat := range 2 {
				var probs [solve.MaxSide]float64
				if _, ok := s.Strategy(&st, seat, &probs); !ok || probs != want[seat] {
					t.Fatalf("%v vs %v state %d seat %d: %v, want the stored %v", pr[0], pr[1], k, seat, probs, want[seat])
				}
			}
			checked++
		}
		if checked != len(orig.ExplicitKeys) {
			t.Errorf("%v vs %v: %d of %d stored states reached", pr[0], pr[1], checked, len(orig.ExplicitKeys))
		}
	}
}
