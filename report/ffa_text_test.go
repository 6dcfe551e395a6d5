package report

import (
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// TestFFATextNoGames: a 3-4 seat run stopped before its first game
// says so, as a two-player one does, instead of a ranking of NaN and
// ±Inf; a stopped run says it is incomplete.
func TestFFATextNoGames(t *testing.T) {
	ft := &analysis.Tournament{Bots: []string{"alpha", "beta", "gamma"}, Tables: []analysis.TableCounts{{Bots: []int{0, 1, 2}}}}
	fs, err := analysis.SummarizeFFA(ft)
	if err != nil {
		t.Fatal(err)
	}
	m := &results.Manifest{Kind: "tournament", Seats: 3, Seed: 9, GamesPerPairing: 6, GamesPlanned: 6}
	var b strings.Builder
	if err := FFAText(&b, fs, m, Options{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, "NaN") || strings.Contains(out, "Inf") || !strings.Contains(out, "no games played") || !strings.Contains(out, "INCOMPLETE") {
		t.Errorf("a run with no games:\n%s", out)
	}
}
