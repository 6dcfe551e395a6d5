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
			x, err := BestResponseRules(ctx, evalRules, seat, 2, func() BotPolicy {
				return func(_ *nzsc.State, _ int, probs []float64) { tp.mix(probs) }
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
				ys, err := xs[r][seat].Evaluate(ctx, 1, func() DrawPolicy {
					return func(_ int, st *nzsc.State, _ int, n int, probs []float64) {
						minN = min(minN, n)
						if st.Phase == nzsc.PickCharacter && st.Turn == 0 {
							rootN = n
						}
						tp.mix(probs)
					}
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
