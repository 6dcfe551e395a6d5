package analysis

import (
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// leastSquares solves min |b − A·x|₂ for an m×n matrix A, m > n, as
// gonum's mat.VecDense.SolveVec does: the Householder QR of A (Geqrf),
// its condition estimate (Trcon in the max-row-sum norm), Qᵀb (Ormqr)
// and the triangular solve (Trtrs), the same LAPACK calls with the same
// workspace sizes on the same numbers, so the same float64s to the bit
// and the same failures. It keeps its matrices and workspaces between
// solves: the meta-game's Newton solves thousands of small systems per
// bootstrap replicate, and SolveVec allocates a factorisation for each.
type leastSquares struct {
	m, n int
	// A is the matrix, row-major, which the caller fills before each
	// solve (the solve overwrites it with its factorisation).
	A    []float64
	tau  []float64
	rhs  []float64 // b, then Qᵀb, then x in its first n entries
	work []float64
	// lworkQR and lworkQ are Geqrf's and Ormqr's workspace sizes, as
	// their workspace queries answer SolveVec.
	lworkQR, lworkQ int
	condWork        []float64
	condIWork       []int
}

// newLeastSquares returns the solver of m×n systems.
func newLeastSquares(m, n int) *leastSquares {
	ls := &leastSquares{m: m, n: n, A: make([]float64, m*n), tau: make([]float64, n), rhs: make([]float64, m),
		condWork: make([]float64, 3*n), condIWork: make([]int, n)}
	query := []float64{0}
	lapack64.Geqrf(ls.general(), ls.tau, query, -1)
	ls.lworkQR = int(query[0])
	lapack64.Ormqr(blas.Left, blas.Trans, ls.general(), ls.tau, ls.rhsGeneral(), query, -1)
	ls.lworkQ = int(query[0])
	ls.work = make([]float64, max(ls.lworkQR, ls.lworkQ))
	return ls
}

func (ls *leastSquares) general() blas64.General {
	return blas64.General{Rows: ls.m, Cols: ls.n, Stride: ls.n, Data: ls.A}
}

func (ls *leastSquares) rhsGeneral() blas64.General {
	return blas64.General{Rows: ls.m, Cols: 1, Stride: 1, Data: ls.rhs}
}

// solve returns the x that minimises |b − A·x|₂, in storage the next
// solve overwrites, or false where SolveVec returns an error: R
// singular, or A's condition estimate above mat.ConditionTolerance.
func (ls *leastSquares) solve(b []float64) ([]float64, bool) {
	a := ls.general()
	lapack64.Geqrf(a, ls.tau, ls.work[:ls.lworkQR], ls.lworkQR)
	r := blas64.Triangular{N: ls.n, Stride: ls.n, Data: ls.A, Uplo: blas.Upper, Diag: blas.NonUnit}
	cond := 1 / lapack64.Trcon(lapack.MaxRowSum, r, ls.condWork, ls.condIWork)
	copy(ls.rhs, b)
	rhs := ls.rhsGeneral()
	lapack64.Ormqr(blas.Left, blas.Trans, a, ls.tau, rhs, ls.work[:ls.lworkQ], ls.lworkQ)
	if !lapack64.Trtrs(blas.NoTrans, r, rhs) || cond > mat.ConditionTolerance {
		return nil, false
	}
	return ls.rhs[:ls.n], true
}
