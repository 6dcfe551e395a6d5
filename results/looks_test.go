package results

import (
	"math"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
)

// TestCheckLooks: a sequential test's looks as a test takes them pass,
// and looks edited by hand (a look duplicated, its games changed, counts
// that do not add up to its games, an LLR that is not its counts', a
// verdict the LLRs do not give) are refused: a resume goes on from the
// last look and a report reads the verdict from it.
func TestCheckLooks(t *testing.T) {
	settings := SPRTState{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: "logistic", BatchPairs: 100}
	test, err := settings.Test()
	if err != nil {
		t.Fatal(err)
	}
	// look is a look at as many pairs won as lost (games a multiple of
	// 4), its LLR computed as a test does (roundrobin.SPRTLook:
	// analysis.SPRT.LLR of the counts), inside the bounds.
	look := func(games uint64) SPRTLook {
		l := SPRTLook{Games: games, Pentanomial: [5]int64{int64(games / 4), 0, 0, 0, int64(games / 4)}, WDL: [3]uint64{games / 2, 0, games / 2}}
		l.LLR = test.LLR(l.Pentanomial)
		return l
	}
	withLLR := func(l SPRTLook, llr float64) SPRTLook { l.LLR = llr; return l }
	// won is a look where the new bot won every pair: past the upper
	// bound (2.944) at 400 games.
	won := SPRTLook{Games: 400, Pentanomial: [5]int64{0, 0, 0, 0, 200}, WDL: [3]uint64{400, 0, 0}}
	won.LLR = test.LLR(won.Pentanomial)
	if test.Decide(won.LLR) != analysis.AcceptH1 || test.Decide(look(200).LLR) != analysis.Continue || test.Decide(look(500).LLR) != analysis.Continue {
		t.Fatalf("the test's looks: won %v, draws %v", won.LLR, look(500).LLR)
	}
	good := []SPRTLook{look(200), look(400), look(500)} // batches of 100 pairs; the last at the test's 500 games
	for i, c := range []struct {
		looks   []SPRTLook
		verdict string
		want    string
	}{
		{good, "", ""},
		{nil, "", ""},
		{[]SPRTLook{won}, "H1 accepted", ""},
		{[]SPRTLook{look(200), look(200)}, "", "want more than the look before"},
		{[]SPRTLook{look(400), look(200)}, "", "want more than the look before"},
		{[]SPRTLook{look(300)}, "", "looks fall every 200 games"},
		{[]SPRTLook{look(600)}, "", "at most the test's 500"},
		{[]SPRTLook{{Games: 200, Pentanomial: [5]int64{0, 0, 99, 0, 0}, WDL: [3]uint64{100, 0, 100}}}, "", "does not count them"},
		{[]SPRTLook{{Games: 200, Pentanomial: [5]int64{0, 0, 100, 0, 0}, WDL: [3]uint64{100, 0, 99}}}, "", "does not count them"},
		{[]SPRTLook{{Games: 200, Pentanomial: [5]int64{-1, 0, 101, 0, 0}, WDL: [3]uint64{100, 0, 100}}}, "", "does not count them"},
		// Looks that kept their LLR only (legacy, checked against the
		// counts by checkLastLook) come before any that kept counts: a
		// look's counts taken away is refused.
		{[]SPRTLook{{Games: 200, LLR: 0.1}, look(400)}, "", ""},
		{[]SPRTLook{look(200), {Games: 400, LLR: 0.1}}, "", "keeps no pentanomial and record, yet the look before does"},
		// An LLR edited to forge a verdict, with the verdict or without.
		{[]SPRTLook{look(200), withLLR(look(400), 3)}, "H1 accepted", "look 2 at 400 games: llr 3, but its pentanomial [100 0 0 0 100] gives"},
		{[]SPRTLook{look(200), withLLR(look(400), 3)}, "", "look 2 at 400 games: llr 3, but its pentanomial"},
		{[]SPRTLook{withLLR(won, -3)}, "H0 accepted", "look 1 at 400 games: llr -3, but"},
		// A verdict edited, or taken away, or a look past the bounds
		// followed by more.
		{[]SPRTLook{won}, "H0 accepted", `verdict "H0 accepted", but the last look's llr 5.`},
		{[]SPRTLook{won}, "", `no verdict, but the last look's llr 5.`},
		{good, "H1 accepted", `verdict "H1 accepted", but the last look's llr`},
		{[]SPRTLook{won, look(500)}, "", "look 1 at 400 games: llr 5.674 is past the bounds"},
		{nil, "H1 accepted", `verdict "H1 accepted" without a look`},
	} {
		st := settings
		st.Looks, st.Verdict = c.looks, c.verdict
		err := checkLooks(&st, 500)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("case %d: %v, want %q", i, err, c.want)
		}
	}
	st := settings
	st.BatchPairs = 0
	if err := checkLooks(&st, 500); err == nil {
		t.Error("batch_pairs 0 passed")
	}
	st = settings
	st.Model = ""
	if err := checkLooks(&st, 500); err == nil || !strings.Contains(err.Error(), "model") {
		t.Errorf("no model: %v", err)
	}
}

// TestCheckLastLook: a test's saved counts hold its last look's pairs
// and games (more when it was stopped past its last recorded look), and
// exactly them when it decided after every pair; a look's counts edited
// with its LLR are refused.
func TestCheckLastLook(t *testing.T) {
	total := &analysis.Tournament{Pairings: []analysis.Pairing{{Pentanomial: [5]int64{1, 0, 8, 0, 1}}}}
	total.Pairings[0].Seat[0] = analysis.Record{Wins: 5, Draws: 0, Losses: 5}
	total.Pairings[0].Seat[1] = analysis.Record{Wins: 5, Draws: 0, Losses: 5}
	_, _, r := analysis.SPRTCounts(total)
	at := SPRTLook{Games: 20, Pentanomial: [5]int64{1, 0, 8, 0, 1}, WDL: [3]uint64{uint64(r.Wins), uint64(r.Draws), uint64(r.Losses)}}
	before := SPRTLook{Games: 16, Pentanomial: [5]int64{1, 0, 6, 0, 1}, WDL: [3]uint64{at.WDL[0] - 2, at.WDL[1], at.WDL[2] - 2}}
	forged := SPRTLook{Games: 20, Pentanomial: [5]int64{0, 0, 8, 0, 2}, WDL: at.WDL}
	for i, c := range []struct {
		look      SPRTLook
		everyPair bool
		verdict   string
		want      string
	}{
		{at, true, "H1 accepted", ""},
		{at, false, "", ""},
		{before, true, "", ""},
		{before, false, "H1 accepted", ""},
		{before, true, "H1 accepted", "where the test decided, is not these counts"},
		{forged, true, "", "counts more than these counts hold"},
	} {
		st := &SPRTState{EveryPair: c.everyPair, Verdict: c.verdict, Looks: []SPRTLook{c.look}}
		err := checkLastLook(st, total)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("case %d: %v, want %q", i, err, c.want)
		}
	}
}

// TestLooksLLROfManyPairs: a look of ten million pairs, its LLR near 0,
// recorded by another machine whose math.Log rounds one ulp otherwise
// (amd64's assembly against arm64's Go; measured: ln p1i one ulp off
// moves this LLR by 1.55e-9) is read; one moved by a thousandth is not.
// The old check, 1e-9 of the LLR's size (1e-9 here), refused the first.
func TestLooksLLROfManyPairs(t *testing.T) {
	st := SPRTState{Elo0: 0, Elo1: 2, Alpha: 0.05, Beta: 0.05, Model: "logistic", BatchPairs: 5_000_000}
	test, err := st.Test()
	if err != nil {
		t.Fatal(err)
	}
	l := SPRTLook{Games: 20_000_000, Pentanomial: [5]int64{1_000_000, 2_000_000, 3_942_400, 2_057_600, 1_000_000}, WDL: [3]uint64{10_000_000, 0, 10_000_000}}
	want := test.LLR(l.Pentanomial)
	if math.Abs(want) > 1 {
		t.Fatalf("llr %v, want one near 0", want)
	}
	for _, c := range []struct {
		delta float64
		ok    bool
	}{{1.55e-9, true}, {-1.55e-9, true}, {1e-3, false}} {
		l.LLR = want + c.delta
		st.Looks = []SPRTLook{l}
		if err := checkLooks(&st, 20_000_000); (err == nil) != c.ok {
			t.Errorf("llr %+g off its counts': %v, want ok %v", c.delta, err, c.ok)
		}
	}
}
