package npzr

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	np "github.com/nzsclab/nzsc/engine/npzr"
)

// searchedPosition returns the first position of a greedy game of seed
// 1 in which ismcts searches (more than one candidate, no win), from
// the seat to act's view.
func searchedPosition(t testing.TB) (*np.Observation, []game.Action) {
	t.Helper()
	g, _ := np.NewGame(np.DefaultRules)
	gr := newBot(t, "greedy")
	gr.NewGame(g, 0, rand.New(rand.NewPCG(1, 2)))
	var b ISMCTS
	var buf [np.MaxLegal]np.Action
	s, _ := np.New(np.DefaultRules, 1)
	for !s.Over() {
		var legal []game.Action
		for _, a := range s.Legal(buf[:0]) {
			legal = append(legal, game.Action(a))
		}
		var o np.Observation
		s.Observe(s.ToAct(), &o)
		b.NewGame(g, o.ToAct, rand.New(rand.NewPCG(1, 2)))
		if _, _, _, search := searchStart(&b.base, &b.p, &o, legal, 6); search {
			return &o, legal
		}
		s.Step(np.Action(gr.Act(&o, legal)))
	}
	t.Fatal("no searched position in the game")
	return nil, nil
}

// liveHeap is the heap in use after a collection.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestISMCTSTreeBounded plays one decision of more iterations than
// ismctsMaxNodes: the tree stops at the cap (each iteration adds at most
// one node, so without the cap it would hold about one per iteration).
// It logs the live heap the decision holds.
func TestISMCTSTreeBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("a decision of over 2^18 iterations")
	}
	iters := ismctsMaxNodes + ismctsMaxNodes/16
	bot := newBot(t, fmt.Sprintf("ismcts:iters=%d", iters)).(*ISMCTS)
	o, legal := searchedPosition(t)
	g, _ := np.NewGame(np.DefaultRules)
	bot.NewGame(g, o.ToAct, rand.New(rand.NewPCG(5, 6)))
	before := liveHeap()
	bot.Act(o, legal)
	after := liveHeap()
	t.Logf("one decision of ismcts:iters=%d: %d nodes, live heap %.1f MB more than before", iters, len(bot.nodes), float64(after-before)/(1<<20))
	if n := len(bot.nodes); n > ismctsMaxNodes {
		t.Fatalf("the tree holds %d nodes, over the cap of %d", n, ismctsMaxNodes)
	}
	runtime.KeepAlive(bot)
}
