package results_test

import (
	"fmt"

	"github.com/nzsclab/nzsc/results"
)

func ExampleCounts_SetFinished() {
	var c results.Counts
	c.SetFinished([]uint64{0, 1, 2, 3, 7, 9, 10})
	fmt.Println(c.Finished)
	fmt.Println(c.FinishedChunks())
	// Output:
	// [[0 3] [7 7] [9 10]]
	// [0 1 2 3 7 9 10]
}
