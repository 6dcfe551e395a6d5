package npzr

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	np "github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/rng"
)

func init() {
	agents.Register(agents.Info{
		Game: "npzr", Name: "random",
		Help:      "uniform over legal actions",
		NewPlayer: func(agents.Params) (agents.Player, error) { return &Random{}, nil },
	})
	agents.Register(agents.Info{
		Game: "npzr", Name: "greedy",
		Help:      "rule-based, first rule that applies: win, complete an own stack for a missing character (a wild first when a regular card completes another or when the hand holds the card a wild sets up), spoil the opponent's nearly complete stacks, build, earn moves on scored characters, start a stack; wilds kept for completions; earned moves that complete or spoil",
		NewPlayer: func(agents.Params) (agents.Player, error) { return &Greedy{}, nil },
	})
	agents.Register(agents.Info{
		Game: "npzr", Name: "pimc",
		Help: "perfect-information Monte Carlo: deal the unseen cards, play each of greedy's k best candidates followed by greedy rollouts, the deal's best gets a vote; a win or a single candidate played at once",
		Params: []agents.Param{
			{Name: "samples", Default: "8", Help: "deals of the unseen cards per decision"},
			{Name: "k", Default: "6", Help: "candidate actions searched (greedy's best first)"},
			{Name: "rollouts", Default: "2", Help: "rollouts per candidate per deal"},
			{Name: "horizon", Default: "6", Help: "turns a rollout plays before the position is scored"},
			msParam,
		},
		NewPlayer: newPIMC,
	})
	agents.Register(agents.Info{
		Game: "npzr", Name: "ismcts",
		Help: "single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012): a deal per iteration, UCB with availability counts, greedy rollouts",
		Params: []agents.Param{
			{Name: "iters", Default: "200", Help: "iterations (a deal, a descent, a rollout) per decision"},
			{Name: "k", Default: "6", Help: "candidate actions per node (greedy's best first)"},
			{Name: "horizon", Default: "6", Help: "turns a rollout plays before the position is scored"},
			{Name: "c", Default: "0.7", Help: "UCB exploration constant"},
			msParam,
		},
		NewPlayer: newISMCTS,
	})
}

// observation returns the NPZR observation a bot is given.
func observation(obs game.Observation) *np.Observation {
	o, ok := obs.(*np.Observation)
	if !ok {
		panic(fmt.Sprintf("agents/npzr: an NPZR bot was given a %T observation", obs))
	}
	return o
}

// base holds what every bot keeps per game: its seat and a fast source
// seeded from the source the table gave it.
type base struct {
	seat int
	r    rng.Wyrand
}

func (b *base) NewGame(_ game.Game, seat int, rng *rand.Rand) {
	b.seat = seat
	b.r.Seed(rng.Uint64(), uint64(seat))
}

// deal returns a state consistent with o.
func (b *base) deal(o *np.Observation) np.State {
	s, err := o.Determinize(&b.r)
	if err != nil {
		panic("agents/npzr: " + err.Error()) // observations come from the engine
	}
	return s
}

// Random plays uniformly among the legal actions.
type Random struct{ base }

// Act implements agents.Player.
func (b *Random) Act(_ game.Observation, legal []game.Action) game.Action {
	return legal[b.r.Uint64()%uint64(len(legal))]
}

// Greedy plays the first rule that applies, ties broken at random:
//  1. win: complete a stack of its own for its last missing character;
//  2. complete a stack of its own for a missing character, with a regular
//     card if it can, else with a wild (wilds are otherwise kept); but a
//     wild that completes one first when a regular card completes another
//     (the wild is fast: both score); then a wild that leaves a stack of
//     its own one card from a missing character when the hand holds that
//     card (wild first, then the regular card);
//  3. spoil: cover a top of an opponent's stack that is one card from a
//     character the opponent lacks, or move it away with an earned move;
//  4. build: put a regular card of a missing character on its own stack
//     that already shows that character once;
//  5. earn a move by completing a stack for a character already scored
//     (its own, or the opponent's when the opponent has it already);
//  6. start a stack with a regular card of a missing character, else any
//     regular card; a hand of wilds only plays one on a new stack;
//  7. decline an earned move nothing above uses.
//
// It never completes an opponent's stack for a character the opponent
// lacks, never covers its own nearly complete stack, and plays a wild
// only to complete, to set up a completion its hand holds, or when it
// holds nothing else.
type Greedy struct {
	base
	p policy
}

// Act implements agents.Player.
func (b *Greedy) Act(obs game.Observation, legal []game.Action) game.Action {
	s := b.deal(observation(obs))
	return game.Action(best(b.p.candidates(&s), &b.r))
}

// ranked returns the candidates of s sorted by priority, best first, at
// most k of them (ties kept in generation order).
func ranked(p *policy, s *np.State, k int) []candidate {
	c := p.candidates(s)
	slices.SortStableFunc(c, func(a, b candidate) int { return b.prio - a.prio })
	return c[:min(k, len(c))]
}

// PIMC is perfect-information Monte Carlo (determinization): it ranks
// the candidate actions with the greedy rules and keeps the best k; then
// for each of samples deals of the cards it cannot see (the opponent's
// hand and the deck, Observation.Determinize) it plays each candidate
// followed by rollouts games of greedy play for horizon turns (or, with
// ms set, deals until the time is up), scores
// the positions reached (value), and gives that deal's best candidate a
// vote. The most voted candidate is played, ties going to the higher
// total value. A win or a single candidate is played at once.
type PIMC struct {
	base
	budget
	k, rollouts, horizon int
	p, q                 policy
	votes                []int
	totals               []float64
}

func newPIMC(ps agents.Params) (agents.Player, error) {
	b := &PIMC{}
	err := intParams(ps, []intParam{{"samples", &b.Iters, 10000}, {"k", &b.k, 1000}, {"rollouts", &b.rollouts, 10000}, {"horizon", &b.horizon, 1000}})
	if err != nil {
		return nil, err
	}
	if err := b.readMS(ps); err != nil {
		return nil, err
	}
	return b, nil
}

// intParam is an integer parameter from 1 to max stored in dst.
type intParam struct {
	key string
	dst *int
	max int
}

// intParams reads the integer parameters of a search bot.
func intParams(ps agents.Params, params []intParam) error {
	for _, f := range params {
		v, err := ps.IntIn(f.key, 1, f.max)
		if err != nil {
			return err
		}
		*f.dst = v
	}
	return nil
}

// searchStart does what both search bots do first: a forced action, a
// win or a single candidate is played without search (ok false);
// otherwise it returns the observation and the k best candidates.
func searchStart(b *base, p *policy, obs game.Observation, legal []game.Action, k int) (*np.Observation, []candidate, game.Action, bool) {
	if len(legal) == 1 {
		return nil, nil, legal[0], false
	}
	o := observation(obs)
	s := b.deal(o)
	cands := ranked(p, &s, k)
	if len(cands) == 1 || cands[0].prio >= prioWin {
		return nil, nil, game.Action(cands[0].a), false
	}
	return o, cands, 0, true
}

// Act implements agents.Player.
func (b *PIMC) Act(obs game.Observation, legal []game.Action) game.Action {
	o, cands, forced, search := searchStart(&b.base, &b.p, obs, legal, b.k)
	if !search {
		return forced
	}
	b.votes = append(b.votes[:0], make([]int, len(cands))...)
	b.totals = append(b.totals[:0], make([]float64, len(cands))...)
	b.Start()
	for i := 0; b.More(i); i++ {
		d := b.deal(o)
		bestI, bestV := 0, math.Inf(-1)
		for i, c := range cands {
			v := 0.0
			for range b.rollouts {
				if b.Interrupted() {
					break
				}
				x := d
				x.Step(c.a)
				v += b.q.rollout(&x, o.Seat(), b.horizon, &b.r)
			}
			b.totals[i] += v
			if v > bestV {
				bestI, bestV = i, v
			}
		}
		b.votes[bestI]++
	}
	pick := 0
	for i := range cands {
		if b.votes[i] > b.votes[pick] || b.votes[i] == b.votes[pick] && b.totals[i] > b.totals[pick] {
			pick = i
		}
	}
	return game.Action(cands[pick].a)
}
