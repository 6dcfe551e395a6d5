package solve

import (
	"context"
	"fmt"
	"math"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// DrawPolicy writes into probs a bot's mixed strategy for seat in state
// st (over the seat's legal choices in canonical order, len(probs) of
// them), estimated from n draws of the bot's decision; batch names a set
// of draws independent of every other batch's. A policy known exactly
// may ignore n and batch. A DrawPolicy belongs to one goroutine.
type DrawPolicy func(batch int, st *nzsc.State, seat int, n int, probs []float64)

// Evaluate values x's responder, fixed as it was computed, against the
// bot whose policy newPolicy builds (one per worker goroutine; its error
// ends the evaluation), once per
// batch: each result's Pairings, Boosters, Characters and Value are the
// responder's values against that batch's estimate of the bot (the
// policy evaluation of the Markov chain the two make, endless play
// counting 0), its States the move-phase states the bot was asked about,
// and its responder x's (Choose answers as x's does). The responder is
// played as nzscbots.Responder plays it: uniformly among the choices its
// masks allow, and uniformly among the legal choices where it has none (a
// state the policy it was computed against never led to).
//
// Why: x.Value is the best value against the policy x was computed from.
// When that policy is an estimate, the maximum over responses fits the
// estimate's noise and overstates what the response is worth against
// the bot itself (the winner's curse). A fixed response's value is a sum
// over paths of products of the bot's probabilities at the path's
// states, so valued against estimates drawn afresh and independently at
// each state it is unbiased (but for states a path meets twice, inside a
// loop of play), and independent batches give it an interval.
//
// Each state's number of draws is fixed before its own draws and from
// earlier states' only, which keeps each estimate unbiased:
// ceil(budget × its occupancy), at least 1, the occupancy being the
// probability of reaching it as far as the states already drawn tell
// (the character phase, then the boosters, then each pairing's move
// phase breadth first, its start taken as reached at least
// 1/NumPairings of the time). So the draws go where play goes, as budget
// games would take them, instead of evenly over states play rarely
// reaches.
func (x *Exploit) Evaluate(ctx context.Context, workers int, newPolicy func() (DrawPolicy, error), budget float64, batches int, progress Progress) ([]*Exploit, error) {
	if batches < 1 {
		panic("solve: Evaluate needs a batch")
	}
	ys := make([]*Exploit, batches)
	tops := make([]evalTop, batches)
	pol, err := newPolicy()
	if err != nil {
		return nil, err
	}
	for b := range ys {
		ys[b] = &Exploit{Seat: x.Seat, Rules: x.Rules, moves: x.moves, boosterBR: x.boosterBR, characterM: x.characterM}
		ys[b].drawTop(pol, b, budget, &tops[b])
	}
	ls := nzsc.Loadouts()
	counts := make([][NumLoadouts][NumLoadouts]int, batches)
	// Every pairing's move phase gets draws as if play reached it at
	// least as often as if all were equally likely, so that each
	// pairing's value (shown per pairing) is estimated well, not only
	// the likely ones: at most twice the budget.
	pairings := NumPairings(x.Rules)
	err = forEachPairing(ctx, pairingJobs(x.Rules, false), workers, progress, newPolicy, func(pol DrawPolicy, i, j int) error {
		g := NewGraphRules(x.Rules, ls[i], ls[j])
		for b, y := range ys {
			y.Pairings[i][j], counts[b][i][j] = evaluateMoves(g, x.Seat, x.moves[i][j], func(st *nzsc.State, seat int, occ float64, atLeast int, probs []float64) {
				pol(b, st, seat, max(draws(budget, occ), atLeast), probs)
			}, max(tops[b].reach[i][j], 1/float64(pairings)))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for b, y := range ys {
		for i := range counts[b] {
			for _, n := range counts[b][i] {
				y.States += n
			}
		}
		y.evaluateTop(&tops[b])
	}
	return ys, nil
}

// draws is the number of draws for a state of occupancy occ under budget.
func draws(budget, occ float64) int {
	n := math.Ceil(budget * occ)
	if !(n >= 1) {
		return 1
	}
	return int(min(n, max(1, budget)))
}

// evalTop is one batch's estimate of the bot in the character and
// booster phases, and the occupancies they give.
type evalTop struct {
	chars    [MaxCharacterStates][MaxSide]float64
	boosters [nzsc.NumCharacters][nzsc.NumCharacters][MaxSide]float64
	// reach[i][j] is the probability that the move phase starts with
	// the first seat's loadout i and the second's j.
	reach [NumLoadouts][NumLoadouts]float64
}

// drawTop draws batch b's estimate of the bot in the character phase
// (breadth first from its start, each state's draws after the states
// leading to it) and the booster phase, into top.
func (y *Exploit) drawTop(pol DrawPolicy, b int, budget float64, top *evalTop) {
	limit := int(y.Rules.CharacterStreak)
	var occ [MaxCharacterStates]float64
	var seen [MaxCharacterStates]bool
	var pairs [nzsc.NumCharacters][nzsc.NumCharacters]float64
	occ[0], seen[0] = 1, true
	queue := []int{0}
	for len(queue) > 0 {
		cs := queue[0]
		queue = queue[1:]
		chars, n := characterChoices(limit, cs)
		st := characterStateGame(y.Rules, limit, cs)
		bot := top.chars[cs][:n]
		pol(b, &st, 1-y.Seat, draws(budget, occ[cs]), bot)
		var resp [MaxSide]float64
		responderMix(y.characterM[cs], resp[:n])
		for a := range n {
			for o := range n {
				p := occ[cs] * resp[a] * bot[o]
				if a == o {
					t := clashNextOf(limit, cs, chars[a])
					if !seen[t] && bot[o] > 0 && resp[a] > 0 {
						seen[t] = true
						queue = append(queue, t)
					}
					occ[t] += p
					continue
				}
				ca, cb := chars[a], chars[o]
				if y.Seat == 1 {
					ca, cb = cb, ca
				}
				pairs[ca][cb] += p
			}
		}
	}
	for a := range nzsc.Character(nzsc.NumCharacters) {
		for c := range nzsc.Character(nzsc.NumCharacters) {
			if a == c {
				continue
			}
			st, _, nOther := y.boosterStart(a, c)
			bot := top.boosters[a][c][:nOther]
			pol(b, &st, 1-y.Seat, draws(budget, pairs[a][c]), bot)
			for o := range bot {
				li, lj := y.pairingOf(a, c, int(y.boosterBR[a][c]), o)
				top.reach[li][lj] += pairs[a][c] * bot[o]
			}
		}
	}
}

// responderMix writes into dst (length n) the responder's mixed strategy
// for mask: uniform over its set bits, or over all n choices when it has
// none inside n (as nzscbots.Responder falls back).
func responderMix(mask uint8, dst []float64) {
	n := len(dst)
	if n < 8 {
		mask &= 1<<n - 1
	}
	k := popcount(mask)
	for a := range dst {
		switch {
		case k == 0:
			dst[a] = 1 / float64(n)
		case mask>>a&1 == 1:
			dst[a] = 1 / float64(k)
		default:
			dst[a] = 0
		}
	}
}

// evaluateMoves returns the responder's value from the start of one
// pairing's move phase when it plays table t (nil: uniformly everywhere)
// against pol, and the number of states reached. pol is asked at each
// state reached, breadth first, with its occupancy so far: rootOcc times
// the probability of the paths from the start through states already
// asked, and the fewest draws the state should get (atLeast).
//
// A state drawn a few times is a few pure choices, and where the bot and
// the responder can return to a state (a stall), those choices may close
// a loop that play never leaves, valued as endless play (0), where the
// bot's real mix leaves it: the valuation of optimal:noise=0.1 came out
// +0.16 against a match's +0.42 so. So the walk is done again with
// loopDraws draws at every state of such a loop, until no loop is left
// that has not had them (at most loopRounds times): a bot whose loop
// holds at loopDraws draws (a pure bot) stalls there indeed.
func evaluateMoves(g *Graph, seat int, t *brTable, pol func(st *nzsc.State, seat int, occ float64, atLeast int, probs []float64), rootOcc float64) (float64, int) {
	var tab Pairing
	if t != nil {
		tab.Keys = t.keys
	}
	var more map[Key]bool // states of endless loops, drawn loopDraws times
	for round := 0; ; round++ {
		w := walkMoves(g, seat, respondFixed, rootOcc, func(st *nzsc.State, occ float64, bot, resp []float64) {
			atLeast := 1
			if more != nil && more[KeyOf(st)] {
				atLeast = loopDraws
			}
			pol(st, 1-seat, occ, atLeast, bot)
			var mask uint8
			if t != nil {
				if k, ok := tab.index(KeyOf(st)); ok {
					mask = t.mask[k]
				}
			}
			responderMix(mask, resp)
		})
		added := false
		for v, endless := range w.endless {
			if !endless || round == loopRounds {
				continue
			}
			if more == nil {
				more = map[Key]bool{}
			}
			if k := KeyOf(&g.States[v]); !more[k] {
				more[k], added = true, true
			}
		}
		if !added {
			return w.val[0], w.count
		}
	}
}

// The valuation's draws at the states of a loop that play never leaves
// (evaluateMoves): enough that a bot mixing at least a few percent on a
// way out is seen to take it (at 64 draws, a way out of probability 0.05
// is missed with probability 0.04), and the rounds of walks that look for
// such loops.
const (
	loopDraws  = 64
	loopRounds = 4
)

// evaluateTop values the booster and character phases of y, whose
// Pairings are valued, against top's estimate of the bot.
func (y *Exploit) evaluateTop(top *evalTop) {
	for a := range nzsc.Character(nzsc.NumCharacters) {
		for c := range nzsc.Character(nzsc.NumCharacters) {
			if a == c {
				continue
			}
			_, nOwn, nOther := y.boosterStart(a, c)
			i := int(y.boosterBR[a][c])
			if i >= nOwn {
				panic(fmt.Sprintf("solve: booster choice %d of %d", i, nOwn))
			}
			y.Boosters[a][c] = y.boosterValue(a, c, i, top.boosters[a][c][:nOther])
		}
	}
	y.characterProcess(respondFixed, &top.chars, func(cs int, dst []float64) {
		responderMix(y.characterM[cs], dst)
	})
}
