package dynamics

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Moran is the Moran process of a finite population over K strategies.
type Moran struct {
	// N is the population's size and W the intensity of selection: an
	// individual's fitness is 1 − W + W·(its average payoff against the
	// rest of the population).
	N int
	W float64
	// Fixation[i][j] is the probability that one individual playing j,
	// in a population of N−1 playing i, takes it over (the diagonal is
	// unused). Neutral drift gives 1/N: more means selection favours the
	// invader.
	Fixation [][]float64
	// Stationary is the share of time the population spends playing
	// each strategy when mutations are rare: the stationary distribution
	// of the chain over monomorphic populations.
	Stationary []float64
}

// Neutral returns the fixation probability of a neutral mutant, 1/N.
func (m *Moran) Neutral() float64 { return 1 / float64(m.N) }

// MoranOf returns the Moran process of a population of n under the
// payoff matrix a (a[i][j] is i's payoff against j, here in [0, 1]) with
// selection intensity w in (0, 1].
func MoranOf(a [][]float64, n int, w float64) (*Moran, error) {
	if n < 2 {
		return nil, fmt.Errorf("moran: population %d: want at least 2", n)
	}
	if !(w > 0 && w <= 1) {
		return nil, fmt.Errorf("moran: selection intensity %v: want 0 < w <= 1", w)
	}
	k := len(a)
	m := &Moran{N: n, W: w, Fixation: square(k)}
	for i := range k {
		for j := range k {
			if i != j {
				m.Fixation[i][j] = MoranFixation(a[j][j], a[j][i], a[i][j], a[i][i], n, w)
			}
		}
	}
	var err error
	if m.Stationary, err = stationary(embedded(m.Fixation)); err != nil {
		return nil, fmt.Errorf("moran: %w", err)
	}
	return m, nil
}

// moranFitness returns the fitnesses of a mutant and of a resident with
// k mutants in a population of n, each playing everyone else once:
// payoffs uu (mutant against mutant), ur, ru, rr.
func moranFitness(uu, ur, ru, rr float64, n, k int, w float64) (fu, fr float64) {
	d := float64(n - 1)
	fu = 1 - w + w*(float64(k-1)*uu+float64(n-k)*ur)/d
	fr = 1 - w + w*(float64(k)*ru+float64(n-k-1)*rr)/d
	return fu, fr
}

// MoranFixation returns, in closed form, the probability that one mutant
// takes over a Moran process of n individuals (Nowak et al. 2004,
// Nature 428: 646): payoffs uu of a mutant against a mutant, ur of a
// mutant against a resident, ru and rr; selection intensity w. In the
// Moran process T⁻(k)/T⁺(k) = f_resident(k)/f_mutant(k). A mutant with
// fitness 0 never reproduces (probability 0); where both fitnesses are 0
// nothing happens and the step is taken as neutral.
func MoranFixation(uu, ur, ru, rr float64, n int, w float64) float64 {
	return fixation(n, func(k int) float64 {
		fu, fr := moranFitness(uu, ur, ru, rr, n, k, w)
		if fu == 0 && fr == 0 {
			return 0
		}
		return math.Log(fr) - math.Log(fu)
	})
}

// MoranFixationExact returns the same probability by solving the
// absorbing birth–death chain over the number of mutants, 0 to n, as a
// linear system with gonum: φ_k = T⁻(k)φ_{k−1} + T⁺(k)φ_{k+1} +
// (1 − T⁻ − T⁺)φ_k, φ_0 = 0, φ_n = 1, and returns φ_1. It checks the
// closed form with no algebra in common.
func MoranFixationExact(uu, ur, ru, rr float64, n int, w float64) (float64, error) {
	size := n - 1
	a := mat.NewDense(size, size, nil)
	b := mat.NewVecDense(size, nil)
	for k := 1; k < n; k++ {
		up, down := moranSteps(uu, ur, ru, rr, n, k, w)
		r := k - 1
		a.Set(r, r, up+down)
		if k > 1 {
			a.Set(r, r-1, -down)
		}
		if k < n-1 {
			a.Set(r, r+1, -up)
		} else {
			b.SetVec(r, up) // φ_n = 1
		}
	}
	var phi mat.VecDense
	if err := phi.SolveVec(a, b); err != nil {
		return 0, fmt.Errorf("moran: the absorbing chain: %w", err)
	}
	return phi.AtVec(0), nil
}

// moranSteps returns T⁺(k) and T⁻(k): one individual is chosen to
// reproduce with probability proportional to fitness, one (any, uniformly)
// dies and is replaced by the offspring.
func moranSteps(uu, ur, ru, rr float64, n, k int, w float64) (up, down float64) {
	fu, fr := moranFitness(uu, ur, ru, rr, n, k, w)
	total := float64(k)*fu + float64(n-k)*fr
	if total == 0 {
		return 0, 0
	}
	up = float64(k) * fu / total * float64(n-k) / float64(n)
	down = float64(n-k) * fr / total * float64(k) / float64(n)
	return up, down
}

// SimulateMoranFixation plays the Moran process from one mutant until one
// type is extinct (SimulateMoran, the resident strategy 0 and the mutant
// 1), trials times, and returns the share of runs the mutant took over:
// a Monte Carlo check of the exact answers, from the seeded source src.
// Invalid settings (n < 2, w outside (0, 1]) give NaN.
func SimulateMoranFixation(uu, ur, ru, rr float64, n int, w float64, trials int, src rand.Source) float64 {
	a := [][]float64{{rr, ru}, {ur, uu}}
	opt := MoranRunOptions{Start: []int{n - 1, 1}, W: w, MaxSteps: math.MaxInt32 << 16, Every: math.MaxInt32 << 16}
	fixed := 0
	for range trials {
		r, err := SimulateMoran(a, opt, src)
		if err != nil {
			return math.NaN()
		}
		if r.Winner == 1 {
			fixed++
		}
	}
	return float64(fixed) / float64(trials)
}
