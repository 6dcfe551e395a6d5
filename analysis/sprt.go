package analysis

import (
	"fmt"
	"math"
)

// EloModel selects how an SPRT's Elo bounds are read.
type EloModel int

const (
	// Logistic Elo: the expected score is 1/(1+10^(-elo/400)).
	Logistic EloModel = iota
	// Normalized Elo: the bounds are t-values of the score (its distance
	// from 1/2 in standard deviations), scaled by 800/ln 10 per game, as
	// fishtest's default model; they do not depend on the draw rate.
	Normalized
)

// String returns "logistic" or "normalized".
func (m EloModel) String() string {
	if m == Normalized {
		return "normalized"
	}
	return "logistic"
}

// ParseEloModel reads "logistic" or "normalized".
func ParseEloModel(s string) (EloModel, error) {
	switch s {
	case "logistic":
		return Logistic, nil
	case "normalized":
		return Normalized, nil
	}
	return 0, fmt.Errorf("unknown Elo model %q (logistic or normalized)", s)
}

// SPRT is a generalized sequential probability ratio test of H0: elo =
// Elo0 against H1: elo = Elo1 on pentanomial counts, the test fishtest
// runs. Alpha is the false-positive rate at Elo0, Beta the
// false-negative rate at Elo1.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
	Model       EloModel
}

// Check returns an error describing bad parameters: alpha and beta
// must be in (0, 1/2), so that alpha+beta < 1 and the LLR bounds are not
// inverted (lower < 0 < upper), and large enough for the bounds to be
// finite; the Elo bounds finite, within ±2000, with
// elo0 < elo1; the model one of the two. Callers check before LLR or
// Decide, whose results mean nothing for bad parameters.
func (s SPRT) Check() error {
	switch {
	case !(s.Alpha > 0 && s.Alpha < 0.5):
		return fmt.Errorf("alpha must be in (0, 0.5), got %g", s.Alpha)
	case !(s.Beta > 0 && s.Beta < 0.5):
		return fmt.Errorf("beta must be in (0, 0.5), got %g", s.Beta)
	case !(math.Abs(s.Elo0) <= 2000) || !(math.Abs(s.Elo1) <= 2000):
		return fmt.Errorf("elo0 and elo1 must be within ±2000, got %g and %g", s.Elo0, s.Elo1)
	case !(s.Elo1 > s.Elo0):
		return fmt.Errorf("elo1 (%g) must be greater than elo0 (%g)", s.Elo1, s.Elo0)
	case s.Model != Logistic && s.Model != Normalized:
		return fmt.Errorf("unknown Elo model %d", int(s.Model))
	}
	if lo, hi := s.Bounds(); !(lo < 0 && 0 < hi) {
		return fmt.Errorf("LLR bounds [%g, %g] do not enclose 0", lo, hi)
	} else if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		// alpha = 5e-324: (1-β)/α overflows, and a test that can never
		// accept H1 would run to its game limit without saying why.
		return fmt.Errorf("alpha %g or beta %g is too small: the LLR bounds [%.3f, %.3f] are not finite", s.Alpha, s.Beta, lo, hi)
	}
	return nil
}

// Bounds returns the LLR bounds: H0 is accepted below lower =
// ln(β/(1-α)), H1 above upper = ln((1-β)/α) (Wald).
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// Verdict is the state of a sequential test.
type Verdict int

// The verdicts.
const (
	Continue Verdict = iota
	AcceptH0
	AcceptH1
)

// String names the verdict.
func (v Verdict) String() string {
	switch v {
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return "continue"
}

// Decide returns the verdict for an LLR.
func (s SPRT) Decide(llr float64) Verdict {
	lo, hi := s.Bounds()
	switch {
	case llr <= lo:
		return AcceptH0
	case llr >= hi:
		return AcceptH1
	}
	return Continue
}

// Final returns the verdict of a test read back after it stopped or
// paused: Decide of its last look's LLR when it recorded that it ended
// there (ended), Continue when it did not (no look yet, Ctrl-C, or
// --max-games reached first). The test decides with Decide at each look;
// a resume and a report re-derive the verdict here, from the same LLR and
// the same bounds, rather than trusting a stored name.
func (s SPRT) Final(last float64, ended bool) Verdict {
	if !ended {
		return Continue
	}
	return s.Decide(last)
}

// SPRTCounts returns what a sequential test reads of its run's counts:
// its games, the pentanomial of the new bot's pairs against the base and
// the new bot's record against the base. At two seats they are the one
// pairing's; at three or more, the one table's, played in seat-swapped
// pairs, where a game is won when the new bot finished ahead of the
// base, drawn when they shared a place. The one reading of them: the
// test decides on it (roundrobin) and a stopped test's report says it
// (report).
func SPRTCounts(total *Tournament) (games uint64, penta [5]int64, wdl Record) {
	if len(total.Tables) > 0 {
		tc := &total.Tables[0]
		return uint64(tc.Games()), tc.Pentanomial, tc.Versus(0, 1)
	}
	p := &total.Pairings[0]
	return uint64(p.Games()), p.Pentanomial, p.Total()
}

// LLR returns the generalized log-likelihood ratio of H1 against H0 for
// pentanomial counts (pairs scoring 0, 1/2, 1, 3/2, 2 for the tested
// side), following fishtest's LLRcalc: zero counts are replaced by 1e-3,
// the empirical distribution over the pair scores 0, 1/4, 1/2, 3/4, 1 is
// projected by maximum likelihood onto each hypothesis (for Logistic,
// the distributions with mean L(elo) = 1/(1+10^(-elo/400)); for
// Normalized, those with t-value (μ-1/2)/σ = √2·elo·ln10/800), and the
// LLR is N·Σ p̂i·ln(p1i/p0i) with N the number of pairs.
func (s SPRT) LLR(penta [5]int64) float64 { return s.llr(penta, secular) }

// secularSolver solves the secular equation (secular).
type secularSolver func(pdf, a [5]float64) (x float64, ok bool)

// llr is LLR with solve for the secular equation: its test compares
// solvers.
func (s SPRT) llr(penta [5]int64, solve secularSolver) float64 {
	n, pdf := pentaPDF(penta)
	if n == 0 {
		return 0
	}
	var p0, p1 [5]float64
	switch s.Model {
	case Normalized:
		t0, t1 := math.Sqrt2*s.Elo0/neloPerT, math.Sqrt2*s.Elo1/neloPerT
		p0, p1 = mleTValue(pdf, 0.5, t0, solve), mleTValue(pdf, 0.5, t1, solve)
	default:
		p0, p1 = mleExpected(pdf, logistic(s.Elo0), solve), mleExpected(pdf, logistic(s.Elo1), solve)
	}
	llr := 0.0
	for i := range pdf {
		llr += pdf[i] * (math.Log(p1[i]) - math.Log(p0[i]))
	}
	return n * llr
}

// neloPerT is 800/ln 10: normalized Elo per unit of t-value per game.
const neloPerT = 800 / math.Ln10

func logistic(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// pentaValues are the pair scores per game: 0, 1/4, 1/2, 3/4, 1.
var pentaValues = [5]float64{0, 0.25, 0.5, 0.75, 1}

// pentaPDF regularizes the counts as fishtest does (a zero becomes 1e-3)
// and returns their total and the empirical distribution.
func pentaPDF(penta [5]int64) (n float64, pdf [5]float64) {
	var sum int64
	for _, c := range penta {
		sum += c
	}
	if sum == 0 {
		return 0, pdf
	}
	var reg [5]float64
	for i, c := range penta {
		reg[i] = float64(c)
		if c == 0 {
			reg[i] = 1e-3
		}
		n += reg[i]
	}
	for i := range reg {
		pdf[i] = reg[i] / n
	}
	return n, pdf
}

func meanVar(pdf [5]float64) (mu, v float64) {
	for i, p := range pdf {
		mu += p * pentaValues[i]
	}
	for i, p := range pdf {
		d := pentaValues[i] - mu
		v += p * d * d
	}
	return mu, v
}

// secular solves f(x) = Σ pi·ai/(1+x·ai) = 0 for x in (-1/max a,
// -1/min a), where f decreases (f' = -Σ pi·ai²/(1+x·ai)² < 0). A root
// exists only when min a < 0 < max a; ok is false otherwise.
//
// Its answer is bisection's to the last bit, from the bracket trimmed by
// 1e-9 at both poles: what secular always returned, bit for bit, so
// that no test decides at another pair. Bisection evaluated f at some
// sixty midpoints, twice for every LLR of a test (logistic; a few dozen
// times for normalized Elo), after every pair. Here Newton steps inside
// a narrowing bracket find the root x* first (some six evaluations);
// the bisection is then replayed, and at a midpoint m farther from x*
// than f's rounding can reach (|m − x*| > δ, δ = 1024·ε·Σ|pi·ri|/|f'|
// with ri = ai/(1+x*·ai): the computed f(m) then has the sign of x* − m,
// f being monotone) its side is known without evaluating f; f is
// evaluated, as before, only at the midpoints within δ of x*. The
// computed f errs by at most some 14·ε·Σ|pi·ri| (five terms, four sums)
// and x* by as much over |f'|: 1024 leaves a margin of 30 or more (with
// 16 the replay strays from the bisection on the test's vectors). The
// computed f (fAt) is the same expression, so the replay takes every
// turn the bisection took: TestSecularReplaysBisection checks this on
// many count vectors, and BenchmarkSPRTLLR measures the gain.
func secular(pdf [5]float64, a [5]float64) (x float64, ok bool) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range a {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if !(lo < 0 && hi > 0) {
		return 0, false
	}
	const eps = 1e-9
	l0, u0 := -1/hi+eps, -1/lo-eps
	root, delta := secularNewton(&pdf, &a, l0, u0)
	l, u := l0, u0
	for range 200 {
		m := l + (u-l)/2
		if m == l || m == u {
			break
		}
		var right bool // f(m) > 0: the root is right of m
		switch {
		case m < root-delta:
			right = true
		case m > root+delta:
			right = false
		default:
			right = fAt(&pdf, &a, m) > 0
		}
		if right {
			l = m
		} else {
			u = m
		}
	}
	return l + (u-l)/2, true
}

// fAt is the secular function at x, computed as bisection always did.
func fAt(pdf, a *[5]float64, x float64) float64 {
	s := 0.0
	for i := range a {
		s += pdf[i] * a[i] / (1 + x*a[i])
	}
	return s
}

// secularNewton returns the root of the secular function in (l, u) by
// Newton steps from 0 (inside: 1+0·ai > 0), bisecting where a step would
// leave the bracket each evaluation narrows, and the distance delta
// beyond which f's computed sign is its true one (secular). When the
// root lies outside the trimmed bracket the steps end at its edge, and
// so does the bisection: delta is then immaterial.
func secularNewton(pdf, a *[5]float64, l, u float64) (root, delta float64) {
	x := min(max(0, l), u)
	for range 100 {
		f, df, mag := 0.0, 0.0, 0.0
		for i := range a {
			r := a[i] / (1 + x*a[i])
			f += pdf[i] * r
			df -= pdf[i] * r * r
			mag += math.Abs(pdf[i] * r)
		}
		delta = 1024 * 0x1p-52 * mag / -df
		switch {
		case f > 0:
			l = x
		case f < 0:
			u = x
		}
		next := x - f/df
		if !(next > l && next < u) {
			next = l + (u-l)/2
		}
		if f == 0 || next == x || !(l < u) {
			break
		}
		x = next
	}
	if !(delta >= 0) || math.IsInf(delta, 0) {
		// No slope to speak of (cannot happen on a distribution): every
		// midpoint is evaluated, as bisection did.
		delta = math.Inf(1)
	}
	return x, delta
}

// mleExpected is the maximum likelihood distribution on the pair scores
// with mean s given the empirical pdf (fishtest's MLE_expected):
// pi/(1+x(ai-s)) with x solving the secular equation.
func mleExpected(pdf [5]float64, s float64, solve secularSolver) (out [5]float64) {
	var a [5]float64
	for i := range a {
		a[i] = pentaValues[i] - s
	}
	// s is strictly inside (0, 1) (logistic of a bounded Elo), so a has
	// both signs and the root exists.
	x, _ := solve(pdf, a)
	for i := range out {
		out[i] = pdf[i] / (1 + x*a[i])
	}
	return out
}

// mleTValue is the maximum likelihood distribution with t-value
// (μ-ref)/σ = t given the empirical pdf. It runs fishtest's fixed-point
// iteration (MLE_t_value, from the uniform distribution), whose every
// step solves the constraint linearized at the current distribution;
// fishtest stops after 10 steps, this runs until the step changes less
// than 1e-9 (the same result wherever fishtest's converged), as near
// |t| = 0.94 the iteration is slow. For |t| beyond about 0.94 (normalized Elo
// beyond about ±230) the linearization at the uniform distribution has
// no solution (every ai has the same sign: no distribution meets it),
// which is where fishtest's own code fails. Then the t-value is reached
// by continuation: the iteration is run for t growing from 0 in steps,
// each started from the previous solution, where the linearized
// constraint always has a solution (ai of both signs, as Σ qi·ai = 0 at
// a solution q), halving a step whose iteration fails.
func mleTValue(pdf [5]float64, ref, t float64, solve secularSolver) [5]float64 {
	uniform := [5]float64{0.2, 0.2, 0.2, 0.2, 0.2}
	if q, ok := tValueIterate(pdf, uniform, ref, t, 100, solve); ok {
		return q
	}
	cur, done := uniform, 0.0
	step := t / 8
	for done != t {
		next := done + step
		if step > 0 && next > t || step < 0 && next < t {
			next = t
		}
		q, ok := tValueIterate(pdf, cur, ref, next, 100, solve)
		if !ok {
			step /= 2
			if math.Abs(step) < 1e-12*math.Max(1, math.Abs(t)) {
				// Unreachable for t-values of valid Elo bounds; the
				// last solution is the nearest reachable one.
				return cur
			}
			continue
		}
		cur, done = q, next
	}
	return cur
}

// tValueIterate runs at most steps steps of fishtest's fixed-point
// iteration for the t-value t from start; ok is false when a step's
// linearized constraint has no solution.
func tValueIterate(pdf, start [5]float64, ref, t float64, steps int, solve secularSolver) (cur [5]float64, ok bool) {
	cur = start
	for range steps {
		prev := cur
		mu, v := meanVar(cur)
		sigma := math.Sqrt(v)
		var a [5]float64
		for i := range a {
			d := (mu - pentaValues[i]) / sigma
			a[i] = pentaValues[i] - ref - t*sigma*(1+d*d)/2
		}
		x, ok := solve(pdf, a)
		if !ok {
			return cur, false
		}
		for i := range cur {
			cur[i] = pdf[i] / (1 + x*a[i])
		}
		change := 0.0
		for i := range cur {
			change = math.Max(change, math.Abs(cur[i]-prev[i]))
		}
		if change < 1e-9 {
			break
		}
	}
	return cur, true
}

// PentaElo is the Elo estimate from pentanomial counts.
type PentaElo struct {
	Pairs int64
	// Score is the mean score per game of the tested side.
	Score float64
	// Elo is the logistic Elo of Score; Lo and Hi its 95% interval,
	// EloPairs' (from the variance of the pair scores; the games' Wilson
	// interval when every pair scored alike). Infinite after a perfect
	// score, as a match's.
	Elo, Lo, Hi float64
	// NElo is the normalized Elo: (Score-1/2)/σ per game ·800/ln10,
	// with σ per game = √2·σ per pair, the scale of a normalized test's
	// bounds; NEloLo and NEloHi its 95% interval, Score ± 1.96·SE on that
	// scale (fastchess's nElo ±, which depends on the pairs only:
	// ±1.96·800/ln10/√(2·pairs)). NaN when every pair scored alike
	// (σ = 0).
	NElo, NEloLo, NEloHi float64
	// LOS is the likelihood of superiority, Φ((Score-1/2)/SE) with SE
	// from the pair scores (fastchess's); when every pair scored alike
	// (SE = 0), the games' LOS from their decisive results (LOS), which
	// such pairs determine.
	LOS float64
}

// EloFromPentanomial estimates Elo from pentanomial counts as a match
// does (EloPairs: the pair scores' mean and variance, a normal 95%
// interval on the mean score mapped through the logistic Elo curve),
// with the normalized Elo and the LOS. The counts are not regularized:
// fishtest's 1e-3 in place of an empty bin is for the LLR's projection,
// whose likelihood needs every bin; in the estimate it made the variance
// of pairs that all scored alike 1e-5 instead of 0, so that a test of a
// bot against itself said Elo +0.0 [-0.3, +0.3] after 204 games, and one
// won pair after pair +1199.8 [+1199.8, +1199.8] (the clamp of the
// score to 1 − 1e-3 it needed). The estimate is not corrected for the
// stopping rule of a sequential test.
func EloFromPentanomial(penta [5]int64) PentaElo {
	pairs, mu, v := PentanomialScore(penta)
	if pairs == 0 {
		return PentaElo{Score: nanValue, Elo: nanValue, Lo: nanValue, Hi: nanValue, NElo: nanValue, NEloLo: nanValue, NEloHi: nanValue, LOS: nanValue}
	}
	est := EloPairs(penta)
	e := PentaElo{Pairs: pairs, Score: mu, Elo: est.Elo, Lo: est.Lo, Hi: est.Hi, NElo: nanValue, NEloLo: nanValue, NEloHi: nanValue}
	if v > 0 {
		se := math.Sqrt(v / float64(pairs))
		perScore := neloPerT / math.Sqrt(2*v)
		e.NElo = (mu - 0.5) * perScore
		e.NEloLo, e.NEloHi = e.NElo-Z95*se*perScore, e.NElo+Z95*se*perScore
		e.LOS = 0.5 * math.Erfc(-(mu-0.5)/se/math.Sqrt2)
		return e
	}
	// Every pair scored k/4 a game: k/4 − 1/2 of it decisive, a win
	// each when positive (WW is two, WD one), a loss each when negative.
	var k int
	for i, c := range penta {
		if c > 0 {
			k = i
		}
	}
	decisive := int64(math.Abs(float64(k-2))) * pairs
	if k > 2 {
		e.LOS = LOS(decisive, 0)
	} else {
		e.LOS = LOS(0, decisive)
	}
	return e
}
