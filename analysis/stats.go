package analysis

import "math"

// This file holds the head-to-head statistics a match prints, with the
// conventions of cutechess-cli and fastchess so that users can compare
// numbers: a score with its Wilson interval, the logistic Elo difference
// with a normal-approximation interval (per game from W/D/L, or per game
// pair from pentanomial counts), and the likelihood of superiority.

// Wilson returns the Wilson score 95% interval of a score of points (wins
// plus half the draws) out of n games. Counting a draw as half a success
// is the usual convention of game testers; the interval is then slightly
// conservative when there are draws. NaN for n = 0.
func Wilson(points, n float64) (lo, hi float64) {
	if !(n > 0) {
		return nanValue, nanValue
	}
	return wilsonInterval(points, n, Z95)
}

// EloDiff returns the logistic Elo difference that makes score the
// expected score: −400·log10(1/score − 1). It is −Inf at 0, +Inf at 1 and
// NaN outside [0, 1]; a score of 0.75 is +190.85 Elo.
func EloDiff(score float64) float64 {
	if !(score >= 0 && score <= 1) {
		return nanValue
	}
	if score == 0.5 {
		return 0 // not −0, which prints as "-0"
	}
	return -400 * math.Log10(1/score-1)
}

// EloEstimate is an Elo difference with its 95% interval.
type EloEstimate struct {
	// Score is the mean score per game; ScoreLo and ScoreHi its normal
	// 95% interval, Score ± 1.96·SE.
	Score, ScoreLo, ScoreHi float64
	// Elo is EloDiff(Score); Lo and Hi are EloDiff of the score bounds
	// (clamped to [0, 1], so they may be infinite).
	Elo, Lo, Hi float64
	// Err is (Hi − Lo)/2, the symmetric "±" that cutechess-cli and
	// fastchess print after the Elo.
	Err float64
}

func eloEstimate(score, se float64) EloEstimate {
	lo := math.Max(0, score-Z95*se)
	hi := math.Min(1, score+Z95*se)
	e := EloEstimate{Score: score, ScoreLo: lo, ScoreHi: hi, Elo: EloDiff(score), Lo: EloDiff(lo), Hi: EloDiff(hi)}
	e.Err = (e.Hi - e.Lo) / 2
	return e
}

// EloWDL estimates the Elo difference from wins, draws and losses,
// treating games as independent (the trinomial model of cutechess-cli and
// of fastchess without pairs): with s the mean score and
//
//	σ² = (W(1−s)² + D(½−s)² + L·s²)/N
//
// the per-game variance, the score's standard error is σ/√N. Use it when
// games are not paired (per-seat results, for instance). When every game
// scored alike (σ = 0) the interval is the Wilson interval instead
// (eloAlike). All NaN for no games.
func EloWDL(r Record) EloEstimate {
	n := float64(r.Games())
	if n == 0 {
		return EloEstimate{nanValue, nanValue, nanValue, nanValue, nanValue, nanValue, nanValue}
	}
	s := r.Points() / n
	v := (float64(r.Wins)*(1-s)*(1-s) + float64(r.Draws)*(0.5-s)*(0.5-s) + float64(r.Losses)*s*s) / n
	if v == 0 {
		return eloAlike(r.Points(), n)
	}
	return eloEstimate(s, math.Sqrt(v/n))
}

// eloAlike is the estimate of points out of n games when every game
// (EloWDL) or every pair (EloPairs) scored alike: the sample variance is
// 0, and the normal interval would be a point, "+0.0 ± 0.0" for a mirror
// match whose every pair was split 1–1 (fastchess prints that; cutechess
// for games all drawn): a certainty no number of games gives, least of
// all two. The interval is then the Wilson interval of the score (Wilson,
// the one a match prints beside it), which has a width for any n, mapped
// through EloDiff.
func eloAlike(points, n float64) EloEstimate {
	lo, hi := Wilson(points, n)
	// Exactly 0 and 1 at the ends (Wilson's rounding gives 1 − 1e-16,
	// a finite Elo bound of +6261 after a perfect score).
	if points == 0 {
		lo = 0
	}
	if points == n {
		hi = 1
	}
	s := points / n
	e := EloEstimate{Score: s, ScoreLo: lo, ScoreHi: hi, Elo: EloDiff(s), Lo: EloDiff(lo), Hi: EloDiff(hi)}
	e.Err = (e.Hi - e.Lo) / 2
	return e
}

// PentanomialScore returns, for pentanomial counts (pairs in which the
// tested side scored 0, ½, 1, 1½, 2 points), the number of pairs, the
// mean score per game and the variance of a pair's per-game score
// (its points / 2), without fishtest's regularization of empty bins.
func PentanomialScore(penta [5]int64) (pairs int64, mean, variance float64) {
	for _, c := range penta {
		pairs += c
	}
	if pairs == 0 {
		return 0, nanValue, nanValue
	}
	n := float64(pairs)
	for k, c := range penta {
		mean += float64(c) / n * float64(k) / 4
	}
	for k, c := range penta {
		d := float64(k)/4 - mean
		variance += float64(c) / n * d * d
	}
	return pairs, mean, variance
}

// EloPairs estimates the Elo difference from pentanomial counts, as
// fastchess does for games played in seat-swapped pairs: the standard
// error of the mean score is that of the pair scores, √(variance/pairs)
// (PentanomialScore). Pairing removes the variance that both games of a
// pair share (their seed), so the interval is narrower than EloWDL's on
// the same games when the seats' results are correlated, and it is honest
// when they are. When every pair scored alike (v = 0) the interval is
// the games' Wilson interval instead (eloAlike). All NaN for no pairs.
func EloPairs(penta [5]int64) EloEstimate {
	pairs, mean, v := PentanomialScore(penta)
	if pairs == 0 {
		return EloEstimate{nanValue, nanValue, nanValue, nanValue, nanValue, nanValue, nanValue}
	}
	if v == 0 {
		return eloAlike(mean*float64(2*pairs), float64(2*pairs))
	}
	return eloEstimate(mean, math.Sqrt(v/float64(pairs)))
}

// LOS returns the likelihood of superiority, the probability that the
// side with the wins is the stronger, from the decisive games only (as
// cutechess-cli): Φ((W − L)/√(W + L)), with Φ the standard normal CDF.
// It is ½ when there is no decisive game.
func LOS(wins, losses int64) float64 {
	if wins+losses == 0 {
		return 0.5
	}
	z := float64(wins-losses) / math.Sqrt(float64(wins+losses))
	return 0.5 * math.Erfc(-z/math.Sqrt2)
}
