package solve

import (
	"context"
	"math"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// evalRules is a small variant (3 points, streaks of 2, one wait,
// boosters required) whose best responses take a second or so.
var evalRules = nzsc.Rules{TurnCap: 1000, Points: 3, MoveStreak: 2, CharacterStreak: 2, Waits: 1, BoosterRequired: true}

// testPolicies are fixed bot policies: uniform, always the first legal
// choice, and weights 1, 2, 3, … over the legal choices.
var testPolicies = []struct {
	name string
	mix  func(probs []float64)
}{
	{"uniform", func(p []float64) {
		for i := range p {
			p[i] = 1 / float64(len(p))
		}
	}},
	{"first", func(p []float64) {
		clear(p)
		if len(p) > 0 {
			p[0] = 1
		}
	}},
	{"skewed", func(p []float64) {
		n := float64(len(p))
		for i := range p {
			p[i] = float64(i+1) / (n * (n + 1) / 2)
		}
	}},
}

// TestEvaluate: a best response valued against the policy it was
// computed from is worth its computed value (policy evaluation of the
// optimal policy agrees with the optimum, loops of play included), in
// every batch; valued against another policy it is worth no more than
// that policy's best response. Each state is drawn at least once, the
// character phase's start with the whole budget.
func TestEvaluate(t *testing.T) {
	ctx := context.Background()
	xs := make([][2]*Exploit, len(testPolicies))
	for k, tp := range testPolicies {
		for seat := range 2 {
			x, err := BestResponseRules(ctx, evalRules, seat, 2, func() (BotPolicy, error) {
				return func(_ *nzsc.State, _ int, probs []float64) { tp.mix(probs) }, nil
			}, nil)
			if err != nil {
				t.Fatal(err)
			}
			xs[k][seat] = x
		}
	}
	for k, tp := range testPolicies {
		for seat := range 2 {
			for r := range testPolicies {
				minN, rootN := math.MaxInt, 0
				ys, err := xs[r][seat].Evaluate(ctx, 1, func() (DrawPolicy, error) {
					return func(_ int, st *nzsc.State, _ int, n int, probs []float64) {
						minN = min(minN, n)
						if st.Phase == nzsc.PickCharacter && st.Turn == 0 {
							rootN = n
						}
						tp.mix(probs)
					}, nil
				}, 50, 2, nil)
				if err != nil {
					t.Fatal(err)
				}
				best := xs[k][seat].Value
				for b, y := range ys {
					switch {
					case r == k && math.Abs(y.Value-best) > 1e-9:
						t.Errorf("%s, seat %d, batch %d: the best response valued at %v, computed %v", tp.name, seat, b, y.Value, best)
					case y.Value > best+1e-9:
						t.Errorf("%s, seat %d: the response to %s valued at %v, more than the best response's %v", tp.name, seat, testPolicies[r].name, y.Value, best)
					}
				}
				if minN != 1 || rootN != 50 {
					t.Errorf("%s, seat %d: draws from %d, %d at the start; want 1 and the budget 50", tp.name, seat, minN, rootN)
				}
			}
		}
	}
}

// TestWalkMovesRule: the move phase's walk values a state by the best of
// the responder's choices for respondBest and by the responder's given
// mix for respondFixed, checked against value iteration of the same
// pairing's graph (Jacobi sweeps from 0, which converge to the values
// with endless play worth 0), at every state reached. The bot plays the
// skewed policy and the fixed responder uniformly, which
// is worth much less than the best, so a walk that took the maximum
// where it should take the mix (or the reverse) fails.
func TestWalkMovesRule(t *testing.T) {
	ls := nzsc.Loadouts()
	jobs := pairingJobs(normalRules(evalRules), false)
	skewed, uniform := testPolicies[2].mix, testPolicies[0].mix
	for _, jb := range []pairingJob{jobs[0], jobs[len(jobs)-1]} {
		g := NewGraphRules(normalRules(evalRules), ls[jb.i], ls[jb.j])
		for seat := range 2 {
			var roots [2]float64
			for _, rule := range []respond{respondBest, respondFixed} {
				w := walkMoves(g, seat, rule, 1, func(_ *nzsc.State, _ float64, bot, resp []float64) {
					skewed(bot)
					if rule == respondFixed {
						uniform(resp)
					}
				})
				want := iterateValues(g, seat, rule == respondBest, skewed, uniform)
				for v, r := range w.reach {
					if r && math.Abs(w.val[v]-want[v]) > 1e-9 {
						t.Fatalf("pairing %v-%v, seat %d, rule %d: state %d valued %v, value iteration %v", ls[jb.i], ls[jb.j], seat, rule, v, w.val[v], want[v])
					}
				}
				roots[rule] = w.val[0]
			}
			if !(roots[respondBest] > roots[respondFixed]+0.05) {
				t.Errorf("pairing %v-%v, seat %d: best %v, fixed %v: the test cannot tell them apart", ls[jb.i], ls[jb.j], seat, roots[respondBest], roots[respondFixed])
			}
		}
	}
}

// iterateValues is the responder's value at every state of g (seat's
// view) by value iteration: the best of its choices when best, else its
// mix resp; the bot mixes as bot says, everywhere.
func iterateValues(g *Graph, seat int, best bool, bot, resp func([]float64)) []float64 {
	n := g.Len()
	sign := 1.0
	if seat == 1 {
		sign = -1
	}
	v, next := make([]float64, n), make([]float64, n)
	for range 100000 {
		change := 0.0
		for s := range n {
			na, nb := int(g.NA[s]), int(g.NB[s])
			own, other := na, nb
			if seat == 1 {
				own, other = nb, na
			}
			var pb, pr [MaxSide]float64
			bot(pb[:other])
			resp(pr[:own])
			row := g.Row(int32(s))
			total := 0.0
			if best {
				total = math.Inf(-1)
			}
			for a := range own {
				q := 0.0
				for o := range other {
					i, j := a, o
					if seat == 1 {
						i, j = o, a
					}
					x := 0.0
					if t := row[i*nb+j]; t < 0 {
						x = sign * TerminalValue(t)
					} else {
						x = v[t]
					}
					q += pb[o] * x
				}
				if best {
					total = max(total, q)
				} else {
					total += pr[a] * q
				}
			}
			next[s] = total
			change = max(change, math.Abs(total-v[s]))
		}
		v, next = next, v
		if change < 1e-14 {
			break
		}
	}
	return v
}
