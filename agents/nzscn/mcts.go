package nzscn

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

func init() {
	agents.Register(agents.Info{
		Name: "mcts", MinSeats: minSeats, MaxSeats: maxSeats,
		Help: "simultaneous-move Monte Carlo tree search for 3 or 4 players (regret matching by default), random rollouts, reward = share of opponents finished ahead of",
		Params: []agents.Param{
			{Name: "iters", Default: "1000", Help: "iterations (tree descents + one rollout each) per decision"},
			agents.MSParam,
			{Name: "select", Default: "rm", Help: "selection rule: rm (regret matching) or duct (decoupled UCT)"},
			{Name: "c", Default: "auto", Help: "exploration: mixing rate γ in (0,1] for rm (auto 0.1), UCB constant for duct (auto 1.4)"},
		},
		NewPlayer: newMCTS,
	})
}

// MCTS is simultaneous-move Monte Carlo tree search for 3 or 4 players,
// the N-player form of the two-player bot (agents.MCTS, after Lisý et
// al., NIPS 2013): every node is a state, its children are indexed by
// joint actions (one action per seat), and each iteration descends from
// the root with every seat selecting independently, adds the first new
// node it reaches, plays the rest of the game uniformly at random
// (nzscn.State.PlayRandom) and backs up every seat's reward.
//
// A seat's reward is its share of opponents it finished ahead of, ties
// counting half: (ahead + tied/2) / (N−1), so 1 for the winner, 0 for a
// lone last, and the finishing order matters, not only the winner.
//
// Selection rules (param select): rm (default), regret matching with
// exploration γ = c, importance-weighted regrets, the average strategy
// played; duct, decoupled UCT, played by visit counts. Exp3 is offered by
// the two-player bot only.
//
// The tree lives in node storage reused across decisions and games (at
// most 2^17 nodes); children are found through a map keyed by node and
// joint action, cleared, not reallocated, at each decision. Rollouts draw
// from an engine.Wyrand seeded from the game's rng at NewGame and
// selection from the rng itself, so the bot is deterministic given its
// rng. A stop (SetContext) is polled every 8 iterations (tens of
// microseconds), so a budget never outlives it. With ms set the budget
// is wall-clock time (agents.Budget), polled as often: not deterministic,
// unlike an iteration budget.
type MCTS struct {
	// Budget: iters or ms per decision; its Interrupt ends the search
	// when the run stops (agents.ContextSetter).
	agents.Budget
	duct bool
	c    float64

	rng     *rand.Rand
	seat    int
	players int
	roll    engine.Wyrand
	nodes   []mctsNode
	child   map[uint64]int32
	path    []mctsStep
}

type mctsNode struct {
	state    nzscn.State
	n        [nzscn.MaxPlayers]uint8
	act      [nzscn.MaxPlayers][engine.MaxChoices]engine.Choice
	terminal bool
	visits   float64
	// stat[0][s] holds seat s's regrets (rm) or reward sums (duct),
	// stat[1][s] the sum of its strategies (rm) or visit counts (duct).
	stat [2][nzscn.MaxPlayers][engine.MaxChoices]float64
}

type mctsStep struct {
	node int32
	a    [nzscn.MaxPlayers]uint8
	p    [nzscn.MaxPlayers]float64
}

const mctsMaxNodes = 1 << 17

func newMCTS(p agents.Params) (agents.Player, error) {
	m := &MCTS{child: map[uint64]int32{}}
	var err error
	if err = m.ReadBudget(p); err != nil {
		return nil, err
	}
	switch p["select"] {
	case "rm":
	case "duct":
		m.duct = true
	default:
		return nil, fmt.Errorf("parameter select=%q is not rm or duct", p["select"])
	}
	switch {
	case p["c"] == "auto" && m.duct:
		m.c = 1.4
	case p["c"] == "auto":
		m.c = 0.1
	default:
		if m.c, err = p.Float("c"); err != nil {
			return nil, err
		}
		if m.duct && !(m.c >= 0 && m.c < math.Inf(1)) {
			return nil, fmt.Errorf("parameter c=%v must be a finite number >= 0 for duct", m.c)
		}
		if !m.duct && !(m.c > 0 && m.c <= 1) {
			return nil, fmt.Errorf("parameter c=%v must be in (0,1] for rm", m.c)
		}
	}
	return m, nil
}

// NewGame implements agents.Player.
func (m *MCTS) NewGame(g game.Game, seat int, rng *rand.Rand) {
	m.rng, m.seat, m.players = rng, seat, g.Seats()
	m.roll.Seed(rng.Uint64(), 0)
}

// Act implements agents.Player.
func (m *MCTS) Act(obs game.Observation, legal []game.Action) game.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	m.nodes = m.nodes[:0]
	clear(m.child)
	m.addNode(observed(obs).State)
	m.Start()
	for i := 0; m.More(i); i++ {
		m.iterate()
	}
	root := &m.nodes[0]
	n := int(root.n[m.seat])
	if n != len(legal) {
		panic("agents/nzscn: mcts: root actions do not match the legal choices")
	}
	weights := &root.stat[1][m.seat]
	total := 0.0
	for k := range n {
		total += weights[k]
	}
	r := m.rng.Float64() * total
	for k := range n - 1 {
		if r < weights[k] {
			return legal[k]
		}
		r -= weights[k]
	}
	return legal[n-1]
}

func (m *MCTS) addNode(s *nzscn.State) int32 {
	m.nodes = append(m.nodes, mctsNode{state: *s, terminal: s.Over()})
	nd := &m.nodes[len(m.nodes)-1]
	for seat := range int(s.Players) {
		mask := s.LegalMask(seat)
		if mask == 0 {
			// Stuck (or game over): one action, a pass.
			nd.n[seat], nd.act[seat][0] = 1, engine.Unknown
			continue
		}
		for ; mask != 0; mask &= mask - 1 {
			nd.act[seat][nd.n[seat]] = engine.Choice(bits.TrailingZeros32(mask))
			nd.n[seat]++
		}
	}
	return int32(len(m.nodes) - 1)
}

// rewards writes every seat's reward for the finished state s.
func rewards(s *nzscn.State, u *[nzscn.MaxPlayers]float64) {
	o := nzscn.OutcomeOf(s)
	n := int(s.Players)
	for i := range n {
		v := 0.0
		for j := range n {
			switch {
			case j == i:
			case o.Place[i] < o.Place[j]:
				v++
			case o.Place[i] == o.Place[j]:
				v += 0.5
			}
		}
		u[i] = v / float64(n-1)
	}
}

func (m *MCTS) iterate() {
	m.path = m.path[:0]
	idx := int32(0)
	var u [nzscn.MaxPlayers]float64
	for {
		nd := &m.nodes[idx]
		if nd.terminal {
			rewards(&nd.state, &u)
			break
		}
		st := mctsStep{node: idx}
		joint := uint64(0)
		var c nzscn.Choices
		for seat := m.players - 1; seat >= 0; seat-- {
			st.a[seat], st.p[seat] = m.choose(nd, seat)
			joint = joint*engine.MaxChoices + uint64(st.a[seat])
			c[seat] = nd.act[seat][st.a[seat]]
		}
		m.path = append(m.path, st)
		key := uint64(idx)<<10 | joint
		if ch, ok := m.child[key]; ok {
			idx = ch
			continue
		}
		s := nd.state
		s.Step(c)
		if len(m.nodes) < mctsMaxNodes {
			m.child[key] = m.addNode(&s) // may move m.nodes: nd is stale
		}
		s.PlayRandom(&m.roll)
		rewards(&s, &u)
		break
	}
	for _, st := range m.path {
		nd := &m.nodes[st.node]
		nd.visits++
		for seat := range m.players {
			m.update(nd, seat, st.a[seat], st.p[seat], u[seat])
		}
	}
}

// strategy writes seat's regret-matching strategy at nd into sigma.
func strategy(nd *mctsNode, seat int, sigma *[engine.MaxChoices]float64) int {
	n := int(nd.n[seat])
	agents.RegretMatching(&nd.stat[0][seat], sigma, n)
	return n
}

// choose selects seat's action at nd and the probability it was drawn
// with (1 for duct's deterministic choice).
func (m *MCTS) choose(nd *mctsNode, seat int) (uint8, float64) {
	n := int(nd.n[seat])
	if n == 1 {
		return 0, 1
	}
	if m.duct {
		return uint8(agents.UCBPick(&nd.stat[0][seat], &nd.stat[1][seat], n, nd.visits, m.c)), 1
	}
	var sigma [engine.MaxChoices]float64
	strategy(nd, seat, &sigma)
	k, p := agents.DrawMixed(&sigma, n, m.c, m.rng.Float64())
	return uint8(k), p
}

// update backs seat's reward u up into nd for action a drawn with
// probability p.
func (m *MCTS) update(nd *mctsNode, seat int, a uint8, p, u float64) {
	n := int(nd.n[seat])
	x, y := &nd.stat[0][seat], &nd.stat[1][seat]
	if n == 1 {
		y[0]++
		return
	}
	if m.duct {
		x[a] += u
		y[a]++
		return
	}
	// Regret of each action against the sampled reward, the played
	// action's reward estimated as u/p (unbiased).
	var sigma [engine.MaxChoices]float64
	strategy(nd, seat, &sigma)
	for k := range n {
		x[k] -= u
		y[k] += sigma[k]
	}
	x[a] += u / p
}
