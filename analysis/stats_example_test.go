package analysis_test

import (
	"fmt"

	"github.com/nzsclab/nzsc/analysis"
)

func ExampleEloPairs() {
	// Pairs in which the new version scored 0, ½, 1, 1½, 2 points.
	e := analysis.EloPairs([5]int64{352, 579, 1264, 743, 464})
	fmt.Printf("Elo %.2f ± %.2f, score %.4f\n", e.Elo, e.Err, e.Score)
	// Output: Elo 19.83 ± 6.77, score 0.5285
}

func ExampleWilson() {
	lo, hi := analysis.Wilson(8, 10)
	fmt.Printf("8/10: [%.4f, %.4f], Elo of 0.75: %.2f\n", lo, hi, analysis.EloDiff(0.75))
	// Output: 8/10: [0.4902, 0.9433], Elo of 0.75: 190.85
}
