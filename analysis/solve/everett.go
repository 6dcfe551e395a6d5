package solve

import (
	"math"
	"math/big"
	"slices"
)

// everettDiscount is 1-β of the discounted game whose strategies the
// solver uses in components of Everett's kind (see everett): a seat that
// must take a risk each turn takes one of about sqrt(1-β), 1e-20, and
// concedes about that much.
const everettDiscount = 1e-40

// everettTol is how much wider than what it inherits from its exits a
// component's float64 certificate must be for the component to be
// treated as of Everett's kind (see SolveMoves).
const everettTol = 1e-10

// explicitSeat is the rule of a seat whose strategy is stored explicitly
// (Pairing.Explicit), not recomputed from values: in components of
// Everett's kind.
const explicitSeat = 3

// everett solves component c as a game discounted by
// 1-everettDiscount, far beyond what float64 values can hold, by
// strategy iteration in extended precision: values are big.Floats
// (bigPrec bits), every state's matrix game is solved in
// extended precision (its entries differ by 1e-40), and each strategy pair is
// evaluated by bigGTH. Exits are valued by the midpoints of their
// certified bounds. It sets X and Y of the component's states (float64,
// as the strategies are stored and played).
//
// altX and altY receive the other optimal strategies of the last
// matrix games (the simplex's dual solutions): in degenerate games the
// two can differ, and either may certify better.
//
// undX, undY, splitX and splitY receive the undiscounted and split
// strategies (see below).
func (sol *MoveSolution) everett(w *hkWork, c []int32, altX, altY, undX, undY, splitX, splitY [][MaxSide]float64) {
	g := sol.G
	n := len(c)
	delta, beta := everettFactors()
	val := make([]big.Float, n)
	for p, v := range c {
		val[p].SetPrec(bigPrec).SetFloat64(sol.V0[v])
	}
	xs, ys := make([][MaxSide]float64, n), make([][MaxSide]float64, n)
	var (
		a, at [MaxSide][MaxSide]big.Float
		e     Equilibrium
		tf    big.Float
	)
	tf.SetPrec(bigPrec)
	value := func(t int32, f *big.Float) { sol.successorWorth(w, val, t, f) }
	am := make([]big.Float, n*n)
	bv := make([]big.Float, n)
	ev := make([]big.Float, n)
	for it := 0; it < maxHKIterations; it++ {
		sol.Iterations++
		changed := it == 0
		for p, v := range c {
			na, nb := sol.worthGame(w, val, v, beta, &a, &at)
			w.bigs.solveBig(&a, na, nb, &e)
			ey := e.Y
			altX[p] = e.X
			// The first seat's strategy as the column player's of the
			// transposed, negated game: the simplex's primal (column)
			// solution and its dual can differ in degenerate games, and
			// both seats should get the same kind.
			w.bigs.solveBig(&at, nb, na, &e)
			ex := e.Y
			altY[p] = e.X
			changed = changed || ex != xs[p] || ey != ys[p]
			xs[p], ys[p] = ex, ey
		}
		if !changed {
			break
		}
		for i := range am {
			am[i].SetPrec(bigPrec).SetInt64(0)
		}
		var q big.Float
		q.SetPrec(bigPrec)
		for p, v := range c {
			bv[p].SetPrec(bigPrec).SetInt64(0)
			ev[p].SetPrec(bigPrec).SetInt64(0)
			na, nb := int(g.NA[v]), int(g.NB[v])
			row := g.Row(v)
			for i := range na {
				for j := range nb {
					if xs[p][i] == 0 || ys[p][j] == 0 {
						continue
					}
					q.SetFloat64(xs[p][i])
					tf.SetFloat64(ys[p][j])
					q.Mul(&q, &tf)
					t := row[i*nb+j]
					if t >= 0 && w.comp[t] == w.ci {
						// Move with probability qβ, leak qδ to 0.
						tf.Mul(&q, delta)
						ev[p].Add(&ev[p], &tf)
						if tp := int(w.pos[t]); tp != p {
							tf.Mul(&q, beta)
							am[p*n+tp].Sub(&am[p*n+tp], &tf)
						}
						continue
					}
					ev[p].Add(&ev[p], &q)
					value(t, &tf)
					tf.Mul(&tf, &q)
					tf.Mul(&tf, beta)
					bv[p].Add(&bv[p], &tf)
				}
			}
		}
		if !bigGTH(am, ev, bv, n) {
			panic("solve: singular discounted evaluation (extended precision)")
		}
		for p := range c {
			val[p].Set(&bv[p])
		}
	}
	for p, v := range c {
		sol.X[v], sol.Y[v] = xs[p], ys[p]
	}
	// The undiscounted games' strategies for the same values (a losing
	// seat's discounted strategy leaks; see Strategies), and the split:
	// discounted when winning, undiscounted otherwise.
	for p, v := range c {
		na, nb := sol.worthGame(w, val, v, nil, &a, &at)
		w.bigs.solveBig(&a, na, nb, &e)
		undY[p] = e.Y
		w.bigs.solveBig(&at, nb, na, &e)
		undX[p] = e.Y
		f, _ := val[p].Float64()
		splitX[p], splitY[p] = undX[p], undY[p]
		if f > signTol {
			splitX[p] = xs[p]
		}
		if f < -signTol {
			splitY[p] = ys[p]
		}
	}
}

// everettMode says whether and how SolveMoves treats components of
// Everett's kind (see everettComponent).
type everettMode int

const (
	noEverett everettMode = iota
	// everettShift shifts both discounted values by the correction.
	everettShift
	// everettMidpoint sets both discounted values to the midpoint.
	everettMidpoint
)

// everettComponent replaces, seat by seat, the strategies of component c
// by everett's where those certify better (in extended precision, see
// bigBR), and then passes the midpoints of its certified bounds on to
// the components solved later (by mode): as V0, with V and v2 either
// shifted by the correction or set to the midpoint too. Neither way is
// right for every pairing (see SolveMoves).
func (sol *MoveSolution) everettComponent(w *hkWork, c []int32, comp []int32, ci int32, v2 []float64, mode everettMode) {
	n := len(c)
	oldX, oldY := make([][MaxSide]float64, n), make([][MaxSide]float64, n)
	for p, v := range c {
		oldX[p], oldY[p] = sol.X[v], sol.Y[v]
	}
	mk := func() [][MaxSide]float64 { return make([][MaxSide]float64, n) }
	altX, altY, undX, undY, splitX, splitY := mk(), mk(), mk(), mk(), mk(), mk()
	sol.everett(w, c, altX, altY, undX, undY, splitX, splitY)
	// Each seat's candidates: the old strategy, everett's alternative,
	// the undiscounted, the split one and, only if those leave the
	// component's certificate wider than what it inherits (by more than
	// seatTol), everettSeat's; each with its bound certified in extended
	// precision (the old one's too: whichever is kept, the component's
	// certificate is bigBR's); per seat the one whose bound falls least
	// short, at its worst state, of the best bound any candidate has
	// there.
	type cand struct {
		b []float64
		s [][MaxSide]float64
	}
	var xc, yc []cand
	add := func(x, y [][MaxSide]float64) {
		for p, v := range c {
			sol.X[v], sol.Y[v] = x[p], y[p]
		}
		lo, hi := make([]float64, n), make([]float64, n)
		xs, ys := make([][MaxSide]float64, n), make([][MaxSide]float64, n)
		sol.bigBR(c, comp, w.pos, ci, false, lo)
		sol.bigBR(c, comp, w.pos, ci, true, hi)
		for p, v := range c {
			lo[p] = -lo[p]
			xs[p], ys[p] = sol.X[v], sol.Y[v]
		}
		xc = append(xc, cand{lo, xs})
		yc = append(yc, cand{hi, ys})
	}
	add(oldX, oldY)
	add(altX, altY)
	add(undX, undY)
	add(splitX, splitY)
	pick := func(cs []cand, sign float64) int {
		best, bestShort := 0, math.Inf(1)
		for k, cd := range cs {
			short := 0.0
			for p := range c {
				top := math.Inf(-1)
				for _, o := range cs {
					top = max(top, sign*o.b[p])
				}
				short = max(short, top-sign*cd.b[p])
			}
			if short < bestShort {
				best, bestShort = k, short
			}
		}
		return best
	}
	ix, iy := pick(xc, 1), pick(yc, -1)
	// Why everettSeat only when needed: it is the costliest candidate
	// (strategy iteration with a best response in extended precision per
	// round, for each seat), and over the shared rules and 3 and 4
	// points to win it never narrowed a certificate that the others had
	// left within 1e-16 of what the component inherits.
	own, in := 0.0, 0.0
	for p, v := range c {
		own = max(own, yc[iy].b[p]-xc[ix].b[p])
		for _, t := range sol.G.Row(v) {
			if t >= 0 && comp[t] != ci {
				in = max(in, sol.U[t]-sol.L[t])
			}
		}
	}
	if own-in > seatTol {
		add(sol.everettSeat(w, c, 0), sol.everettSeat(w, c, 1))
		ix, iy = pick(xc, 1), pick(yc, -1)
	}
	useX, useY := ix > 0, iy > 0
	for p, v := range c {
		sol.L[v], sol.X[v] = xc[ix].b[p], xc[ix].s[p]
		sol.U[v], sol.Y[v] = yc[iy].b[p], yc[iy].s[p]
	}
	if !useX && !useY {
		return
	}
	// The values change below, so a seat kept on its rule could not
	// recompute its strategy from them: store both.
	for _, v := range c {
		sol.Rule[v] = MakeRule(explicitSeat, explicitSeat)
	}
	// Components solved after this one extrapolate their undiscounted
	// values from the discounted ones (V0 = 2V - v2), which here are off
	// by ~1e-6 (values are not smooth in the discount in a component of
	// Everett's kind). Shifting both discounted values of every state by
	// the same amount makes its extrapolation the certified midpoint and,
	// to first order, corrects the later components' extrapolations too,
	// while keeping the differences between discounted values that make a
	// winning seat progress.
	if mode == everettMidpoint {
		for _, v := range c {
			mid := (sol.L[v] + sol.U[v]) / 2
			sol.V[v], v2[v], sol.V0[v] = mid, mid, mid
		}
		return
	}
	for _, v := range c {
		s := (sol.L[v]+sol.U[v])/2 - sol.V0[v]
		sol.V[v] += s
		v2[v] += s
		sol.V0[v] = 2*sol.V[v] - v2[v]
	}
}

// seatTol is how much wider than what it inherits a component's
// certificate may be, with everettComponent's cheaper candidates, before
// it tries everettSeat's too.
const seatTol = 1e-12

// everettSeat is Hoffman–Karp proper for one seat of the game discounted
// by 1-everettDiscount, in extended precision: the seat's strategy
// solves every state's matrix game for the current values, and the
// values become those of the other seat's best response to it (a
// discounted bigMDP), which improves monotonically where everett's
// evaluation of strategy pairs may wander. It returns the seat's
// strategies.
func (sol *MoveSolution) everettSeat(w *hkWork, c []int32, seat int) [][MaxSide]float64 {
	g := sol.G
	n := len(c)
	delta, beta := everettFactors()
	val := make([]big.Float, n)
	for p, v := range c {
		val[p].SetPrec(bigPrec).SetFloat64((sol.L[v] + sol.U[v]) / 2)
	}
	strat := make([][MaxSide]float64, n)
	var (
		a, at [MaxSide][MaxSide]big.Float
		e     Equilibrium
		tf    big.Float
	)
	tf.SetPrec(bigPrec)
	value := func(t int32, f *big.Float) { sol.successorWorth(w, val, t, f) }
	m := &bigMDP{n: n, acts: make([][]bigAction, n)}
	var seen [][][MaxSide]float64 // strat after each iteration
	for it := 0; it < maxHKIterations; it++ {
		sol.Iterations++
		changed := it == 0
		for p, v := range c {
			na, nb := sol.worthGame(w, val, v, beta, &a, &at)
			if seat == 1 {
				w.bigs.solveBig(&a, na, nb, &e)
			} else {
				w.bigs.solveBig(&at, nb, na, &e)
			}
			changed = changed || e.Y != strat[p]
			strat[p] = e.Y
		}
		if !changed {
			break
		}
		if final, ok := cycleEnd(seen, strat, it); ok {
			copy(strat, final)
			break
		}
		seen = append(seen, slices.Clone(strat))
		// The other seat's best response, maximizing its own payoff.
		for p, v := range c {
			na, nb := int(g.NA[v]), int(g.NB[v])
			row := g.Row(v)
			own, other := nb, na
			if seat == 1 {
				own, other = na, nb
			}
			m.acts[p] = make([]bigAction, own)
			for b := range own {
				act := &m.acts[p][b]
				act.exitP.SetPrec(bigPrec)
				act.exitV.SetPrec(bigPrec)
				for o := range other {
					if strat[p][o] == 0 {
						continue
					}
					q := newBigFloat().SetFloat64(strat[p][o])
					i, j := o, b
					if seat == 1 {
						i, j = b, o
					}
					t := row[i*nb+j]
					if t >= 0 && w.comp[t] == w.ci {
						// Move with probability qβ, leak qδ to 0.
						tf.Mul(q, delta)
						act.exitP.Add(&act.exitP, &tf)
						act.to = append(act.to, w.pos[t])
						act.p = append(act.p, big.Float{})
						act.p[len(act.p)-1].SetPrec(bigPrec).Mul(q, beta)
						continue
					}
					act.exitP.Add(&act.exitP, q)
					value(t, &tf)
					tf.Mul(&tf, q)
					tf.Mul(&tf, beta)
					if seat == 0 {
						tf.Neg(&tf)
					}
					act.exitV.Add(&act.exitV, &tf)
				}
			}
		}
		res := m.maximize()
		if res[0].IsInf() {
			break // the best response did not settle: keep these
		}
		moved := 0.0
		for p := range c {
			old, _ := val[p].Float64()
			val[p].Set(&res[p])
			if seat == 0 {
				val[p].Neg(&val[p])
			}
			f, _ := val[p].Float64()
			moved = max(moved, math.Abs(f-old))
		}
		if moved <= everettSettled {
			break
		}
	}
	return strat
}

// everettSettled is the change of values (largest over the component)
// below which everettSeat stops. Why: the strategies are float64, so
// their values carry noise of about 1e-17; once the changes are that
// small the iteration only wanders among equally good strategies (it
// used to run out its 50-iteration cap there, most of the solver's
// time), and the candidate it returns is certified like any other.
const everettSettled = 1e-16

// everettFactors returns the discount's δ = everettDiscount and
// β = 1-δ in extended precision: play goes on with probability β.
func everettFactors() (delta, beta *big.Float) {
	delta = newBigFloat().SetFloat64(everettDiscount)
	beta = newBigFloat().SetInt64(1)
	beta.Sub(beta, delta)
	return delta, beta
}

// worthGame sets a to state v's matrix game in extended precision, the
// worth of each joint choice's successor (successorWorth, val the
// current values inside the component) times beta (nil: undiscounted),
// and at to its negated transpose, the same game from the second
// seat's side (solveBig's row player maximizes). It returns the two
// seats' numbers of choices.
func (sol *MoveSolution) worthGame(w *hkWork, val []big.Float, v int32, beta *big.Float, a, at *[MaxSide][MaxSide]big.Float) (na, nb int) {
	na, nb = int(sol.G.NA[v]), int(sol.G.NB[v])
	row := sol.G.Row(v)
	for i := range na {
		for j := range nb {
			x := &a[i][j]
			x.SetPrec(bigPrec)
			sol.successorWorth(w, val, row[i*nb+j], x)
			if beta != nil {
				x.Mul(x, beta)
			}
			at[j][i].SetPrec(bigPrec).Neg(x)
		}
	}
	return na, nb
}

// successorWorth sets f to the undiscounted worth of successor t: its
// terminal value, its current value val inside the component being
// solved, or the certified midpoint of a state solved earlier.
func (sol *MoveSolution) successorWorth(w *hkWork, val []big.Float, t int32, f *big.Float) {
	switch {
	case t < 0:
		f.SetFloat64(TerminalValue(t))
	case w.comp[t] == w.ci:
		f.Set(&val[w.pos[t]])
	default:
		f.SetFloat64((sol.L[t] + sol.U[t]) / 2)
	}
}

// cycleEnd short-cuts strategy iteration that cycles. seen holds the
// strategies after iterations 0..it-1 and cur those after iteration it;
// the next strategies are a function of the current ones alone, so if
// cur equals an earlier seen[j], iteration repeats with period it-j
// forever, and the strategies the capped loop (maxHKIterations) would
// have ended with are known without computing them: cycleEnd returns
// them. Why: in components of Everett's kind extended-precision strategy
// iteration often cycles among a few strategy sets, and running out the
// cap cost most of the solver's time.
func cycleEnd(seen [][][MaxSide]float64, cur [][MaxSide]float64, it int) ([][MaxSide]float64, bool) {
	for j, s := range seen {
		if !slices.Equal(s, cur) {
			continue
		}
		last := j + (maxHKIterations-1-j)%(it-j)
		if last == it {
			return cur, true
		}
		return seen[last], true
	}
	return nil, false
}
