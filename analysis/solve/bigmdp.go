package solve

import (
	"math"
	"math/big"
)

// bigPrec is the precision (bits) of the extended-precision certificate.
const bigPrec = 256

// bigMDP is mdp in extended precision (math/big.Float with bigPrec
// bits): the certificate of components where float64 cannot be trusted.
// There a seat takes a risk of about 1e-20 per turn and play lasts some
// 1e40 turns, so a best response's per-turn gains of 1e-40 matter and
// must be resolved; 256 bits (about 1e-77) resolve them.
//
// Every action's probabilities are the float64 strategy's, normalized
// to sum to exactly 1 in extended precision (the float64 sum can miss 1
// by an ulp, which over 1e20 turns would matter).
type bigMDP struct {
	n    int
	acts [][]bigAction // acts[s]: state s's actions
}

type bigAction struct {
	exitP, exitV big.Float // exit probability and probability-weighted payoff
	to           []int32
	p            []big.Float
}

func newBigFloat() *big.Float { return new(big.Float).SetPrec(bigPrec) }

// bigBR is buildBR in extended precision: the best-response process
// inside component c (see buildBR), solved exactly enough; out receives
// the controller's values rounded outward (up: a bound on what it gets).
func (sol *MoveSolution) bigBR(c []int32, comp, pos []int32, ci int32, upper bool, out []float64) {
	g := sol.G
	m := &bigMDP{n: len(c), acts: make([][]bigAction, len(c))}
	for s, v := range c {
		na, nb := int(g.NA[v]), int(g.NB[v])
		row := g.Row(v)
		own, other := nb, na
		strat := &sol.X[v]
		if upper {
			own, other = na, nb
			strat = &sol.Y[v]
		}
		sum := newBigFloat()
		for o := range other {
			sum.Add(sum, new(big.Float).SetFloat64(strat[o]))
		}
		probs := make([]big.Float, other)
		for o := range other {
			probs[o].SetPrec(bigPrec).SetFloat64(strat[o])
			probs[o].Quo(&probs[o], sum)
		}
		m.acts[s] = make([]bigAction, own)
		for a := range own {
			act := &m.acts[s][a]
			act.exitP.SetPrec(bigPrec)
			act.exitV.SetPrec(bigPrec)
			for o := range other {
				if strat[o] == 0 {
					continue
				}
				i, j := o, a
				if upper {
					i, j = a, o
				}
				t := row[i*nb+j]
				if t >= 0 && comp[t] == ci {
					act.to = append(act.to, pos[t])
					act.p = append(act.p, big.Float{})
					act.p[len(act.p)-1].SetPrec(bigPrec).Set(&probs[o])
					continue
				}
				act.exitP.Add(&act.exitP, &probs[o])
				pv := newBigFloat().SetFloat64(sol.exitWorth(t, upper))
				pv.Mul(pv, &probs[o])
				act.exitV.Add(&act.exitV, pv)
			}
		}
	}
	v := m.maximize()
	for s := range c {
		f, acc := v[s].Float64() // nearest, whatever the mode
		if acc == big.Below {
			f = math.Nextafter(f, math.Inf(1))
		}
		out[s] = f
	}
}

// maximize is mdp.solve in extended precision (without the policy):
// end components collapsed, then policy iteration taking any gain above
// 2^-200 (6e-61: over 1e40 turns at most 6e-21).
func (m *bigMDP) maximize() []big.Float {
	n := m.n
	// 1. and 2. The collapsed process, by mdp.collapse on a skeleton
	// that has only what it reads (whether an action may leave, where
	// it moves); flat[a] is the skeleton's action a.
	var sk mdp
	sk.reset(n)
	var flat []*bigAction
	for s := range n {
		for a := range m.acts[s] {
			act := &m.acts[s][a]
			flat = append(flat, act)
			sk.beginAction()
			if act.exitP.Sign() != 0 {
				sk.acts[len(sk.acts)-1].exitP = 1
			}
			for _, t := range act.to {
				sk.addMove(0, t)
			}
		}
		sk.endState()
	}
	size := sk.collapse()
	node, nodeActs := sk.node, sk.nodeActs
	// 3. Policy iteration.
	val := make([]big.Float, size)
	for k := range val {
		val[k].SetPrec(bigPrec)
	}
	q := func(r int32, out *big.Float) {
		out.SetPrec(bigPrec).SetInt64(0)
		if r < 0 {
			return
		}
		act := flat[r]
		out.Set(&act.exitV)
		var t big.Float
		t.SetPrec(bigPrec)
		for i, to := range act.to {
			t.Mul(&act.p[i], &val[node[to]])
			out.Add(out, &t)
		}
	}
	policy := make([]int32, size)
	var qa, qb big.Float
	for k := range policy {
		best := nodeActs[k][0]
		for _, r := range nodeActs[k][1:] {
			q(r, &qa)
			q(best, &qb)
			if qa.Cmp(&qb) > 0 {
				best = r
			}
		}
		policy[k] = best
	}
	tol := new(big.Float).SetMantExp(big.NewFloat(1), -200)
	a := make([]big.Float, size*size)
	b := make([]big.Float, size)
	e := make([]big.Float, size)
	converged := false
	for iter := 0; iter < 1000 && !converged; iter++ {
		for i := range a {
			a[i].SetPrec(bigPrec).SetInt64(0)
		}
		for k := range size {
			b[k].SetPrec(bigPrec)
			e[k].SetPrec(bigPrec)
			r := policy[k]
			if r < 0 {
				e[k].SetInt64(1)
				b[k].SetInt64(0)
				continue
			}
			act := flat[r]
			b[k].Set(&act.exitV)
			e[k].Set(&act.exitP)
			for i, to := range act.to {
				if t := int(node[to]); t != k {
					a[k*size+t].Sub(&a[k*size+t], &act.p[i])
				}
			}
		}
		if !bigGTH(a, e, b, size) {
			panic("solve: singular policy evaluation (extended precision)")
		}
		for k := range size {
			val[k].Set(&b[k])
		}
		changed := false
		var cur, lim big.Float
		for k := range size {
			q(policy[k], &cur)
			for _, r := range nodeActs[k] {
				q(r, &qa)
				lim.SetPrec(bigPrec).Add(&cur, tol)
				if qa.Cmp(&lim) > 0 {
					policy[k] = r
					cur.Set(&qa)
					changed = true
				}
			}
		}
		converged = !changed
	}
	v := make([]big.Float, n)
	for s := range n {
		v[s].SetPrec(bigPrec).Set(&val[node[s]])
		if !converged {
			// Not known optimal: no bound at all rather than a wrong one.
			v[s].SetInf(false)
		}
	}
	return v
}

// bigGTH is gthSolve in extended precision.
func bigGTH(a, exit, b []big.Float, n int) bool {
	var diag, f, t big.Float
	diag.SetPrec(bigPrec)
	f.SetPrec(bigPrec)
	t.SetPrec(bigPrec)
	for c := range n {
		diag.Set(&exit[c])
		for j := c + 1; j < n; j++ {
			diag.Sub(&diag, &a[c*n+j])
		}
		if diag.Sign() <= 0 {
			return false
		}
		a[c*n+c].Set(&diag)
		for r := c + 1; r < n; r++ {
			if a[r*n+c].Sign() == 0 {
				continue
			}
			f.Quo(&a[r*n+c], &diag)
			f.Neg(&f)
			for j := c + 1; j < n; j++ {
				if j != r {
					t.Mul(&f, &a[c*n+j])
					a[r*n+j].Add(&a[r*n+j], &t)
				}
			}
			t.Mul(&f, &exit[c])
			exit[r].Add(&exit[r], &t)
			t.Mul(&f, &b[c])
			b[r].Add(&b[r], &t)
		}
	}
	for r := n - 1; r >= 0; r-- {
		s := newBigFloat().Set(&b[r])
		for k := r + 1; k < n; k++ {
			t.Mul(&a[r*n+k], &b[k])
			s.Sub(s, &t)
		}
		b[r].Quo(s, &a[r*n+r])
	}
	return true
}

// bigSimplex is solveBig's tableau and temporaries, kept from call to
// call so that their mantissas are allocated once, not on every call
// (the zero value is ready to use; one per goroutine).
type bigSimplex struct {
	t                        [MaxSide + 1][2*MaxSide + 1]big.Float
	r, best, f, prod, p, one big.Float
	sx, sy                   big.Float
}

// solveBig is solveRat in bigPrec-bit floating point, which is much
// faster than rationals whose denominators grow with every pivot: the
// m×n game a; it sets e.X and e.Y (rounded to float64). Entries within
// 2^-200 of 0 count as 0, so rounding noise cannot pick a pivot.
func (bs *bigSimplex) solveBig(a *[MaxSide][MaxSide]big.Float, m, n int, e *Equilibrium) {
	sign := func(x *big.Float) int {
		if x.MantExp(nil) < -200 {
			return 0
		}
		return x.Sign()
	}
	lo := &a[0][0]
	for i := range m {
		for j := range n {
			if a[i][j].Cmp(lo) < 0 {
				lo = &a[i][j]
			}
		}
	}
	rhs := n + m
	t := &bs.t
	for i := 0; i <= m; i++ {
		for j := 0; j <= rhs; j++ {
			t[i][j].SetPrec(bigPrec).SetInt64(0)
		}
	}
	var basis [MaxSide]int
	one := bs.one.SetPrec(bigPrec).SetInt64(1)
	for i := range m {
		for j := range n {
			t[i][j].Sub(&a[i][j], lo)
			t[i][j].Add(&t[i][j], one)
		}
		t[i][n+i].SetInt64(1)
		t[i][rhs].SetInt64(1)
		basis[i] = n + i
	}
	for j := range n {
		t[m][j].SetInt64(-1)
	}
	r, best, f, prod, p := &bs.r, &bs.best, &bs.f, &bs.prod, &bs.p
	for _, x := range []*big.Float{r, best, f, prod, p} {
		x.SetPrec(bigPrec)
	}
	r.SetPrec(2 * bigPrec)
	best.SetPrec(2 * bigPrec)
	for iter := 0; iter < 1000; iter++ {
		col := -1
		for j := 0; j < n+m; j++ {
			if sign(&t[m][j]) < 0 {
				col = j
				break
			}
		}
		if col < 0 {
			break
		}
		// Ratio test, crosswise: t[i][rhs]/t[i][col] against the best
		// row's, as exact products (2·bigPrec bits hold them), which is
		// several times cheaper than dividing.
		row := -1
		for i := range m {
			if sign(&t[i][col]) <= 0 {
				continue
			}
			if row < 0 {
				row = i
				continue
			}
			r.Mul(&t[i][rhs], &t[row][col])
			best.Mul(&t[row][rhs], &t[i][col])
			if c := r.Cmp(best); c < 0 || (c == 0 && basis[i] < basis[row]) {
				row = i
			}
		}
		if row < 0 {
			break
		}
		// Zero entries of the pivot row change nothing below (x - f·0 is
		// x): most of them are slack columns, so skipping them saves
		// most of the work and changes no bit.
		// One division, then products: a quotient costs several times a
		// product at this precision, and the reciprocal's rounding
		// (2^-bigPrec relative) is far below the 2^-200 under which
		// entries count as 0.
		p.Quo(one, &t[row][col])
		var nz [2*MaxSide + 1]int
		k := 0
		for j := 0; j <= rhs; j++ {
			if t[row][j].Sign() != 0 {
				t[row][j].Mul(&t[row][j], p)
				nz[k] = j
				k++
			}
		}
		for i := 0; i <= m; i++ {
			if i == row || t[i][col].Sign() == 0 {
				continue
			}
			f.Set(&t[i][col])
			for _, j := range nz[:k] {
				prod.Mul(f, &t[row][j])
				t[i][j].Sub(&t[i][j], prod)
			}
			t[i][col].SetInt64(0)
		}
		basis[row] = col
	}
	r.SetPrec(bigPrec)
	sx, sy := &bs.sx, &bs.sy
	sx.SetPrec(bigPrec).SetInt64(0)
	sy.SetPrec(bigPrec).SetInt64(0)
	for i := range m {
		if b := basis[i]; b < n {
			sy.Add(sy, &t[i][rhs])
		}
		sx.Add(sx, &t[m][n+i])
	}
	*e = Equilibrium{}
	sx.Quo(one, sx)
	sy.Quo(one, sy)
	for i := range m {
		if b := basis[i]; b < n {
			r.Mul(&t[i][rhs], sy)
			e.Y[b], _ = r.Float64()
		}
		r.Mul(&t[m][n+i], sx)
		e.X[i], _ = r.Float64()
	}
	normalize(&e.X, m, 0)
	normalize(&e.Y, n, 0)
}
