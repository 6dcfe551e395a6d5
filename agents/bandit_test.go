package agents

import (
	"math"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

func TestBanditSteps(t *testing.T) {
	var x, sigma [nzsc.MaxChoices]float64
	x[0], x[1], x[2] = 3, -1, 1
	RegretMatching(&x, &sigma, 3)
	if sigma[0] != 0.75 || sigma[1] != 0 || sigma[2] != 0.25 {
		t.Errorf("regret matching of 3, -1, 1: %v", sigma[:3])
	}
	x[0], x[2] = -2, 0
	RegretMatching(&x, &sigma, 3)
	if sigma[0] != 1.0/3 || sigma[1] != 1.0/3 || sigma[2] != 1.0/3 {
		t.Errorf("no positive regret: %v, want uniform", sigma[:3])
	}

	var sums, counts [nzsc.MaxChoices]float64
	sums[0], counts[0], sums[1], counts[1] = 1, 2, 0, 0
	if k := UCBPick(&sums, &counts, 2, 2, 1); k != 1 {
		t.Errorf("an untried action is picked first: got %d", k)
	}
	// Means 0.5 and 0.9 after 10 tries each: with c = 0 the better mean;
	// with a large c still the tie broken by mean (equal bonuses).
	sums[0], counts[0], sums[1], counts[1] = 5, 10, 9, 10
	if k := UCBPick(&sums, &counts, 2, 20, 0); k != 1 {
		t.Errorf("UCB with c=0 picked %d, want the better mean 1", k)
	}
	// A rarely tried action wins on its bonus: 0.5 over 1 try against 0.9
	// over 100, c = 1, 101 visits: 0.5+√(ln 101) ≈ 2.65 > 0.9+0.21.
	sums[0], counts[0], sums[1], counts[1] = 0.5, 1, 90, 100
	if k := UCBPick(&sums, &counts, 2, 101, 1); k != 0 {
		t.Errorf("UCB picked %d, want the rarely tried 0", k)
	}

	// Drawing over a fine grid of r gives each action its mixed
	// probability's share of the grid.
	sigma[0], sigma[1], sigma[2] = 0.5, 0.5, 0
	const g = 0.3
	var hits [3]float64
	const steps = 100000
	for i := range steps {
		k, p := DrawMixed(&sigma, 1, 3, g, (float64(i)+0.5)/steps)
		want := (1-g)*sigma[k] + g/3
		if math.Abs(p-want) > 1e-15 {
			t.Fatalf("action %d drawn with probability %v, want %v", k, p, want)
		}
		hits[k]++
	}
	for k, h := range hits {
		if want := (1-g)*sigma[k] + g/3; math.Abs(h/steps-want) > 1e-4 {
			t.Errorf("action %d drawn %.5f of the time, want %.5f", k, h/steps, want)
		}
	}
}
