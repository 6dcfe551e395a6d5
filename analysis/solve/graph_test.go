package solve

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// stuckStates counts the distinct states with a stuck player that g's
// states lead to.
func stuckStates(g *Graph) int {
	seen := map[Key]bool{}
	for k := range g.Len() {
		for i := range int(g.NA[k]) {
			for j := range int(g.NB[k]) {
				t := g.States[k]
				t.Step(nzsc.Choice(g.Moves[k][0][i]), nzsc.Choice(g.Moves[k][1][j]))
				if t.Phase != nzsc.GameOver && (t.Stuck(0) || t.Stuck(1)) {
					t.Turn = 0
					seen[KeyOf(&t)] = true
				}
			}
		}
	}
	return len(seen)
}

// TestStateCounts cross-checks the solver's state space with the
// engine's perft test (engine/nzsc/perft_test.go), whose "solver states" are
// counted by two independent enumerations, and with the totals:
// about 670 thousand states over the 54 unordered pairings.
func TestStateCounts(t *testing.T) {
	for k, c := range []struct {
		a, b nzsc.Loadout
		want int
	}{
		{nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.Shadow}, nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.Strong}, 3425},
		{nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.NoBooster}, nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.NoBooster}, 2400},
		{nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.Moustachio}, nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.Regenerative}, 66103},
		{nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.NoBooster}, nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.ZombieCorps}, 5153},
		{nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.Atlas}, nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.Backwards}, 12003},
	} {
		// The perft counts include states with a stuck player, which
		// the solver values directly instead of expanding.
		for _, p := range [2][2]nzsc.Loadout{{c.a, c.b}, {c.b, c.a}} {
			g := NewGraph(p[0], p[1])
			if got := g.Len() + stuckStates(g); got != c.want {
				t.Errorf("case %d: %v vs %v: %d states + %d stuck, want %d", k, p[0], p[1], g.Len(), stuckStates(g), c.want)
			}
		}
	}
	if testing.Short() {
		return
	}
	ls := nzsc.Loadouts()
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
	g := NewGraph(nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.Regenerative}, nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.Moustachio})
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
