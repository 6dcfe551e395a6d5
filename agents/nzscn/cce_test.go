package nzscn_test

import (
	"testing"

	"github.com/nzsclab/nzsc/agents"
)

// TestCCECopiesFinish: two or more cce seats at one table compute the
// same strategy; before repicks were mixed (breakClashes) they picked
// the same character at every repick and every game ran to the turn
// cap. Games with cce copies now end as others do, long before it.
func TestCCECopiesFinish(t *testing.T) {
	games := uint64(6)
	if testing.Short() {
		games = 3
	}
	for _, specs := range [][]string{
		{"cce", "cce:lambda=0.5", "greedy"},
		{"cce", "cce", "cce"},
		{"cce", "cce", "random", "cce"},
	} {
		g := newGame(t, len(specs))
		tab := agents.NewPlayerTable()
		for seed := range games {
			res := tab.Play(g, seed, newBots(t, len(specs), specs...))
			if res.Steps >= 200 {
				t.Errorf("%v, seed %d: %d steps: cce copies stalled", specs, seed, res.Steps)
			}
		}
	}
}
