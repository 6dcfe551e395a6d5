package nzscn_test

import (
	"fmt"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// TestGreedyCopiesFinish plays greedy against copies of itself at 3 and
// 4 seats: each game must end before the turn cap. Before repicks were
// drawn at random, two greedy seats picked the same best character at
// every repick and every such game was a draw at the cap; with that
// alone, 8 games of 200 with three greedy seats still cycled through
// the same moves to the cap until a move after every seat's block was
// drawn too.
// (3000 seeds a table pass.)
func TestGreedyCopiesFinish(t *testing.T) {
	seeds := 200
	if testing.Short() {
		seeds = 40
	}
	for seats := 3; seats <= 4; seats++ {
		for copies := 2; copies <= seats; copies++ {
			specs := []string{"random", "classic", "random", "classic"}[:seats]
			for i := range copies {
				specs[i] = "greedy"
			}
			g := newGame(t, seats)
			tab := agents.NewPlayerTable()
			capped := 0
			for seed := range uint64(seeds) {
				res := tab.Play(g, seed, newBots(t, seats, specs...))
				if res.Steps >= nzsc.DefaultRules.TurnCap {
					capped++
				}
			}
			if capped > 0 {
				t.Errorf("%v: %d of %d games reached the turn cap (%d turns), want none", specs, capped, seeds, nzsc.DefaultRules.TurnCap)
			}
		}
	}
}

// TestGreedyRepickDeterministic checks that the random repick comes from
// the game's seed: two runs of every seed of an all-greedy table agree.
func TestGreedyRepickDeterministic(t *testing.T) {
	g := newGame(t, 4)
	tab := agents.NewPlayerTable()
	specs := []string{"greedy", "greedy", "greedy", "greedy"}
	for seed := range uint64(20) {
		var runs [2]string
		for k := range runs {
			res := tab.Play(g, seed, newBots(t, 4, specs...))
			runs[k] = fmt.Sprint(res.Outcome, res.Steps)
		}
		if runs[0] != runs[1] {
			t.Fatalf("seed %d: two runs differ: %s and %s", seed, runs[0], runs[1])
		}
	}
}
