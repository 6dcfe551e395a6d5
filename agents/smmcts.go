package agents

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// SMSeats is the most seats the shared simultaneous-move search handles.
const SMSeats = 4

// The selection rules of the simultaneous-move search.
const (
	SelectRM = iota
	SelectExp3
	SelectDUCT
)

// SMGame is what the simultaneous-move search needs of a game with state
// S: the legal choices, a joint step, a rollout and the rewards. The
// search never looks inside S. Rewards are per seat in [0,1].
type SMGame[S any] interface {
	// Seats is the number of seats (2 to SMSeats).
	Seats() int
	// Mask is seat's legal choices at s as a bit set (0: none, a pass).
	Mask(s *S, seat int) uint32
	// Over reports whether s is finished.
	Over(s *S) bool
	// Step applies the joint action c (nzsc.Unknown for a pass).
	Step(s *S, c *[SMSeats]nzsc.Choice)
	// Values writes every seat's reward for the finished state s.
	Values(s *S, u *[SMSeats]float64)
	// Rollout plays s to the end at random and writes the rewards.
	Rollout(s *S, u *[SMSeats]float64)
}

// SMSearch is Monte Carlo tree search for simultaneous moves (SM-MCTS,
// after Lisý, Kovařík, Lanctot and Bošanský, NIPS 2013), the one search
// behind the two-player mcts (MCTS) and the 3–4 player mcts
// (agents/nzscn). Every node is a state; its children are indexed by
// joint actions. Each iteration descends from the root, every seat
// selecting independently with the rule, adds the first new node it
// reaches, rolls out from it (SMGame.Rollout) and backs every seat's
// reward up the path. The node storage is reused across decisions and
// games, so a search allocates only while it grows to its high-water
// mark (at most MaxNodes nodes; past it iterations still roll out).
//
// Two seats find children in a dense table (25 slots a node); more seats
// in a map keyed by node and joint action, cleared, not reallocated, at
// each search: 5^4 slots a node would be mostly empty.
type SMSearch[S any, G SMGame[S]] struct {
	Game G
	Rule int
	C    float64
	// MaxNodes caps the tree.
	MaxNodes int
	// Reverse draws the seats' selections from the last seat to the
	// first (the N-player bot's order since it was written, kept so
	// that its decisions for a seed did not change when it was folded).
	Reverse bool

	rng   *rand.Rand
	seats int
	nodes []smNode[S]
	dense []int32 // two seats: per node, [MaxChoices*MaxChoices] children
	child map[uint64]int32
	path  []smStep
	// sigma[d][seat] is the strategy the seat drew its action at depth d
	// of the iteration's path from (rm, exp3): the backup reuses it, as
	// the node's statistics have not changed since.
	sigma [][SMSeats][nzsc.MaxChoices]float64
	// Scratch for an iteration, kept here because values whose address
	// goes to the game's methods through a type parameter escape: as
	// locals they would be allocated at every iteration.
	s S
	c [SMSeats]nzsc.Choice
	u [SMSeats]float64
}

type smNode[S any] struct {
	state    S
	n        [SMSeats]uint8
	act      [SMSeats][nzsc.MaxChoices]nzsc.Choice
	terminal bool
	visits   float64
	// stat[0][s] holds seat s's regrets (rm), estimated total rewards
	// (exp3) or reward sums (duct); stat[1][s] the sum of its strategies
	// (rm, exp3) or visit counts (duct). Inline, not in a shared slice:
	// measured faster (one node's data together, no offset arithmetic).
	stat [2][SMSeats][nzsc.MaxChoices]float64
}

type smStep struct {
	node int32
	a    [SMSeats]uint8
	p    [SMSeats]float64 // probability with which each seat's action was drawn
}

// ParseSelect reads the parameters select and c for the rules named in
// allowed (of "rm", "exp3", "duct"), c auto meaning 0.1 for rm and exp3,
// 1.4 for duct.
func ParseSelect(p Params, allowed ...string) (rule int, c float64, err error) {
	sel := p["select"]
	ok := false
	for _, a := range allowed {
		ok = ok || a == sel
	}
	switch {
	case ok && sel == "rm":
		rule = SelectRM
	case ok && sel == "exp3":
		rule = SelectExp3
	case ok && sel == "duct":
		rule = SelectDUCT
	default:
		names := allowed[0]
		for i := 1; i < len(allowed); i++ {
			sep := ", "
			if i == len(allowed)-1 {
				sep = " or "
			}
			names += sep + allowed[i]
		}
		return 0, 0, fmt.Errorf("parameter select=%q is not %s", sel, names)
	}
	if p["c"] == "auto" {
		if rule == SelectDUCT {
			return rule, 1.4, nil
		}
		return rule, 0.1, nil
	}
	if c, err = p.Float("c"); err != nil {
		return 0, 0, err
	}
	if rule == SelectDUCT && !(c >= 0 && c < math.Inf(1)) {
		return 0, 0, fmt.Errorf("parameter c=%v must be a finite number >= 0 for duct", c)
	}
	if rule != SelectDUCT && !(c > 0 && c <= 1) {
		return 0, 0, fmt.Errorf("parameter c=%v must be in (0,1] for %s", c, sel)
	}
	return rule, c, nil
}

// Search runs the budget's iterations from root, selection drawing from
// rng, then samples seat's move from the root's statistics (rm and exp3:
// the average strategy; duct: visit counts) with one more draw from rng.
// It returns the move's index among seat's legal choices in Mask order
// and the number of them.
func (t *SMSearch[S, G]) Search(root *S, seat int, b *Budget, rng *rand.Rand) (k, n int) {
	t.rng = rng
	t.seats = t.Game.Seats()
	t.nodes = t.nodes[:0]
	t.dense = t.dense[:0]
	if t.seats > 2 {
		if t.child == nil {
			t.child = map[uint64]int32{}
		}
		clear(t.child)
	}
	t.addNode(root)
	b.Start()
	for i := 0; b.More(i); i++ {
		t.iterate()
	}
	n = int(t.nodes[0].n[seat])
	weights := &t.nodes[0].stat[1][seat]
	total := 0.0
	for k := range n {
		total += weights[k]
	}
	r := rng.Float64() * total
	for k := range n - 1 {
		if r < weights[k] {
			return k, n
		}
		r -= weights[k]
	}
	return n - 1, n
}

// RootChoice returns the choice of seat's root action k (an index Search
// returned), for a bot whose actions are its legal choices in Mask order.
func (t *SMSearch[S, G]) RootChoice(seat, k int) nzsc.Choice { return t.nodes[0].act[seat][k] }

// Nodes returns the number of nodes of the last search's tree.
func (t *SMSearch[S, G]) Nodes() int { return len(t.nodes) }

// addNode appends a node for state s and returns its index.
func (t *SMSearch[S, G]) addNode(s *S) int32 {
	t.nodes = append(t.nodes, smNode[S]{state: *s, terminal: t.Game.Over(s)})
	nd := &t.nodes[len(t.nodes)-1]
	for seat := range t.seats {
		mask := t.Game.Mask(s, seat)
		if mask == 0 {
			// Stuck (or game over): one action, a pass the engine ignores.
			nd.n[seat], nd.act[seat][0] = 1, nzsc.Unknown
			continue
		}
		for ; mask != 0; mask &= mask - 1 {
			nd.act[seat][nd.n[seat]] = nzsc.Choice(bits.TrailingZeros32(mask))
			nd.n[seat]++
		}
	}
	if t.seats == 2 {
		t.dense = grow(t.dense, nzsc.MaxChoices*nzsc.MaxChoices)
	}
	return int32(len(t.nodes) - 1)
}

// grow extends s by k zero elements, reusing its storage.
func grow[T any](s []T, k int) []T {
	l := len(s)
	if cap(s)-l < k {
		s = append(s, make([]T, k)...)
		return s
	}
	s = s[:l+k]
	clear(s[l:])
	return s
}

// iterate runs one descent, expansion, rollout and backup.
func (t *SMSearch[S, G]) iterate() {
	t.path = t.path[:0]
	idx := int32(0)
	u, c := &t.u, &t.c
	for {
		nd := &t.nodes[idx]
		if nd.terminal {
			t.Game.Values(&nd.state, u)
			break
		}
		st := smStep{node: idx}
		*c = [SMSeats]nzsc.Choice{}
		depth := len(t.path)
		if depth == len(t.sigma) {
			t.sigma = append(t.sigma, [SMSeats][nzsc.MaxChoices]float64{})
		}
		sig := &t.sigma[depth]
		if t.Reverse {
			for seat := t.seats - 1; seat >= 0; seat-- {
				st.a[seat], st.p[seat] = t.choose(nd, seat, &sig[seat])
			}
		} else {
			for seat := range t.seats {
				st.a[seat], st.p[seat] = t.choose(nd, seat, &sig[seat])
			}
		}
		joint := uint64(0)
		for seat := t.seats - 1; seat >= 0; seat-- {
			joint = joint*nzsc.MaxChoices + uint64(st.a[seat])
			c[seat] = nd.act[seat][st.a[seat]]
		}
		t.path = append(t.path, st)
		var slot *int32
		var key uint64
		if t.seats == 2 {
			slot = &t.dense[int(idx)*nzsc.MaxChoices*nzsc.MaxChoices+int(joint)]
			if *slot != 0 {
				idx = *slot
				continue
			}
		} else {
			key = uint64(idx)<<10 | joint
			if ch, ok := t.child[key]; ok {
				idx = ch
				continue
			}
		}
		s := &t.s
		*s = nd.state
		t.Game.Step(s, c)
		if len(t.nodes) < t.MaxNodes {
			ch := t.addNode(s) // may move t.nodes and t.dense: nd, slot are stale
			if t.seats == 2 {
				t.dense[int(idx)*nzsc.MaxChoices*nzsc.MaxChoices+int(joint)] = ch
			} else {
				t.child[key] = ch
			}
		}
		t.Game.Rollout(s, u)
		break
	}
	for d, st := range t.path {
		nd := &t.nodes[st.node]
		nd.visits++
		for seat := range t.seats {
			t.update(nd, seat, st.a[seat], st.p[seat], u[seat], &t.sigma[d][seat])
		}
	}
}

// strategy writes the current strategy σ (before exploration) of a
// seat with n actions and statistics x into sigma.
func (t *SMSearch[S, G]) strategy(x *[nzsc.MaxChoices]float64, n int, sigma *[nzsc.MaxChoices]float64) {
	if t.Rule == SelectRM {
		RegretMatching(x, sigma, n)
		return
	}
	// exp3: σ ∝ exp(γ/n · estimated total reward).
	eta := t.C / float64(n)
	top := x[0]
	for k := 1; k < n; k++ {
		top = max(top, x[k])
	}
	sum := 0.0
	for k := range n {
		sigma[k] = math.Exp(eta * (x[k] - top))
		sum += sigma[k]
	}
	normalize(sigma, n, sum)
}

// choose selects seat's action at node idx and returns it with the
// probability it was drawn with (1 for duct's deterministic choice);
// rm and exp3 leave the strategy drawn from in sigma.
func (t *SMSearch[S, G]) choose(nd *smNode[S], seat int, sigma *[nzsc.MaxChoices]float64) (uint8, float64) {
	n := int(nd.n[seat])
	if n == 1 {
		return 0, 1
	}
	if t.Rule == SelectDUCT {
		return uint8(UCBPick(&nd.stat[0][seat], &nd.stat[1][seat], n, nd.visits, t.C)), 1
	}
	t.strategy(&nd.stat[0][seat], n, sigma)
	k, p := DrawMixed(sigma, n, t.C, t.rng.Float64())
	return uint8(k), p
}

// update backs seat's reward u up into node idx's statistics for action
// a drawn with probability p from sigma (rm, exp3: the strategy choose
// computed from these statistics, unchanged since).
func (t *SMSearch[S, G]) update(nd *smNode[S], seat int, a uint8, p, u float64, sigma *[nzsc.MaxChoices]float64) {
	n := int(nd.n[seat])
	x, y := &nd.stat[0][seat], &nd.stat[1][seat]
	if n == 1 {
		y[0]++
		return
	}
	switch t.Rule {
	case SelectDUCT:
		x[a] += u
		y[a]++
	case SelectRM:
		// Regret of each action against the sampled reward, with the
		// played action's reward estimated as u/p (unbiased).
		for k := range n {
			x[k] -= u
			y[k] += sigma[k]
		}
		x[a] += u / p
	case SelectExp3:
		for k := range n {
			y[k] += sigma[k]
		}
		x[a] += u / p
	}
}
