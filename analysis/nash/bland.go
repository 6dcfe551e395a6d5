package nash

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// tolerances of one run of the Bland simplex. Payoffs are mapped to [1, 2]
// first, so they are absolute. A reduced cost must exceed cost to improve;
// a pivot element must exceed pivot, because on near-tied matrices
// elimination leaves entries that are zero up to rounding, and pivoting on
// one (say 1e-9) blows the tableau up by its inverse; ratios within tie
// are ties, broken by Bland's lowest index.
type tolerances struct{ cost, pivot, tie float64 }

// tiers are tried in order until the certificate holds. Coarse tolerances
// treat rounding noise in near-tied games as ties (robust); fine ones
// resolve games whose entries genuinely differ by tiny amounts.
var tiers = [...]tolerances{
	{cost: 1e-9, pivot: 1e-7, tie: 1e-9},
	{cost: 1e-11, pivot: 1e-9, tie: 1e-11},
	{cost: 1e-13, pivot: 1e-11, tie: 0},
}

// solveBlandDense runs the Bland simplex on any size of game d (entries
// in [lo, hi]), writing the strategies into row and col and trying the
// tolerance tiers in turn until the certificate holds.
func solveBlandDense(d *mat.Dense, lo, hi float64, row, col []float64) (lower, upper float64, err error) {
	m, n := d.Dims()
	raw := d.RawMatrix()
	a := make([]float64, m*n)
	for i := range m {
		copy(a[i*n:i*n+n], raw.Data[i*raw.Stride:i*raw.Stride+n])
	}
	tab, basis := make([]float64, (m+1)*(n+m+1)), make([]int, m)
	for _, tol := range tiers {
		if blandGame(a, m, n, lo, hi, tol, tab, basis, row, col) != nil {
			continue
		}
		if lower, upper, err = Check(d, row, col); err == nil {
			return lower, upper, nil
		}
	}
	if err := blandExact(a, m, n, row, col); err != nil {
		return 0, 0, err
	}
	return Check(d, row, col)
}

// blandGame solves the game a (m×n, row-major, entries in [lo, hi], lo <
// hi) with the tableau simplex on LP
//
//	maximize Σ w_j subject to P w <= 1, w >= 0,    P = (a - lo)/(hi - lo) + 1,
//
// starting from the all-slack basis. At the optimum Σw = 1/v' (v' the
// value of P), w/Σw is the column strategy and the duals u (minus the
// reduced costs of the slacks) normalized give the row strategy, so one
// tableau yields both. tab has (m+1)×(n+m+1) entries, basis m.
//
// Bland's rule (enter the lowest-indexed improving column, leave by the
// minimum ratio with ties to the lowest-indexed basic variable) never
// cycles, which matters because game LPs are highly degenerate: every
// constraint starts with the same right-hand side.
func blandGame(a []float64, m, n int, lo, hi float64, tol tolerances, tab []float64, basis []int, row, col []float64) error {
	w := n + m + 1 // tableau width; column n+m is the right-hand side
	scale := 1 / (hi - lo)
	clear(tab)
	for i := range m {
		r := tab[i*w : i*w+w]
		for j := range n {
			r[j] = (a[i*n+j]-lo)*scale + 1
		}
		r[n+i] = 1
		r[w-1] = 1
		basis[i] = n + i
	}
	obj := tab[m*w : m*w+w] // reduced costs c_j - z_j; obj[w-1] = -z
	for j := range n {
		obj[j] = 1
	}
	// Bland's rule terminates; the cap only guards against float noise
	// making it wander. C(n+m, m) bases bound it, far above this.
	for iter := 0; ; iter++ {
		if iter > 1000*(n+m) {
			return ErrBudget
		}
		e := -1
		for j := 0; j < n+m; j++ {
			if obj[j] > tol.cost {
				e = j
				break
			}
		}
		if e < 0 {
			break
		}
		leave, best := -1, math.Inf(1)
		for i := range m {
			t := tab[i*w+e]
			if t <= tol.pivot {
				continue
			}
			// Rounding can leave a basic value a hair below zero.
			ratio := max(tab[i*w+w-1], 0) / t
			switch {
			case leave < 0 || ratio < best-tol.tie:
				leave, best = i, ratio
			case ratio <= best+tol.tie && basis[i] < basis[leave]:
				leave = i
				best = min(best, ratio)
			}
		}
		if leave < 0 {
			// Unbounded: impossible with P > 0, so the input was bad.
			return ErrCertificate
		}
		pivot(tab, m+1, w, leave, e)
		basis[leave] = e
	}
	clear(col)
	sum := 0.0
	for i, b := range basis {
		if b < n {
			v := tab[i*w+w-1]
			col[b] = v
			sum += v
		}
	}
	if !(sum > 0) {
		return ErrCertificate
	}
	usum := 0.0
	for i := range m {
		u := -obj[n+i]
		row[i] = u
		usum += u
	}
	if !(usum > 0) {
		return ErrCertificate
	}
	for j := range col {
		col[j] /= sum
	}
	for i := range row {
		row[i] /= usum
	}
	return nil
}

// pivot makes column e a unit column with its 1 in row r (rows × w
// tableau, the objective row included).
func pivot(tab []float64, rows, w, r, e int) {
	pr := tab[r*w : r*w+w]
	inv := 1 / pr[e]
	for j := range pr {
		pr[j] *= inv
	}
	pr[e] = 1
	for i := range rows {
		if i == r {
			continue
		}
		ri := tab[i*w : i*w+w]
		f := ri[e]
		if f == 0 {
			continue
		}
		for j := range ri {
			ri[j] -= f * pr[j]
		}
		ri[e] = 0
	}
}
