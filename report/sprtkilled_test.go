package report

import (
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// TestSPRTKilledIsNoMaxGamesVerdict: a test whose directory says
// neither complete nor interrupted was killed (kill -9, a second
// Ctrl-C, a power cut) or is being played: its report must not say it
// ran to its most games without a verdict ("inconclusive at
// --max-games", which it said after 704 of 6000 games), but that it
// stopped before one; a complete test without a verdict did reach them.
func TestSPRTKilledIsNoMaxGamesVerdict(t *testing.T) {
	counts := &analysis.Tournament{Bots: []string{"new", "base"}, Pairings: []analysis.Pairing{{}}}
	for _, c := range []struct {
		complete, interrupted bool
		want                  string
	}{
		{false, false, "interrupted"},
		{false, true, "interrupted"},
		{true, false, "inconclusive at --max-games"},
	} {
		st := &results.SPRTState{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: "logistic", BatchPairs: 32,
			Looks: []results.SPRTLook{{Games: 64, LLR: 0.1}, {Games: 128, LLR: 0.2}}}
		man := &results.Manifest{Kind: results.KindSPRT, SPRT: st, GamesPlanned: 6000, GamesDone: 128,
			Complete: c.complete, Interrupted: c.interrupted}
		o, _, err := sprtOf(man, counts)
		if err != nil || o.Verdict != c.want {
			t.Errorf("complete %v, interrupted %v: verdict %q (%v), want %q", c.complete, c.interrupted, o.Verdict, err, c.want)
		}
	}
}
