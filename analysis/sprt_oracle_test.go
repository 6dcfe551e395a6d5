package analysis

import (
	"math"
	"testing"
)

// This file checks the normalized model's LLR against an oracle that
// shares no algorithm with it: fishtest's projection (mleTValue) is a
// fixed-point iteration on a linearized constraint, continued in steps
// where fishtest's own code fails (|normalized Elo| beyond about 230);
// the oracle instead profiles the likelihood over the mean. For a mean
// μ the t-value constraint (μ − ½)/σ = t fixes σ, so the distributions
// allowed are those with three linear constraints (sum, mean, second
// moment), over which the likelihood is concave: Newton's method in
// their null space finds its maximum. The best mean is then found by a
// scan and golden-section search.

// oracleValues are the pair scores and their squares.
var oracleValues = [5]float64{0, 0.25, 0.5, 0.75, 1}

// oracleMaxEnt returns the distribution ∝ exp(a·v + c·v²) with mean mu
// and second moment m2 (a point inside the constraints, where Newton
// starts), by Newton's method on the convex dual; ok is false when the
// moments are not strictly inside what the five values can give.
func oracleMaxEnt(mu, m2 float64) (q [5]float64, ok bool) {
	a, c := 0.0, 0.0
	dual := func(a, c float64) float64 {
		z := 0.0
		for _, v := range oracleValues {
			z += math.Exp(a*v + c*v*v)
		}
		return math.Log(z) - a*mu - c*m2
	}
	for range 200 {
		var z, e1, e2, e3, e4 float64
		for _, v := range oracleValues {
			w := math.Exp(a*v + c*v*v)
			z += w
			e1 += w * v
			e2 += w * v * v
			e3 += w * v * v * v
			e4 += w * v * v * v * v
		}
		e1, e2, e3, e4 = e1/z, e2/z, e3/z, e4/z
		ga, gc := e1-mu, e2-m2
		haa, hac, hcc := e2-e1*e1, e3-e1*e2, e4-e2*e2
		det := haa*hcc - hac*hac
		if !(det > 0) {
			return q, false
		}
		da, dc := -(hcc*ga-hac*gc)/det, -(haa*gc-hac*ga)/det
		step, f0 := 1.0, dual(a, c)
		for step > 1e-12 && !(dual(a+step*da, c+step*dc) <= f0) {
			step /= 2
		}
		a, c = a+step*da, c+step*dc
		if math.Abs(ga)+math.Abs(gc) < 1e-15 {
			break
		}
	}
	z := 0.0
	for i, v := range oracleValues {
		q[i] = math.Exp(a*v + c*v*v)
		z += q[i]
	}
	var m1, s2 float64
	for i, v := range oracleValues {
		q[i] /= z
		m1 += q[i] * v
		s2 += q[i] * v * v
	}
	return q, math.Abs(m1-mu) < 1e-10 && math.Abs(s2-m2) < 1e-10
}

// oracleProfile returns max Σ p·ln q over distributions q with mean mu
// and second moment m2: Newton's method in the null space of the three
// constraints, spanned by the third differences (1,−3,3,−1,0) and
// (0,1,−3,3,−1), which annihilate constants, v and v².
func oracleProfile(p [5]float64, mu, m2 float64) (float64, bool) {
	q, ok := oracleMaxEnt(mu, m2)
	if !ok {
		return 0, false
	}
	basis := [2][5]float64{{1, -3, 3, -1, 0}, {0, 1, -3, 3, -1}}
	ll := func(q [5]float64) float64 {
		s := 0.0
		for i := range q {
			s += p[i] * math.Log(q[i])
		}
		return s
	}
	for range 100 {
		var g [2]float64
		var h [2][2]float64
		for a := range 2 {
			for i := range q {
				g[a] += basis[a][i] * p[i] / q[i]
				for b := range 2 {
					h[a][b] -= basis[a][i] * basis[b][i] * p[i] / (q[i] * q[i])
				}
			}
		}
		det := h[0][0]*h[1][1] - h[0][1]*h[1][0]
		d := [2]float64{-(h[1][1]*g[0] - h[0][1]*g[1]) / det, -(h[0][0]*g[1] - h[1][0]*g[0]) / det}
		step, f0 := 1.0, ll(q)
		for ; step > 1e-14; step /= 2 {
			var r [5]float64
			in := true
			for i := range r {
				r[i] = q[i] + step*(d[0]*basis[0][i]+d[1]*basis[1][i])
				in = in && r[i] > 0
			}
			if in && ll(r) >= f0 {
				q = r
				break
			}
		}
	}
	return ll(q), true
}

// oracleTValueLL returns the largest Σ p·ln q over distributions whose
// t-value (μ − ½)/σ is t ≠ 0: the profile over μ, scanned on a grid of
// the means the constraint allows, then refined by golden section.
func oracleTValueLL(p [5]float64, t float64) float64 {
	prof := func(mu float64) float64 {
		sigma := (mu - 0.5) / t
		v, ok := oracleProfile(p, mu, sigma*sigma+mu*mu)
		if !ok {
			return math.Inf(-1)
		}
		return v
	}
	lo, hi := 0.5, 1.0
	if t < 0 {
		lo, hi = 0.0, 0.5
	}
	const grid = 400
	best, bestMu := math.Inf(-1), 0.0
	for k := 1; k < grid; k++ {
		mu := lo + (hi-lo)*float64(k)/grid
		if v := prof(mu); v > best {
			best, bestMu = v, mu
		}
	}
	a, b := bestMu-(hi-lo)/grid, bestMu+(hi-lo)/grid
	const g = 0.6180339887498949
	for range 100 {
		x1, x2 := b-g*(b-a), a+g*(b-a)
		if prof(x1) > prof(x2) {
			b = x2
		} else {
			a = x1
		}
	}
	return max(best, prof((a+b)/2))
}

// TestSPRTNormalizedAgainstProfile: the normalized LLR, for count
// vectors of fishtest's examples and lopsided ones, at Elo bounds from
// small to far beyond where fishtest's iteration fails, equals the
// profile oracle's N·(ℓ(t1) − ℓ(t0)) (t = √2·elo·ln10/800, both bounds
// nonzero so that both are profiles).
func TestSPRTNormalizedAgainstProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("the oracle's scans take a second")
	}
	for i, c := range []struct {
		penta      [5]int64
		elo0, elo1 float64
	}{
		{[5]int64{10789, 19328, 33806, 19402, 10543}, -3, 1},
		{[5]int64{1187, 7410, 13475, 7378, 1164}, -3, 1},
		{[5]int64{0, 3, 10, 25, 12}, 5, 300},
		{[5]int64{24, 0, 64, 0, 56}, 10, 40},
		{[5]int64{100, 0, 0, 0, 300}, 50, 500},
		{[5]int64{5, 20, 40, 20, 5}, -400, -100},
	} {
		s := SPRT{Elo0: c.elo0, Elo1: c.elo1, Alpha: 0.05, Beta: 0.05, Model: Normalized}
		n, pdf := pentaPDF(c.penta)
		t0, t1 := math.Sqrt2*c.elo0/neloPerT, math.Sqrt2*c.elo1/neloPerT
		want := n * (oracleTValueLL(pdf, t1) - oracleTValueLL(pdf, t0))
		if got := s.LLR(c.penta); math.Abs(got-want) > 1e-6*math.Max(1, math.Abs(want)) {
			t.Errorf("case %d: %v, normalized Elo %v to %v: LLR %.9f, profile oracle %.9f", i, c.penta, c.elo0, c.elo1, got, want)
		}
	}
}
