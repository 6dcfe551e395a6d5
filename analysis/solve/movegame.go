package solve

import (
	"context"
	"math"
	"slices"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// MoveSolution is the solved move phase of one loadout pairing.
type MoveSolution struct {
	G *Graph
	// V[k] is state k's value for the first seat in the game discounted
	// by Discount, V0[k] the undiscounted value extrapolated from two
	// discounts (see Strategies). X[k] and Y[k] are the two seats'
	// strategies there (over the legal moves in Graph.Moves order),
	// exactly what Strategies computes from V and V0.
	V, V0 []float64
	X, Y  [][MaxSide]float64
	// Rule[k] is the rule the strategies of state k follow.
	Rule []Rule
	// L[k] is what X guarantees the first seat from state k against every
	// strategy of the second seat (its exact best-response value), and
	// U[k] what Y concedes at most. L <= value <= U.
	L, U []float64
	// Stats.
	Components, LargestComponent, Iterations, Unconverged int
}

// Value returns the first seat's value of the pairing (state 0): the
// midpoint of its certified bounds.
func (s *MoveSolution) Value() float64 { return (s.L[0] + s.U[0]) / 2 }

// Gap returns the largest certificate width U - L over all states.
func (s *MoveSolution) Gap() float64 {
	g := 0.0
	for k := range s.V {
		g = max(g, s.U[k]-s.L[k])
	}
	return g
}

// Discount is the factor β by which the solver discounts each turn; the
// second solve uses Discount2. See Strategies for why.
const (
	Discount  = 1 - 1e-11
	Discount2 = 1 - 2e-11
)

// signTol is how far from 0 an undiscounted value must be to count as a
// win or a loss for choosing a strategy (see Strategies).
const signTol = 1e-12

// Matrix fills m with state k's game for the first seat when successor
// states are worth vals (terminal codes their payoffs), each multiplied
// by beta.
func (g *Graph) Matrix(k int32, vals []float64, beta float64, m *Matrix) {
	na, nb := int(g.NA[k]), int(g.NB[k])
	m.M, m.N = na, nb
	row := g.Row(k)
	for i := range na {
		for j := range nb {
			c := row[i*nb+j]
			if c < 0 {
				m.A[i][j] = beta * TerminalValue(c)
			} else {
				m.A[i][j] = beta * vals[c]
			}
		}
	}
}

// Strategies computes both seats' strategies in state k from the
// discounted values v and the undiscounted values v0 (MoveSolution.V and
// V0, or Pairing.Disc and Pairing.Undisc looked up by key) by each
// seat's rule.
//
// Why two kinds of values: the move phase is a recursive game (payoff
// only at the end, endless play 0), and in such games a strategy that is
// optimal in every state's matrix game need not be optimal overall.
//
//   - A player that is winning must make progress: at a 4-4 state it can
//     force to a win, every move is "worth 1", and an arbitrary choice can
//     loop forever for 0. So a winning player (undiscounted value beyond
//     signTol in its favour) plays the discounted game's strategy, where
//     a win now is worth more than a win later; its values then grow
//     strictly along play, which must therefore end.
//   - A player that is losing or level is content with endless play, but
//     must not leak: the discounted game rewards it for delay, and those
//     1e-11-sized preferences become move probabilities of 1e-10 that lead
//     into losses, which an opponent able to wait forever collects with
//     certainty. So it plays the undiscounted game's strategy, for the
//     undiscounted values, which are extrapolated from the discounts β1
//     and β2 as 2V(β1) - V(β2) (values are smooth in β near 1), accurate
//     to about 1e-15 instead of 1e-10.
//
// The certificate then measures the strategies exactly in the
// undiscounted game. Some components are of the kind Everett described,
// where a player can only approach the value with ever smaller risks over
// ever longer play; there the split rule can do worse than one of the
// plain rules, so the solver tries all three per component and seat and
// keeps the best (Rule). Where none of them certifies, the strategies
// come from an extended-precision solve and are stored (a seat's rule
// 3; Pairing.Explicit): Strategies does not compute those.
func (g *Graph) Strategies(k int32, v, v0 []float64, rule Rule, x, y *[MaxSide]float64) {
	var md, mu Matrix
	g.Matrix(k, v, Discount, &md)
	g.Matrix(k, v0, 1, &mu)
	pickStrategies(&md, &mu, v0[k], rule, x, y)
}

// pickStrategies sets x and y from the discounted game md and the
// undiscounted game mu of a state whose undiscounted value is win, by
// rule, solving only the games the rule needs.
func pickStrategies(md, mu *Matrix, win float64, rule Rule, x, y *[MaxSide]float64) {
	var ed, eu Equilibrium
	dx, dy := rule.discounted(win)
	if dx || dy {
		SolvePure(md, &ed)
	}
	if !dx || !dy {
		SolvePure(mu, &eu)
	}
	rule.pick(&ed, &eu, win, x, y)
}

// discounted reports, for a state whose undiscounted value is win,
// whether each seat's strategy comes from the discounted game (else from
// the undiscounted one).
func (r Rule) discounted(win float64) (first, second bool) {
	useDisc := func(r int, winning bool) bool { return r == DiscRule || r == SplitRule && winning }
	return useDisc(r.first(), win > signTol), useDisc(r.second(), win < -signTol)
}

// pick sets x and y from the solved discounted game ed and undiscounted
// game eu (SolvePure's answers) by rule; a game the rule does not use
// may be left unsolved.
func (r Rule) pick(ed, eu *Equilibrium, win float64, x, y *[MaxSide]float64) {
	dx, dy := r.discounted(win)
	if dx {
		*x = ed.X
	} else {
		*x = eu.X
	}
	if dy {
		*y = ed.Y
	} else {
		*y = eu.Y
	}
}

// Rule says, for each seat, which values its strategy in a state comes
// from (see Strategies): the low two bits for the first seat, the next
// two for the second.
type Rule uint8

// The rules of one seat.
const (
	// SplitRule: discounted values when winning, undiscounted otherwise.
	SplitRule = 0
	// DiscRule: discounted values always.
	DiscRule = 1
	// UndiscRule: undiscounted values always.
	UndiscRule = 2
)

func (r Rule) first() int  { return int(r & 3) }
func (r Rule) second() int { return int(r >> 2 & 3) }

// MakeRule combines the two seats' rules.
func MakeRule(first, second int) Rule { return Rule(first | second<<2) }

// maxHKIterations caps strategy iteration inside one component; the
// certificate says whether the result is good.
const maxHKIterations = 50

// SolveMoves solves the move phase of g (the error is reserved for
// future failures; a wide certificate is reported by Gap, not as an
// error): components of the state graph
// in dependency order (Tarjan), Hoffman–Karp strategy iteration inside
// each (solve every state's matrix game for the current values, then
// evaluate the resulting strategy pair exactly by a linear solve) in each
// Mode, and finally the certificate: each side's exact best-response
// value against the other's strategies.
//
// Components of Everett's kind defeat the float64 discounted strategies
// (their certificate stays ~1e-5 wide); when a pairing's gap exceeds
// CertificateTol it is solved again with such components solved in
// extended precision (everettComponent), in both ways of passing their
// values on, and the narrowest certificate kept.
func SolveMoves(g *Graph) (*MoveSolution, error) {
	mp, err := planMoves(context.Background(), g)
	if err != nil {
		return nil, err
	}
	return mp.finish(context.Background())
}

// movePlan is a pairing after SolveMoves's plain solve (every component
// in float64, none in extended precision).
type movePlan struct {
	plain *moveSolver
	// resume is a copy of the plain solve taken at the first component
	// of Everett's kind (nil when there is none), from which the modes
	// that solve such components in extended precision resume rather
	// than solving everything before it again.
	resume *moveSolver
}

// planMoves solves g plainly: every component by strategy iteration in
// float64, noting the first of Everett's kind. A done ctx stops it
// between two components with ctx's error.
func planMoves(ctx context.Context, g *Graph) (*movePlan, error) {
	comps, comp := sccs(g.Len(), func(v int32, dst []int32) []int32 { return append(dst, g.Row(v)...) })
	mp := &movePlan{plain: newMoveSolver(g, comps, comp)}
	for ci := range comps {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if mp.plain.component(ci, noEverett) && mp.resume == nil {
			mp.resume = mp.plain.clone()
			mp.resume.next = ci
		}
	}
	return mp, nil
}

// everett reports whether the plain solve met a component of Everett's
// kind.
func (mp *movePlan) everett() bool { return mp.resume != nil }

// finish returns the best solution: the plain one, or when it has
// components of Everett's kind and its gap exceeds CertificateTol, the
// narrowest of the modes that solve them in extended precision. A done
// ctx stops it between two components with ctx's error.
func (mp *movePlan) finish(ctx context.Context) (*MoveSolution, error) {
	best := mp.plain.sol
	if mp.resume == nil {
		return best, nil
	}
	comps := mp.plain.comps
	for _, mode := range [...]everettMode{everettShift, everettMidpoint} {
		if best.Gap() <= CertificateTol {
			break
		}
		ms := mp.resume.clone()
		fe := ms.next
		ms.setComponent(fe)
		ms.sol.everettComponent(ms.w, comps[fe], ms.comp, int32(fe), ms.v2, mode)
		for ci := fe + 1; ci < len(comps); ci++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			ms.component(ci, mode)
		}
		if ms.sol.Gap() < best.Gap() {
			best = ms.sol
		}
	}
	return best, nil
}

// solvePairing solves the move phase of the pairing a against b under
// rules r, or of its mirror image b against a, whichever is cheaper
// (flipped says the answer is b against a's): the game is the same with
// the seats swapped, but the simplex's choices among equally good
// strategies are not, so one orientation may meet components of
// Everett's kind that the other does not (Clown/Moustachio against
// Samurai/Strong: 5 s against 0.2 s). Only when a's side needs the
// extended-precision modes is b's tried, plainly.
func solvePairing(ctx context.Context, r nzsc.Rules, a, b nzsc.Loadout) (ms *MoveSolution, flipped bool, err error) {
	mp, err := planMoves(ctx, NewGraphRules(r, a, b))
	if err != nil {
		return nil, false, err
	}
	if !mp.everett() || mp.plain.sol.Gap() <= CertificateTol {
		return mp.plain.sol, false, nil
	}
	mq, err := planMoves(ctx, NewGraphRules(r, b, a))
	if err != nil {
		return nil, false, err
	}
	if !mq.everett() || mq.plain.sol.Gap() <= CertificateTol {
		return mq.plain.sol, true, nil
	}
	ms, err = mp.finish(ctx)
	return ms, false, err
}

// moveSolver is SolveMoves's state while it solves a pairing's
// components in dependency order.
type moveSolver struct {
	g     *Graph
	sol   *MoveSolution
	comps [][]int32
	comp  []int32
	// v2 holds the values discounted by Discount2.
	v2 []float64
	w  *hkWork
	// next is the component a clone resumes at.
	next int
}

func newMoveSolver(g *Graph, comps [][]int32, comp []int32) *moveSolver {
	n := g.Len()
	sol := &MoveSolution{G: g, V: make([]float64, n), V0: make([]float64, n),
		X: make([][MaxSide]float64, n), Y: make([][MaxSide]float64, n),
		L: make([]float64, n), U: make([]float64, n), Rule: make([]Rule, n),
		Components: len(comps)}
	return &moveSolver{g: g, sol: sol, comps: comps, comp: comp, v2: make([]float64, n),
		w: &hkWork{pos: make([]int32, n), comp: comp}}
}

// clone returns a copy of ms that shares only the graph and its
// components.
func (ms *moveSolver) clone() *moveSolver {
	s := *ms.sol
	s.V, s.V0, s.L, s.U = slices.Clone(s.V), slices.Clone(s.V0), slices.Clone(s.L), slices.Clone(s.U)
	s.X, s.Y, s.Rule = slices.Clone(s.X), slices.Clone(s.Y), slices.Clone(s.Rule)
	c := *ms
	c.sol, c.v2 = &s, slices.Clone(ms.v2)
	c.w = &hkWork{pos: slices.Clone(ms.w.pos), comp: ms.comp}
	return &c
}

// setComponent makes component ci the current one of ms.w.
func (ms *moveSolver) setComponent(ci int) {
	for p, v := range ms.comps[ci] {
		ms.w.pos[v] = int32(p)
	}
	ms.w.ci = int32(ci)
}

// component solves component ci in mode and reports whether it is of
// Everett's kind (its own certificate wider than everettTol; in a mode
// other than noEverett it has then been solved again by
// everettComponent).
func (ms *moveSolver) component(ci int, mode everettMode) bool {
	g, sol, w, v2, comp := ms.g, ms.sol, ms.w, ms.v2, ms.comp
	c := ms.comps[ci]
	var (
		m Matrix
		e Equilibrium
	)
	sol.LargestComponent = max(sol.LargestComponent, len(c))
	ms.setComponent(ci)
	selfLoop := false
	if len(c) == 1 {
		for _, t := range g.Row(c[0]) {
			selfLoop = selfLoop || t == c[0]
		}
	}
	single := len(c) == 1 && !selfLoop
	var single0 Equilibrium
	if single {
		k := c[0]
		g.Matrix(k, sol.V, Discount, &m)
		solveMatrix(&m, &single0, &w.exact)
		sol.V[k] = single0.Value
		g.Matrix(k, v2, Discount2, &m)
		solveMatrix(&m, &e, &w.exact)
		v2[k] = e.Value
		sol.Iterations++
	} else {
		for _, v := range c {
			sol.V[v] = 0
		}
		if !sol.iterate(w, c, Discount, sol.V) {
			sol.Unconverged++
		}
		for _, v := range c {
			v2[v] = sol.V[v]
		}
		if !sol.iterate(w, c, Discount2, v2) {
			sol.Unconverged++
		}
	}
	for _, v := range c {
		sol.V0[v] = 2*sol.V[v] - v2[v]
	}
	// The strategies, exactly as a player recomputes them, by the
	// best rule for each seat. The certificate of a component: best
	// responses with its exits valued by their own bounds.
	// Both games of every state are solved once: the rules only pick
	// among their answers.
	w.disc, w.undisc = resizeEq(w.disc, len(c)), resizeEq(w.undisc, len(c))
	for p, v := range c {
		g.Matrix(v, sol.V, Discount, &m)
		if single {
			// The same game as solved above (no successor changed):
			// SolvePure is that answer purified.
			w.disc[p] = single0
			purify(&m, &w.disc[p])
		} else {
			solvePure(&m, &w.disc[p], &w.exact)
		}
		g.Matrix(v, sol.V0, 1, &m)
		solvePure(&m, &w.undisc[p], &w.exact)
	}
	bestX, bestY := math.Inf(1), math.Inf(1)
	for r := range 3 {
		rule := MakeRule(r, r)
		for p, v := range c {
			rule.pick(&w.disc[p], &w.undisc[p], sol.V0[v], &sol.X[v], &sol.Y[v])
		}
		w.local = resize(w.local, len(c))
		sol.buildBR(&w.br, c, comp, w.pos, w.ci, false)
		w.br.maximize(w.local)
		worst := 0.0
		for p, v := range c {
			worst = max(worst, sol.V0[v]-(-w.local[p]))
		}
		if worst < bestX-1e-15 {
			bestX = worst
			for p, v := range c {
				sol.L[v] = -w.local[p]
				sol.Rule[v] = sol.Rule[v]&^3 | Rule(r)
			}
		}
		sol.buildBR(&w.br, c, comp, w.pos, w.ci, true)
		w.br.maximize(w.local)
		worst = 0.0
		for p, v := range c {
			worst = max(worst, w.local[p]-sol.V0[v])
		}
		if worst < bestY-1e-15 {
			bestY = worst
			for p, v := range c {
				sol.U[v] = w.local[p]
				sol.Rule[v] = sol.Rule[v]&^12 | Rule(r<<2)
			}
		}
		if bestX <= 1e-10 && bestY <= 1e-10 {
			break
		}
	}
	for p, v := range c {
		sol.Rule[v].pick(&w.disc[p], &w.undisc[p], sol.V0[v], &sol.X[v], &sol.Y[v])
	}
	everett := sol.ownGap(c, comp, w.ci) > everettTol
	if everett && mode != noEverett {
		sol.everettComponent(w, c, comp, w.ci, v2, mode)
	}
	return everett
}

// ownGap returns how much wider component c's certificate is than the
// widest of its exits' (which it inherits).
func (sol *MoveSolution) ownGap(c []int32, comp []int32, ci int32) float64 {
	in, own := 0.0, 0.0
	for _, v := range c {
		own = max(own, sol.U[v]-sol.L[v])
		for _, t := range sol.G.Row(v) {
			if t >= 0 && comp[t] != ci {
				in = max(in, sol.U[t]-sol.L[t])
			}
		}
	}
	return own - in
}

// hkWork is SolveMoves's scratch space.
type hkWork struct {
	pos, comp []int32
	ci        int32
	chain, br mdp
	local     []float64
	x, y      [][MaxSide]float64
	// bigs is the extended-precision simplex's scratch space.
	bigs  bigSimplex
	exact exactCache
	// disc and undisc: SolvePure's answers for the discounted and the
	// undiscounted game of each state of the component.
	disc, undisc []Equilibrium
}

func resizeEq(s []Equilibrium, n int) []Equilibrium {
	if cap(s) < n {
		return make([]Equilibrium, n)
	}
	return s[:n]
}

func resize(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

// iterate runs Hoffman–Karp strategy iteration in mode on component c,
// starting from and updating vals; it reports whether the values
// settled within maxHKIterations.
func (sol *MoveSolution) iterate(w *hkWork, c []int32, beta float64, vals []float64) bool {
	g := sol.G
	var (
		m Matrix
		e Equilibrium
	)
	if cap(w.x) < len(c) {
		w.x = make([][MaxSide]float64, len(c))
		w.y = make([][MaxSide]float64, len(c))
	}
	w.x, w.y = w.x[:len(c)], w.y[:len(c)]
	w.local = resize(w.local, len(c))
	for it := 0; it < maxHKIterations; it++ {
		sol.Iterations++
		for p, v := range c {
			g.Matrix(v, vals, beta, &m)
			solveMatrix(&m, &e, &w.exact)
			w.x[p], w.y[p] = e.X, e.Y
		}
		sol.buildChain(w, c, beta, vals)
		w.chain.maximize(w.local)
		diff := 0.0
		for p, v := range c {
			diff = max(diff, math.Abs(w.local[p]-vals[v]))
			vals[v] = w.local[p]
		}
		if diff <= 1e-13 {
			return true
		}
	}
	return false
}

// CertificateTol is the certificate gap (U - L at any state) under
// which a solution counts as certified.
const CertificateTol = 1e-9

// buildChain writes the Markov chain of the strategy pair w.x, w.y
// inside component c as a one-action mdp, every turn discounted by beta
// (a leak of 1-beta to a 0 payoff).
func (sol *MoveSolution) buildChain(w *hkWork, c []int32, beta float64, vals []float64) {
	g := sol.G
	ch := &w.chain
	ch.reset(len(c))
	for p, v := range c {
		ch.beginAction()
		na, nb := int(g.NA[v]), int(g.NB[v])
		row := g.Row(v)
		x, y := &w.x[p], &w.y[p]
		for i := range na {
			if x[i] == 0 {
				continue
			}
			for j := range nb {
				q := x[i] * y[j]
				if q == 0 {
					continue
				}
				t := row[i*nb+j]
				switch {
				case t < 0:
					ch.addExit(q, beta*TerminalValue(t))
				case w.comp[t] == w.ci:
					ch.addMove(beta*q, w.pos[t])
					ch.addExit((1-beta)*q, 0)
				default:
					ch.addExit(q, beta*vals[t])
				}
			}
		}
		ch.endState()
	}
}

// buildBR writes the best-response process inside component c: with
// upper false, the second seat answering X (payoffs negated so that it
// maximizes), exits valued by L; with upper true, the first seat
// answering Y, exits valued by U.
func (sol *MoveSolution) buildBR(br *mdp, c []int32, comp, pos []int32, ci int32, upper bool) {
	g := sol.G
	br.reset(len(c))
	br.strict = true
	for _, v := range c {
		na, nb := int(g.NA[v]), int(g.NB[v])
		row := g.Row(v)
		own, other := nb, na
		if upper {
			own, other = na, nb
		}
		for a := range own {
			br.beginAction()
			for o := range other {
				var i, j int
				var p float64
				if upper {
					i, j, p = a, o, sol.Y[v][o]
				} else {
					i, j, p = o, a, sol.X[v][o]
				}
				if p == 0 {
					continue
				}
				t := row[i*nb+j]
				if t >= 0 && comp[t] == ci {
					br.addMove(p, pos[t])
					continue
				}
				br.addExit(p, sol.exitWorth(t, upper))
			}
		}
		br.endState()
	}
}

// exitWorth is what leaving the component for t, a terminal or a state
// solved earlier, is worth to the best responder of buildBR and bigBR:
// with upper, the first seat, valuing t by its upper bound U; else the
// second seat, valuing it by the lower bound L negated (it maximizes
// the first seat's loss).
func (sol *MoveSolution) exitWorth(t int32, upper bool) float64 {
	var val float64
	switch {
	case t < 0:
		val = TerminalValue(t)
	case upper:
		val = sol.U[t]
	default:
		val = sol.L[t]
	}
	if !upper {
		val = -val
	}
	return val
}
