package npzr

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	np "github.com/nzsclab/nzsc/engine/npzr"
)

func init() {
	agents.Register(agents.Info{
		Game: "npzr", Name: "turn",
		Help: "whole-turn search: a turn's wilds, regular card and earned moves as one decision, a win within the turn searched for first, else the k best turns by the table they leave and greedy's turn share iters greedy rollouts by successive halving; deals of the hidden cards weighted by the opponent's turns (evidence: its last, or all) under the rule that it completes a stack for a character it lacks whenever its hand can",
		Params: []agents.Param{
			{Name: "iters", Default: "100", Help: "rollouts per turn planned, shared among the candidate turns by successive halving"},
			{Name: "k", Default: "12", Help: "candidate turns kept for rollouts (best by static value, and greedy's turn)"},
			{Name: "horizon", Default: "6", Help: "turns a rollout plays after the planned turn before the position is scored"},
			{Name: "nodes", Default: "3000", Help: "positions inside the turn the turn search expands at most"},
			{Name: "eps", Default: "0.1", Help: "likelihood of a deal in which the opponent held a card completing one of its stacks for a character it lacked and did not complete (1: no inference)"},
			{Name: "evidence", Default: "last", Help: "the opponent's turns read: last, or all (its hand walked back through its turns, the cards drawn chosen at random)"},
			msParam,
		},
		NewPlayer: newTurn,
	})
}

// Turn plans whole turns. At its first decision of a turn it lists the
// turns it can play (turnSearch: the fast wild cards, the regular card and
// the earned moves, merged by the table they produce; at most nodes
// positions inside the turn), plays a winning one at once if there is one
// (two characters from the end it also searches wider for a win), and
// otherwise ranks them by the value of the
// position they leave (value), keeps the best k and greedy's own turn, and
// shares iters rollouts among them by successive halving (Karnin, Koren and
// Somekh 2013): each round deals the hidden cards, plays every surviving
// turn then greedy rollouts for horizon turns, and keeps the better half.
// It then follows its plan, decision by decision, while the observation is
// the one the plan expects, and plans again otherwise. With ms set, the
// rounds share that wall-clock time instead of iters (not deterministic).
// TestNoMissedOwnTurnWins checks the wins within its turn against an
// exhaustive search.
//
// The deals are weighted by the opponent's turns (Bayesian inference of
// hidden cards from public actions, as in Rebstock et al. 2019 and
// Solinas et al. 2019 for Skat): under the greedy rules a player completes
// a stack for a character it lacks whenever its hand can; a deal in which
// the opponent held such a card at the start of its last turn and yet
// scored nothing new has likelihood eps, and deals are drawn by rejection
// sampling against it. With evidence=all every turn of the opponent's
// kept counts so, its hand walked back to each (evidence.go).
type Turn struct {
	base
	budget
	k, horizon, nodes int
	eps               float64
	p, q              policy
	ts, wide          turnSearch
	// plan are the actions of the turn being played, expect the
	// observation before each, next the next one to play.
	plan   []np.Action
	expect []np.Observation
	next   int
	// planEnd is the observer's view after the planned turn; end the one
	// after the last turn it played to its end (endOK), from which the
	// opponent's next turn is read.
	planEnd np.Observation
	end     np.Observation
	endOK   bool
	// ev is the opponent's turns read, the last at the first decision of
	// turn evTurn.
	ev     evidence
	evTurn int
	// successive halving's buffers.
	keep      []int
	sum       []float64
	n         []int
	lineOrder []int
}

func newTurn(ps agents.Params) (agents.Player, error) {
	b := &Turn{}
	if err := intParams(ps, []intParam{{"iters", &b.Iters, 10_000_000}, {"k", &b.k, 1000}, {"horizon", &b.horizon, 1000}, {"nodes", &b.nodes, 1_000_000}}); err != nil {
		return nil, err
	}
	eps, err := ps.Float("eps")
	if err != nil {
		return nil, err
	}
	if !(eps > 0 && eps <= 1) {
		return nil, fmt.Errorf("parameter eps=%v: want more than 0, at most 1", eps)
	}
	b.eps = eps
	switch ps["evidence"] {
	case "all":
		b.ev.all = true
	case "last":
	default:
		return nil, fmt.Errorf("parameter evidence=%q is not all or last", ps["evidence"])
	}
	if err := b.readMS(ps); err != nil {
		return nil, err
	}
	return b, nil
}

// NewGame implements agents.Player.
func (b *Turn) NewGame(g game.Game, seat int, rng *rand.Rand) {
	b.base.NewGame(g, seat, rng)
	b.plan, b.expect, b.next, b.endOK, b.evTurn = b.plan[:0], b.expect[:0], 0, false, -1
	b.ev.reset()
}

// Act implements agents.Player.
func (b *Turn) Act(obs game.Observation, legal []game.Action) game.Action {
	o := observation(obs)
	if b.next >= len(b.plan) || *o != b.expect[b.next] {
		b.planTurn(o)
	}
	a := b.plan[b.next]
	b.next++
	if b.next == len(b.plan) {
		b.end, b.endOK = b.planEnd, true
	}
	return game.Action(a)
}

// planTurn plans the rest of the observer's turn from o.
func (b *Turn) planTurn(o *np.Observation) {
	if o.Turns != b.evTurn {
		b.evTurn = o.Turns
		b.ev.read(b, o)
	}
	d := b.deal(o)
	me := o.Seat()
	b.ts.search(&d, b.nodes)
	if !b.ts.won && 4-d.Points(me) <= 2 {
		// Two characters or fewer to go: look wider for a win.
		b.wide.searchWin(&d, b.nodes)
		if b.wide.won {
			b.ts.won, b.ts.win = true, append(b.ts.win[:0], b.wide.win...)
		}
	}
	var line []np.Action
	switch {
	case b.ts.won:
		line = b.ts.win
	case len(b.ts.lines) == 1:
		line = b.ts.line(0)
	default:
		line = b.ts.line(b.choose(o, &d, me))
	}
	// The plan, and the observation expected before each of its actions.
	b.plan = append(b.plan[:0], line...)
	b.expect = slices.Grow(b.expect[:0], len(line))[:len(line)]
	b.next = 0
	x := d
	for i, a := range line {
		x.Observe(me, &b.expect[i])
		x.Step(a)
	}
	x.Observe(me, &b.planEnd)
	b.expect[0] = *o
}

// choose ranks the listed turns and returns the index of the one to play.
func (b *Turn) choose(o *np.Observation, d *np.State, me int) int {
	ts := &b.ts
	// Greedy's own turn, listed if the search did not reach it.
	g := *d
	ts.path = ts.path[:0]
	for !g.Over() && g.ToAct() == me {
		a := best(b.p.candidates(&g), &b.r)
		ts.path = append(ts.path, a)
		g.Step(a)
	}
	last := ts.path[len(ts.path)-1]
	ts.path = ts.path[:len(ts.path)-1]
	ts.addLine(last, &g)
	greedyLine := ts.ends[g.Key()]
	for i := range ts.lines {
		ts.lines[i].static = value(&ts.lines[i].end, me)
	}
	order := b.lineOrder[:0]
	for i := range ts.lines {
		order = append(order, i)
	}
	slices.SortStableFunc(order, func(x, y int) int {
		switch sx, sy := ts.lines[x].static, ts.lines[y].static; {
		case sx > sy:
			return -1
		case sx < sy:
			return 1
		}
		return 0
	})
	b.lineOrder = order
	keep := append(b.keep[:0], order[:min(b.k, len(order))]...)
	if !slices.Contains(keep, greedyLine) {
		keep = append(keep, greedyLine)
	}
	b.keep = keep
	if len(keep) == 1 {
		return keep[0]
	}
	b.sum = append(b.sum[:0], make([]float64, len(ts.lines))...)
	b.n = append(b.n[:0], make([]int, len(ts.lines))...)
	// Successive halving: round r of R gets a share of the rollouts (or
	// of the time) and keeps the better half of its turns.
	rounds := bits.Len(uint(len(keep) - 1))
	spent := 0
	start := time.Now()
	for r := 0; len(keep) > 1; r++ {
		deals := max(1, (b.Iters-spent)/((rounds-r)*len(keep)))
		var until time.Time
		budget := b.Timed()
		if budget > 0 {
			until = start.Add(budget * time.Duration(r+1) / time.Duration(rounds))
		}
		for j := 0; budget > 0 && (j == 0 || time.Now().Before(until)) || budget == 0 && j < deals; j++ {
			x0 := b.sample(o)
			for _, i := range keep {
				x := x0
				for _, a := range ts.line(i) {
					x.Step(a)
				}
				b.sum[i] += b.q.rollout(&x, me, b.horizon, &b.r)
				b.n[i]++
				spent++
			}
		}
		slices.SortStableFunc(keep, func(x, y int) int {
			mx, my := b.sum[x]/float64(b.n[x]), b.sum[y]/float64(b.n[y])
			switch {
			case mx > my:
				return -1
			case mx < my:
				return 1
			}
			return 0
		})
		keep = keep[:(len(keep)+1)/2]
	}
	return keep[0]
}

// sample deals the hidden cards for a rollout: a deal drawn from the
// observation, accepted with its likelihood under the opponent model
// (rejection sampling; after 16 rejections the last deal is kept).
func (b *Turn) sample(o *np.Observation) np.State {
	for range 15 {
		d := b.deal(o)
		if w := b.ev.likelihood(&d, b.eps, &b.r); w >= 1 || float64(b.r.Uint64()>>11)/(1<<53) < w {
			return d
		}
	}
	return b.deal(o)
}
