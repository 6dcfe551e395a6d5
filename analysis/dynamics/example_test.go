package dynamics_test

import (
	"fmt"

	"github.com/nzsclab/nzsc/analysis/dynamics"
)

// Rock–paper–scissors as score shares: α-Rank spreads its mass evenly
// over the cycle, and a single mutant's chance to take over a Moran
// population of 10 is the same for each.
func Example() {
	p, err := dynamics.NewPayoff([]string{"rock", "paper", "scissors"}, [][]float64{
		{0.5, 0, 1},
		{1, 0.5, 0},
		{0, 1, 0.5},
	})
	if err != nil {
		panic(err)
	}
	an, err := dynamics.Analyze(p, dynamics.Options{Population: 10})
	if err != nil {
		panic(err)
	}
	for i, name := range p.Names {
		fmt.Printf("%-8s α-Rank %.3f  Moran %.3f\n", name, an.AlphaRank.Stationary[i], an.Moran.Stationary[i])
	}
	fmt.Printf("paper invading rock fixes with probability %.3f (neutral %.3f)\n", an.Moran.Fixation[0][1], an.Moran.Neutral())
	// Output:
	// rock     α-Rank 0.333  Moran 0.333
	// paper    α-Rank 0.333  Moran 0.333
	// scissors α-Rank 0.333  Moran 0.333
	// paper invading rock fixes with probability 0.579 (neutral 0.100)
}
