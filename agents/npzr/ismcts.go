package npzr

import (
	"fmt"
	"math"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	np "github.com/nzsclab/nzsc/engine/npzr"
)

// ISMCTS is single-observer information-set Monte Carlo tree search
// (SO-ISMCTS, Cowling, Powley and Whitehouse, "Information Set Monte
// Carlo Tree Search", IEEE TCIAIG 2012). The tree is the observer's: a
// node is the sequence of actions (both players') from the decision, so
// the opponent's moves, which NPZR shows, are branches, and the cards
// nobody sees are not. Each iteration deals the unseen cards anew
// (Observation.Determinize), descends the tree using only the actions
// available in that deal, expands one untried action, plays greedy
// rollouts for horizon turns, scores the position (value) and backs the
// score up, each node scored for the player who chose it.
//
// Selection is the paper's ISUCT: mean + c·√(ln(availability) / visits),
// where availability counts the iterations in which the action could be
// chosen, since the opponent's actions depend on its dealt hand. The
// actions of a node are its deal's k best by the greedy rules (an action
// abstraction that keeps the wild cards' dozens of nominations out of the
// tree). The played action is the root child with the most visits. A
// decision runs iters iterations, or, with ms set, as many as fit in that
// wall-clock time (then the bot is not deterministic). The tree holds at
// most ismctsMaxNodes nodes: past it iterations still descend, deal and
// roll out, but add no node.
//
// SO-ISMCTS is the default and only variant: NPZR hides only cards,
// never actions (every placement and move is public), which is the case
// the single-observer tree is made for; the multiple-observer variant
// buys nothing when no action is hidden.
type ISMCTS struct {
	base
	budget
	k, horizon int
	c          float64
	p, q       policy
	nodes      []node
	path       []int32
}

// ismctsMaxNodes caps the tree (about 17 MB: a node is 56 bytes and
// its index in its parent's children 4, with room to grow): a decision
// adds at most one node an iteration, so the default 200 iterations never
// reach it, and without it iters=1000000 kept 65 MB a bot.
const ismctsMaxNodes = 1 << 18

// node is a tree node: the action that reached it, the seat that chose
// it, its children (indices into the arena) and its statistics.
type node struct {
	a        np.Action
	player   int8
	children []int32
	visits   float64
	avail    float64
	reward   float64
}

func newISMCTS(ps agents.Params) (agents.Player, error) {
	b := &ISMCTS{}
	if err := intParams(ps, []intParam{{"iters", &b.Iters, 10_000_000}, {"k", &b.k, 1000}, {"horizon", &b.horizon, 1000}}); err != nil {
		return nil, err
	}
	if err := b.readMS(ps); err != nil {
		return nil, err
	}
	c, err := ps.Float("c")
	if err != nil {
		return nil, err
	}
	if !(c >= 0 && c <= 100) {
		return nil, fmt.Errorf("parameter c=%v: want 0 to 100", c)
	}
	b.c = c
	return b, nil
}

// Act implements agents.Player.
func (b *ISMCTS) Act(obs game.Observation, legal []game.Action) game.Action {
	o, cands, forced, search := searchStart(&b.base, &b.p, obs, legal, b.k)
	if !search {
		return forced
	}
	// Keep the children slices' memory between decisions.
	for i := range b.nodes {
		b.nodes[i].children = b.nodes[i].children[:0]
	}
	b.nodes = b.nodes[:0]
	b.nodes = append(b.nodes, node{player: -1})
	b.Start()
	for i := 0; b.More(i); i++ {
		b.iterate(o)
	}
	root := &b.nodes[0]
	pick, most := cands[0].a, -1.0
	for _, ci := range root.children {
		if ch := &b.nodes[ci]; ch.visits > most {
			pick, most = ch.a, ch.visits
		}
	}
	return game.Action(pick)
}

// newNode adds a node to the arena, reusing a dropped node's children
// slice.
func (b *ISMCTS) newNode(a np.Action, player int) int32 {
	i := len(b.nodes)
	if i < cap(b.nodes) {
		b.nodes = b.nodes[:i+1]
		ch := b.nodes[i].children[:0]
		b.nodes[i] = node{a: a, player: int8(player), children: ch}
	} else {
		b.nodes = append(b.nodes, node{a: a, player: int8(player)})
	}
	return int32(i)
}

func (b *ISMCTS) iterate(o *np.Observation) {
	d := b.deal(o)
	cur := int32(0)
	b.path = append(b.path[:0], 0)
	for !d.Over() {
		cands := ranked(&b.p, &d, b.k)
		player := d.ToAct()
		untried := -1
		for ci, c := range cands {
			found := false
			for _, chi := range b.nodes[cur].children {
				if ch := &b.nodes[chi]; ch.a == c.a {
					ch.avail++
					found = true
					break
				}
			}
			if !found && untried < 0 {
				untried = ci
			}
		}
		if untried >= 0 {
			a := cands[untried].a
			if len(b.nodes) < ismctsMaxNodes {
				ni := b.newNode(a, player)
				b.nodes[ni].avail = 1
				b.nodes[cur].children = append(b.nodes[cur].children, ni)
				b.path = append(b.path, ni)
			}
			d.Step(a)
			break
		}
		// Every candidate has a child: ISUCT among the available ones.
		bestI, bestU := int32(-1), math.Inf(-1)
		for _, c := range cands {
			for _, chi := range b.nodes[cur].children {
				ch := &b.nodes[chi]
				if ch.a != c.a {
					continue
				}
				u := ch.reward/ch.visits + b.c*math.Sqrt(math.Log(ch.avail)/ch.visits)
				if u > bestU {
					bestI, bestU = chi, u
				}
				break
			}
		}
		d.Step(b.nodes[bestI].a)
		cur = bestI
		b.path = append(b.path, cur)
	}
	v0 := b.q.rollout(&d, 0, b.horizon, &b.r)
	for _, ni := range b.path[1:] {
		n := &b.nodes[ni]
		n.visits++
		if n.player == 0 {
			n.reward += v0
		} else {
			n.reward += 1 - v0
		}
	}
}
