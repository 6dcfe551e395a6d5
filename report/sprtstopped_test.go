package report

import (
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// TestSPRTStoppedBetweenLooks: a test deciding after every pair, stopped
// between two looks (its last at 128 games, 140 read and saved), reports
// the 140 games: their counts, their LLR, a last point in its looks. It
// reported its last look's 128 (0 games before the first look). An older
// test, deciding at batch ends, did not read the games after its last
// look: its report stays there.
func TestSPRTStoppedBetweenLooks(t *testing.T) {
	// 70 pairs: 10 lost both, 20 one each, 40 won both; A's record
	// 100-40 (seat 0: 50-20, seat 1: 50-20).
	penta := [5]int64{10, 0, 20, 0, 40}
	counts := &analysis.Tournament{Bots: []string{"new", "base"}, Pairings: []analysis.Pairing{{A: 0, B: 1,
		Seat: [2]analysis.Record{{Wins: 50, Losses: 20}, {Wins: 50, Losses: 20}}, Pentanomial: penta}}}
	test := analysis.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	for _, everyPair := range []bool{true, false} {
		st := &results.SPRTState{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: "logistic", BatchPairs: 32, EveryPair: everyPair,
			Looks: []results.SPRTLook{{Games: 64, LLR: 0.1}, {Games: 128, LLR: 0.2, WDL: [3]uint64{90, 0, 38}}}}
		man := &results.Manifest{Kind: results.KindSPRT, SPRT: st, GamesPlanned: 6000, GamesDone: 140, Interrupted: true}
		o, _, err := sprtOf(man, counts)
		if err != nil {
			t.Fatal(err)
		}
		type result struct {
			games, wins, losses uint64
			llr                 float64
			looks               int
		}
		got := result{o.Games, o.Wins, o.Losses, o.LLR, len(o.Looks)}
		want := result{140, 100, 40, test.LLR(penta), 3}
		if !everyPair {
			want = result{128, 90, 38, 0.2, 2}
		}
		if got != want || o.Verdict != "interrupted" || o.Looks[len(o.Looks)-1].Games != want.games {
			t.Errorf("every pair %v: %+v, verdict %q, looks %v; want %+v", everyPair, got, o.Verdict, o.Looks, want)
		}
		if everyPair && (o.Pentanomial != penta || !o.measured()) {
			t.Errorf("pentanomial %v, Elo %v: want the counts' %v and their estimate", o.Pentanomial, o.Elo, penta)
		}
	}
	if test.LLR(penta) <= 0.2 {
		t.Fatalf("LLR %g: the counts do not tell themselves from the last look", test.LLR(penta))
	}
}
