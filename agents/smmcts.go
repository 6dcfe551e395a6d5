package agents

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"

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
	// Mask is seat's legal choices at s as a bit set (0: none, a pass):
	// one of NZSC's legal sets (nzsc.State.LegalMask's), which
	// nzsc.ListLegal lists.
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
// in a hash table keyed by node and joint action (smChildren), emptied,
// not reallocated, at each search: 5^4 slots a node would be mostly
// empty.
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
	dense []int32    // two seats: per node, [MaxChoices*MaxChoices] children
	child smChildren // more than two seats
	// path[d] is the iteration's step at depth d; its length is the
	// deepest path yet (entries are reused, not cleared).
	path []smStep
	// Scratch for an iteration, kept here because values whose address
	// goes to the game's methods through a type parameter escape: as
	// locals they would be allocated at every iteration.
	s S
	c [SMSeats]nzsc.Choice
	u [SMSeats]float64
	// mixB[n] is C/n, the uniform part of an action's probability among
	// n (choose2): computed once a search, not a division a draw.
	mixB [8]float64
}

type smNode[S any] struct {
	state    S
	terminal bool
	visits   float64
	// seat holds each seat's actions and statistics, one seat's
	// together: a search of fewer than SMSeats seats touches (and
	// addNode clears) only the seats it has.
	seat [SMSeats]smSeat
}

// smSeat is one seat's part of a node.
type smSeat struct {
	// x holds the seat's regrets (rm), estimated total rewards (exp3)
	// or reward sums (duct); y the sum of its strategies (rm, exp3) or
	// its visit counts (duct). Inline, not in a shared slice: measured
	// faster (one node's data together, no offset arithmetic).
	x, y [nzsc.MaxChoices]float64
	act  [nzsc.MaxChoices]nzsc.Choice
	n    uint8
}

// smStep is a node of an iteration's path and what each seat drew there.
type smStep struct {
	node int32
	a    [SMSeats]uint8
	p    [SMSeats]float64 // probability with which each seat's action was drawn
	// w[seat]/sum[seat] is the strategy the seat drew from (rm, exp3):
	// the backup reuses it, as the node's statistics have not changed
	// since.
	w   [SMSeats][nzsc.MaxChoices]float64
	sum [SMSeats]float64
}

// SMParams are the parameters of a bot searching with SMSearch under the
// selection rules named in rules (of "rm", "exp3", "duct", the first the
// default): its budget, iters or ms, and select and c, which ReadParams
// reads. Both mcts bots offer them, each its own rules.
func SMParams(rules ...string) []Param {
	var named, mixing []string
	for _, r := range rules {
		switch r {
		case "rm":
			named, mixing = append(named, "rm (regret matching)"), append(mixing, r)
		case "exp3":
			named, mixing = append(named, r), append(mixing, r)
		case "duct":
			named = append(named, "duct (decoupled UCT)")
		}
	}
	sel := named[0]
	for i := 1; i < len(named); i++ {
		switch {
		case i < len(named)-1:
			sel += ", " + named[i]
		case len(named) > 2:
			sel += ", or " + named[i]
		default:
			sel += " or " + named[i]
		}
	}
	return []Param{
		{Name: "iters", Default: "1000", Help: "iterations (tree descents + one rollout each) per decision"},
		MSParam,
		{Name: "select", Default: rules[0], Help: "selection rule: " + sel},
		{Name: "c", Default: "auto", Help: "exploration: mixing rate γ in (0,1] for " + strings.Join(mixing, "/") + " (auto 0.1), UCB constant for duct (auto 1.4)"},
	}
}

// ReadParams reads SMParams(rules...) of a bot's spec: the budget into b,
// the selection rule and its constant into t.
func (t *SMSearch[S, G]) ReadParams(p Params, b *Budget, rules ...string) error {
	if err := b.ReadBudget(p); err != nil {
		return err
	}
	rule, c, err := parseSelect(p, rules...)
	if err != nil {
		return err
	}
	t.Rule, t.C = rule, c
	return nil
}

// parseSelect reads the parameters select and c for the rules named in
// allowed (of "rm", "exp3", "duct"), c auto meaning 0.1 for rm and exp3,
// 1.4 for duct.
func parseSelect(p Params, allowed ...string) (rule int, c float64, err error) {
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
	// Seats past t.seats pass (a table of fewer seats than the last).
	t.c = [SMSeats]nzsc.Choice{}
	if t.seats > 2 {
		t.child.reset()
	}
	for n := range t.mixB {
		t.mixB[n] = t.C / float64(n)
	}
	t.addNode(root)
	b.Start()
	for i := 0; b.More(i); i++ {
		t.iterate()
	}
	sd := &t.nodes[0].seat[seat]
	n = int(sd.n)
	weights := &sd.y
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
func (t *SMSearch[S, G]) RootChoice(seat, k int) nzsc.Choice { return t.nodes[0].seat[seat].act[k] }

// Nodes returns the number of nodes of the last search's tree.
func (t *SMSearch[S, G]) Nodes() int { return len(t.nodes) }

// addNode appends a node for state s and returns its index. It writes
// every field a search of t.seats seats reads and no other: the storage
// is reused, and clearing a whole node (four seats' statistics) cost
// more than the rest of the node's setup.
func (t *SMSearch[S, G]) addNode(s *S) int32 {
	i := len(t.nodes)
	if i < cap(t.nodes) {
		t.nodes = t.nodes[:i+1]
	} else {
		t.nodes = append(t.nodes, smNode[S]{})
	}
	nd := &t.nodes[i]
	nd.state = *s
	nd.terminal = t.Game.Over(s)
	nd.visits = 0
	for seat := range t.seats {
		sd := &nd.seat[seat]
		sd.x = [nzsc.MaxChoices]float64{}
		sd.y = [nzsc.MaxChoices]float64{}
		mask := t.Game.Mask(s, seat)
		if mask == 0 {
			// Stuck (or game over): one action, a pass the engine ignores.
			sd.n, sd.act[0] = 1, nzsc.Unknown
			continue
		}
		sd.n = uint8(nzsc.ListLegal(mask, &sd.act)) // a table lookup, no loop

	}
	if t.seats == 2 {
		t.dense = grow(t.dense, nzsc.MaxChoices*nzsc.MaxChoices)
	}
	return int32(i)
}

// smChildren maps keys (a node and a joint action, node<<10 | joint) to
// child nodes (never 0, the root) for searches of more than two seats:
// open addressing with linear probing, at most half full, each slot
// stamped with the search that wrote it so that a new search empties
// the table by a new stamp instead of clearing it. It replaced a Go map
// (hashing and probing through the runtime: about 3% of a 4-player
// iteration).
type smChildren struct {
	slot  []smSlot
	stamp uint32 // the current search's; slots of others are empty
	used  int
}

type smSlot struct {
	key   uint64
	stamp uint32
	child int32
}

// reset empties the table for a new search.
func (h *smChildren) reset() {
	h.stamp++
	h.used = 0
	if h.stamp == 0 { // wrapped: old stamps could match again
		clear(h.slot)
		h.stamp = 1
	}
	if h.slot == nil {
		h.slot = make([]smSlot, 1024)
	}
}

// home is key's first slot: Fibonacci hashing onto the table's size, a
// power of two.
func (h *smChildren) home(key uint64) int {
	return int((key * 0x9e3779b97f4a7c15) >> (64 - bits.TrailingZeros(uint(len(h.slot)))))
}

// get returns key's child, 0 for none.
func (h *smChildren) get(key uint64) int32 {
	mask := len(h.slot) - 1
	for i := h.home(key); ; i = (i + 1) & mask {
		sl := &h.slot[i]
		if sl.stamp != h.stamp {
			return 0
		}
		if sl.key == key {
			return sl.child
		}
	}
}

// put sets key's child (key absent), doubling the table past half full.
func (h *smChildren) put(key uint64, child int32) {
	if 2*(h.used+1) > len(h.slot) {
		old := h.slot
		h.slot = make([]smSlot, 2*len(old))
		h.used = 0
		for _, sl := range old {
			if sl.stamp == h.stamp {
				h.put(sl.key, sl.child)
			}
		}
	}
	mask := len(h.slot) - 1
	i := h.home(key)
	for h.slot[i].stamp == h.stamp {
		i = (i + 1) & mask
	}
	h.slot[i] = smSlot{key: key, stamp: h.stamp, child: child}
	h.used++
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
	idx := int32(0)
	depth := 0
	u, c := &t.u, &t.c
	rm2 := t.seats == 2 && t.Rule == SelectRM
	for {
		nd := &t.nodes[idx]
		if nd.terminal {
			t.Game.Values(&nd.state, u)
			break
		}
		if depth == len(t.path) {
			t.path = append(t.path, smStep{})
		}
		st := &t.path[depth]
		depth++
		st.node = idx
		var joint uint64
		if rm2 {
			joint = t.choose2(nd, st)
		} else {
			joint = t.choose(nd, st)
		}
		var key uint64
		if t.seats == 2 {
			if ch := t.dense[int(idx)*nzsc.MaxChoices*nzsc.MaxChoices+int(joint)]; ch != 0 {
				idx = ch
				continue
			}
		} else {
			key = uint64(idx)<<10 | joint
			if ch := t.child.get(key); ch != 0 {
				idx = ch
				continue
			}
		}
		s := &t.s
		*s = nd.state
		t.Game.Step(s, c)
		if len(t.nodes) < t.MaxNodes {
			ch := t.addNode(s) // may move t.nodes and t.dense: nd is stale
			if t.seats == 2 {
				t.dense[int(idx)*nzsc.MaxChoices*nzsc.MaxChoices+int(joint)] = ch
			} else {
				t.child.put(key, ch)
			}
		}
		t.Game.Rollout(s, u)
		break
	}
	for d := range depth {
		st := &t.path[d]
		if rm2 {
			t.update2(&t.nodes[st.node], st, u)
		} else {
			t.update(&t.nodes[st.node], st, u)
		}
	}
}

// exp3 writes Exp3's current strategy (before exploration) of a seat
// with n actions and estimated total rewards x as weights w and returns
// their sum, as RegretWeights does: σ ∝ exp(γ/n · estimated total
// reward).
func (t *SMSearch[S, G]) exp3(x *[nzsc.MaxChoices]float64, n int, w *[nzsc.MaxChoices]float64) (sum float64) {
	eta := t.C / float64(n)
	top := x[0]
	for k := 1; k < n; k++ {
		top = max(top, x[k])
	}
	for k := range n {
		w[k] = math.Exp(eta * (x[k] - top))
		sum += w[k]
	}
	return uniformIfZero(w[:n], sum)
}

// choose selects every seat's action at node nd (in seat order, or from
// the last seat with Reverse), writes each with the probability it was
// drawn with (1 for duct's deterministic choice) into st (rm and exp3:
// and the strategy drawn from) and its choice into t.c, and returns
// the joint action's index, Σ action·MaxChoices^seat. One call a node,
// not one a seat: the calls were a sixth of an iteration.
func (t *SMSearch[S, G]) choose(nd *smNode[S], st *smStep) (joint uint64) {
	for i := range t.seats {
		seat := i
		if t.Reverse {
			seat = t.seats - 1 - i
		}
		seat &= SMSeats - 1 // < SMSeats: no bounds checks below
		sd := &nd.seat[seat]
		n := int(sd.n)
		a, p := 0, 1.0
		switch {
		case n == 1:
		case t.Rule == SelectDUCT:
			a = UCBPick(&sd.x, &sd.y, n, nd.visits, t.C)
		default:
			w := &st.w[seat]
			var sum float64
			if t.Rule == SelectRM {
				sum = RegretWeights(&sd.x, w, n)
			} else {
				sum = t.exp3(&sd.x, n, w)
			}
			st.sum[seat] = sum
			a, p = DrawMixed(w, sum, n, t.C, t.rng.Float64())
		}
		st.a[seat], st.p[seat] = uint8(a), p
		t.c[seat] = sd.act[a]
		joint += uint64(a) * smPow[seat]
	}
	return joint
}

// choose2 is choose for two seats and regret matching (two-player mcts
// at its default): the seat loop written out, the rule tested once, and
// both seats' draws taken first (in the selections' order), so that
// the selections keep their values in registers across no call. It
// shares every step of the selection (RegretWeights, DrawMixed) with
// choose; TestSMSearchMatchesReference plays both against the plain
// search. About a sixth fewer instructions an iteration than the loop.
func (t *SMSearch[S, G]) choose2(nd *smNode[S], st *smStep) uint64 {
	s0, s1 := &nd.seat[0], &nd.seat[1]
	n0, n1 := int(s0.n), int(s1.n)
	var r0, r1 float64
	if t.Reverse {
		if n1 > 1 {
			r1 = t.rng.Float64()
		}
		if n0 > 1 {
			r0 = t.rng.Float64()
		}
	} else {
		if n0 > 1 {
			r0 = t.rng.Float64()
		}
		if n1 > 1 {
			r1 = t.rng.Float64()
		}
	}
	a0, p0, a1, p1 := 0, 1.0, 0, 1.0
	mixA, mixB := 1-t.C, &t.mixB
	if n0 > 1 {
		sum := RegretWeights(&s0.x, &st.w[0], n0)
		st.sum[0] = sum
		a0, p0 = drawMixed(&st.w[0], sum, n0, mixA, mixB[n0&7], r0)
	}
	if n1 > 1 {
		sum := RegretWeights(&s1.x, &st.w[1], n1)
		st.sum[1] = sum
		a1, p1 = drawMixed(&st.w[1], sum, n1, mixA, mixB[n1&7], r1)
	}
	st.a[0], st.p[0], st.a[1], st.p[1] = uint8(a0), p0, uint8(a1), p1
	t.c[0], t.c[1] = s0.act[a0], s1.act[a1]
	return uint64(a0) + uint64(a1)*nzsc.MaxChoices
}

// update2 is update for two seats and regret matching, written out as
// choose2 is.
func (t *SMSearch[S, G]) update2(nd *smNode[S], st *smStep, u *[SMSeats]float64) {
	nd.visits++
	if s0 := &nd.seat[0]; s0.n == 1 {
		s0.y[0]++
	} else {
		regretUpdate(s0, int(s0.n), &st.w[0], st.sum[0], st.a[0], u[0], st.p[0])
	}
	if s1 := &nd.seat[1]; s1.n == 1 {
		s1.y[0]++
	} else {
		regretUpdate(s1, int(s1.n), &st.w[1], st.sum[1], st.a[1], u[1], st.p[1])
	}
}

// smPow[seat] is MaxChoices^seat, a seat's weight in a joint action's
// index.
var smPow = [SMSeats]uint64{1, nzsc.MaxChoices, nzsc.MaxChoices * nzsc.MaxChoices, nzsc.MaxChoices * nzsc.MaxChoices * nzsc.MaxChoices}

// update backs every seat's reward u up into node nd's statistics for
// the actions st drew (rm, exp3: drawn from the strategies st keeps,
// which choose computed from these statistics, unchanged since).
func (t *SMSearch[S, G]) update(nd *smNode[S], st *smStep, u *[SMSeats]float64) {
	nd.visits++
	for seat := range t.seats {
		seat &= SMSeats - 1 // < SMSeats: no bounds checks below
		sd := &nd.seat[seat]
		n := int(sd.n)
		a, r := st.a[seat], u[seat]
		if n == 1 {
			sd.y[0]++
			continue
		}
		switch t.Rule {
		case SelectDUCT:
			sd.x[a] += r
			sd.y[a]++
		case SelectRM:
			regretUpdate(sd, n, &st.w[seat], st.sum[seat], a, r, st.p[seat])
		case SelectExp3:
			y := sd.y[:n]
			w, sum := st.w[seat][:len(y)], st.sum[seat]
			for k := range y {
				y[k] += w[k] / sum
			}
			sd.x[a] += r / st.p[seat]
		}
	}
}
