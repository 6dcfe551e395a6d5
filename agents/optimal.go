package agents

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"

	"golang.org/x/term"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/internal/progress"
)

func init() {
	Register(Info{
		Name: "optimal",
		Help: "plays the solved game's equilibrium in every phase (nzsc solve game); loads the saved solution or solves and caches it on first use",
		Params: []Param{
			{Name: "path", Default: "", Help: "solution file (default: the user cache dir's nzsc/solution-vN.bin, solved and saved if missing)"},
		},
		New: func(p Params) (Agent, error) {
			s, err := LoadSolution(p["path"])
			if err != nil {
				return nil, err
			}
			return NewOptimal(s), nil
		},
	})
}

// Mixer is implemented by bots that can state the mixed strategy they
// draw their choice from: probs (one entry per d.Legal) receives it.
// Exploitability is exact for such bots; others are sampled.
type Mixer interface {
	Mix(d *Decision, probs []float64)
}

var solutions struct {
	sync.Mutex
	byPath map[string]*solve.Solution
}

// LoadSolution returns the solved game saved at path (the user cache
// path when empty), loading it once per process. With no usable file it
// solves the game (a progress bar on a terminal's stderr) and saves it.
// The solution is read-only and shared by every optimal instance.
func LoadSolution(path string) (*solve.Solution, error) {
	solutions.Lock()
	defer solutions.Unlock()
	if s, ok := solutions.byPath[path]; ok {
		return s, nil
	}
	var prog solve.Progress
	var bar *progress.Bar
	if path != "" {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("optimal: solution file: %w", err)
		}
	}
	if term.IsTerminal(int(os.Stderr.Fd())) {
		prog = func(done, total int) {
			if bar == nil {
				fmt.Fprintln(os.Stderr, "optimal: solving the game once (cached afterwards)")
				bar = progress.New(os.Stderr, uint64(total), "pairings")
			}
			bar.Draw(uint64(done))
		}
	}
	s, _, err := solve.LoadOrSolve(context.Background(), path, 0, prog)
	if bar != nil {
		bar.Clear()
	}
	if err != nil {
		if s == nil {
			return nil, fmt.Errorf("optimal: %w", err)
		}
		fmt.Fprintln(os.Stderr, "optimal:", err)
	}
	if solutions.byPath == nil {
		solutions.byPath = map[string]*solve.Solution{}
	}
	solutions.byPath[path] = s
	return s, nil
}

// Optimal plays a solved game's equilibrium strategies. Outside the
// solved states (a state reached through penalties, which the solution
// does not model) it picks uniformly among its legal choices.
type Optimal struct {
	s   *solve.Solution
	rng *rand.Rand
}

// NewOptimal returns an Optimal playing s.
func NewOptimal(s *solve.Solution) *Optimal { return &Optimal{s: s} }

// NewGame implements Agent.
func (o *Optimal) NewGame(_ int, rng *rand.Rand) { o.rng = rng }

// Mix implements Mixer.
func (o *Optimal) Mix(d *Decision, probs []float64) {
	var p [solve.MaxSide]float64
	n, ok := o.s.Strategy(d.State, d.Seat, &p)
	if !ok || n != len(d.Legal) {
		for i := range probs {
			probs[i] = 1 / float64(len(probs))
		}
		return
	}
	copy(probs, p[:n])
}

// Choose implements Agent. It does not allocate.
func (o *Optimal) Choose(d *Decision) engine.Choice {
	var p [solve.MaxSide]float64
	n, ok := o.s.Strategy(d.State, d.Seat, &p)
	if !ok || n != len(d.Legal) {
		return d.Legal[o.rng.IntN(len(d.Legal))]
	}
	return d.Legal[sample(p[:n], o.rng.Float64())]
}

// sample returns the index that u in [0, 1) falls on in the cumulative
// distribution p (the last positive entry if rounding leaves u beyond
// the total).
func sample(p []float64, u float64) int {
	last := 0
	for i, q := range p {
		if q <= 0 {
			continue
		}
		if u < q {
			return i
		}
		u -= q
		last = i
	}
	return last
}

// Responder plays a computed best response (solve.Exploit) in its seat;
// nzsc exploit pits it against the bot it was computed for, to confirm
// the computed value by play.
type Responder struct {
	x   *solve.Exploit
	rng *rand.Rand
}

// NewResponder returns an agent playing the best response x.
func NewResponder(x *solve.Exploit) *Responder { return &Responder{x: x} }

// NewGame implements Agent.
func (r *Responder) NewGame(_ int, rng *rand.Rand) { r.rng = rng }

// Choose implements Agent.
func (r *Responder) Choose(d *Decision) engine.Choice {
	i, ok := r.x.Choose(d.State, r.rng.Float64())
	if !ok || i >= len(d.Legal) {
		return d.Legal[r.rng.IntN(len(d.Legal))]
	}
	return d.Legal[i]
}
