package npzr_test

import (
	"fmt"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"
	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games"
)

// Greedy against random in one game of NPZR, through the generic table.
func Example() {
	g, err := game.Build("npzr", 2, game.Rules{"copies": "4"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var bots []agents.Player
	for _, spec := range []string{"greedy", "random"} {
		b, err := agents.ParseFor("npzr", spec)
		if err != nil {
			fmt.Println(err)
			return
		}
		p, err := b.NewPlayer()
		if err != nil {
			fmt.Println(err)
			return
		}
		bots = append(bots, p)
	}
	res := agents.NewPlayerTable().Play(g, 1, bots)
	fmt.Println("winner:", res.Outcome.Winner, "characters:", res.Outcome.Score[0], "to", res.Outcome.Score[1])
	// Output:
	// winner: 0 characters: 4 to 0
}
