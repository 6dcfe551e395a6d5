package dynamics

import "fmt"

// AlphaRank is α-Rank's Markov chain over the monomorphic populations of
// a single population of size M (Omidshafiei et al. 2019, Scientific
// Reports 9: 9937), with selection intensity Alpha.
type AlphaRank struct {
	Alpha float64
	M     int
	// Fixation[i][j] is the probability that one individual playing j
	// takes over a population of M−1 playing i, under the Fermi
	// selection: an individual copies a better one with probability
	// 1/(1 + e^{−α(f_mutant − f_resident)}).
	Fixation [][]float64
	// Stationary is the chain's stationary distribution: each
	// strategy's α-Rank mass, the share of time evolution spends there.
	Stationary []float64
}

// AlphaRankOf computes α-Rank for the payoff matrix a (a[i][j] is i's
// payoff against j) with population m and intensity alpha. Fitness is an
// individual's average payoff against the other m−1, as in OpenSpiel's
// alpharank.py without its local selection model; for a constant-sum
// matrix with even self-play, as score shares are, the fixation
// probability has the closed form (1 − e^{−u})/(1 − e^{−mu}) with
// u = α·m/(m−1)·(a_ji − 1/2).
func AlphaRankOf(a [][]float64, m int, alpha float64) (*AlphaRank, error) {
	if m < 2 {
		return nil, fmt.Errorf("alpha-rank: population %d: want at least 2", m)
	}
	if !(alpha > 0) {
		return nil, fmt.Errorf("alpha-rank: alpha %v: want > 0", alpha)
	}
	k := len(a)
	ar := &AlphaRank{Alpha: alpha, M: m, Fixation: square(k)}
	for i := range k {
		for j := range k {
			if i == j {
				continue
			}
			uu, ur, ru, rr := a[j][j], a[j][i], a[i][j], a[i][i]
			ar.Fixation[i][j] = fixation(m, func(l int) float64 {
				// Fitnesses with selection intensity 1 (plain payoffs);
				// the Fermi rule makes T⁻/T⁺ = e^{−α(f_u − f_r)}.
				fu, fr := moranFitness(uu, ur, ru, rr, m, l, 1)
				return -alpha * (fu - fr)
			})
		}
	}
	var err error
	if ar.Stationary, err = stationary(embedded(ar.Fixation)); err != nil {
		return nil, fmt.Errorf("alpha-rank: %w", err)
	}
	return ar, nil
}
