package roundrobin_test

import (
	"context"
	"fmt"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/roundrobin"
)

func ExampleConfig_Pairings() {
	var bots []*agents.Bot
	for _, s := range []string{"random", "classic", "greedy"} {
		b, _ := agents.Parse(s)
		bots = append(bots, b)
	}
	rr := roundrobin.Config{Bots: bots, Gauntlet: -1}
	g := roundrobin.Config{Bots: bots, Gauntlet: 2}
	fmt.Println("round robin:", rr.Pairings())
	fmt.Println("gauntlet of greedy:", g.Pairings())
	// Output:
	// round robin: [[0 1] [0 2] [1 2]]
	// gauntlet of greedy: [[2 0] [2 1]]
}

func ExamplePlay() {
	var bots []*agents.Bot
	for _, s := range []string{"random", "greedy"} {
		b, _ := agents.Parse(s)
		bots = append(bots, b)
	}
	cfg := &roundrobin.Config{Bots: bots, Gauntlet: -1, PairsPerPairing: 500, Seed: 1, Rules: nzsc.DefaultRules}
	res, err := roundrobin.Play(context.Background(), cfg, roundrobin.Options{Workers: 2})
	if err != nil {
		panic(err)
	}
	p := res.Counts.Pairings[0]
	fmt.Println(res.Counts.Bots[p.A], "vs", res.Counts.Bots[p.B], "games:", p.Games(), "interrupted:", res.Interrupted)
	// Output: random vs greedy games: 1000 interrupted: false
}
