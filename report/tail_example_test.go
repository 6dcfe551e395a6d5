package report_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
)

// The end of a run: the manifest says what kind of run it was, Tail
// writes its derived tables into the run directory and its report.
func ExampleTail() {
	var p analysis.Pairing // A=0 "greedy" against B=1 "random"
	p.B = 1
	p.Seat[0] = analysis.Record{Wins: 70, Draws: 5, Losses: 25}
	p.Seat[1] = analysis.Record{Wins: 65, Draws: 5, Losses: 30}
	p.Pentanomial = [5]int64{5, 5, 40, 10, 40}
	counts := &analysis.Tournament{Bots: []string{"greedy", "random"}, Pairings: []analysis.Pairing{p}}
	man := &results.Manifest{Kind: results.KindTournament, Seed: 7, GamesPerPairing: 200, GamesPlanned: 200, GamesDone: 200, Complete: true}
	tmp, err := os.MkdirTemp("", "run")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(tmp)
	dir, err := results.Create(filepath.Join(tmp, "run"))
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := report.Tail(os.Stdout, report.End{Dir: dir, Manifest: man, Counts: counts, Format: ""}); err != nil {
		fmt.Println(err)
		return
	}
	files, _ := dir.Files()
	fmt.Println(files)
	// Output:
	// [crosstable.csv loadouts.csv metagame.csv pairings.csv picks.csv ratings.csv]
}
