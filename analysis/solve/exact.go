package solve

import (
	"math"
	"math/big"
	"math/bits"
)

// exactGap is the certificate width above which SolveMatrix's float
// answer is replaced by the exact rational one.
const exactGap = 1e-12

// solveExact solves g by the same LP as SolveMatrix, in exact
// arithmetic with Bland's rule (which cannot cycle). The float64 entries
// are exact rationals, so the basis found is truly optimal and the only
// error left is rounding the strategies back to float64. It allocates
// and is some 100 times slower; SolveMatrix calls it only when its float
// answer fails the certificate by more than exactGap.
//
// The tableau's integers come straight from the entries' bits: every
// float64 is M·2^E for integers M and E, so with E0 the smallest
// exponent among the entries, lo and 1, S = 2^-E0 clears every
// denominator of P = A - lo + 1 (see solveInt for why any such S gives
// the same answer), and S·P_ij = M_ij·2^(E_ij-E0) - M_lo·2^(E_lo-E0) +
// 2^-E0, with no rational arithmetic (reducing fractions was most of
// the fallback's time).
func solveExact(g *Matrix, e *Equilibrium) {
	m, n := g.M, g.N
	lo := g.A[0][0]
	for i := range m {
		for j := range n {
			lo = min(lo, g.A[i][j])
		}
	}
	var mant [MaxSide][MaxSide]int64
	var exp [MaxSide][MaxSide]int
	e0 := 0 // the exponent of 1
	for i := range m {
		for j := range n {
			mant[i][j], exp[i][j] = floatBits(g.A[i][j])
			if mant[i][j] != 0 {
				e0 = min(e0, exp[i][j])
			}
		}
	}
	mlo, elo := floatBits(lo)
	if mlo != 0 {
		e0 = min(e0, elo)
	}
	var t intTableau
	var a, b big.Int
	b.SetInt64(mlo)
	b.Lsh(&b, uint(elo-e0))
	for i := range m {
		for j := range n {
			x := &t.t[i][j]
			x.SetInt64(mant[i][j])
			x.Lsh(x, uint(exp[i][j]-e0))
			x.Sub(x, &b)
			a.SetInt64(1)
			a.Lsh(&a, uint(-e0))
			x.Add(x, &a)
		}
		t.t[i][n+m].Lsh(big.NewInt(1), uint(-e0))
	}
	*e = Equilibrium{}
	e.X, e.Y = t.solve(m, n)
	e.Lo, e.Hi = Bounds(g, &e.X, &e.Y)
	e.Value = (e.Lo + e.Hi) / 2
}

// floatBits returns m and e with x = m·2^e exactly, m odd (or 0).
func floatBits(x float64) (m int64, e int) {
	if x == 0 {
		return 0, 0
	}
	f, e := math.Frexp(x) // x = f·2^e, 0.5 <= |f| < 1
	m = int64(f * (1 << 53))
	e -= 53
	tz := bits.TrailingZeros64(uint64(m))
	return m >> tz, e + tz
}

// intTableau is the integer simplex's tableau (see solveInt): rows 0..m-1
// the constraints scaled by S, row m the objective; columns 0..n-1 the
// w's, n..n+m-1 slacks, n+m the right-hand side.
type intTableau struct {
	t [MaxSide + 1][2*MaxSide + 1]big.Int
}

// solveInt is solveExact's simplex for the m×n game a of exact
// rationals; it sets e.X and e.Y (rounded to float64), not the bounds.
//
// Why integers: a simplex over big.Rat spends most of its time reducing
// fractions (gcds). The entries here are float64s, whose denominators
// are powers of two, so one power of two S clears them all, and
// fraction-free pivoting (Bareiss, Edmonds) keeps the tableau integral:
// the true tableau is T/D, D the previous pivot, and every update
// (p·T[i][j] - T[i][c]·T[r][j]) / D divides exactly. Multiplying the
// constraints P w <= 1 by S only rescales the slack variables, which
// changes neither Bland's choices nor the ratio test's order nor the
// normalized strategies: the answer is the rational simplex's, exactly.
func solveInt(a *[MaxSide][MaxSide]big.Rat, m, n int) (x, y [MaxSide]float64) {
	lo := &a[0][0]
	for i := range m {
		for j := range n {
			if a[i][j].Cmp(lo) < 0 {
				lo = &a[i][j]
			}
		}
	}
	// P = A - lo + 1 exactly, and S, the largest denominator (every
	// denominator is a power of two, so S is a multiple of each).
	var p [MaxSide][MaxSide]big.Rat
	var one big.Rat
	one.SetInt64(1)
	scale := big.NewInt(1)
	for i := range m {
		for j := range n {
			p[i][j].Sub(&a[i][j], lo)
			p[i][j].Add(&p[i][j], &one)
			if d := p[i][j].Denom(); d.Cmp(scale) > 0 {
				scale.Set(d)
			}
		}
	}
	var it intTableau
	var q big.Int
	for i := range m {
		for j := range n {
			// S·P exactly: S is a multiple of the denominator.
			q.Quo(scale, p[i][j].Denom())
			it.t[i][j].Mul(p[i][j].Num(), &q)
		}
		it.t[i][n+m].Set(scale)
	}
	return it.solve(m, n)
}

// solve runs the fraction-free simplex on the tableau whose constraint
// rows hold S·P and S (the rest is set here) and returns the rounded
// strategies.
func (it *intTableau) solve(m, n int) (x, y [MaxSide]float64) {
	rhs := n + m
	t := &it.t
	var basis [MaxSide]int
	for i := range m {
		t[i][n+i].SetInt64(1)
		basis[i] = n + i
	}
	for j := range n {
		t[m][j].SetInt64(-1)
	}
	d := big.NewInt(1)
	var l, r, u, v big.Int
	for {
		col := -1
		for j := 0; j < n+m; j++ {
			if t[m][j].Sign() < 0 {
				col = j
				break
			}
		}
		if col < 0 {
			break
		}
		// Ratio test: t[i][rhs]/t[i][col], compared crosswise (the
		// denominators are positive).
		row := -1
		for i := range m {
			if t[i][col].Sign() <= 0 {
				continue
			}
			if row < 0 {
				row = i
				continue
			}
			l.Mul(&t[i][rhs], &t[row][col])
			r.Mul(&t[row][rhs], &t[i][col])
			if c := l.Cmp(&r); c < 0 || (c == 0 && basis[i] < basis[row]) {
				row = i
			}
		}
		if row < 0 {
			break
		}
		piv := new(big.Int).Set(&t[row][col])
		for i := 0; i <= m; i++ {
			if i == row {
				continue
			}
			f := &t[i][col]
			for j := 0; j <= rhs; j++ {
				if j == col {
					continue
				}
				u.Mul(piv, &t[i][j])
				v.Mul(f, &t[row][j])
				u.Sub(&u, &v)
				t[i][j].Quo(&u, d)
			}
			f.SetInt64(0)
		}
		d = piv
		basis[row] = col
	}
	// The strategies are ratios of tableau entries (the common D
	// cancels); each is rounded once from its exact value.
	var sx, sy big.Int
	for i := range m {
		if basis[i] < n {
			sy.Add(&sy, &t[i][rhs])
		}
		sx.Add(&sx, &t[m][n+i])
	}
	var f big.Rat
	for i := range m {
		if b := basis[i]; b < n {
			y[b], _ = f.SetFrac(&t[i][rhs], &sy).Float64()
		}
		x[i], _ = f.SetFrac(&t[m][n+i], &sx).Float64()
	}
	normalize(&x, m, 0)
	normalize(&y, n, 0)
	return x, y
}
