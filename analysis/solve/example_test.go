package solve_test

import (
	"fmt"

	"github.com/nzsclab/nzsc/analysis/solve"
)

// Rock-paper-scissors as a matrix game: value 0, both players uniform.
func ExampleSolveMatrix() {
	g := solve.Matrix{M: 3, N: 3, A: [solve.MaxSide][solve.MaxSide]float64{
		{0, -1, 1},
		{1, 0, -1},
		{-1, 1, 0},
	}}
	var e solve.Equilibrium
	solve.SolveMatrix(&g, &e)
	fmt.Printf("value %.3f, row %.3f, column %.3f, certified: %v\n", e.Value+0, e.X[:3], e.Y[:3], e.Gap() <= 1e-12)
	// Output: value 0.000, row [0.333 0.333 0.333], column [0.333 0.333 0.333], certified: true
}

// The variants of a sweep: a range and a list span their cross product.
func ExampleExpandRules() {
	vs, err := solve.ExpandRules([]string{"points=3..4", "headstarts=on,off"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range vs {
		fmt.Println(r.Options())
	}
	// Output:
	// map[points:3 turn_cap:1000]
	// map[headstarts:off points:3 turn_cap:1000]
	// map[points:4 turn_cap:1000]
	// map[headstarts:off points:4 turn_cap:1000]
}
