package analysis

import "math"

// OpeningSpread compares a run played from a balanced design of
// openings with free play at the same number of games, as stratified
// sampling does: each opening is a stratum, every opening is played
// equally often, and a pair's score is A's points in the seat-swapped
// pair over 2 (0, 1/4, 1/2, 3/4 or 1). Free play draws the opening of
// each pair at random, so its variance per pair is the within-opening
// variance plus the between-opening one; the design's is the
// within-opening variance alone, since every opening's share is fixed.
// Total estimates the first as SST/(N−P) over all pairs (with P
// pairings, each around its own mean: E[SST] = (N−1)σ²_within +
// N·σ²_between for one pairing of N pairs in equal strata), Within the
// second as the pooled SSW/(N−H) over the H strata of every pairing.
type OpeningSpread struct {
	// Openings is the number of openings played at least once, summed
	// over the pairings; Pairs the number of game pairs.
	Openings int
	Pairs    int64
	// Within and Total are the variances of a pair's score within
	// openings and overall.
	Within, Total float64
}

// Ratio returns the design's interval half-width over free play's at
// the same number of games: sqrt(Within/Total). It is NaN when the
// counts cannot tell (no pair beyond one per opening, or no spread).
func (s OpeningSpread) Ratio() float64 {
	if s.Total <= 0 || math.IsNaN(s.Within) {
		return math.NaN()
	}
	return math.Sqrt(s.Within / s.Total)
}

// SpreadOf returns the opening spread of pairings that keep per-opening
// tallies (Pairing.Openings); ok is false when none does. A pairing is
// a group of pairs, its openings the strata.
func SpreadOf(pairings []Pairing) (s OpeningSpread, ok bool) {
	var acc spreadSums
	var strata [][2]float64
	for i := range pairings {
		p := &pairings[i]
		if p.Openings == nil {
			continue
		}
		ok = true
		var n int64
		var sum, sq float64 // Σx and Σx² of the pairs' scores
		for h, c := range p.Pentanomial {
			x := float64(h) / 4
			n += c
			sum += float64(c) * x
			sq += float64(c) * x * x
		}
		strata = strata[:0]
		for _, o := range p.Openings {
			strata = append(strata, [2]float64{float64(o[0]), float64(o[1]) / 4})
		}
		acc.add(n, sum, sq, strata)
	}
	return acc.spread(), ok
}

// spreadSums accumulates the sums of squares of OpeningSpread over
// groups of units (a pairing's game pairs; a table's sets for one pair
// of its bots), each group around its own mean: the one estimator of
// both.
type spreadSums struct {
	s        OpeningSpread
	sst, ssw float64
	dfT, dfW int64
}

// add adds a group of n units whose scores sum to sum, their squares to
// sq; strata[o] holds opening o's units and their scores' sum.
func (a *spreadSums) add(n int64, sum, sq float64, strata [][2]float64) {
	if n == 0 {
		return
	}
	between := 0.0 // Σ S_o²/n_o
	for _, o := range strata {
		if o[0] == 0 {
			continue
		}
		between += o[1] * o[1] / o[0]
		a.s.Openings++
		a.dfW-- // one degree of freedom per stratum's mean
	}
	a.s.Pairs += n
	a.sst += sq - sum*sum/float64(n)
	a.ssw += sq - between
	a.dfT += n - 1
	a.dfW += n
}

// spread returns the estimate from the groups added.
func (a *spreadSums) spread() OpeningSpread {
	s := a.s
	s.Total, s.Within = math.NaN(), math.NaN()
	if a.dfT > 0 {
		s.Total = max(a.sst, 0) / float64(a.dfT)
	}
	if a.dfW > 0 {
		s.Within = max(a.ssw, 0) / float64(a.dfW)
	}
	return s
}
