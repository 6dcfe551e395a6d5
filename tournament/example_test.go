package tournament_test

import (
	"context"
	"fmt"

	"github.com/nzsclab/nzsc/tournament"
)

// count is a game-agnostic aggregate: pairs played and how many of their
// seeds were odd.
type count struct{ Pairs, OddSeeds uint64 }

func (c *count) Merge(d *count) { c.Pairs += d.Pairs; c.OddSeeds += d.OddSeeds }

// coin "plays" a pair by looking at its seed.
type coin struct{}

func (coin) PlayPair(c *count, _, seed uint64) error {
	c.Pairs++
	c.OddSeeds += seed & 1
	return nil
}

func (coin) Close() error { return nil }

func ExampleRun() {
	plan := tournament.Plan{Seed: 42, Pairs: 10_000, Workers: 4}
	rep, err := tournament.Run[count](context.Background(), plan,
		func(int) (tournament.Worker[count], error) { return coin{}, nil }, nil)
	if err != nil {
		panic(err)
	}
	// The same for any Workers: the seeds depend on (42, pair) only.
	fmt.Println(rep.Total.Pairs, rep.Total.OddSeeds, len(rep.Finished), rep.Interrupted)
	// Output: 10000 5046 20 false
}

func ExampleShardChunks() {
	plan := tournament.Plan{Pairs: 5000}
	for i := range 3 {
		cs, _ := tournament.ShardChunks(plan.NumChunks(), i, 3)
		fmt.Println(i, cs, plan.PairsIn(cs))
	}
	// Output:
	// 0 [0 3 6 9] 1928
	// 1 [1 4 7] 1536
	// 2 [2 5 8] 1536
}
