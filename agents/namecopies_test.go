package agents_test

import (
	"fmt"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/nzsc"  // two-player NZSC's bots
	_ "github.com/nzsclab/nzsc/agents/nzscn" // random, greedy at 3 or 4 seats
	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games"
)

// parseAll parses specs for NZSC at seats and checks their names as a
// match does (CheckNames, mirror).
func parseAll(t testing.TB, seats int, specs ...string) ([]*agents.Bot, game.Game) {
	t.Helper()
	g, err := game.Build("nzsc", seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bots []*agents.Bot
	for _, s := range specs {
		b, err := agents.ParseForSeats("nzsc", seats, s)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	if err := agents.CheckNames(bots, true); err != nil {
		t.Fatal(err)
	}
	return bots, g
}

// A match of four seats lists random three times: the copies are named
// random2 and random3, skipping a name another bot already has.
func ExampleNameCopies() {
	g, _ := game.Build("nzsc", 4, nil)
	var bots []*agents.Bot
	for _, s := range []string{"random", "random", "greedy:name=random2", "random"} {
		b, _ := agents.ParseForSeats("nzsc", 4, s)
		bots = append(bots, b)
	}
	bots, err := agents.NameCopies(bots, g)
	for _, b := range bots {
		fmt.Println(b.Name(), b.Spec)
	}
	fmt.Println(err)
	// Output:
	// random random
	// random3 random:name=random3
	// random2 greedy:name=random2
	// random4 random:name=random4
	// <nil>
}

// TestNameCopies: copies are named at 3 or 4 seats, each with its own
// options kept; two seats keep the specs as they are (A and B).
func TestNameCopies(t *testing.T) {
	for i, c := range []struct {
		seats int
		specs []string
		want  []string
	}{
		{3, []string{"random", "random", "greedy"}, []string{"random", "random2", "greedy"}},
		{3, []string{"greedy", "random", "random"}, []string{"greedy", "random", "random2"}},
		{4, []string{"random", "random", "random", "random"}, []string{"random", "random2", "random3", "random4"}},
		// The name of a spec with options is the spec (the CLI's
		// naming, kept as it was).
		{3, []string{"mcts:iters=5", "mcts:iters=5", "random"}, []string{"mcts:iters=5", "mcts:iters=5#2", "random"}},
		{2, []string{"random", "random"}, []string{"random", "random"}},
	} {
		bots, g := parseAll(t, c.seats, c.specs...)
		got, err := agents.NameCopies(bots, g)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		for k, b := range got {
			if b.Name() != c.want[k] {
				t.Errorf("case %d: seat %d named %q, want %q", i, k, b.Name(), c.want[k])
			}
		}
	}
}
