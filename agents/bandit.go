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

// RegretWeights writes into w the positive parts of the n regrets and
// returns their sum, or, when none is positive, n ones and n: regret
// matching's strategy is w[k]/sum, uniform when no regret is positive.
// The search keeps the weights and their sum rather than the strategy:
// it divides only where it reads an action's probability (the draw, the
// backup), each quotient the one a normalized strategy would hold, so
// the pass that normalized is saved and not a single rounding changes.
func RegretWeights(regrets, w *[nzsc.MaxChoices]float64, n int) (sum float64) {
	// Over slices of length n: one bounds check, not one an action.
	x, s := regrets[:n], w[:n]
	for k, r := range x {
		// Not max(r, 0): the builtin's care for NaN and -0 costs
		// branches, and regrets are never NaN; r <= 0 gives +0 as max
		// does.
		if !(r > 0) {
			r = 0
		}
		s[k] = r
		sum += r
	}
	return uniformIfZero(s, sum)
}

// regretUpdate is regret matching's backup of one seat's statistics sd
// over its n actions after its action a, drawn with probability p from
// the strategy w/sum, got reward r: the regret of each action against
// the sampled reward, with the played action's reward estimated as r/p
// (unbiased), and the strategy added to the average.
func regretUpdate(sd *smSeat, n int, w *[nzsc.MaxChoices]float64, sum float64, a uint8, r, p float64) {
	x := sd.x[:n]
	y, ws := sd.y[:len(x)], w[:len(x)]
	for k := range x {
		x[k] -= r
		y[k] += ws[k] / sum
	}
	sd.x[a] += r / p
}

// uniformIfZero returns sum, or, when it is not positive, sets the
// weights s to 1 and returns their number: every strategy of the search
// (regret matching's, exp3's) falls back to the uniform one.
func uniformIfZero(s []float64, sum float64) float64 {
	if sum > 0 {
		return sum
	}
	for k := range s {
		s[k] = 1
	}
	return float64(len(s))
}

// RegretMatching writes into sigma the strategy proportional to the
// positive regrets, uniform when none is positive.
func RegretMatching(regrets, sigma *[nzsc.MaxChoices]float64, n int) {
	sum := RegretWeights(regrets, sigma, n)
	for k := range sigma[:n] {
		sigma[k] /= sum
	}
}

// DrawMixed draws an action from the strategy w[k]/sum over n actions
// mixed with the uniform strategy at rate g, with r uniform in [0, 1),
// and returns it with its probability.
func DrawMixed(w *[nzsc.MaxChoices]float64, sum float64, n int, g, r float64) (int, float64) {
	if n < 1 {
		panic("agents: DrawMixed over no actions")
	}
	return drawMixed(w, sum, n, 1-g, g/float64(n), r)
}

// drawMixed is DrawMixed given 1-g and g/n (n >= 1).
func drawMixed(w *[nzsc.MaxChoices]float64, sum float64, n int, a, b, r float64) (int, float64) {
	s := w[:n]
	// Action k's probability is (1-g)·σ_k + g/n, σ_k = w_k/sum,
	// computed as written (the same rounding as ever: a seed's
	// decisions do not change).
	last := len(s) - 1
	for k := range s[:last] {
		p := a*(s[k]/sum) + b
		if r < p {
			return k, p
		}
		r -= p
	}
	return last, a*(s[last]/sum) + b
}
