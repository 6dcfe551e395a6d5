package dynamics

import (
	"fmt"
	"math"
)

// tinyRate is the smallest transition rate kept: a fixation probability
// that underflows (e^-800 at a large α·m) is raised to it, so the chain
// stays irreducible and its stationary distribution defined; the mass it
// moves is below anything shown.
const tinyRate = 1e-300

// embedded returns the transition matrix of the chain over monomorphic
// populations in the limit of rare mutations: from a population of i, a
// mutant of one of the K−1 other strategies, drawn uniformly, appears
// and takes over with probability rho[i][j].
func embedded(rho [][]float64) [][]float64 {
	k := len(rho)
	c := square(k)
	for i := range k {
		stay := 1.0
		for j := range k {
			if j != i {
				c[i][j] = math.Max(rho[i][j], tinyRate) / float64(k-1)
				stay -= c[i][j]
			}
		}
		c[i][i] = stay
	}
	return c
}

// stationary returns the stationary distribution π = πP of the
// irreducible row-stochastic matrix p by the Grassmann–Taksar–Heyman
// algorithm: Gaussian elimination that only adds and multiplies
// non-negative numbers (the diagonal is never used), so it keeps full
// relative precision when transition rates span hundreds of orders of
// magnitude, as α-Rank's do at large α, where an LU solve of π(P − I) = 0
// loses the small ones to cancellation.
func stationary(p [][]float64) ([]float64, error) {
	n := len(p)
	a := square(n)
	for i := range n {
		copy(a[i], p[i])
	}
	for k := n - 1; k >= 1; k-- {
		s := 0.0
		for j := range k {
			s += a[k][j]
		}
		if !(s > 0) {
			return nil, fmt.Errorf("dynamics: the chain is reducible (state %d cannot reach states 0 to %d)", k, k-1)
		}
		for i := range k {
			a[i][k] /= s
		}
		for i := range k {
			if a[i][k] == 0 {
				continue
			}
			for j := range k {
				a[i][j] += a[i][k] * a[k][j]
			}
		}
	}
	pi := make([]float64, n)
	pi[0] = 1
	total := 1.0
	for k := 1; k < n; k++ {
		for i := range k {
			pi[k] += pi[i] * a[i][k]
		}
		total += pi[k]
	}
	for i := range pi {
		pi[i] /= total
	}
	return pi, nil
}

// fixation returns the probability that one mutant takes over a
// population of n in a birth–death process whose ratio of the
// probabilities of losing and gaining a mutant, with k mutants, is
// exp(logRatio(k)):
//
//	ρ = 1 / (1 + Σ_{l=1}^{n−1} Π_{k=1}^{l} T⁻(k)/T⁺(k))
//
// (Nowak 2006, eq. 6.13), summed in log space so that neither a huge nor
// a tiny product overflows.
func fixation(n int, logRatio func(k int) float64) float64 {
	terms := make([]float64, 0, n)
	terms = append(terms, 0) // the 1
	acc := 0.0
	for l := 1; l < n; l++ {
		acc += logRatio(l)
		terms = append(terms, acc)
	}
	return math.Exp(-logSumExp(terms))
}

func logSumExp(x []float64) float64 {
	m := math.Inf(-1)
	for _, v := range x {
		m = math.Max(m, v)
	}
	if math.IsInf(m, 0) {
		return m
	}
	s := 0.0
	for _, v := range x {
		s += math.Exp(v - m)
	}
	return m + math.Log(s)
}
