package nash

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// MaxBases is how many candidate bases (sets of tight constraints) a
// vertex enumeration may try: AllBimatrix tries C(m+n, m) + C(m+n, n)
// of them for an m×n game; AllZeroSum those (its degeneracy check) and
// C(m+n, m-1) + C(m+n, n-1) (the optimal faces). A 10×10 game fits
// (369 512 bases bimatrix, 705 432 zero-sum), an 11×11 one (1 411 344
// bimatrix) does not.
const MaxBases = 1_000_000

// ErrTooLarge: the game has more candidate bases than MaxBases.
type ErrTooLarge struct {
	M, N  int
	Bases *big.Int
}

func (e *ErrTooLarge) Error() string {
	return fmt.Sprintf("nash: a %d×%d game has %s candidate bases to enumerate, more than the %d this enumerates (small games only)", e.M, e.N, e.Bases, MaxBases)
}

// polytope is {z ∈ R^d : E z = f, G z ≤ h}. Its vertices are found by
// brute force: every choice of d - rows(E) rows of G made tight,
// completed by E, is solved with gonum's LU; a nonsingular solution
// that satisfies every constraint (within tol) is a vertex. A vertex is
// known by its tight set (the rows of G it meets within tol), which
// determines it: so a degenerate vertex, reached from several bases, is
// kept once, with no comparison of floats.
type polytope struct {
	g   *mat.Dense
	h   []float64
	e   *mat.Dense // nil: no equalities
	f   []float64
	tol float64
}

// vertex is one vertex of a polytope: the point and which rows of G it
// meets with equality.
type vertex struct {
	z     []float64
	tight []bool
}

// choose returns C(n, k).
func choose(n, k int) *big.Int { return new(big.Int).Binomial(int64(n), int64(k)) }

// vertices enumerates the polytope's vertices, in the order of the
// lexicographically first basis that reaches each.
func (p *polytope) vertices() []vertex {
	k, d := p.g.Dims()
	ne := 0
	if p.e != nil {
		ne, _ = p.e.Dims()
	}
	t := d - ne
	if t < 0 || t > k {
		return nil
	}
	sys := mat.NewDense(d, d, nil)
	rhs := mat.NewVecDense(d, nil)
	for r := range ne {
		for c := range d {
			sys.Set(r, c, p.e.At(r, c))
		}
		rhs.SetVec(r, p.f[r])
	}
	var lu mat.LU
	var z mat.VecDense
	seen := map[string]bool{}
	var out []vertex
	idx := make([]int, t)
	for i := range idx {
		idx[i] = i
	}
	for {
		for r, gi := range idx {
			for c := range d {
				sys.Set(ne+r, c, p.g.At(gi, c))
			}
			rhs.SetVec(ne+r, p.h[gi])
		}
		if v, ok := p.solve(&lu, &z, sys, rhs); ok {
			key := tightKey(v.tight)
			if !seen[key] {
				seen[key] = true
				out = append(out, v)
			}
		}
		// Next combination of t indices out of k.
		i := t - 1
		for i >= 0 && idx[i] == k-t+i {
			i--
		}
		if i < 0 {
			return out
		}
		idx[i]++
		for j := i + 1; j < t; j++ {
			idx[j] = idx[j-1] + 1
		}
	}
}

// solve solves one basis's system and keeps the point if it is a vertex
// of the polytope.
func (p *polytope) solve(lu *mat.LU, z *mat.VecDense, sys *mat.Dense, rhs *mat.VecDense) (vertex, bool) {
	lu.Factorize(sys)
	// A singular or nearly singular basis names no vertex (its rows are
	// dependent); 1e10 keeps the solution's error well inside tol.
	if c := lu.Cond(); math.IsInf(c, 0) || math.IsNaN(c) || c > 1e10 {
		return vertex{}, false
	}
	if err := lu.SolveVecTo(z, false, rhs); err != nil {
		return vertex{}, false
	}
	k, d := p.g.Dims()
	v := vertex{z: make([]float64, d), tight: make([]bool, k)}
	for c := range d {
		v.z[c] = z.AtVec(c)
	}
	for r := range k {
		s := 0.0
		for c := range d {
			s += p.g.At(r, c) * v.z[c]
		}
		switch {
		case s > p.h[r]+p.tol:
			return vertex{}, false
		case s >= p.h[r]-p.tol:
			v.tight[r] = true
		}
	}
	return v, true
}

func tightKey(t []bool) string {
	var b strings.Builder
	for _, x := range t {
		if x {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}
