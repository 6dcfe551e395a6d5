package nash_test

import (
	"fmt"
	"strings"

	"github.com/nzsclab/nzsc/analysis/nash"
)

func ExampleExact() {
	// A zero-sum game written with fractions, solved in floating point,
	// then made exact: the value is 1/21.
	game, _ := nash.ReadCSV(strings.NewReader("1,-1/3\n-2/3,1/3\n"))
	a, err := game.Rationals()
	if err != nil {
		panic(err)
	}
	e, err := nash.OneZeroSum(game.Payoff)
	if err != nil {
		panic(err)
	}
	r, err := nash.Exact(e, a, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println("value", r.Value.RatString(), "rows", r.Rows[0], "columns", r.Cols[0], "inexact", r.Inexact)
	// Output: value 1/21 rows [3/7 4/7] columns [2/7 5/7] inexact 0
}
