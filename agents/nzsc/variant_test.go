package nzsc

import (
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

// TestBotsUnderVariants plays every built-in bot (but optimal, which
// needs a solution of the variant) against random under rule variants:
// every game ends, no bot faults, and no turn is charged an offence (the
// bots choose among the legal choices, which the variants change: fewer
// boosters, shorter streaks).
func TestBotsUnderVariants(t *testing.T) {
	variants := []nz.Rules{
		{TurnCap: 1000, Points: 3, MoveStreak: 2, CharacterStreak: 2},
		{TurnCap: 1000, Points: 9, MoveStreak: 4, CharacterStreak: 4, Waits: 1},
		{TurnCap: 1000, NoHeadstarts: true, BoosterRequired: true},
		{TurnCap: 1000, BoosterRequired: true, Points: 4},
	}
	games := 20
	if testing.Short() {
		games = 4
	}
	tab := agents.NewTable()
	for _, spec := range builtinSpecs(t) {
		if spec == "optimal" {
			continue
		}
		for vi, r := range variants {
			for g := range games {
				a, b := mustNew(t, spec), mustNew(t, "random")
				if g%2 == 1 {
					a, b = b, a
				}
				out := tab.Play(r, uint64(1000*vi+g), a, b)
				if out.Forfeit >= 0 {
					t.Fatalf("%s, rules %d, game %d: forfeit: %v", spec, vi, g, out.Fault)
				}
				if out.State.Phase != nz.GameOver {
					t.Fatalf("%s, rules %d, game %d: not over", spec, vi, g)
				}
				for k, tr := range tab.History {
					for seat := range 2 {
						if o := tr.Offence(seat); o != nz.NoOffence && o != nz.Stuck {
							t.Fatalf("%s, rules %d, game %d, turn %d: seat %d charged %v", spec, vi, g, k, seat, o)
						}
					}
				}
				if w := out.State.Result.Winner(); w >= 0 && out.State.Points(w) != int(r.Normalized().Points) {
					t.Fatalf("%s, rules %d, game %d: won with %d points", spec, vi, g, out.State.Points(w))
				}
			}
		}
	}
}
