package nash

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// LemkeHowson returns the equilibrium of the bimatrix game (a, b) at
// the end of the Lemke–Howson path that starts by dropping label k, as
// nashpy's lemke_howson(initial_dropped_label=k): labels 0 to m-1 are
// the row player's strategies, m to m+n-1 the column player's. Each
// step is a complementary pivot in one of the two tableaux (the
// best-response polytopes' systems B'ᵀx + s = 1 and r + A'y = 1, the
// payoffs mapped onto [1, 2]); the ratio tests are lexicographic,
// so a degenerate game cannot make the path cycle. It is one
// equilibrium, not necessarily every one a label can reach
// (AllBimatrix lists them all), but it works on games too large to
// enumerate. The answer is verified like AllBimatrix's: both regrets
// at most Tol·max(1, max|a_ij|, max|b_ij|). The Enumeration returned
// is incomplete, with Method "lemke-howson".
func LemkeHowson(a, b mat.Matrix, k int) (*Enumeration, error) {
	m, n := a.Dims()
	sa, sb, err := checkBimatrix(a, b)
	if err != nil {
		return nil, err
	}
	if k < 0 || k >= m+n {
		return nil, fmt.Errorf("nash: label %d is not one of the game's 0 to %d (rows 0 to %d, then columns)", k, m+n-1, m-1)
	}
	// Tableau 1, n rows: B'ᵀx + s = 1; column i is x_i (label i),
	// column m+j is s_j (label m+j), the last the right-hand side.
	t1 := newTableau(n, m+n)
	for j := range n {
		for i := range m {
			t1.set(j, i, sb.unit.At(i, j)+1)
		}
		t1.set(j, m+j, 1)
		t1.set(j, m+n, 1)
		t1.basis[j] = m + j
	}
	// Tableau 2, m rows: r + A'y = 1; column i is r_i (label i), column
	// m+j is y_j (label m+j).
	t2 := newTableau(m, m+n)
	for i := range m {
		t2.set(i, i, 1)
		for j := range n {
			t2.set(i, m+j, sa.unit.At(i, j)+1)
		}
		t2.set(i, m+n, 1)
		t2.basis[i] = i
	}
	// The slack columns, the initial bases, break the ratio tests' ties
	// (they hold the basis inverse: the lexicographic rule).
	t1.lex, t2.lex = m, 0
	t1.nlex, t2.nlex = n, m
	cur, other := t1, t2
	if k >= m {
		cur, other = t2, t1
	}
	enter := k
	// Each pivot moves to a new vertex pair; there are at most
	// C(m+n, m)·C(m+n, n) of them. The cap is only a guard.
	for steps := 0; ; steps++ {
		if steps > 100000 {
			return nil, fmt.Errorf("%w: Lemke–Howson did not end in 100000 pivots", ErrBudget)
		}
		leave, ok := cur.pivot(enter)
		if !ok {
			return nil, fmt.Errorf("%w: Lemke–Howson found no pivot row (label %d)", ErrCertificate, enter)
		}
		if leave == k {
			break
		}
		enter = leave
		cur, other = other, cur
	}
	x, y := make([]float64, m), make([]float64, n)
	for r, l := range t1.basis {
		if l < m {
			x[l] = t1.at(r, m+n)
		}
	}
	for r, l := range t2.basis {
		if l >= m {
			y[l-m] = t2.at(r, m+n)
		}
	}
	if !(sum(x) > 0 && sum(y) > 0) {
		return nil, fmt.Errorf("%w: Lemke–Howson ended at the artificial equilibrium", ErrCertificate)
	}
	x, y = normalized(x), normalized(y)
	e := &Enumeration{Method: "lemke-howson", Tol: Tol * max(sa.scale, sb.scale), Rows: [][]float64{x}, Cols: [][]float64{y},
		Subsets: []Subset{{Rows: []int{0}, Cols: []int{0}}}}
	e.Equilibria = []Equilibrium{equilibrium(a, b, x, y, 0, 0)}
	return e, e.finish(a, b)
}

// tableau is a dense simplex tableau: rows constraints, columns the
// variables (by label) then the right-hand side; basis[r] is the label
// of row r's basic variable. Columns lex to lex+nlex-1 are the initial
// basis, which the lexicographic ratio test reads.
type tableau struct {
	rows, cols int
	t          []float64
	basis      []int
	lex, nlex  int
}

func newTableau(rows, vars int) *tableau {
	return &tableau{rows: rows, cols: vars + 1, t: make([]float64, rows*(vars+1)), basis: make([]int, rows)}
}

func (t *tableau) at(r, c int) float64     { return t.t[r*t.cols+c] }
func (t *tableau) set(r, c int, v float64) { t.t[r*t.cols+c] = v }

// pivot brings the variable of label c into the basis, choosing the
// leaving row by the lexicographic minimum ratio test, and returns the
// label that left.
func (t *tableau) pivot(c int) (int, bool) {
	const eps = 1e-12
	best := -1
	for r := range t.rows {
		if t.at(r, c) <= eps {
			continue
		}
		if best < 0 || t.lexLess(r, best, c) {
			best = r
		}
	}
	if best < 0 {
		return 0, false
	}
	p := t.at(best, c)
	row := t.t[best*t.cols : (best+1)*t.cols]
	for j := range row {
		row[j] /= p
	}
	for r := range t.rows {
		if r == best {
			continue
		}
		f := t.at(r, c)
		if f == 0 {
			continue
		}
		other := t.t[r*t.cols : (r+1)*t.cols]
		for j := range other {
			other[j] -= f * row[j]
		}
		other[c] = 0 // exactly, not rounding noise
	}
	leave := t.basis[best]
	t.basis[best] = c
	return leave, true
}

// lexLess compares rows r and s's ratios for entering column c: the
// right-hand side, then each initial-basis column, divided by the
// entering column's entry, first difference (beyond rounding) decides.
func (t *tableau) lexLess(r, s, c int) bool {
	pr, ps := t.at(r, c), t.at(s, c)
	cmp := func(col int) int {
		a, b := t.at(r, col)/pr, t.at(s, col)/ps
		tol := 1e-9 * max(1, math.Abs(a), math.Abs(b))
		switch {
		case a < b-tol:
			return -1
		case a > b+tol:
			return 1
		}
		return 0
	}
	if d := cmp(t.cols - 1); d != 0 {
		return d < 0
	}
	for col := t.lex; col < t.lex+t.nlex; col++ {
		if d := cmp(col); d != 0 {
			return d < 0
		}
	}
	return false
}
