package solve

import (
	"math"
)

// MaxSide is the largest matrix game the fixed-size solver takes: a full
// move set has five moves, and no phase offers more choices.
const MaxSide = 5

// Matrix is a zero-sum matrix game of at most MaxSide×MaxSide: the row
// player picks a row and maximizes A[i][j], the column player minimizes.
// It is a value type so that a solver can keep one per goroutine on the
// stack.
type Matrix struct {
	M, N int
	A    [MaxSide][MaxSide]float64
}

// Equilibrium is a solved Matrix: optimal mixed strategies X (rows) and Y
// (columns) and their certificate. Lo = min_j Σ_i X_i A_ij is what X
// guarantees; Hi = max_i Σ_j A_ij Y_j is what Y concedes at most; the
// value lies in [Lo, Hi].
type Equilibrium struct {
	Value  float64
	X, Y   [MaxSide]float64
	Lo, Hi float64
}

// Gap returns Hi - Lo, the certificate's width.
func (e *Equilibrium) Gap() float64 { return e.Hi - e.Lo }

// pivotEps is the magnitude below which a tableau entry counts as zero.
// Entries of the shifted game lie in [1, 3] for payoffs in [-1, 1], so
// the tableau stays well scaled and 1e-12 separates noise from data.
const pivotEps = 1e-13

// pivotTol is the smallest entry the simplex pivots on. Games here are
// often nearly degenerate (rows equal up to 1e-12, from the discount);
// pivoting on such a difference blows the tableau up to 1e12 and ends at
// a wrong basis. Refusing pivots under 1e-9 solves a problem perturbed
// by about that much relative to the pivot, which moves the value by
// ~1e-12; the reinversion below then computes the strategies exactly
// for the chosen basis, and the certificate measures the result.
const pivotTol = 1e-9

// SolveMatrix solves g exactly up to rounding with a dense simplex on a
// fixed-size tableau and Bland's rule (which cannot cycle), then measures
// the certificate. It does not allocate.
//
// Why not package nash: this runs millions of times inside the
// stochastic-game solver (once per state per iteration), so it must not
// allocate or go through gonum's general LP; it is verified the same way
// (every answer's Lo and Hi are recomputed from the strategies, and the
// callers check the gap).
//
// The LP, for P = A - lo + 1 (entries >= 1, value v' >= 1):
//
//	maximize Σ_j w_j  subject to  P w <= 1, w >= 0.
//
// The slack basis is feasible, so there is no phase I. At the optimum
// Σw = 1/v', Y = w/Σw, and the row player's strategy is the dual: the
// objective row's entries under the slacks, divided by Σw.
func SolveMatrix(g *Matrix, e *Equilibrium) { solveMatrix(g, e, nil) }

// solveMatrix is SolveMatrix with the exact fallback's answers looked up
// in and added to c (may be nil).
func solveMatrix(g *Matrix, e *Equilibrium, c *exactCache) {
	solveFloat(g, e, pivotTol)
	if e.Hi-e.Lo <= exactGap {
		return
	}
	// Near-degenerate games: other pivot thresholds often find a basis
	// that certifies; keep the best before paying for exact arithmetic.
	var alt Equilibrium
	for _, tol := range [...]float64{1e-11, 1e-7, 1e-5} {
		solveFloat(g, &alt, tol)
		if alt.Hi-alt.Lo < e.Hi-e.Lo {
			*e = alt
		}
		if e.Hi-e.Lo <= exactGap {
			return
		}
	}
	if c == nil {
		solveExact(g, e)
		return
	}
	if ans, ok := c.m[*g]; ok {
		*e = ans
		return
	}
	solveExact(g, e)
	if len(c.m) >= maxExactCache {
		clear(c.m)
	}
	if c.m == nil {
		c.m = make(map[Matrix]Equilibrium)
	}
	c.m[*g] = *e
}

// exactCache remembers the exact fallback's answers by game: half the
// games that reach it during a solve have been met before (15 thousand
// calls, 7 thousand distinct games), and each costs some 60 µs. The
// answer is a function of the game alone, so a hit changes nothing.
// It is not safe for concurrent use: each pairing's solver has its own.
type exactCache struct{ m map[Matrix]Equilibrium }

// maxExactCache bounds an exactCache (entries of some 500 bytes): when
// full it starts afresh.
const maxExactCache = 1 << 14

// solveFloat is SolveMatrix's float64 simplex with pivot threshold
// pivTol.
func solveFloat(g *Matrix, e *Equilibrium, pivTol float64) {
	m, n := g.M, g.N
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range m {
		for j := range n {
			lo = min(lo, g.A[i][j])
			hi = max(hi, g.A[i][j])
		}
	}
	*e = Equilibrium{}
	if hi-lo <= 0 {
		for i := range m {
			e.X[i] = 1 / float64(m)
		}
		for j := range n {
			e.Y[j] = 1 / float64(n)
		}
		e.Value, e.Lo, e.Hi = lo, lo, lo
		return
	}
	// P = (A - lo)/(hi - lo) + 1 has entries in [1, 2]: positive (so the
	// value is positive and the slack basis feasible) and well scaled
	// whatever the spread of A.
	scale := 1 / (hi - lo)
	// Tableau: rows 0..m-1 constraints, row m objective; columns 0..n-1
	// the w's, n..n+m-1 slacks, n+m the right-hand side.
	const W = 2*MaxSide + 1
	var t [MaxSide + 1][W]float64
	var basis [MaxSide]int
	rhs := n + m
	for i := range m {
		for j := range n {
			t[i][j] = (g.A[i][j]-lo)*scale + 1
		}
		t[i][n+i] = 1
		t[i][rhs] = 1
		basis[i] = n + i
	}
	for j := range n {
		t[m][j] = -1
	}
	for iter := 0; iter < 200; iter++ {
		// Bland: the lowest-index column with a negative reduced cost.
		col := -1
		for j := 0; j < n+m; j++ {
			if t[m][j] < -pivotEps {
				col = j
				break
			}
		}
		if col < 0 {
			break
		}
		row := -1
		best := 0.0
		for i := range m {
			if a := t[i][col]; a > pivTol {
				r := t[i][rhs] / a
				// Among (near-)ties prefer the larger pivot, which keeps
				// the tableau well conditioned.
				if row < 0 || r < best-1e-13 || (r <= best+1e-13 && a > t[row][col]) {
					row, best = i, r
				}
			}
		}
		if row < 0 {
			break // unbounded cannot happen with P > 0; stop defensively
		}
		// Zero entries of the pivot row change nothing (0/p is 0, and
		// x - f·0 is x): most are slack columns, so the update runs over
		// the others only, with the same result bit for bit.
		p := t[row][col]
		var nz [W]int
		k := 0
		for j := 0; j <= rhs; j++ {
			if t[row][j] != 0 {
				t[row][j] /= p
				nz[k] = j
				k++
			}
		}
		for i := 0; i <= m; i++ {
			if i == row {
				continue
			}
			f := t[i][col]
			if f == 0 {
				continue
			}
			for _, j := range nz[:k] {
				t[i][j] -= f * t[row][j]
			}
		}
		basis[row] = col
	}
	// Reinversion: the tableau has accumulated rounding over its pivots,
	// which near-degenerate games (entries a hair apart, common here
	// because of the discount) turn into errors of 1e-8. The final basis
	// is what matters; solve its two square systems afresh. The basic
	// slacks' columns are unit vectors, so both systems reduce to the k×k
	// block of P in the basic columns S and the rows R whose slacks are
	// not basic (k is the support size, often 1): B x = 1 is P[R,S] x_S
	// = 1, and Bᵀ u = c_B is P[R,S]ᵀ u_R = 1 with u 0 on the other rows.
	var cols, rows [MaxSide]int // S as positions in basis; R
	k, nr := 0, 0
	var slackRow [MaxSide]bool
	for r := range m {
		if c := basis[r]; c < n {
			cols[k] = r
			k++
		} else {
			slackRow[c-n] = true
		}
	}
	for i := range m {
		if !slackRow[i] {
			rows[nr] = i
			nr++
		}
	}
	var bm, bt [MaxSide][MaxSide + 1]float64
	for a := range k {
		i := rows[a]
		for b := range k {
			v := (g.A[i][basis[cols[b]]]-lo)*scale + 1
			bm[a][b] = v // P[R,S] x_S = 1
			bt[b][a] = v // P[R,S]ᵀ u_R = 1
		}
		bm[a][k] = 1
		bt[a][k] = 1
	}
	var xs, ur [MaxSide]float64
	okB := k > 0 && nr == k && gauss(&bm, k, &xs)
	okU := nr == k && gauss(&bt, k, &ur)
	if okB && okU {
		for b := range k {
			if xs[b] > 0 {
				e.Y[basis[cols[b]]] = xs[b]
			}
		}
		for a := range k {
			if ur[a] > 0 {
				e.X[rows[a]] = ur[a]
			}
		}
	} else {
		for i := range m {
			if b := basis[i]; b < n && t[i][rhs] > 0 {
				e.Y[b] = t[i][rhs]
			}
		}
		for i := range m {
			if v := t[m][n+i]; v > 0 {
				e.X[i] = v
			}
		}
	}
	normalize(&e.X, m, 0)
	normalize(&e.Y, n, 0)
	e.Lo, e.Hi = Bounds(g, &e.X, &e.Y)
	e.Value = (e.Lo + e.Hi) / 2
}

// Noise is the probability at or below which SolvePure drops a move.
//
// Why: in a recursive game a stationary strategy is judged over endless
// play. A loop that a player is content to keep forever, but leaves with
// probability 1e-13 per turn (an artefact of rounding or of the
// discount's 1e-11 preferences), is left with certainty in the long run,
// and the opponent can wait for it. Dropping such moves costs at most
// about 2·Noise in any one state's game; the certificate measures the
// result exactly.
const Noise = 1e-10

// SolvePure is SolveMatrix followed by dropping moves played with
// probability at most Noise. It is how every strategy of the solution is
// computed, by the solver and by players recomputing it from the values.
func SolvePure(g *Matrix, e *Equilibrium) { solvePure(g, e, nil) }

// solvePure is SolvePure with solveMatrix's cache c.
func solvePure(g *Matrix, e *Equilibrium, c *exactCache) {
	solveMatrix(g, e, c)
	purify(g, e)
}

// purify turns SolveMatrix's answer e for g into SolvePure's.
func purify(g *Matrix, e *Equilibrium) {
	normalize(&e.X, g.M, Noise)
	normalize(&e.Y, g.N, Noise)
	e.Lo, e.Hi = Bounds(g, &e.X, &e.Y)
	e.Value = (e.Lo + e.Hi) / 2
}

// Bounds returns the certificate of strategies x, y in g: lo = min_j
// Σ_i x_i A_ij (what x guarantees) and hi = max_i Σ_j A_ij y_j (what y
// concedes at most).
func Bounds(g *Matrix, x, y *[MaxSide]float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for j := range g.N {
		s := 0.0
		for i := range g.M {
			s += x[i] * g.A[i][j]
		}
		lo = min(lo, s)
	}
	for i := range g.M {
		s := 0.0
		for j := range g.N {
			s += g.A[i][j] * y[j]
		}
		hi = max(hi, s)
	}
	return lo, hi
}

// gauss solves the n×n system in a (augmented with the right-hand side
// in column n) by elimination with partial pivoting, writing x; it
// reports false for a singular system.
func gauss(a *[MaxSide][MaxSide + 1]float64, n int, x *[MaxSide]float64) bool {
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-300 {
			return false
		}
		a[c], a[p] = a[p], a[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			if f == 0 {
				continue
			}
			for k := c; k <= n; k++ {
				a[r][k] -= f * a[c][k]
			}
		}
	}
	for r := n - 1; r >= 0; r-- {
		s := a[r][n]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return true
}

// normalize zeroes entries of p[:n] below noise and rescales it to sum
// to 1.
func normalize(p *[MaxSide]float64, n int, noise float64) {
	s := 0.0
	for i := range n {
		if p[i] <= noise {
			p[i] = 0
		}
		s += p[i]
	}
	for i := range n {
		p[i] /= s
	}
}
