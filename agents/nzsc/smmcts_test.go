package nzsc

import (
	"fmt"
	"hash/fnv"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

// TestMCTSDecisionsPinned pins the two-player mcts's games for fixed
// seeds, one hash a selection rule. The hashes were taken from the bot
// before it was folded onto agents.SMSearch (the same games): a change of the
// search that changes any decision for a seed fails here, and must then
// be measured for strength and the hashes renewed on purpose.
func TestMCTSDecisionsPinned(t *testing.T) {
	want := map[string]uint64{
		"mcts:iters=150":             0x5ba2f1aa4bce5b0,
		"mcts:iters=150,select=exp3": 0xe8e2904d105bc0e4,
		"mcts:iters=150,select=duct": 0xd0180e14312000f6,
	}
	for spec, w := range want {
		a, b := mustNew(t, spec), mustNew(t, "random")
		tab := agents.NewTable()
		h := fnv.New64a()
		for g := range uint64(4) {
			tab.Play(nz.DefaultRules, g, a, b)
			fmt.Fprint(h, tab.History)
			tab.Play(nz.DefaultRules, g, b, a)
			fmt.Fprint(h, tab.History)
		}
		if got := h.Sum64(); got != w {
			t.Errorf("%s: games hash %#x, want %#x", spec, got, w)
		}
	}
}
