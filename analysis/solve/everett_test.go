package solve

import (
	"testing"

	"github.com/nzsclab/nzsc/engine"
)

// TestEverettPairings pins the pairings whose components are of
// Everett's kind (issue 5): solved in extended precision there, their
// certificates are within CertificateTol. A player gets exactly the
// certified strategies, stored ones included.
func TestEverettPairings(t *testing.T) {
	if testing.Short() {
		t.Skip("three large pairings")
	}
	zr := engine.Loadout{Character: engine.Zombie, Booster: engine.Regenerative}
	sa := engine.Loadout{Character: engine.Samurai, Booster: engine.Atlas}
	cm := engine.Loadout{Character: engine.Clown, Booster: engine.Moustachio}
	ss := engine.Loadout{Character: engine.Samurai, Booster: engine.Strong}
	for _, tc := range []struct {
		a, b engine.Loadout
		tol  float64
	}{
		{zr, sa, CertificateTol},
		{sa, zr, CertificateTol},
		{cm, ss, CertificateTol},
	} {
		g := NewGraph(tc.a, tc.b)
		ms, err := SolveMoves(g)
		if err != nil {
			t.Fatal(err)
		}
		explicit := 0
		for _, r := range ms.Rule {
			if r.first() == explicitSeat || r.second() == explicitSeat {
				explicit++
			}
		}
		t.Logf("%v vs %v: gap %.3g, %d of %d states with stored strategies", tc.a, tc.b, ms.Gap(), explicit, g.Len())
		if !(ms.Gap() <= tc.tol) || explicit == 0 {
			t.Errorf("%v vs %v: gap %.3g (want <= %g), %d stored strategies", tc.a, tc.b, ms.Gap(), tc.tol, explicit)
		}
		for k := range g.Len() {
			if !(ms.L[k] <= ms.U[k]) {
				t.Fatalf("%v vs %v: state %d: lower %v > upper %v", tc.a, tc.b, k, ms.L[k], ms.U[k])
			}
		}
		checkPlayer(t, ms)
	}
}
