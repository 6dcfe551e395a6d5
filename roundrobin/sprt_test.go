package roundrobin

import (
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// TestSPRTLook: looks fall at batch ends only, once each; an even score
// with much spread goes on; a pairing that wins every pair decides for
// H1 and stops the run.
func TestSPRTLook(t *testing.T) {
	test := analysis.SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05, Model: analysis.Logistic}
	// counts returns a tournament of pairs seat-swapped game pairs: all
	// won (both games), or half won and half lost (an even score with
	// much spread, which decides nothing yet).
	counts := func(pairs int64, won bool) *analysis.Tournament {
		var p analysis.Pairing
		if won {
			p.Pentanomial[4] = pairs
			p.Seat[0].Wins, p.Seat[1].Wins = pairs, pairs
		} else {
			p.Pentanomial[0], p.Pentanomial[4] = pairs/2, pairs/2
			p.Seat[0].Wins, p.Seat[1].Wins = pairs/2, pairs/2
			p.Seat[0].Losses, p.Seat[1].Losses = pairs/2, pairs/2
		}
		return &analysis.Tournament{Pairings: []analysis.Pairing{p}}
	}
	st := &results.SPRTState{BatchPairs: 50}
	var verdict analysis.Verdict
	var told []uint64
	look := SPRTLook(st, test, 1000, &verdict, func(l results.SPRTLook) { told = append(told, l.Games) })
	for i, c := range []struct {
		pairs int64
		won   bool
		stop  bool
		looks int
	}{
		{30, false, false, 0}, // inside the first batch: no look
		{50, false, false, 1}, // a batch's end: even, go on
		{50, false, false, 1}, // the same batch again: no second look
		{100, true, true, 2},  // 200 won games: H1
	} {
		stop, err := look(counts(c.pairs, c.won))
		if err != nil || stop != c.stop || len(st.Looks) != c.looks {
			t.Errorf("case %d: stop %v (error %v), %d looks; want stop %v, %d looks", i, stop, err, len(st.Looks), c.stop, c.looks)
		}
	}
	if verdict != analysis.AcceptH1 || st.Verdict != analysis.AcceptH1.String() || len(told) != 2 || told[0] != 100 || told[1] != 200 {
		t.Errorf("verdict %v (state %q), told %v; want H1 after looks at 100 and 200 games", verdict, st.Verdict, told)
	}
	if l := st.Looks[1]; l.WDL != [3]uint64{200, 0, 0} || l.Pentanomial[4] != 100 {
		t.Errorf("last look %+v", l)
	}
}

// TestSPRTLookTable: at three or four seats the test reads the one
// table's pentanomial, and its record is bot 0 finishing ahead of, level
// with or behind bot 1 (TableCounts.Versus), whatever the field did.
func TestSPRTLookTable(t *testing.T) {
	test := analysis.SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05, Model: analysis.Logistic}
	tc := analysis.TableCounts{Bots: []int{0, 1, 2}, Pentanomial: [5]int64{0, 0, 10, 0, 90}}
	tc.Finishes[analysis.FinishKey([]int{1, 2, 3})] = 150 // ahead
	tc.Finishes[analysis.FinishKey([]int{2, 3, 1})] = 30  // ahead, the field first
	tc.Finishes[analysis.FinishKey([]int{1, 1, 3})] = 12  // level
	tc.Finishes[analysis.FinishKey([]int{3, 1, 2})] = 8   // behind
	st := &results.SPRTState{BatchPairs: 100}
	var verdict analysis.Verdict
	look := SPRTLook(st, test, 1000, &verdict, nil)
	stop, err := look(&analysis.Tournament{Tables: []analysis.TableCounts{tc}})
	if err != nil || !stop || verdict != analysis.AcceptH1 || len(st.Looks) != 1 {
		t.Fatalf("stop %v (error %v), verdict %v, %d looks; want H1 at the first look", stop, err, verdict, len(st.Looks))
	}
	if l := st.Looks[0]; l.Games != 200 || l.WDL != [3]uint64{180, 12, 8} || l.Pentanomial != tc.Pentanomial {
		t.Errorf("look %+v; want 200 games, W 180 D 12 L 8 and the table's pentanomial", l)
	}
}
