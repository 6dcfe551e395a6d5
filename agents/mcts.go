package agents

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/nzsclab/nzsc/engine"
)

func init() {
	Register(Info{
		Name: "mcts",
		Help: "simultaneous-move Monte Carlo tree search (regret matching by default), random rollouts, plays the averaged root strategy",
		Params: []Param{
			{Name: "iters", Default: "1000", Help: "iterations (tree descents + one rollout each) per decision"},
			MSParam,
			{Name: "select", Default: "rm", Help: "selection rule: rm (regret matching), exp3, or duct (decoupled UCT)"},
			{Name: "c", Default: "auto", Help: "exploration: mixing rate γ in (0,1] for rm/exp3 (auto 0.1), UCB constant for duct (auto 1.4)"},
		},
		New: newMCTS,
	})
}

// The selection rules.
const (
	selectRM = iota
	selectExp3
	selectDUCT
)

// MCTS is Monte Carlo tree search for simultaneous moves (SM-MCTS, after
// Lisý, Kovařík, Lanctot and Bošanský, "Convergence of Monte Carlo Tree
// Search in Simultaneous Move Games", NIPS 2013). Every node is a state;
// its children are indexed by joint actions (both seats' choices). Each
// iteration descends from the root, both seats selecting independently
// at every node with the chosen rule, adds the first new node it reaches,
// plays the rest of the game uniformly at random from it
// (engine.State.PlayRandom) and backs the result up the path (win 1, draw
// ½, loss 0, per seat). The character and booster phases are nodes like
// any other: they are searched, not guessed. After the budget the bot
// samples its move from its root statistics.
//
// Selection rules (param select):
//   - rm (default): regret matching with exploration γ = c: each seat
//     plays σ̂ = (1-γ)·σ + γ/n, σ proportional to its positive cumulative
//     regrets, and updates the regrets with importance-weighted rewards.
//     It plays the average strategy Σσ of the root. It is the default
//     because, with the averaged strategy, SM-MCTS with regret matching
//     converges to an equilibrium (Exp3 too), it converged fastest in
//     that paper's experiments, and it needs no exp() per selection.
//   - exp3: Exp3 with the same γ (σ ∝ exp(γ/n · estimated total reward)),
//     the same importance-weighted updates, the averaged strategy played.
//   - duct: decoupled UCT, each seat maximizing its mean reward plus
//     c·√(ln N / n_a); it plays proportionally to the root's visit counts.
//     It is fast to converge in practice but can fail to find mixed
//     equilibria, so it is an option only.
//
// The default budget, iters=1000, takes about 2 ms a decision on one core
// of the development machine (BenchmarkChooseMCTS) and beats random about
// 80% of the time; search quality keeps improving with more iterations.
//
// The tree is rebuilt at each decision in node storage reused across
// decisions and games, so Choose allocates only while that storage grows
// to its high-water mark (at most 2^18 nodes, about 80 MB: beyond that
// the search keeps rolling out but stops growing the tree). Rollouts draw from two
// engine.Wyrand sources, one a seat, seeded from the game's rng at NewGame, and selection from the rng itself: the bot is
// deterministic given its rng. A stop (SetContext) is polled every 8
// iterations (a few microseconds each), so a budget never outlives it.
// With ms set the budget is wall-clock time (agents.Budget), polled as
// often: more iterations on a faster or idler machine, so a time budget
// is not deterministic; an iteration budget is.
type MCTS struct {
	// Budget: iters or ms per decision; its Interrupt ends the search
	// when the run stops (ContextSetter).
	Budget
	rule int
	c    float64

	rng   *rand.Rand
	roll  [2]engine.Wyrand // the rollouts' seat sources
	nodes []mctsNode
	path  []mctsStep
}

// mctsNode is one state of the tree. For seat i, stat[0][i] and
// stat[1][i] hold, by rule: rm: regrets and the sum of σ; exp3: estimated
// total rewards and the sum of σ; duct: reward sums and visit counts.
type mctsNode struct {
	state    engine.State
	n        [2]uint8
	terminal bool
	act      [2][engine.MaxChoices]engine.Choice
	visits   float64
	stat     [2][2][engine.MaxChoices]float64
	child    [engine.MaxChoices * engine.MaxChoices]int32
}

// mctsMaxNodes caps the tree (about 80 MB of nodes): past it, iterations
// still descend and roll out but add no node, so a huge iters budget
// cannot exhaust memory.
const mctsMaxNodes = 1 << 18

type mctsStep struct {
	node int32
	a    [2]uint8
	p    [2]float64 // probability with which each seat's action was drawn
}

func newMCTS(p Params) (Agent, error) {
	m := &MCTS{}
	var err error
	if err = m.ReadBudget(p); err != nil {
		return nil, err
	}
	switch p["select"] {
	case "rm":
		m.rule = selectRM
	case "exp3":
		m.rule = selectExp3
	case "duct":
		m.rule = selectDUCT
	default:
		return nil, fmt.Errorf("parameter select=%q is not rm, exp3 or duct", p["select"])
	}
	if p["c"] == "auto" {
		m.c = 0.1
		if m.rule == selectDUCT {
			m.c = 1.4
		}
	} else {
		if m.c, err = p.Float("c"); err != nil {
			return nil, err
		}
		if m.rule == selectDUCT && !(m.c >= 0 && m.c < math.Inf(1)) {
			return nil, fmt.Errorf("parameter c=%v must be a finite number >= 0 for duct", m.c)
		}
		if m.rule != selectDUCT && !(m.c > 0 && m.c <= 1) {
			return nil, fmt.Errorf("parameter c=%v must be in (0,1] for %s", m.c, p["select"])
		}
	}
	return m, nil
}

// NewGame implements Agent.
func (m *MCTS) NewGame(_ int, rng *rand.Rand) {
	m.rng = rng
	m.roll[0].Seed(rng.Uint64(), 0)
	m.roll[1].Seed(rng.Uint64(), 1)
}

// Choose implements Agent.
func (m *MCTS) Choose(d *Decision) engine.Choice {
	if len(d.Legal) == 1 {
		return d.Legal[0]
	}
	m.nodes = m.nodes[:0]
	m.addNode(d.State)
	m.Start()
	for i := 0; m.More(i); i++ {
		m.iterate()
	}
	root := &m.nodes[0]
	me := d.Seat
	n := int(root.n[me])
	if n != len(d.Legal) {
		panic("agents: mcts: root actions do not match the legal choices")
	}
	// rm and exp3 play the average strategy; duct plays by visit counts.
	weights := &root.stat[1][me]
	total := 0.0
	for k := range n {
		total += weights[k]
	}
	r := m.rng.Float64() * total
	for k := range n - 1 {
		if r < weights[k] {
			return root.act[me][k]
		}
		r -= weights[k]
	}
	return root.act[me][n-1]
}

// addNode appends a node for state s and returns its index.
func (m *MCTS) addNode(s *engine.State) int32 {
	m.nodes = append(m.nodes, mctsNode{state: *s, terminal: s.Phase == engine.GameOver})
	nd := &m.nodes[len(m.nodes)-1]
	for seat := range 2 {
		mask := s.LegalMask(seat)
		if mask == 0 {
			// Stuck (or game over): one action, a pass the engine ignores.
			nd.n[seat] = 1
			nd.act[seat][0] = engine.Unknown
			continue
		}
		for mask != 0 {
			nd.act[seat][nd.n[seat]] = engine.Choice(bits.TrailingZeros32(mask))
			nd.n[seat]++
			mask &= mask - 1
		}
	}
	return int32(len(m.nodes) - 1)
}

// reward is seat 0's reward for a finished game: 1 win, ½ draw, 0 loss.
func reward(r engine.Result) float64 {
	switch r {
	case engine.FirstWins:
		return 1
	case engine.SecondWins:
		return 0
	}
	return 0.5
}

// iterate runs one descent, expansion, rollout and backup.
func (m *MCTS) iterate() {
	m.path = m.path[:0]
	idx := int32(0)
	var v float64 // seat 0's reward
	for {
		nd := &m.nodes[idx]
		if nd.terminal {
			v = reward(nd.state.Result)
			break
		}
		var st mctsStep
		st.node = idx
		for seat := range 2 {
			st.a[seat], st.p[seat] = m.choose(nd, seat)
		}
		m.path = append(m.path, st)
		ci := int(st.a[0])*engine.MaxChoices + int(st.a[1])
		if ch := nd.child[ci]; ch != 0 {
			idx = ch
			continue
		}
		s := nd.state
		s.Step(nd.act[0][st.a[0]], nd.act[1][st.a[1]])
		if len(m.nodes) < mctsMaxNodes {
			ch := m.addNode(&s) // may move m.nodes: nd is stale from here
			m.nodes[idx].child[ci] = ch
		}
		v = reward(s.PlayRandom(&m.roll[0], &m.roll[1]))
		break
	}
	for _, st := range m.path {
		nd := &m.nodes[st.node]
		nd.visits++
		for seat := range 2 {
			u := v
			if seat == 1 {
				u = 1 - v
			}
			m.update(nd, seat, st.a[seat], st.p[seat], u)
		}
	}
}

// strategy writes seat's current strategy σ at nd (before exploration)
// into sigma and returns the number of actions.
func (m *MCTS) strategy(nd *mctsNode, seat int, sigma *[engine.MaxChoices]float64) int {
	n := int(nd.n[seat])
	x := &nd.stat[0][seat]
	sum := 0.0
	switch m.rule {
	case selectRM:
		RegretMatching(x, sigma, n)
		return n
	case selectExp3:
		eta := m.c / float64(n)
		top := x[0]
		for k := 1; k < n; k++ {
			top = max(top, x[k])
		}
		for k := range n {
			sigma[k] = math.Exp(eta * (x[k] - top))
			sum += sigma[k]
		}
	}
	if sum <= 0 {
		for k := range n {
			sigma[k] = 1 / float64(n)
		}
		return n
	}
	for k := range n {
		sigma[k] /= sum
	}
	return n
}

// choose selects seat's action at nd and returns it with the probability
// it was drawn with (1 for duct's deterministic choice).
func (m *MCTS) choose(nd *mctsNode, seat int) (uint8, float64) {
	n := int(nd.n[seat])
	if n == 1 {
		return 0, 1
	}
	if m.rule == selectDUCT {
		return uint8(UCBPick(&nd.stat[0][seat], &nd.stat[1][seat], n, nd.visits, m.c)), 1
	}
	var sigma [engine.MaxChoices]float64
	m.strategy(nd, seat, &sigma)
	k, p := DrawMixed(&sigma, n, m.c, m.rng.Float64())
	return uint8(k), p
}

// update backs seat's reward u up into nd's statistics for action a drawn
// with probability p.
func (m *MCTS) update(nd *mctsNode, seat int, a uint8, p, u float64) {
	n := int(nd.n[seat])
	if n == 1 {
		nd.stat[1][seat][0]++
		return
	}
	x, y := &nd.stat[0][seat], &nd.stat[1][seat]
	switch m.rule {
	case selectDUCT:
		x[a] += u
		y[a]++
	case selectRM:
		// Regret of each action against the sampled reward, with the
		// played action's reward estimated as u/p (unbiased).
		var sigma [engine.MaxChoices]float64
		m.strategy(nd, seat, &sigma)
		for k := range n {
			x[k] -= u
			y[k] += sigma[k]
		}
		x[a] += u / p
	case selectExp3:
		var sigma [engine.MaxChoices]float64
		m.strategy(nd, seat, &sigma)
		for k := range n {
			y[k] += sigma[k]
		}
		x[a] += u / p
	}
}
