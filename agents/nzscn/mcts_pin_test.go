package nzscn_test

import (
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/nzsclab/nzsc/agents"
)

// TestMCTSDecisionsPinned pins the 3-4 player mcts's games for fixed
// seeds, one hash a selection rule and table size. The hashes were taken
// from the bot before it was folded onto agents.SMSearch (the same
// games): a change of the search that changes any decision for a seed
// fails here, and must then be measured and the hashes renewed on purpose.
func TestMCTSDecisionsPinned(t *testing.T) {
	want := map[string]uint64{
		"3 mcts:iters=100":             0x22bfb2197f48c96c,
		"3 mcts:iters=100,select=duct": 0x210c5afca8e95672,
		"4 mcts:iters=100":             0x3166ed514db2c17,
		"4 mcts:iters=100,select=duct": 0x580eb3ff045e2d9b,
	}
	for key, w := range want {
		var seats int
		var spec string
		fmt.Sscan(key, &seats, &spec)
		g := newGame(t, seats)
		tab := agents.NewPlayerTable()
		tab.Record = true
		h := fnv.New64a()
		for seed := range uint64(3) {
			specs := []string{spec, "random", "greedy", spec}[:seats]
			res := tab.Play(g, seed, newBots(t, seats, specs...))
			fmt.Fprint(h, res.Outcome, res.Steps)
		}
		if got := h.Sum64(); got != w {
			t.Errorf("%s: games hash %#x, want %#x", key, got, w)
		}
	}
}
