package agents

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
	"github.com/nzsclab/nzsc/engine/rng"
)

// The oracle of SMSearch: the search written the plain way (a tree of
// pointers with a map of children a node, each seat's strategy computed
// and normalized from its statistics wherever it is needed, one call a
// seat), as SMSearch was before its cuts. Both must agree bit for bit:
// every cut of the search keeps each floating-point operation, so that a
// bot's decisions for a seed never change.

type refNode[S any] struct {
	state    S
	terminal bool
	visits   float64
	n        [SMSeats]int
	act      [SMSeats][nzsc.MaxChoices]nzsc.Choice
	x, y     [SMSeats][nzsc.MaxChoices]float64
	child    map[[SMSeats]int]*refNode[S]
}

type refSearch[S any, G SMGame[S]] struct {
	game     G
	rule     int
	c        float64
	maxNodes int
	reverse  bool
	rng      *rand.Rand
	nodes    int
}

func (t *refSearch[S, G]) node(s *S) *refNode[S] {
	t.nodes++
	nd := &refNode[S]{state: *s, terminal: t.game.Over(s), child: map[[SMSeats]int]*refNode[S]{}}
	for seat := range t.game.Seats() {
		mask := t.game.Mask(s, seat)
		if mask == 0 {
			nd.n[seat], nd.act[seat][0] = 1, nzsc.Unknown
			continue
		}
		for c := range nzsc.Choice(32) {
			if mask&(1<<c) != 0 {
				nd.act[seat][nd.n[seat]] = c
				nd.n[seat]++
			}
		}
	}
	return nd
}

// strategy is seat's normalized strategy at nd.
func (t *refSearch[S, G]) strategy(nd *refNode[S], seat int) []float64 {
	n := nd.n[seat]
	sigma := make([]float64, n)
	sum := 0.0
	for k := range n {
		if t.rule == SelectRM {
			sigma[k] = max(nd.x[seat][k], 0)
		} else {
			top := math.Inf(-1)
			for j := range n {
				top = max(top, nd.x[seat][j])
			}
			sigma[k] = math.Exp(t.c / float64(n) * (nd.x[seat][k] - top))
		}
		sum += sigma[k]
	}
	for k := range n {
		if sum > 0 {
			sigma[k] /= sum
		} else {
			sigma[k] = 1 / float64(n)
		}
	}
	return sigma
}

func (t *refSearch[S, G]) choose(nd *refNode[S], seat int) (int, float64) {
	n := nd.n[seat]
	if n == 1 {
		return 0, 1
	}
	if t.rule == SelectDUCT {
		best, bestScore := 0, math.Inf(-1)
		for k := range n {
			if nd.y[seat][k] == 0 {
				return k, 1
			}
			s := nd.x[seat][k]/nd.y[seat][k] + t.c*math.Sqrt(math.Log(nd.visits)/nd.y[seat][k])
			if s > bestScore {
				best, bestScore = k, s
			}
		}
		return best, 1
	}
	sigma := t.strategy(nd, seat)
	r := t.rng.Float64()
	for k := range n {
		p := (1-t.c)*sigma[k] + t.c/float64(n)
		if r < p || k == n-1 {
			return k, p
		}
		r -= p
	}
	panic("unreachable")
}

func (t *refSearch[S, G]) iterate(root *refNode[S]) {
	type step struct {
		nd *refNode[S]
		a  [SMSeats]int
		p  [SMSeats]float64
	}
	seats := t.game.Seats()
	var path []step
	var u [SMSeats]float64
	nd := root
	for {
		if nd.terminal {
			t.game.Values(&nd.state, &u)
			break
		}
		st := step{nd: nd}
		for i := range seats {
			seat := i
			if t.reverse {
				seat = seats - 1 - i
			}
			st.a[seat], st.p[seat] = t.choose(nd, seat)
		}
		path = append(path, st)
		if ch := nd.child[st.a]; ch != nil {
			nd = ch
			continue
		}
		var c [SMSeats]nzsc.Choice
		for seat := range seats {
			c[seat] = nd.act[seat][st.a[seat]]
		}
		s := nd.state
		t.game.Step(&s, &c)
		if t.nodes < t.maxNodes {
			nd.child[st.a] = t.node(&s)
		}
		t.game.Rollout(&s, &u)
		break
	}
	for _, st := range path {
		nd := st.nd
		nd.visits++
		for seat := range seats {
			n, a := nd.n[seat], st.a[seat]
			if n == 1 {
				nd.y[seat][0]++
				continue
			}
			switch t.rule {
			case SelectDUCT:
				nd.x[seat][a] += u[seat]
				nd.y[seat][a]++
			default:
				sigma := t.strategy(nd, seat)
				for k := range n {
					if t.rule == SelectRM {
						nd.x[seat][k] -= u[seat]
					}
					nd.y[seat][k] += sigma[k]
				}
				nd.x[seat][a] += u[seat] / st.p[seat]
			}
		}
	}
}

// search runs iters iterations from s and returns the root.
func (t *refSearch[S, G]) search(s *S, iters int) *refNode[S] {
	t.nodes = 0
	root := t.node(s)
	for range iters {
		t.iterate(root)
	}
	return root
}

// The games: two-player NZSC, and 3-4 player NZSC with a reward by
// place (1/place) so that seats differ.

type refGame2 struct{ roll [2]rng.Wyrand }

func (*refGame2) Seats() int                                  { return 2 }
func (*refGame2) Mask(s *nzsc.State, seat int) uint32         { return s.LegalMask(seat) }
func (*refGame2) Over(s *nzsc.State) bool                     { return s.Phase == nzsc.GameOver }
func (*refGame2) Step(s *nzsc.State, c *[SMSeats]nzsc.Choice) { s.Step(c[0], c[1]) }
func (*refGame2) Values(s *nzsc.State, u *[SMSeats]float64)   { refValues2(s.Result, u) }
func (g *refGame2) Rollout(s *nzsc.State, u *[SMSeats]float64) {
	refValues2(s.PlayRandom(&g.roll[0], &g.roll[1]), u)
}

func refValues2(r nzsc.Result, u *[SMSeats]float64) {
	u[0] = 0.5
	switch r.Winner() {
	case 0:
		u[0] = 1
	case 1:
		u[0] = 0
	}
	u[1] = 1 - u[0]
}

type refGameN struct {
	seats int
	roll  rng.Wyrand
}

func (g *refGameN) Seats() int                                 { return g.seats }
func (*refGameN) Mask(s *nzscn.State, seat int) uint32         { return s.LegalMask(seat) }
func (*refGameN) Over(s *nzscn.State) bool                     { return s.Over() }
func (*refGameN) Step(s *nzscn.State, c *[SMSeats]nzsc.Choice) { s.Step(nzscn.Choices(*c)) }
func (*refGameN) Values(s *nzscn.State, u *[SMSeats]float64)   { refValuesN(s, u) }
func (g *refGameN) Rollout(s *nzscn.State, u *[SMSeats]float64) {
	s.PlayRandom(&g.roll)
	refValuesN(s, u)
}

func refValuesN(s *nzscn.State, u *[SMSeats]float64) {
	o := nzscn.OutcomeOf(s)
	for i := range int(s.Players) {
		u[i] = 1 / float64(o.Place[i])
	}
}

// compareRoot fails unless the two searches' roots hold the same
// statistics, bit for bit.
func compareRoot[S any](t *testing.T, name string, seats int, got *smNode[S], want *refNode[S]) {
	t.Helper()
	if math.Float64bits(got.visits) != math.Float64bits(want.visits) {
		t.Fatalf("%s: root visits %v, want %v", name, got.visits, want.visits)
	}
	for seat := range seats {
		sd := &got.seat[seat]
		// Actions past n are stale in reused storage: only n count.
		if got, want := sd.act[:sd.n], want.act[seat][:want.n[seat]]; !slices.Equal(got, want) {
			t.Fatalf("%s: seat %d actions %v, want %v", name, seat, got, want)
		}
		for k := range want.n[seat] {
			if math.Float64bits(sd.x[k]) != math.Float64bits(want.x[seat][k]) || math.Float64bits(sd.y[k]) != math.Float64bits(want.y[seat][k]) {
				t.Fatalf("%s: seat %d action %d statistics %v, %v, want %v, %v", name, seat, k, sd.x[k], sd.y[k], want.x[seat][k], want.y[seat][k])
			}
		}
	}
}

// TestSMSearchMatchesReference runs SMSearch and the plain search from
// the same positions with the same generators (every rule; 2, 3 and 4
// seats; a node cap reached and not) and compares their roots bit for
// bit, the nodes they grew, the move Search samples and the generator's
// next draw.
func TestSMSearchMatchesReference(t *testing.T) {
	iters := 300
	if testing.Short() {
		iters = 120
	}
	type cfg struct {
		rule     int
		c        float64
		maxNodes int
	}
	cfgs := []cfg{{SelectRM, 0.1, 1 << 20}, {SelectExp3, 0.2, 1 << 20}, {SelectDUCT, 1.4, 1 << 20}, {SelectRM, 0.3, 40}}
	names := []string{"rm", "exp3", "duct"}
	src := rand.New(rand.NewPCG(11, 12))

	// Two seats: positions of random games, every phase.
	var tree2 SMSearch[nzsc.State, *refGame2]
	var g2, r2 refGame2
	for pos := range 12 {
		s := nzsc.NewGame(nzsc.DefaultRules)
		for range pos % 9 {
			var c [2]nzsc.Choice
			for seat := range 2 {
				var buf [nzsc.MaxChoices]nzsc.Choice
				c[seat] = nzsc.Unknown
				if n := s.Legal(seat, &buf); n > 0 {
					c[seat] = buf[src.IntN(n)]
				}
			}
			if s.Phase != nzsc.GameOver {
				s.Step(c[0], c[1])
			}
		}
		cf := cfgs[pos%len(cfgs)]
		name := names[cf.rule] + " 2 seats"
		seed := uint64(pos)
		g2.roll[0].Seed(seed, 0)
		g2.roll[1].Seed(seed, 1)
		r2.roll = g2.roll
		tree2 = SMSearch[nzsc.State, *refGame2]{Game: &g2, Rule: cf.rule, C: cf.c, MaxNodes: cf.maxNodes, nodes: tree2.nodes, dense: tree2.dense, path: tree2.path}
		ref := refSearch[nzsc.State, *refGame2]{game: &r2, rule: cf.rule, c: cf.c, maxNodes: cf.maxNodes}
		rngA, rngB := rand.New(rand.NewPCG(seed, 5)), rand.New(rand.NewPCG(seed, 5))
		ref.rng = rngB
		b := Budget{Iters: iters}
		seat := pos % 2
		k, n := tree2.Search(&s, seat, &b, rngA)
		root := ref.search(&s, iters)
		compareSearch(t, name, 2, &tree2, root, ref.nodes, k, n, seat, rngA, rngB)
	}

	// Two (the N-player bot's draw order, Reverse), three and four seats,
	// one tree's storage reused across table sizes.
	var tree SMSearch[nzscn.State, *refGameN]
	for pos := range 12 {
		seats := 2 + pos%3
		s := nzscn.New(seats, nzsc.DefaultRules)
		for range pos % 7 {
			var c nzscn.Choices
			for seat := range seats {
				var buf [nzsc.MaxChoices]nzsc.Choice
				c[seat] = nzsc.Unknown
				if n := s.Legal(seat, &buf); n > 0 {
					c[seat] = buf[src.IntN(n)]
				}
			}
			if !s.Over() {
				s.Step(c)
			}
		}
		cf := cfgs[pos%len(cfgs)]
		if cf.rule == SelectExp3 {
			cf.rule = SelectRM
		}
		name := names[cf.rule] + " N seats"
		seed := uint64(pos)
		gN := refGameN{seats: seats}
		gN.roll.Seed(seed, 0)
		rN := gN
		tree.Game, tree.Rule, tree.C, tree.MaxNodes, tree.Reverse = &gN, cf.rule, cf.c, cf.maxNodes, true
		ref := refSearch[nzscn.State, *refGameN]{game: &rN, rule: cf.rule, c: cf.c, maxNodes: cf.maxNodes, reverse: true}
		rngA, rngB := rand.New(rand.NewPCG(seed, 6)), rand.New(rand.NewPCG(seed, 6))
		ref.rng = rngB
		b := Budget{Iters: iters}
		seat := pos % seats
		k, n := tree.Search(&s, seat, &b, rngA)
		root := ref.search(&s, iters)
		compareSearch(t, name, seats, &tree, root, ref.nodes, k, n, seat, rngA, rngB)
	}
}

func compareSearch[S any, G SMGame[S]](t *testing.T, name string, seats int, tree *SMSearch[S, G], root *refNode[S], nodes, k, n, seat int, rngA, rngB *rand.Rand) {
	t.Helper()
	compareRoot(t, name, seats, &tree.nodes[0], root)
	if tree.Nodes() != nodes {
		t.Fatalf("%s: %d nodes, want %d", name, tree.Nodes(), nodes)
	}
	// The reference's move, sampled from its root as Search does.
	w := root.y[seat][:root.n[seat]]
	total := 0.0
	for _, x := range w {
		total += x
	}
	r := rngB.Float64() * total
	wk := len(w) - 1
	for i, x := range w[:len(w)-1] {
		if r < x {
			wk = i
			break
		}
		r -= x
	}
	if k != wk || n != len(w) {
		t.Fatalf("%s: move %d of %d, want %d of %d", name, k, n, wk, len(w))
	}
	if a, b := rngA.Uint64(), rngB.Uint64(); a != b {
		t.Fatalf("%s: the generators part after the search", name)
	}
}

// TestSMChildren checks the N-seat child table against a Go map through
// growth, resets (a new stamp empties it) and the stamp's wrap.
func TestSMChildren(t *testing.T) {
	var h smChildren
	src := rand.New(rand.NewPCG(1, 2))
	var last []uint64
	most := 0
	for round, size := range []int{300, 5000, 40, 7000} {
		if round == 2 {
			// The next reset wraps the stamp to 1: mark the live slots
			// as written by a search of stamp 1 long ago, which the
			// reset must empty.
			for i := range h.slot {
				if h.slot[i].stamp == h.stamp {
					h.slot[i].stamp = 1
				}
			}
			h.stamp = math.MaxUint32
		}
		h.reset()
		// The last search's keys are gone, and stay gone as the table
		// grows.
		gone := func() {
			for _, key := range last {
				if ch := h.get(key); ch != 0 {
					t.Fatalf("round %d: key %#x of the last search: got %d after a reset", round, key, ch)
				}
			}
		}
		gone()
		want := map[uint64]int32{}
		var keys []uint64
		for len(want) < size {
			key := uint64(src.IntN(1<<17))<<10 | uint64(src.IntN(625))
			if h.get(key) != want[key] {
				t.Fatalf("round %d: key %#x: got %d, want %d", round, key, h.get(key), want[key])
			}
			if _, ok := want[key]; !ok {
				want[key] = int32(len(want) + 1)
				h.put(key, want[key])
				keys = append(keys, key)
			}
		}
		for key, ch := range want {
			if got := h.get(key); got != ch {
				t.Fatalf("round %d: key %#x: got %d, want %d", round, key, got, ch)
			}
		}
		for i := 0; i < len(last); i++ {
			if _, ok := want[last[i]]; ok { // drawn again this round
				last[i] = last[len(last)-1]
				last = last[:len(last)-1]
				i--
			}
		}
		gone()
		last = keys
		// At most half full, and no larger than the most keys any
		// search held needs.
		most = max(most, size)
		n := 1024
		for 2*most > n {
			n *= 2
		}
		if len(h.slot) != n {
			t.Fatalf("round %d: %d slots for at most %d keys, want %d", round, len(h.slot), most, n)
		}
	}
}
