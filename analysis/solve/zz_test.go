package solve

import (
	"fmt"
	"testing"

	"github.com/nzsclab/nzsc/engine"
)

func TestZZCand(t *testing.T) {
	for _, r := range []engine.Rules{engine.DefaultRules, {TurnCap: 1000, Points: 3}, {TurnCap: 1000, Points: 4}} {
		for _, j := range pairingJobs(normalRules(r), true) {
			ls := engine.Loadouts()
			ms, fl := solvePairing(normalRules(r), ls[j.i], ls[j.j])
			if ms.Components > 0 && ms.Gap() > 1e-10 {
				fmt.Println(r.Points, ls[j.i], ls[j.j], fl, "gap", ms.Gap())
			}
		}
	}
}
