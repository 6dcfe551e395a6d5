package report_test

import (
	"bytes"
	"fmt"
	"regexp"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/report"
)

// A tournament's page: its charts and sortable tables, in one file.
func ExampleHTML() {
	var p analysis.Pairing // A=0 "greedy" against B=1 "random"
	p.B = 1
	p.Seat[0] = analysis.Record{Wins: 70, Draws: 5, Losses: 25}
	p.Seat[1] = analysis.Record{Wins: 65, Draws: 5, Losses: 30}
	t := &analysis.Tournament{Bots: []string{"greedy", "random"}, Pairings: []analysis.Pairing{p}}
	var b bytes.Buffer
	if err := report.HTML(&b, analysis.Summarize(t), nil); err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range regexp.MustCompile(`<(svg|table) id="([^"]+)"`).FindAllStringSubmatch(b.String(), 6) {
		fmt.Println(m[1], m[2])
	}
	// Output:
	// svg c-ratings
	// table t-ranking
	// svg c-spread
	// table t-spread
	// svg c-cross
	// table t-cross
}
