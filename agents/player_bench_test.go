package agents_test

import (
	"testing"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"
	_ "github.com/nzsclab/nzsc/agents/nzscn"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

// The generic table's own cost (agents.PlayerTable and the game
// contract, with random bots as Players): a game of 3- and 4-player
// NZSC and one of NPZR per operation, steps/game reported.
// agents/nzsc's BenchmarkPlayerTableTurn is the two-player form.

func BenchmarkPlayerTableGame(b *testing.B) {
	g3, err := nzscn.NewGame(3, nzsc.DefaultRules)
	if err != nil {
		b.Fatal(err)
	}
	g4, err := nzscn.NewGame(4, nzsc.DefaultRules)
	if err != nil {
		b.Fatal(err)
	}
	gn, err := npzr.NewGame(npzr.DefaultRules)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		g    game.Game
	}{{"nzsc3", g3}, {"nzsc4", g4}, {"npzr", gn}} {
		b.Run(c.name, func(b *testing.B) {
			spec, err := agents.ParseForSeats(c.g.Info().Name, c.g.Seats(), "random")
			if err != nil {
				b.Fatal(err)
			}
			bots := make([]agents.Player, c.g.Seats())
			for i := range bots {
				if bots[i], err = spec.NewPlayer(); err != nil {
					b.Fatal(err)
				}
			}
			t := agents.NewPlayerTable()
			steps, seed := 0, uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				seed++
				steps += t.Play(c.g, seed, bots).Steps
			}
			b.ReportMetric(float64(steps)/float64(b.N), "steps/game")
		})
	}
}
