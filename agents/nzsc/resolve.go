package nzsc

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis/solve"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

func init() {
	agents.Register(agents.Info{
		Name: "resolve",
		Help: "solves online, exactly, what each decision needs (the character phase: every pairing; the booster phase: its characters' pairings; a move: its pairing) and plays that equilibrium; never reads a stored solution",
		Params: []agents.Param{
			{Name: "cache", Default: "bot", Help: "what the bot keeps of its solves: bot (kept for the bot's life: its first game pays about 5 s of CPU at its first decision, later games look up) or game (forgotten at each new game: every game solves again)"},
		},
		New: newResolve,
	})
}

// Resolve is an online solver of two-player NZSC: it keeps no solution
// between runs and loads none (not the file or cache optimal reads), but
// at each decision solves exactly, with analysis/solve's machinery, the
// part of the game the decision depends on, and draws its choice from
// that part's equilibrium:
//   - a move: the move phase of the current loadout pairing (a few
//     thousand to 66 000 states, 2 to 500 ms; solve.SolvePairingInto);
//   - a booster: the nine (or four) pairings of the two characters, then
//     the booster phase's matrix game (solve.SolveBoostersOf);
//   - a character: every pairing, then every booster phase and the
//     character phase (solve.SolveCharacters; about 5 s of CPU on the
//     development machine, the whole game).
//
// Why the picks are solved whole, not estimated: the character and
// booster phases are sensitive to the pairings' values. Played with the
// exact move phase but picks solved from estimated values, the bot was
// exploitable by 0.071 with the values of the move_streak=2 variant
// (0.030 from the character phase alone, 0.056 from the booster phase
// alone) and 0.17 with those of points=3 (solve.TestPickSensitivity);
// and neither estimate is much cheaper than the solve itself.
//
// The strategy at a state is a function of the state alone (the solve
// is deterministic), so the bot states it (Mixer) and its exploitability
// is exact; Choose draws once from the game's rng per decision, so the
// bot is deterministic given its seed, whatever its cache. Its cost is
// not a budget: there are no iterations to count, and a time budget
// would change what is solved, hence the strategy. Under cache=game the
// solves are forgotten at NewGame (every game pays them again); under
// cache=bot they are kept for the bot's life and a new game solves
// only what it has not met yet. A stop (SetContext) ends a solve
// between two strongly connected components (milliseconds); the
// decision is then uniform among the legal choices, and the unfinished
// solve is not kept. Outside the solved game (states reached through
// penalties) it plays uniformly, like optimal.
type Resolve struct {
	keep bool // cache=bot
	sol  *solve.Solution
	rng  *rand.Rand
	ctx  context.Context
}

// resolveNote is resolve's word (agents.Note) before it solves the
// whole game for a character pick, seconds with nothing to show.
const resolveNote = "resolve: solving the whole game for its first character pick (about 5 s of CPU, for each of the bot's instances, one per worker; with cache=game, every game); nothing is kept between runs"

func newResolve(p agents.Params) (agents.Agent, error) {
	r := &Resolve{}
	switch p["cache"] {
	case "game":
	case "bot":
		r.keep = true
	default:
		return nil, fmt.Errorf("parameter cache=%q is not game or bot", p["cache"])
	}
	return r, nil
}

// SetContext implements ContextSetter: a solve under way when ctx is done
// ends, and the decision is uniform.
func (r *Resolve) SetContext(ctx context.Context) { r.ctx = ctx }

// NewGame implements agents.Agent.
func (r *Resolve) NewGame(_ int, rng *rand.Rand) {
	r.rng = rng
	if !r.keep {
		r.sol = nil
	}
}

// Choose implements Agent: one draw from rng, from the strategy Mix
// states.
func (r *Resolve) Choose(d *agents.Decision) nz.Choice {
	var p [solve.MaxSide]float64
	u := r.rng.Float64()
	if len(d.Legal) == 1 {
		return d.Legal[0]
	}
	r.Mix(d, p[:len(d.Legal)])
	return d.Legal[sample(p[:len(d.Legal)], u)]
}

// Mix implements Mixer: the equilibrium strategy of the part of the game
// the decision depends on, solved now unless already held (uniform
// outside the solved game, or when a stop cut the solve).
func (r *Resolve) Mix(d *agents.Decision, probs []float64) {
	var p [solve.MaxSide]float64
	n, ok := 0, false
	if s := r.solved(d.State); s != nil {
		n, ok = s.Strategy(d.State, d.Seat, &p)
	}
	if !ok || n != len(probs) {
		for i := range probs {
			probs[i] = 1 / float64(len(probs))
		}
		return
	}
	copy(probs, p[:n])
}

// solved returns the solution holding what st's decision needs, solving
// it first; nil when the rules are out of range or a stop cut the solve.
func (r *Resolve) solved(st *nz.State) *solve.Solution {
	rules := st.Rules()
	if r.sol == nil || !r.sol.Solves(rules) {
		s, err := solve.NewPartial(rules)
		if err != nil {
			return nil
		}
		r.sol = s
	}
	ctx := r.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	s := r.sol
	var err error
	switch st.Phase {
	case nz.PickCharacter:
		if !s.HasCharacters() {
			agents.Note(ctx, resolveNote)
			err = s.SolveCharacters(ctx)
		}
	case nz.PickBooster:
		a, b := st.Character(0), st.Character(1)
		if a != b && a < nz.NumCharacters && b < nz.NumCharacters && !s.HasBoosters(a, b) {
			err = s.SolveBoostersOf(ctx, a, b)
		}
	case nz.PickMove:
		a, b := st.Loadout(0), st.Loadout(1)
		if a.Character != b.Character && !s.HasPairing(a, b) {
			err = s.SolvePairingInto(ctx, a, b)
		}
	}
	if err != nil {
		return nil
	}
	return s
}
