package nash

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Tol is the certificate's tolerance: a solution is accepted when the
// gap between the guaranteed payoffs of its two strategies is at most
// Tol·max(1, max|a_ij|), and when its probabilities sum to 1 within Tol.
const Tol = 1e-9

// negClamp is how negative a probability may be and still count as
// rounding noise (clamped to 0) rather than a wrong answer.
const negClamp = 1e-9

// Errors returned by the solvers.
var (
	// ErrEmpty: the matrix has no rows or no columns.
	ErrEmpty = errors.New("nash: empty payoff matrix")
	// ErrNotFinite: an entry is NaN or infinite.
	ErrNotFinite = errors.New("nash: payoff matrix has a NaN or infinite entry")
	// ErrCertificate: the strategies are not probability vectors or their
	// guaranteed payoffs are further apart than the tolerance.
	ErrCertificate = errors.New("nash: solution fails its certificate")
	// ErrBudget: a solver ran out of iterations (gonum's lp.Simplex
	// cycling, typically).
	ErrBudget = errors.New("nash: iteration budget exhausted")
)

// Method names a solver.
type Method uint8

// The solvers.
const (
	// Auto runs gonum's lp.Simplex and falls back to Bland when gonum
	// errs, runs out of budget, panics or fails the certificate.
	Auto Method = iota
	// Gonum runs gonum's lp.Simplex only.
	Gonum
	// Bland runs this package's dense simplex with Bland's rule only.
	Bland
)

var methodNames = [...]string{"auto", "gonum", "bland"}

// String returns "auto", "gonum" or "bland".
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", m)
}

// Solution is a certified equilibrium of a matrix game.
type Solution struct {
	// Value is the game's value for the row player, the midpoint of the
	// certificate's bounds Lower and Upper.
	Value float64
	// Lower is min_j (xᵀA)_j: what Row guarantees the row player.
	// Upper is max_i (Ay)_i: what Col concedes at most.
	Lower, Upper float64
	// Row and Col are the maximizing (row) and minimizing (column)
	// players' optimal mixed strategies.
	Row, Col []float64
	// Method is the solver that produced the solution (Gonum or Bland).
	Method Method
}

// Solve returns an equilibrium of the zero-sum game a, whose row player
// maximizes a_ij and whose column player minimizes it. It tries gonum's
// lp.Simplex first and falls back to the Bland simplex (see the package
// doc).
func Solve(a mat.Matrix) (Solution, error) { return SolveWith(a, Auto) }

// SolveWith is Solve with a chosen solver. With Gonum, a gonum failure
// (error, exhausted budget, panic or failed certificate) is returned as
// an error instead of falling back.
func SolveWith(a mat.Matrix, method Method) (Solution, error) {
	m, n := a.Dims()
	if m == 0 || n == 0 {
		return Solution{}, ErrEmpty
	}
	d := mat.DenseCopyOf(a)
	raw := d.RawMatrix()
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range m {
		for _, v := range raw.Data[i*raw.Stride : i*raw.Stride+n] {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return Solution{}, ErrNotFinite
			}
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	if lo == hi {
		// A constant game: every strategy is optimal. The LP below would
		// be fine too, but this answer is exact.
		s := Solution{Value: lo, Lower: lo, Upper: lo, Row: uniform(m), Col: uniform(n), Method: Bland}
		return s, nil
	}
	var s Solution
	var err error
	switch method {
	case Auto, Gonum:
		s.Row, s.Col, err = solveGonum(d, lo, hi)
		s.Method = Gonum
		if err == nil {
			s.Lower, s.Upper, err = Check(d, s.Row, s.Col)
		}
		if err == nil || method == Gonum {
			break
		}
		fallthrough
	case Bland:
		s.Row, s.Col = make([]float64, m), make([]float64, n)
		s.Method = Bland
		s.Lower, s.Upper, err = solveBlandDense(d, lo, hi, s.Row, s.Col)
	default:
		panic("nash: unknown method " + method.String())
	}
	if err != nil {
		return Solution{}, fmt.Errorf("nash: %s solver: %w", s.Method, err)
	}
	s.Value = (s.Lower + s.Upper) / 2
	return s, nil
}

func uniform(n int) []float64 {
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	return p
}

// Check verifies a candidate equilibrium (x for the rows, y for the
// columns) of the game a and returns its certificate bounds: lower =
// min_j (xᵀA)_j and upper = max_i (Ay)_i. Before checking, it clamps
// probabilities in [-1e-9, 0) to 0 (in place). It returns ErrCertificate
// when a probability is more negative than that, when either vector does
// not sum to 1 within Tol, or when upper - lower > Tol·max(1, max|a_ij|).
// It allocates only to describe a failure.
func Check(a mat.Matrix, x, y []float64) (lower, upper float64, err error) {
	m, n := a.Dims()
	if len(x) != m || len(y) != n {
		return 0, 0, fmt.Errorf("%w: strategy lengths %d, %d for a %d×%d game", ErrCertificate, len(x), len(y), m, n)
	}
	if !probability(x) || !probability(y) {
		return 0, 0, ErrCertificate
	}
	scale := 1.0
	lower, upper = math.Inf(1), math.Inf(-1)
	for j := range n {
		s := 0.0
		for i := range m {
			v := a.At(i, j)
			scale = max(scale, math.Abs(v))
			s += x[i] * v
		}
		lower = min(lower, s)
	}
	for i := range m {
		s := 0.0
		for j := range n {
			s += a.At(i, j) * y[j]
		}
		upper = max(upper, s)
	}
	if !(upper-lower <= Tol*scale) || !(lower <= upper+Tol*scale) {
		return lower, upper, fmt.Errorf("%w: bounds %.17g and %.17g differ by more than %g", ErrCertificate, lower, upper, Tol*scale)
	}
	return lower, upper, nil
}

// probability clamps tiny negatives in p to zero and reports whether p is
// a probability vector within the tolerances.
func probability(p []float64) bool {
	sum := 0.0
	for i, v := range p {
		if math.IsNaN(v) || v < -negClamp || v > 1+Tol {
			return false
		}
		if v < 0 {
			p[i] = 0
			v = 0
		}
		sum += v
	}
	return math.Abs(sum-1) <= Tol
}
