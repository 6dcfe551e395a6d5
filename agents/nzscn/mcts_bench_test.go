package nzscn_test

import (
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
)

// BenchmarkMCTSDecision times one 4-player mcts decision (default budget,
// 1000 iterations) on positions from greedy games: the cost per
// iteration is this over 1000.
func BenchmarkMCTSDecision(b *testing.B) {
	type pos struct {
		obs   game.Observation
		legal []game.Action
		seat  int
	}
	g := newGame(b, 4)
	drivers := newBots(b, 4, "greedy", "greedy", "greedy", "greedy")
	var positions []pos
	for seed := range uint64(4) {
		for i, d := range drivers {
			d.NewGame(g, i, rand.New(rand.NewPCG(seed, uint64(i))))
		}
		st := g.NewState(seed)
		acts := make([]game.Action, 4)
		var toAct []int
		for !st.Over() && len(positions) < 200 {
			for i := range acts {
				acts[i] = game.Pass
			}
			toAct = st.ToAct(toAct)
			for _, s := range toAct {
				legal := st.Legal(s, nil)
				if len(legal) == 0 {
					continue
				}
				if len(legal) > 1 {
					// A copy of the state keeps the observation valid.
					positions = append(positions, pos{obs: st.Clone().Observe(s), legal: legal, seat: s})
				}
				acts[s] = drivers[s].Act(st.Observe(s), legal)
			}
			if err := st.Apply(acts); err != nil {
				b.Fatal(err)
			}
		}
	}
	if len(positions) == 0 {
		b.Fatal("no positions")
	}
	bot := newBots(b, 4, "mcts")[0]
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := &positions[i%len(positions)]
		bot.NewGame(g, p.seat, rand.New(rand.NewPCG(uint64(i), 4)))
		bot.Act(p.obs, p.legal)
		i++
	}
}
