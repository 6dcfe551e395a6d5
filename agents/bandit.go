package agents

import (
	"math"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// The per-seat bandit steps of simultaneous-move MCTS, shared by the
// two-player search (MCTS) and the N-player one (agents/nzscn): each
// works on one seat's statistics at a node, n actions.

// UCBPick is decoupled UCT's choice: an action never tried, else the one
// with the best mean reward plus c·√(ln visits / tries).
func UCBPick(sums, counts *[nzsc.MaxChoices]float64, n int, visits, c float64) int {
	best, bestScore := 0, math.Inf(-1)
	logN := math.Log(visits)
	for k := range n {
		if counts[k] == 0 {
			return k
		}
		if s := sums[k]/counts[k] + c*math.Sqrt(logN/counts[k]); s > bestScore {
			best, bestScore = k, s
		}
	}
	return best
}

// RegretMatching writes into sigma the strategy proportional to the
// positive regrets, uniform when none is positive.
func RegretMatching(regrets, sigma *[nzsc.MaxChoices]float64, n int) {
	sum := 0.0
	for k := range n {
		// Not max(r, 0): the builtin's care for NaN and -0 costs
		// branches, and regrets are never NaN; r <= 0 gives +0 as max
		// does.
		r := 0.0
		if regrets[k] > 0 {
			r = regrets[k]
		}
		sigma[k] = r
		sum += r
	}
	normalize(sigma, n, sum)
}

// normalize divides sigma's n weights by their sum, or makes sigma
// uniform when the sum is not positive: the last step of every
// strategy of the search (regret matching's, exp3's).
func normalize(sigma *[nzsc.MaxChoices]float64, n int, sum float64) {
	if sum <= 0 {
		for k := range n {
			sigma[k] = 1 / float64(n)
		}
		return
	}
	for k := range n {
		sigma[k] /= sum
	}
}

// DrawMixed draws an action from sigma mixed with the uniform strategy at
// rate g, with r uniform in [0, 1), and returns it with its probability.
func DrawMixed(sigma *[nzsc.MaxChoices]float64, n int, g, r float64) (int, float64) {
	for k := range n {
		p := (1-g)*sigma[k] + g/float64(n)
		if r < p || k == n-1 {
			return k, p
		}
		r -= p
	}
	panic("agents: DrawMixed over no actions")
}
