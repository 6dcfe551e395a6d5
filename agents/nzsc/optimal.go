package nzsc

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/game"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

func init() {
	agents.Register(agents.Info{
		Name: "optimal",
		Help: "plays the solved game's equilibrium in every phase (nzsc solve game); loads the saved solution of the game's rules at its first decision, or solves them then and caches it",
		Params: []agents.Param{
			{Name: "path", Default: "", File: true, Help: "solution file, read and never written, of the rules played (default: the user cache dir's nzsc/solution-vN.bin, or solution-vN-VARIANT.bin for a rule variant, solved and saved there if missing)"},
		},
		New: func(p agents.Params) (agents.Agent, error) {
			// Cheap on purpose: a spec is validated by building the bot.
			// A named file must be a solution file now; loading (or
			// solving, for the cache) waits for the first decision.
			if path := p["path"]; path != "" {
				if err := solve.CheckFile(path); err != nil {
					return nil, fmt.Errorf("optimal: %w", err)
				}
			}
			return &Optimal{path: p["path"]}, nil
		},
	})
}

// Mixer is implemented by bots that can state the mixed strategy they
// draw their choice from: probs (one entry per d.Legal) receives it.
// Exploitability is exact for such bots; others are sampled.
type Mixer interface {
	Mix(d *agents.Decision, probs []float64)
}

// sourceKey names a solution: the path, and for the cache (path "")
// the rules' options.
type sourceKey struct{ path, rules string }

// solutions holds each solution file (or the cache of one rules variant)
// once per process; every optimal instance of that path and those rules
// shares the read-only result.
var solutions processMemo[sourceKey, *solve.Solution]

// solutionFor returns the solution for games under rules: the file path,
// only read, or when path is "" the cache of those rules, solved and
// written when missing or stale, on ctx (a stop ends the solve within
// its check interval).
func solutionFor(ctx context.Context, path string, rules nz.Rules) (*solve.Solution, error) {
	key := sourceKey{path: path}
	if path == "" {
		r := rules
		r.TurnCap = nz.DefaultRules.TurnCap
		key.rules = fmt.Sprint(r.Options())
	}
	return solutions.get(ctx, key, func(ctx context.Context) (*solve.Solution, error) {
		var s *solve.Solution
		var err error
		if path != "" {
			s, err = solve.Load(path)
		} else {
			start := time.Now()
			solved, said := false, false
			s, solved, err = solve.LoadOrSolveRules(ctx, rules, 0, func(int, int) {
				// Called only when solving, not loading, and never
				// concurrently with itself: said once, at the first
				// pairing solved (milliseconds in).
				if !said {
					said = true
					agents.Note(ctx, solvingNote(rules))
				}
			})
			if solved {
				agents.Note(ctx, solvedNote(time.Since(start), err))
			}
			if err != nil && s != nil {
				// Solved but not cached (no cache directory): play it;
				// the next run solves again. Forfeiting every game over
				// the cache, which it did, helped no one.
				err = nil
			}
		}
		switch {
		case err != nil && ctx.Err() != nil:
			return nil, fmt.Errorf("optimal: %w", ctx.Err())
		case err != nil:
			return nil, fmt.Errorf("optimal: %w", err)
		}
		return s, nil
	})
}

// solvingNote is optimal's word (agents.Note) when it solves the game's
// rules at its first decision, which takes seconds with nothing to show:
// that it solves them once, about how long it takes and where the
// solution is cached. The CPU times are those of nzsc solve game on the
// development machine: 4 to 6 s under the shared rules (1.3 million
// move-phase states); the largest variant (points=9 move_streak=4
// waits=8) has 6.7 times as many.
func solvingNote(rules nz.Rules) string {
	what, cost := "the game", "about 5 s of CPU"
	if rules.Variant() {
		what, cost = "this rules variant", "seconds, up to about 40 s of CPU for the largest variants"
	}
	where := "it will be cached in "
	path, err := solve.CachePathRules(rules)
	if err != nil {
		where, path = "it cannot be cached: ", err.Error()
	}
	return fmt.Sprintf("optimal: solving %s once, as no solution of it is saved (%s); %s%s", what, cost, where, path)
}

// solvedNote is optimal's word when the solve is done: its time, and
// that it was saved, or why the next run solves again (err).
func solvedNote(took time.Duration, err error) string {
	took = took.Round(100 * time.Millisecond)
	if err != nil {
		return fmt.Sprintf("optimal: solved in %v; %v: the next run solves again", took, err)
	}
	return fmt.Sprintf("optimal: solved in %v and saved for later runs", took)
}

// Optimal plays a solved game's equilibrium strategies. Outside the
// solved states (a state reached through penalties, which the solution
// does not model) it picks uniformly among its legal choices. When its
// solution cannot be loaded, or is of other rules than the game's, it
// reports a Fault (and forfeits).
type Optimal struct {
	s *solve.Solution
	// path is the solution file ("": the cache of the game's rules),
	// loaded at the first decision, when the rules are known.
	path   string
	loaded bool
	err    error
	rng    *rand.Rand
	ctx    context.Context // the run's (SetContext): a stop ends the solve
}

// SetContext implements ContextSetter: the solve at the first decision,
// when no solution is cached, ends when ctx does.
func (o *Optimal) SetContext(ctx context.Context) { o.ctx = ctx }

// NewOptimal returns an Optimal playing s.
func NewOptimal(s *solve.Solution) *Optimal { return &Optimal{s: s} }

// solution returns o's solution for the game of st, loading it at the
// first call; nil when it cannot be loaded or is of other rules (Fault
// says why).
func (o *Optimal) solution(st *nz.State) *solve.Solution {
	if !o.loaded {
		o.loaded = true
		if o.s == nil {
			ctx := o.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			o.s, o.err = solutionFor(ctx, o.path, st.Rules())
		}
		if o.s != nil && !o.s.Solves(st.Rules()) {
			o.s, o.err = nil, fmt.Errorf("optimal: the solution is of other rules (%v) than the game's (%v): solve them with nzsc solve game --rule", o.s.Rules.Options(), st.Rules().Options())
		}
	}
	return o.s
}

// CheckGame reports a solution file that cannot play g: the solution of
// other rules is refused when the bot is set up for its game (agents.ProbeFor),
// with a message, rather than found at its first decision (a Fault, and
// every game forfeited).
func (o *Optimal) CheckGame(g game.Game) error {
	if o.path == "" || g.Info().Name != nz.Info.Name || g.Seats() != 2 {
		return nil // the cache is solved for the game's rules; other games do not take this bot
	}
	r, err := nz.ParseRules(g.Rules())
	if err != nil {
		return err
	}
	if err := solve.CheckFileFor(o.path, r); err != nil {
		return fmt.Errorf("optimal: %w", err)
	}
	return nil
}

// NewGame implements agents.Agent.
func (o *Optimal) NewGame(_ int, rng *rand.Rand) { o.rng = rng }

// Fault implements Faulter: the error loading the solution, if any.
func (o *Optimal) Fault() error { return o.err }

// Mix implements Mixer.
func (o *Optimal) Mix(d *agents.Decision, probs []float64) {
	var p [solve.MaxSide]float64
	n, ok := 0, false
	if s := o.solution(d.State); s != nil {
		n, ok = s.Strategy(d.State, d.Seat, &p)
	}
	if !ok || n != len(d.Legal) {
		for i := range probs {
			probs[i] = 1 / float64(len(probs))
		}
		return
	}
	copy(probs, p[:n])
}

// Choose implements agents.Agent. It does not allocate (once loaded).
func (o *Optimal) Choose(d *agents.Decision) nz.Choice {
	var p [solve.MaxSide]float64
	n, ok := 0, false
	if s := o.solution(d.State); s != nil {
		n, ok = s.Strategy(d.State, d.Seat, &p)
	}
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

// NewGame implements agents.Agent.
func (r *Responder) NewGame(_ int, rng *rand.Rand) { r.rng = rng }

// Choose implements agents.Agent.
func (r *Responder) Choose(d *agents.Decision) nz.Choice {
	i, ok := r.x.Choose(d.State, r.rng.Float64())
	if !ok || i >= len(d.Legal) {
		return d.Legal[r.rng.IntN(len(d.Legal))]
	}
	return d.Legal[i]
}
