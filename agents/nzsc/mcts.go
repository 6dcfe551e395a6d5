package nzsc

import (
	"math/rand/v2"

	"github.com/nzsclab/nzsc/agents"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

func init() {
	agents.Register(agents.Info{
		Name:   "mcts",
		Help:   "simultaneous-move Monte Carlo tree search (regret matching by default), random rollouts, plays the averaged root strategy",
		Params: agents.SMParams(mctsRules...),
		New:    newMCTS,
	})
}

// MCTS is Monte Carlo tree search for simultaneous moves (SM-MCTS, after
// Lisý, Kovařík, Lanctot and Bošanský, "Convergence of Monte Carlo Tree
// Search in Simultaneous Move Games", NIPS 2013). Every node is a state;
// its children are indexed by joint actions (both seats' choices). Each
// iteration descends from the root, both seats selecting independently
// at every node with the chosen rule, adds the first new node it reaches,
// plays the rest of the game uniformly at random from it
// (nz.State.PlayRandom) and backs the result up the path (win 1, draw
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
// The default budget, iters=1000, takes about half a millisecond of CPU
// a decision on the development machine (`nzsc bots --cost mcts`; an
// iteration is about 2 700 instructions, BenchmarkMCTSIteration) and
// beats random about 80% of the time; search quality keeps improving
// with more iterations.
//
// The search is agents.SMSearch, shared with the 3–4 player bot (agents/nzscn);
// this bot is its two-player NZSC game (mctsGame). The tree is rebuilt
// at each decision in node storage reused across decisions and games, so
// Choose allocates only while that storage grows to its high-water mark
// (at most 2^18 nodes, about 135 MB: beyond that the search keeps rolling
// out but stops growing the tree). Rollouts draw from two rng.Wyrand
// sources, one a seat, seeded from the game's rng at NewGame, and
// selection from the rng itself: the bot is deterministic given its rng. A stop (SetContext) is polled every 8
// iterations (a few microseconds each), so a budget never outlives it.
// With ms set the budget is wall-clock time (agents.Budget), polled as
// often: more iterations on a faster or idler machine, so a time budget
// is not deterministic; an iteration budget is.
type MCTS struct {
	// Budget: iters or ms per decision; its agents.Interrupt ends the search
	// when the run stops (agents.ContextSetter).
	agents.Budget
	tree agents.SMSearch[nz.State, *mctsGame]
	game mctsGame
	rng  *rand.Rand
}

// mctsGame is two-player NZSC for the shared search (agents.SMGame): rewards
// win 1, draw ½, loss 0, rollouts from two Wyrand sources, one a seat.
type mctsGame struct {
	roll [2]rng.Wyrand
}

// mctsMaxNodes caps the tree (about 135 MB: 416 bytes a node, the
// shared node keeping room for 4 seats' statistics, and 100 for its
// children's slots): past it, iterations still descend and roll out but add no
// node, so a huge iters budget cannot exhaust memory.
const mctsMaxNodes = 1 << 18

// mctsRules are the selection rules the bot offers, rm the default.
var mctsRules = []string{"rm", "exp3", "duct"}

func newMCTS(p agents.Params) (agents.Agent, error) {
	m := &MCTS{}
	m.tree = agents.SMSearch[nz.State, *mctsGame]{Game: &m.game, MaxNodes: mctsMaxNodes}
	if err := m.tree.ReadParams(p, &m.Budget, mctsRules...); err != nil {
		return nil, err
	}
	return m, nil
}

// NewGame implements agents.Agent.
func (m *MCTS) NewGame(_ int, rng *rand.Rand) {
	m.rng = rng
	m.game.roll[0].Seed(rng.Uint64(), 0)
	m.game.roll[1].Seed(rng.Uint64(), 1)
}

// Choose implements agents.Agent.
func (m *MCTS) Choose(d *agents.Decision) nz.Choice {
	if len(d.Legal) == 1 {
		return d.Legal[0]
	}
	k, n := m.tree.Search(d.State, d.Seat, &m.Budget, m.rng)
	if n != len(d.Legal) {
		panic("agents/nzsc: mcts: root actions do not match the legal choices")
	}
	return m.tree.RootChoice(d.Seat, k)
}

// reward is seat 0's reward for a finished game: 1 win, ½ draw, 0 loss.
func reward(r nz.Result) float64 {
	switch r {
	case nz.FirstWins:
		return 1
	case nz.SecondWins:
		return 0
	}
	return 0.5
}

func (*mctsGame) Seats() int                                     { return 2 }
func (*mctsGame) Mask(s *nz.State, seat int) uint32              { return s.LegalMask(seat) }
func (*mctsGame) Over(s *nz.State) bool                          { return s.Phase == nz.GameOver }
func (*mctsGame) Step(s *nz.State, c *[agents.SMSeats]nz.Choice) { s.Step(c[0], c[1]) }

func (*mctsGame) Values(s *nz.State, u *[agents.SMSeats]float64) {
	u[0] = reward(s.Result)
	u[1] = 1 - u[0]
}

func (g *mctsGame) Rollout(s *nz.State, u *[agents.SMSeats]float64) {
	u[0] = reward(s.PlayRandom(&g.roll[0], &g.roll[1]))
	u[1] = 1 - u[0]
}
