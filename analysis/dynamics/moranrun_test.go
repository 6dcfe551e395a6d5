package dynamics

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSimulateMoranFixation: over many seeded runs from one mutant j
// among N−1 residents i, the share of runs j takes over agrees with
// MoranOf's exact Fixation[i][j] (the closed form, an independent
// oracle), within 4.5 standard errors, for every ordered pair of a
// three-strategy payoff whose third strategy is absent from the run.
func TestSimulateMoranFixation(t *testing.T) {
	trials := 6000
	if testing.Short() {
		trials = 1500
	}
	a := [][]float64{
		{0.5, 0.62, 0.3},
		{0.38, 0.5, 0.8},
		{0.7, 0.2, 0.5},
	}
	// A small population, where an individual's own presence weighs
	// most, and a larger one.
	for _, c := range []struct {
		n int
		w float64
	}{{4, 1}, {12, 1}, {12, 0.4}} {
		n, w := c.n, c.w
		mo, err := MoranOf(a, n, w)
		if err != nil {
			t.Fatal(err)
		}
		for i := range a {
			for j := range a {
				if i == j {
					continue
				}
				start := make([]int, len(a))
				start[i], start[j] = n-1, 1
				src := rand.NewPCG(uint64(10*i+j), uint64(n))
				fixed := 0
				for range trials {
					r, err := SimulateMoran(a, MoranRunOptions{Start: start, W: w, MaxSteps: 1 << 30, Every: 1 << 30}, src)
					if err != nil {
						t.Fatal(err)
					}
					if r.Winner == j {
						fixed++
					}
				}
				exact := mo.Fixation[i][j]
				sim := float64(fixed) / float64(trials)
				se := math.Sqrt(exact * (1 - exact) / float64(trials))
				if math.Abs(sim-exact) > 4.5*se {
					t.Errorf("N=%d w=%g, %d invading %d: simulated %.4f, exact %.4f (4.5 SE = %.4f)", n, w, j, i, sim, exact, 4.5*se)
				}
			}
		}
	}
}

// TestSimulateMoranHistory: a run's history is the same for the same
// seed, keeps the population's size, samples every K steps, ends at
// fixation without mutations and runs its steps with them.
func TestSimulateMoranHistory(t *testing.T) {
	opt := MoranRunOptions{Start: []int{10, 10, 0}, W: 1, MaxSteps: 100000, Every: 25}
	r1, err := SimulateMoran(transitive, opt, rand.NewPCG(5, 0))
	if err != nil {
		t.Fatal(err)
	}
	r2, _ := SimulateMoran(transitive, opt, rand.NewPCG(5, 0))
	if !slices.Equal(r1.Steps, r2.Steps) || r1.Fixation != r2.Fixation || r1.Winner != r2.Winner {
		t.Fatal("the same seed gave two histories")
	}
	if r1.Fixation < 1 || r1.Winner < 0 || r1.Steps[len(r1.Steps)-1] != r1.Fixation {
		t.Fatalf("fixation %d winner %d, last step %d: the run should end at its fixation", r1.Fixation, r1.Winner, r1.Steps[len(r1.Steps)-1])
	}
	for s, c := range r1.Counts {
		if n := c[0] + c[1] + c[2]; n != 20 || c[2] != 0 {
			t.Errorf("sample %d: %v (a mutation-free run keeps 20 and never brings the absent strategy)", s, c)
		}
		if s > 0 && s < len(r1.Steps)-1 && r1.Steps[s]%25 != 0 {
			t.Errorf("sample %d at step %d, not a multiple of 25", s, r1.Steps[s])
		}
	}
	if want := r1.Counts[len(r1.Counts)-1][r1.Winner]; want != 20 {
		t.Errorf("the winner holds %d of 20 at the end", want)
	}
	opt.Mutation, opt.MaxSteps = 0.05, 3000
	r3, err := SimulateMoran(transitive, opt, rand.NewPCG(5, 1))
	if err != nil {
		t.Fatal(err)
	}
	if r3.Steps[len(r3.Steps)-1] != 3000 {
		t.Errorf("with mutations the run should last its 3000 steps, ended at %d", r3.Steps[len(r3.Steps)-1])
	}
	seen := false
	for _, c := range r3.Counts {
		seen = seen || c[2] > 0
	}
	if !seen {
		t.Error("mutations never brought the absent strategy in 3000 steps at rate 0.05")
	}
	for _, bad := range []MoranRunOptions{
		{Start: []int{1, 0, 0}, W: 1, MaxSteps: 1, Every: 1},
		{Start: []int{1, 1}, W: 1, MaxSteps: 1, Every: 1},
		{Start: []int{1, -1, 3}, W: 1, MaxSteps: 1, Every: 1},
		{Start: []int{1, 1, 1}, W: 0, MaxSteps: 1, Every: 1},
		{Start: []int{1, 1, 1}, W: 1, Mutation: 1.5, MaxSteps: 1, Every: 1},
		{Start: []int{1, 1, 1}, W: 1, MaxSteps: 0, Every: 1},
	} {
		if _, err := SimulateMoran(transitive, bad, rand.NewPCG(1, 1)); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// TestSimulateMoranStops: a closed Done stops a long run (Ctrl-C on
// report --moran-run said "stopping" and ran its 10^8 steps on); an open
// one changes nothing.
func TestSimulateMoranStops(t *testing.T) {
	done := make(chan struct{})
	close(done)
	opt := MoranRunOptions{Start: []int{5, 5, 5}, W: 1, Mutation: 0.5, MaxSteps: 1 << 20, Every: 1 << 20, Done: done}
	if r, err := SimulateMoran(transitive, opt, rand.NewPCG(1, 1)); !errors.Is(err, ErrStopped) || r != nil {
		t.Errorf("closed Done: got %v, %v; want nil, ErrStopped", r, err)
	}
	opt.MaxSteps, opt.Every = 1<<13, 1<<13
	opt.Done = make(chan struct{})
	r, err := SimulateMoran(transitive, opt, rand.NewPCG(1, 1))
	opt.Done = nil
	r2, _ := SimulateMoran(transitive, opt, rand.NewPCG(1, 1))
	if err != nil || !slices.Equal(r.Steps, r2.Steps) || !slices.Equal(r.Counts[len(r.Counts)-1], r2.Counts[len(r2.Counts)-1]) {
		t.Errorf("open Done: %v, %v; without one %v", r, err, r2)
	}
}
