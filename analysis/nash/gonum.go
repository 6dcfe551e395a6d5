package nash

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// solveGonum finds both strategies of the game d (entries in [lo, hi])
// with two runs of lp.Simplex, one per player, each in the classic form
// that needs no Phase I:
//
//	maximize Σ w_j subject to P w <= 1, w >= 0,
//
// where P is the game shifted to have entries >= 1 (so its value v' is
// >= 1). At the optimum Σw = 1/v' and w/Σw is the column player's optimal
// strategy. The slack variables are a feasible starting basis, which
// spares gonum its Phase I (an extra LP that would escape the budget
// below). The row player's strategy is the column strategy of the
// transposed, negated game.
func solveGonum(d *mat.Dense, lo, hi float64) (row, col []float64, err error) {
	m, n := d.Dims()
	// Column player: P = d - lo + 1.
	p := mat.NewDense(m, n, nil)
	p.Apply(func(_, _ int, v float64) float64 { return v - lo + 1 }, d)
	if col, err = gonumColumn(p); err != nil {
		return nil, nil, err
	}
	// Row player: the game -dᵀ, shifted: Q = hi - dᵀ + 1.
	q := mat.NewDense(n, m, nil)
	q.Apply(func(_, _ int, v float64) float64 { return hi - v + 1 }, d.T())
	if row, err = gonumColumn(q); err != nil {
		return nil, nil, err
	}
	return row, col, nil
}

// gonumColumn solves max Σw s.t. P w <= 1, w >= 0 for positive P with
// lp.Simplex under a budget, and returns w normalized to sum to 1.
func gonumColumn(p *mat.Dense) (w []float64, err error) {
	m, n := p.Dims()
	a := mat.NewDense(m, n+m, nil)
	a.Slice(0, m, 0, n).(*mat.Dense).Copy(p)
	c := make([]float64, n+m)
	b := make([]float64, m)
	basic := make([]int, m)
	for i := range m {
		a.Set(i, n+i, 1)
		b[i] = 1
		basic[i] = n + i
	}
	for j := range n {
		c[j] = -1
	}
	// Each simplex iteration reads at least one column of A (m reads);
	// the budget allows generously more pivots than a healthy run of a
	// game this size needs, then aborts a cycling run.
	iters := 50*(n+m) + 100
	g := &budgeted{a: a, left: iters * (n + m + 1) * m}
	defer func() {
		// gonum panics on some inputs (and our budget aborts it by a
		// panic); either way this is a failed solve, not a crash.
		if r := recover(); r != nil {
			w = nil
			if r == ErrBudget {
				err = ErrBudget
				return
			}
			err = fmt.Errorf("lp.Simplex panicked: %v", r)
		}
	}()
	_, x, err := lp.Simplex(c, g, b, 0, basic)
	if err != nil {
		return nil, err
	}
	w = x[:n:n]
	sum := 0.0
	for _, v := range w {
		sum += v
	}
	if !(sum > 0) {
		return nil, fmt.Errorf("lp.Simplex returned a zero solution")
	}
	for j := range w {
		w[j] /= sum
	}
	return w, nil
}

// budgeted is a read-only matrix that counts element reads and panics
// with ErrBudget when its budget is spent. It deliberately does not
// expose its raw storage, so gonum reads it through At and every
// simplex iteration is charged. This bounds a cycling lp.Simplex without
// a goroutine and a timeout, which could not stop the runaway loop.
type budgeted struct {
	a    *mat.Dense
	left int
}

func (b *budgeted) Dims() (int, int) { return b.a.Dims() }

func (b *budgeted) At(i, j int) float64 {
	b.left--
	if b.left < 0 {
		panic(ErrBudget)
	}
	return b.a.At(i, j)
}

func (b *budgeted) T() mat.Matrix { return mat.Transpose{Matrix: b} }
