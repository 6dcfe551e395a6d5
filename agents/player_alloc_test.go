package agents

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// TestPlayerTableAllocatesNothing plays whole games of two-player NZSC
// through PlayerTable from states made beforehand (the game contract's
// NewState allocates the state itself): the table, the bots' adapters and
// the game's steps must allocate nothing, so that a worker's millions of
// games cost the collector nothing.
func TestPlayerTableAllocatesNothing(t *testing.T) {
	const runs = 200
	g := nzsc.NewContractGame(nzsc.DefaultRules)
	states := make([]game.State, runs+1) // AllocsPerRun calls once more to warm up
	for i := range states {
		states[i] = g.NewState(uint64(i))
	}
	bots := []Player{AsPlayer(randomBot()), AsPlayer(randomBot())}
	tb := NewPlayerTable()
	i := 0
	allocs := testing.AllocsPerRun(runs, func() {
		tb.PlayFrom(g, states[i], nil, uint64(i), bots)
		i++
	})
	if allocs != 0 {
		t.Errorf("a game through PlayerTable allocates %v times, want 0", allocs)
	}
}
