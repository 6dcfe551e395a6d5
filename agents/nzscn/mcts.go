package nzscn

import (
	"math/rand/v2"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
	"github.com/nzsclab/nzsc/engine/rng"
)

func init() {
	agents.Register(agents.Info{
		Name: "mcts", MinSeats: minSeats, MaxSeats: maxSeats,
		Help:      "simultaneous-move Monte Carlo tree search for 3 or 4 players (regret matching by default), random rollouts, reward = share of opponents finished ahead of",
		Params:    agents.SMParams(mctsRules...),
		NewPlayer: newMCTS,
	})
}

// MCTS is simultaneous-move Monte Carlo tree search for 3 or 4 players,
// the N-player form of the two-player bot (agents/nzsc's MCTS, after Lisý et
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
// The search is agents.SMSearch, the same as the two-player bot's; this
// bot is its N-player NZSC game (mctsGame). The tree lives in node
// storage reused across decisions and games (at most 2^17 nodes);
// children are found through a hash table keyed by node and joint
// action, emptied, not reallocated, at each decision. Rollouts draw
// from an rng.Wyrand seeded from the game's rng at NewGame and
// selection from the rng itself, so the bot is deterministic given its
// rng. A stop (SetContext) is polled every 8 iterations (tens of
// microseconds), so a budget never outlives it. With ms set the budget
// is wall-clock time (agents.Budget), polled as often: not deterministic,
// unlike an iteration budget.
type MCTS struct {
	// Budget: iters or ms per decision; its Interrupt ends the search
	// when the run stops (agents.ContextSetter).
	agents.Budget
	tree agents.SMSearch[nzscn.State, *mctsGame]
	game mctsGame
	rng  *rand.Rand
	seat int
}

// mctsGame is N-player NZSC for the shared search (agents.SMGame):
// rewards are shares of opponents finished ahead of, rollouts from one
// Wyrand source.
type mctsGame struct {
	players int
	roll    rng.Wyrand
}

const mctsMaxNodes = 1 << 17

// mctsRules are the selection rules the bot offers, rm the default (Exp3
// is the two-player bot's only).
var mctsRules = []string{"rm", "duct"}

func newMCTS(p agents.Params) (agents.Player, error) {
	m := &MCTS{}
	m.tree = agents.SMSearch[nzscn.State, *mctsGame]{Game: &m.game, MaxNodes: mctsMaxNodes, Reverse: true}
	if err := m.tree.ReadParams(p, &m.Budget, mctsRules...); err != nil {
		return nil, err
	}
	return m, nil
}

// NewGame implements agents.Player.
func (m *MCTS) NewGame(g game.Game, seat int, rng *rand.Rand) {
	m.rng, m.seat, m.game.players = rng, seat, g.Seats()
	m.game.roll.Seed(rng.Uint64(), 0)
}

// Act implements agents.Player.
func (m *MCTS) Act(obs game.Observation, legal []game.Action) game.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	k, n := m.tree.Search(observed(obs).State, m.seat, &m.Budget, m.rng)
	if n != len(legal) {
		panic("agents/nzscn: mcts: root actions do not match the legal choices")
	}
	return legal[k]
}

// rewards writes every seat's reward for the finished state s: its share
// of opponents finished ahead of, ties counting half. The places are
// nzscn.OutcomeOf's (game.RankByScore: by points, the winner first
// alone; two seats capped draw), but only counts are needed, so they
// are read from the points directly: a winner is ahead of all; any
// other seat is behind the winner and otherwise placed by points among
// the others (the winner's move to first keeps their order and ties).
// That is about a twentieth of a four-player iteration less than
// building the Outcome; TestRewardsByPairs checks it bit for bit
// against OutcomeOf's places. Twice a seat's count is a whole number k
// (2 a seat behind, 1 a seat tied), and the reward k/2/(n−1) is the
// same float64 as summing 1s and ½s seat by seat.
func rewards(s *nzscn.State, u *[agents.SMSeats]float64) {
	n := int(s.Players)
	d := float64(n - 1)
	w := int(s.Winner)
	if n == 2 && w < 0 {
		u[0], u[1] = 0.5, 0.5 // a capped two-seat game is a draw
		return
	}
	var pts [agents.SMSeats]int
	for i := range n {
		pts[i] = s.Points(i)
	}
	for i := range n {
		k := 2 * (n - 1) // the winner
		if i != w {
			k = 0
			for j := range n {
				switch {
				case j == i || j == w:
				case pts[j] < pts[i]:
					k += 2
				case pts[j] == pts[i]:
					k++
				}
			}
		}
		u[i] = float64(k) / 2 / d
	}
}

func (g *mctsGame) Seats() int                                      { return g.players }
func (*mctsGame) Mask(s *nzscn.State, seat int) uint32              { return s.LegalMask(seat) }
func (*mctsGame) Over(s *nzscn.State) bool                          { return s.Over() }
func (*mctsGame) Values(s *nzscn.State, u *[agents.SMSeats]float64) { rewards(s, u) }

func (*mctsGame) Step(s *nzscn.State, c *[agents.SMSeats]nzsc.Choice) {
	s.Step(nzscn.Choices(*c))
}

func (g *mctsGame) Rollout(s *nzscn.State, u *[agents.SMSeats]float64) {
	s.PlayRandom(&g.roll)
	rewards(s, u)
}
