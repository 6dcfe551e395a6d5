package agents_test

import (
	"fmt"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// A runner parses each bot spec once, builds one instance per worker, and
// plays games from seeds on a Table, which it reuses so that games
// allocate nothing. The same seed replays the same game.
func Example() {
	a, err := agents.Parse("greedy")
	if err != nil {
		panic(err)
	}
	b, err := agents.Parse("classic")
	if err != nil {
		panic(err)
	}
	greedy, _ := a.New()
	classic, _ := b.New()
	table := agents.NewTable()
	for seed := uint64(1); seed <= 3; seed++ {
		out := table.Play(nzsc.DefaultRules, seed, greedy, classic)
		s := out.State
		fmt.Printf("seed %d: %v vs %v, %d-%d after %d turns, %v\n", seed,
			s.Loadout(0), s.Loadout(1), s.Points(0), s.Points(1), len(table.History), s.Result)
	}
	_, err = agents.Parse("mcts:iters=ten")
	fmt.Println(err)
	// Output:
	// seed 1: Zombie/Regenerative vs Ninja/Speedy, 5-3 after 13 turns, first seat wins
	// seed 2: Samurai/Atlas vs Zombie/Zombie Corps, 4-5 after 13 turns, second seat wins
	// seed 3: Zombie/Regenerative vs Samurai/Strong, 1-5 after 9 turns, second seat wins
	// bot mcts:iters=ten: parameter iters="ten" is not an integer
}
