package dynamics

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// MoranRunOptions set one simulated Moran process (SimulateMoran).
type MoranRunOptions struct {
	// Start[i] is the number of individuals playing strategy i at the
	// start; the population's size is their sum (at least 2).
	Start []int
	// W is the intensity of selection, as Moran.W (0 < W <= 1).
	W float64
	// Mutation is the probability that a newborn plays a strategy other
	// than its parent's, drawn uniformly among the other K−1 (Axelrod's
	// mutation_rate). With 0 the run stops at fixation.
	Mutation float64
	// MaxSteps bounds the run: with mutations it always runs them all,
	// without it stops earlier at fixation.
	MaxSteps int
	// Every keeps the population's counts every Every steps (and at the
	// start and the end).
	Every int
	// Done, when not nil, stops the run once it is closed (a context's
	// Done), checked every few thousand steps: SimulateMoran then
	// returns ErrStopped. A hundred million steps take seconds to
	// minutes, and Ctrl-C said "stopping" and went on.
	Done <-chan struct{}
}

// MoranRun is the history of one simulated Moran process.
type MoranRun struct {
	// Steps[s] is the step after which Counts[s] was the population
	// (Steps[0] = 0, the start); the last entry is the end of the run.
	Steps  []int
	Counts [][]int
	// Fixation is the first step after which every individual played
	// one strategy, Winner (-1 and -1 if it never happened). Without
	// mutations the run ends there.
	Fixation, Winner int
}

// SimulateMoran plays the Moran process of a population of sum(Start)
// under the payoff matrix a (a[i][j] is i's payoff against j, in [0, 1]),
// one birth and one death a step, from the seeded source src: the same
// process whose fixation probabilities MoranOf gives exactly, as a single
// history. Each individual's fitness is 1 − W + W·(its average payoff
// against the other N−1 individuals), the payoffs being the matrix's
// expected scores (Axelrod's ApproximateMoranProcess draws each
// interaction's outcome from cached ones instead; on average the same
// fitness, but not the same process). A step chooses a parent with
// probability proportional to fitness, its offspring (which mutates with
// probability Mutation), and an individual to die uniformly among all N.
func SimulateMoran(a [][]float64, opt MoranRunOptions, src rand.Source) (*MoranRun, error) {
	k := len(a)
	if len(opt.Start) != k {
		return nil, fmt.Errorf("moran: start has %d counts for %d strategies", len(opt.Start), k)
	}
	n := 0
	for i, c := range opt.Start {
		if c < 0 {
			return nil, fmt.Errorf("moran: start count %d for strategy %d", c, i)
		}
		n += c
	}
	switch {
	case n < 2 || n > MaxPopulation:
		return nil, fmt.Errorf("moran: population %d: want 2 to %d", n, MaxPopulation)
	case !(opt.W > 0 && opt.W <= 1):
		return nil, fmt.Errorf("moran: selection intensity %v: want 0 < w <= 1", opt.W)
	case !(opt.Mutation >= 0 && opt.Mutation <= 1):
		return nil, fmt.Errorf("moran: mutation rate %v: want 0 to 1", opt.Mutation)
	case opt.Mutation > 0 && k < 2:
		return nil, fmt.Errorf("moran: mutations need at least 2 strategies")
	case opt.MaxSteps < 1 || opt.Every < 1:
		return nil, fmt.Errorf("moran: steps %d and every %d must be positive", opt.MaxSteps, opt.Every)
	}
	rng := rand.New(src)
	count := append([]int(nil), opt.Start...)
	// sum[i] is Σ_j count[j]·a[i][j]: what an individual of i scores
	// against the whole population, itself included; kept up to date in
	// O(K) a step.
	sum := make([]float64, k)
	for i := range k {
		for j := range k {
			sum[i] += float64(count[j]) * a[i][j]
		}
	}
	fit := make([]float64, k)
	run := &MoranRun{Steps: []int{0}, Counts: [][]int{slices.Clone(count)}, Fixation: -1, Winner: -1}
	if w := monomorphic(count); w >= 0 {
		run.Fixation, run.Winner = 0, w
		if opt.Mutation == 0 {
			return run, nil
		}
	}
	d := float64(n - 1)
	for step := 1; step <= opt.MaxSteps; step++ {
		if step%stopCheck == 0 && opt.Done != nil {
			select {
			case <-opt.Done:
				return nil, ErrStopped
			default:
			}
		}
		total := 0.0
		for i := range k {
			fit[i] = 0
			if count[i] > 0 {
				fit[i] = 1 - opt.W + opt.W*(sum[i]-a[i][i])/d
				total += float64(count[i]) * fit[i]
			}
		}
		// Birth: a parent of strategy i with probability count[i]·fit[i]/total
		// (every individual alike when no one has any fitness).
		var parent int
		if total > 0 {
			// The last strategy with any weight takes what rounding leaves.
			r := rng.Float64() * total
			for i := range k {
				if wt := float64(count[i]) * fit[i]; wt > 0 {
					parent = i
					if r -= wt; r < 0 {
						break
					}
				}
			}
		} else {
			parent = pick(count, rng.IntN(n))
		}
		child := parent
		if opt.Mutation > 0 && rng.Float64() < opt.Mutation {
			child = rng.IntN(k - 1)
			if child >= parent {
				child++
			}
		}
		// Death: anyone, uniformly (the parent included: its offspring
		// replaces it).
		dead := pick(count, rng.IntN(n))
		if child != dead {
			count[child]++
			count[dead]--
			for i := range k {
				sum[i] += a[i][child] - a[i][dead]
			}
		}
		w := monomorphic(count)
		if w >= 0 && run.Fixation < 0 {
			run.Fixation, run.Winner = step, w
		}
		end := step == opt.MaxSteps || (w >= 0 && opt.Mutation == 0)
		if step%opt.Every == 0 || end {
			run.Steps = append(run.Steps, step)
			run.Counts = append(run.Counts, slices.Clone(count))
		}
		if end {
			break
		}
	}
	return run, nil
}

// stopCheck is how many steps pass between two looks at Done: a look
// costs about what a step does.
const stopCheck = 1 << 12

// pick returns the strategy of the individual at position r (0 ≤ r < N)
// when individuals are lined up by strategy.
func pick(count []int, r int) int {
	for i, c := range count {
		if r < c {
			return i
		}
		r -= c
	}
	panic("dynamics: pick beyond the population")
}

// monomorphic returns the one strategy every individual plays, or -1.
func monomorphic(count []int) int {
	w := -1
	for i, c := range count {
		if c > 0 {
			if w >= 0 {
				return -1
			}
			w = i
		}
	}
	return w
}
