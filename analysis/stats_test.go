package analysis

import (
	"math"
	"testing"
)

func near(got, want, tol float64) bool { return math.Abs(got-want) <= tol }

func TestWilsonKnownValues(t *testing.T) {
	for i, c := range []struct {
		points, n, lo, hi, tol float64
	}{
		// 8 successes in 10: the textbook example, (0.4902, 0.9433).
		{8, 10, 0.4902, 0.9433, 5e-5},
		// 0 of 10: the lower bound is 0, the upper 0.2775.
		{0, 10, 0, 0.2775, 5e-5},
		// 50 of 100: symmetric, (0.4038, 0.5962).
		{50, 100, 0.4038, 0.5962, 5e-5},
	} {
		lo, hi := Wilson(c.points, c.n)
		if !near(lo, c.lo, c.tol) || !near(hi, c.hi, c.tol) {
			t.Errorf("case %d: Wilson(%v, %v) = (%.5f, %.5f), want (%.4f, %.4f)", i, c.points, c.n, lo, hi, c.lo, c.hi)
		}
	}
	if lo, hi := Wilson(0, 0); !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Errorf("Wilson(0, 0) = (%v, %v), want NaN", lo, hi)
	}
}

func TestEloDiff(t *testing.T) {
	for i, c := range []struct{ score, elo float64 }{
		{0.75, 190.85}, {0.5, 0}, {0.25, -190.85},
		// 10:1 odds is 400 Elo by definition of the logistic scale.
		{10.0 / 11, 400},
	} {
		if got := EloDiff(c.score); !near(got, c.elo, 0.005) {
			t.Errorf("case %d: EloDiff(%v) = %.4f, want %.2f", i, c.score, got, c.elo)
		}
	}
	if !math.IsInf(EloDiff(1), 1) || !math.IsInf(EloDiff(0), -1) || !math.IsNaN(EloDiff(1.5)) {
		t.Error("EloDiff at 1, 0 or 1.5 not +Inf, -Inf, NaN")
	}
}

// The oracles below are printed results of cutechess-cli (trinomial Elo
// and LOS, "Score of X vs Y: W - L - D") and of fastchess (pentanomial
// Elo, "Ptnml(0-2)"), copied from published test logs; they agree with
// our formulas to the digits printed.

func TestEloWDLAndLOSAgainstCutechess(t *testing.T) {
	for i, c := range []struct {
		w, l, d       int64
		elo, err, los float64 // LOS in percent
	}{
		{262, 292, 387, -11.1, 17.0, 10.1},
		{502, 480, 650, 4.7, 13.1, 75.9},
		{1709, 1766, 2324, -3.4, 6.9, 16.7},
		{684, 650, 666, 5.9, 12.4, 82.4},
		{676, 623, 701, 9.2, 12.3, 92.9},
		{362, 259, 379, 35.9, 17.0, 100.0},
	} {
		e := EloWDL(Record{Wins: c.w, Draws: c.d, Losses: c.l})
		los := 100 * LOS(c.w, c.l)
		if !near(e.Elo, c.elo, 0.05) || !near(e.Err, c.err, 0.05) || !near(los, c.los, 0.05) {
			t.Errorf("case %d: %d-%d-%d: Elo %.2f ± %.2f, LOS %.2f%%; want %.1f ± %.1f, LOS %.1f%%",
				i, c.w, c.l, c.d, e.Elo, e.Err, los, c.elo, c.err, c.los)
		}
		if !(e.Lo < e.Elo && e.Elo < e.Hi) || !(e.ScoreLo < e.Score && e.Score < e.ScoreHi) {
			t.Errorf("case %d: interval does not contain the estimate: %+v", i, e)
		}
	}
}

func TestEloPairsAgainstFastchess(t *testing.T) {
	for i, c := range []struct {
		penta    [5]int64
		elo, err float64
	}{
		{[5]int64{352, 579, 1264, 743, 464}, 19.83, 6.77},
		{[5]int64{19, 82, 272, 308, 361}, 162.63, 13.49},
		{[5]int64{34, 49, 128, 62, 27}, -0.58, 21.41},
		{[5]int64{790, 1759, 3256, 1780, 807}, 1.14, 4.04},
	} {
		e := EloPairs(c.penta)
		if !near(e.Elo, c.elo, 0.005) || !near(e.Err, c.err, 0.005) {
			t.Errorf("case %d: %v: Elo %.3f ± %.3f, want %.2f ± %.2f", i, c.penta, e.Elo, e.Err, c.elo, c.err)
		}
	}
}

func TestLOSNormalValues(t *testing.T) {
	for i, c := range []struct {
		w, l int64
		want float64
	}{
		{10, 6, 0.8413447460685429}, // z = 1: Φ(1)
		{6, 10, 0.15865525393145707},
		{0, 0, 0.5},
		{7, 7, 0.5},
		{100, 0, 1}, // z = 10
	} {
		if got := LOS(c.w, c.l); !near(got, c.want, 1e-12) {
			t.Errorf("case %d: LOS(%d, %d) = %v, want %v", i, c.w, c.l, got, c.want)
		}
	}
}

func TestPentanomialScore(t *testing.T) {
	// Two pairs: one scoring 2 points (per-game score 1), one scoring 1
	// (per-game score 1/2): mean 3/4, variance 1/16.
	pairs, mean, v := PentanomialScore([5]int64{0, 0, 1, 0, 1})
	if pairs != 2 || mean != 0.75 || v != 1.0/16 {
		t.Errorf("got %d pairs, mean %v, variance %v; want 2, 0.75, 0.0625", pairs, mean, v)
	}
	if e := EloPairs([5]int64{}); !math.IsNaN(e.Elo) {
		t.Errorf("no pairs: %+v", e)
	}
}

// TestEloAlike: when every pair (EloPairs) or every game (EloWDL)
// scored alike the sample variance is 0, and the interval is the games'
// Wilson interval in Elo, never a point: a mirror match of 2 pairs, each
// split 1–1, printed "+0.0 ± 0.0". The oracles are Wilson's bounds
// computed by hand: p = 1/2, n = 4 gives 0.15003898915, 0.84996101085
// (Elo ∓301.278); n = 80 gives 0.39297415086 (Elo ∓75.537); 5 of 20
// points 0.16806231858, 0.35484674619 (Elo −277.848, −103.849); 10 of 10
// 0.72246720014 (Elo +166.202) and 1.
func TestEloAlike(t *testing.T) {
	for i, c := range []struct {
		e                EloEstimate
		elo, lo, hi, err float64
	}{
		{EloPairs([5]int64{0, 0, 2, 0, 0}), 0, -301.278, 301.278, 301.278},
		{EloPairs([5]int64{0, 0, 40, 0, 0}), 0, -75.537, 75.537, 75.537},
		{EloWDL(Record{Draws: 80}), 0, -75.537, 75.537, 75.537},
		{EloPairs([5]int64{0, 40, 0, 0, 0}), -190.849, -277.848, -103.849, 86.9997},
		{EloPairs([5]int64{0, 0, 0, 0, 5}), math.Inf(1), 166.202, math.Inf(1), math.Inf(1)},
		{EloWDL(Record{Losses: 10}), math.Inf(-1), math.Inf(-1), -166.202, math.Inf(1)},
	} {
		e := c.e
		same := func(got, want float64) bool { return got == want || near(got, want, 0.001) } // ±Inf too
		if !same(e.Elo, c.elo) || !same(e.Lo, c.lo) || !same(e.Hi, c.hi) || !same(e.Err, c.err) {
			t.Errorf("case %d: Elo %.3f [%.3f, %.3f] ± %.3f; want %.3f [%.3f, %.3f] ± %.3f", i, e.Elo, e.Lo, e.Hi, e.Err, c.elo, c.lo, c.hi, c.err)
		}
	}
}

// TestZ95 checks the constant against Φ⁻¹(0.975) = √2·erfinv(0.95),
// computed here independently, and against the two-sided tail it names.
func TestZ95(t *testing.T) {
	if want := math.Sqrt2 * math.Erfinv(0.95); !near(Z95, want, 1e-14) {
		t.Errorf("Z95 = %.17g, want √2·erfinv(0.95) = %.17g", Z95, want)
	}
	if tail := math.Erfc(Z95 / math.Sqrt2); !near(tail, 0.05, 1e-14) {
		t.Errorf("P(|Z| > Z95) = %.17g, want 0.05", tail)
	}
}
