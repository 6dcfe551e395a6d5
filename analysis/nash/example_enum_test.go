package nash_test

import (
	"fmt"
	"strings"

	"github.com/nzsclab/nzsc/analysis/nash"
)

func ExampleAllBimatrix() {
	// Battle of the sexes: two pure equilibria and a mixed one.
	row, _ := nash.ReadCSV(strings.NewReader(",Opera,Football\nOpera,3,0\nFootball,0,2\n"))
	col, _ := nash.ReadCSV(strings.NewReader("2,0\n0,3\n"))
	e, err := nash.AllBimatrix(row.Payoff, col.Payoff)
	if err != nil {
		panic(err)
	}
	for _, q := range e.Equilibria {
		fmt.Printf("%s plays %.2f, the other %.2f\n", row.Rows, e.Rows[q.Row], e.Cols[q.Col])
	}
	fmt.Println("degenerate:", e.Degenerate)
	// Output:
	// [Opera Football] plays [0.00 1.00], the other [0.00 1.00]
	// [Opera Football] plays [1.00 0.00], the other [1.00 0.00]
	// [Opera Football] plays [0.60 0.40], the other [0.40 0.60]
	// degenerate: false
}

func ExampleAllZeroSum() {
	// The row player's third strategy is as good as an even mix of the
	// first two: a segment of optimal strategies.
	row, _ := nash.ReadCSV(strings.NewReader("3,1\n1,3\n2,2\n"))
	e, err := nash.AllZeroSum(row.Payoff)
	if err != nil {
		panic(err)
	}
	fmt.Printf("value %.1f, extreme row strategies %.2f, columns %.2f, unique %v\n", e.Value, e.Rows, e.Cols, e.Unique())
	// Output: value 2.0, extreme row strategies [[0.00 0.00 1.00] [0.50 0.50 0.00]], columns [[0.50 0.50]], unique false
}
