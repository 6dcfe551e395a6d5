package solve

import "math/big"

// exactGap is the certificate width above which SolveMatrix's float
// answer is replaced by the exact rational one.
const exactGap = 1e-12

// solveExact solves g by the same LP as SolveMatrix, in exact rational
// arithmetic with Bland's rule (which cannot cycle). The float64 entries
// are exact rationals, so the basis found is truly optimal and the only
// error left is rounding the strategies back to float64. It allocates
// and is some 100 times slower; SolveMatrix calls it only when its float
// answer fails the certificate by more than exactGap.
func solveExact(g *Matrix, e *Equilibrium) {
	var a [MaxSide][MaxSide]big.Rat
	for i := range g.M {
		for j := range g.N {
			a[i][j].SetFloat64(g.A[i][j])
		}
	}
	solveRat(&a, g.M, g.N, e)
	e.Lo, e.Hi = Bounds(g, &e.X, &e.Y)
	e.Value = (e.Lo + e.Hi) / 2
}

// solveRat is solveExact's simplex for the m×n game a of exact
// rationals; it sets e.X and e.Y (rounded to float64), not the bounds.
func solveRat(a *[MaxSide][MaxSide]big.Rat, m, n int, e *Equilibrium) {
	lo := &a[0][0]
	for i := range m {
		for j := range n {
			if a[i][j].Cmp(lo) < 0 {
				lo = &a[i][j]
			}
		}
	}
	rhs := n + m
	t := make([][]big.Rat, m+1)
	for i := range t {
		t[i] = make([]big.Rat, rhs+1)
	}
	basis := make([]int, m)
	var one big.Rat
	one.SetInt64(1)
	for i := range m {
		for j := range n {
			// P = A - lo + 1, exactly.
			t[i][j].Sub(&a[i][j], lo)
			t[i][j].Add(&t[i][j], &one)
		}
		t[i][n+i].SetInt64(1)
		t[i][rhs].SetInt64(1)
		basis[i] = n + i
	}
	for j := range n {
		t[m][j].SetInt64(-1)
	}
	var r, best, f, prod big.Rat
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
		row := -1
		for i := range m {
			if t[i][col].Sign() <= 0 {
				continue
			}
			r.Quo(&t[i][rhs], &t[i][col])
			if c := r.Cmp(&best); row < 0 || c < 0 || (c == 0 && basis[i] < basis[row]) {
				row = i
				best.Set(&r)
			}
		}
		if row < 0 {
			break
		}
		var p big.Rat
		p.Set(&t[row][col])
		for j := 0; j <= rhs; j++ {
			t[row][j].Quo(&t[row][j], &p)
		}
		for i := 0; i <= m; i++ {
			if i == row || t[i][col].Sign() == 0 {
				continue
			}
			f.Set(&t[i][col])
			for j := 0; j <= rhs; j++ {
				prod.Mul(&f, &t[row][j])
				t[i][j].Sub(&t[i][j], &prod)
			}
		}
		basis[row] = col
	}
	// Normalize exactly, then round.
	var sx, sy big.Rat
	for i := range m {
		if b := basis[i]; b < n {
			sy.Add(&sy, &t[i][rhs])
		}
		sx.Add(&sx, &t[m][n+i])
	}
	*e = Equilibrium{}
	for i := range m {
		if b := basis[i]; b < n {
			r.Quo(&t[i][rhs], &sy)
			e.Y[b], _ = r.Float64()
		}
		r.Quo(&t[m][n+i], &sx)
		e.X[i], _ = r.Float64()
	}
	normalize(&e.X, m, 0)
	normalize(&e.Y, n, 0)
}
