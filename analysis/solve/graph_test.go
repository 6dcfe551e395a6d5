package solve

import (
	"testing"

	"github.com/nzsclab/nzsc/engine"
)

// stuckStates counts the distinct states with a stuck player that g's
// states lead to.
func stuckStates(g *Graph) int {
	seen := map[Key]bool{}
	for k := range g.Len() {
		for i := range int(g.NA[k]) {
			for j := range int(g.NB[k]) {
				t := g.States[k]
				t.Step(engine.Choice(g.Moves[k][0][i]), engine.Choice(g.Moves[k][1][j]))
				if t.Phase != engine.GameOver && (t.Stuck(0) || t.Stuck(1)) {
					t.Turn = 0
					seen[KeyOf(&t)] = true
				}
			}
		}
	}
	return len(seen)
}

// TestStateCounts cross-checks the solver's state space with the
// engine's perft test (engine/perft_test.go), whose "solver states" are
// counted by two independent enumerations, and with the totals:
// about 670 thousand states over the 54 unordered pairings.
func TestStateCounts(t *testing.T) {
	for k, c := range []struct {
		a, b engine.Loadout
		want int
	}{
		{engine.Loadout{Character: engine.Ninja, Booster: engine.Shadow}, engine.Loadout{Character: engine.Samurai, Booster: engine.Strong}, 3425},
		{engine.Loadout{Character: engine.Zombie, Booster: engine.NoBooster}, engine.Loadout{Character: engine.Clown, Booster: engine.NoBooster}, 2400},
		{engine.Loadout{Character: engine.Clown, Booster: engine.Moustachio}, engine.Loadout{Character: engine.Zombie, Booster: engine.Regenerative}, 66103},
		{engine.Loadout{Character: engine.Ninja, Booster: engine.NoBooster}, engine.Loadout{Character: engine.Zombie, Booster: engine.ZombieCorps}, 5153},
		{engine.Loadout{Character: engine.Samurai, Booster: engine.Atlas}, engine.Loadout{Character: engine.Clown, Booster: engine.Backwards}, 12003},
	} {
		// The perft counts include states with a stuck player, which
		// the solver values directly instead of expanding.
		for _, p := range [2][2]engine.Loadout{{c.a, c.b}, {c.b, c.a}} {
			g := NewGraph(p[0], p[1])
			if got := g.Len() + stuckStates(g); got != c.want {
				t.Errorf("case %d: %v vs %v: %d states + %d stuck, want %d", k, p[0], p[1], g.Len(), stuckStates(g), c.want)
			}
		}
	}
	if testing.Short() {
		return
	}
	ls := engine.Loadouts()
	total, largest := 0, 0
	for i, a := range ls {
		for _, b := range ls[i+1:] {
			if a.Character != b.Character {
				n := NewGraph(a, b).Len()
				total += n
				largest = max(largest, n)
			}
		}
	}
	if total < 660000 || total > 680000 || largest != 66103 {
		t.Errorf("%d states over the 54 pairings, largest %d; want about 670 thousand and 66103", total, largest)
	}
	t.Logf("%d states over the 54 unordered pairings, largest %d", total, largest)
}

func TestSCCStats(t *testing.T) {
	g := NewGraph(engine.Loadout{Character: engine.Zombie, Booster: engine.Regenerative}, engine.Loadout{Character: engine.Clown, Booster: engine.Moustachio})
	comps, _ := sccs(g.Len(), func(v int32, dst []int32) []int32 { return append(dst, g.Row(v)...) })
	hist := map[int]int{}
	big := 0
	for _, c := range comps {
		b := 1
		for b < len(c) {
			b *= 2
		}
		hist[b]++
		big = max(big, len(c))
	}
	t.Logf("comps %d max %d hist %v", len(comps), big, hist)
}
