package npzr

import (
	np "github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/rng"
)

// GreedyRules lends the greedy rules and the search bots' position score
// to code that plays NPZR on whole states outside this package: the
// approximate best response of analysis/exploitnpzr ranks its candidate
// actions with them and plays its own side of a lookahead by them. It
// keeps its buffers between calls; a GreedyRules belongs to one goroutine.
// Like the bots, it reads only the public table and the acting seat's
// hand.
type GreedyRules struct{ p policy }

// Ranked appends to dst[:0] the k best actions of s's seat to act by the
// greedy rules, best first (ties in the rules' order), and returns it:
// the candidates pimc and ismcts search. It holds at least one action
// while the game is not over.
func (g *GreedyRules) Ranked(s *np.State, k int, dst []np.Action) []np.Action {
	dst = dst[:0]
	for _, c := range ranked(&g.p, s, k) {
		dst = append(dst, c.a)
	}
	return dst
}

// Act returns the greedy bot's action for s's seat to act, ties broken by
// r (the game must not be over).
func (g *GreedyRules) Act(s *np.State, r *rng.Wyrand) np.Action {
	return best(g.p.candidates(s), r)
}

// Value scores s for seat in [0, 1] as the search bots score the
// positions their rollouts reach: 1 a win, 0 a loss, ½ a draw; otherwise
// a logistic of the material difference (characters scored, stacks near
// completion, wild cards in hand).
func Value(s *np.State, seat int) float64 { return value(s, seat) }
