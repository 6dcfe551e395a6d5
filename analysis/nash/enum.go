package nash

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// Enumeration is every extreme equilibrium of a matrix game, found by
// vertex enumeration and each verified.
//
// Every equilibrium of the game lies in the convex hull of one of its
// maximal Nash subsets: a set of extreme row strategies R and of
// extreme column strategies C of which every pair is an equilibrium, so
// that every point of conv(R) × conv(C) is one too. A zero-sum game has
// exactly one such subset, all of its extreme optimal strategies (the
// equilibria are the product of the two sides' optimal sets); a
// nondegenerate bimatrix game has isolated equilibria, an odd number,
// each its own subset.
type Enumeration struct {
	// ZeroSum: the game was solved as zero-sum (AllZeroSum); then Value,
	// Lower and Upper are its value and the certificate: every extreme
	// row strategy guarantees at least Lower, every extreme column
	// strategy concedes at most Upper.
	ZeroSum             bool
	Value, Lower, Upper float64
	// Complete: every extreme equilibrium is listed (false for
	// OneZeroSum's single one; then Degenerate true still means
	// degenerate, false means not known).
	Complete bool
	// Method is how the equilibria were found: "vertex-enumeration"
	// (AllZeroSum, AllBimatrix), "lp" (OneZeroSum) or "lemke-howson".
	Method string
	// Rows and Cols are the distinct extreme strategies of each side
	// that take part in an equilibrium.
	Rows, Cols [][]float64
	// Equilibria are the extreme equilibria, as indices into Rows and
	// Cols, with payoffs and regrets.
	Equilibria []Equilibrium
	// Subsets are the maximal Nash subsets.
	Subsets []Subset
	// Degenerate: some mixed strategy has more pure best responses than
	// its support has strategies (or, zero-sum, the optimal strategies
	// form a continuum). Why names a witness. Vertex enumeration finds
	// every extreme equilibrium of a degenerate game too, but the
	// equilibria may then form continua (Subsets) and their number may be
	// even; support enumeration of equal-sized supports or plain
	// Lemke–Howson would miss some.
	Degenerate bool
	Why        string
	// Witness is the strategy Why names, of the row player when
	// WitnessRow (else the column player's), with Responses pure best
	// responses of the other side; nil when Why names no strategy.
	Witness    []float64
	WitnessRow bool
	Responses  int
	// Tol is the absolute tolerance every regret was checked against:
	// nash.Tol·max(1, max |payoff|). MaxRegret is the largest regret
	// found, either side's, over the extreme equilibria (regrets are
	// convex in each side's strategy, so it bounds the subsets' hulls too).
	Tol, MaxRegret float64
	// Bases is how many candidate bases the enumeration tried.
	Bases int
}

// Equilibrium is one extreme equilibrium: Rows[Row] against Cols[Col].
type Equilibrium struct {
	Row, Col int
	// PayoffRow = xᵀAy and PayoffCol = xᵀBy.
	PayoffRow, PayoffCol float64
	// RegretRow = max_i (Ay)_i - xᵀAy, what the row player would gain by
	// its best pure deviation; RegretCol = max_j (xᵀB)_j - xᵀBy.
	RegretRow, RegretCol float64
}

// Subset is a maximal Nash subset: every pair of Rows[i] for i in Rows
// and Cols[j] for j in Cols is an equilibrium, and so is every point of
// their hulls' product.
type Subset struct{ Rows, Cols []int }

// Unique reports whether the game has exactly one equilibrium (one
// extreme equilibrium: every equilibrium is a mix of extreme ones).
func (e *Enumeration) Unique() bool { return len(e.Equilibria) == 1 }

// MaxPayoff bounds the payoffs the enumerations take in magnitude:
// beyond it, shifting and summing payoffs overflows, and a tolerance
// relative to the largest payoff would certify anything.
const MaxPayoff = 1e100

// ErrRange: a payoff is larger than MaxPayoff in magnitude.
var ErrRange = errors.New("nash: a payoff beyond ±1e100 (rescale the game)")

// InRange names l's first payoff beyond MaxPayoff, which the solvers
// refuse (ErrRange) once they start: checked as the file is read, the
// error can name the cell as it was written.
func (l *Labeled) InRange() error {
	m, n := l.Payoff.Dims()
	for i := range m {
		for j := range n {
			if math.Abs(l.Payoff.At(i, j)) > MaxPayoff {
				return fmt.Errorf("row %s, column %s: %s is beyond ±1e100, the solvers' bound (rescale the game)", l.Rows[i], l.Cols[j], l.Cells[i][j])
			}
		}
	}
	return nil
}

// scaled is a checked payoff matrix and its image on [0, 1].
type scaled struct {
	// scale is max(1, max |a_ij|), what tolerances are relative to.
	scale float64
	// lo and hi are the smallest and largest entries.
	lo, hi float64
	// unit is (a - lo)/(hi - lo), all 0 for a constant game: equilibria
	// do not change under a positive affine map of a player's payoffs,
	// and on [0, 1] the enumerations' tolerances mean the same whatever
	// the game's scale (a payoff of 1e6 would otherwise make x_i = 1e-7
	// look like zero).
	unit *mat.Dense
}

// toUnit maps a payoff of the game onto the unit scale.
func (s scaled) toUnit(v float64) float64 {
	if s.hi == s.lo {
		return 0
	}
	return (v - s.lo) / (s.hi - s.lo)
}

// checkGame refuses empty, non-finite or too large matrices and
// returns a's scale and unit image.
func checkGame(a mat.Matrix) (scaled, error) {
	m, n := a.Dims()
	if m == 0 || n == 0 {
		return scaled{}, ErrEmpty
	}
	s := scaled{scale: 1, lo: math.Inf(1), hi: math.Inf(-1)}
	for i := range m {
		for j := range n {
			v := a.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return scaled{}, ErrNotFinite
			}
			if math.Abs(v) > MaxPayoff {
				return scaled{}, ErrRange
			}
			s.scale, s.lo, s.hi = max(s.scale, math.Abs(v)), min(s.lo, v), max(s.hi, v)
		}
	}
	s.unit = mat.NewDense(m, n, nil)
	s.unit.Apply(func(i, j int, _ float64) float64 { return s.toUnit(a.At(i, j)) }, s.unit)
	return s, nil
}

// checkBimatrix refuses matrices of different shapes, or either as
// checkGame does, and returns both checked.
func checkBimatrix(a, b mat.Matrix) (sa, sb scaled, err error) {
	m, n := a.Dims()
	if bm, bn := b.Dims(); bm != m || bn != n {
		return sa, sb, fmt.Errorf("nash: the column player's matrix is %d×%d, the row player's %d×%d", bm, bn, m, n)
	}
	if sa, err = checkGame(a); err == nil {
		sb, err = checkGame(b)
	}
	return sa, sb, err
}

// checkBases refuses a game whose enumeration would try more than
// MaxBases bases: the sum of C(m+n, k) over ks.
func checkBases(m, n int, ks ...int) (int, error) {
	b := new(big.Int)
	for _, k := range ks {
		b.Add(b, choose(m+n, k))
	}
	if !b.IsInt64() || b.Int64() > MaxBases {
		return 0, &ErrTooLarge{M: m, N: n, Bases: b}
	}
	return int(b.Int64()), nil
}

// AllZeroSum returns every extreme optimal strategy of each side of the
// zero-sum game a (rows maximize a_ij, columns minimize it): the
// vertices of each side's LP optimal face, {x ≥ 0, Σx = 1, xᵀA ≥ v} and
// {y ≥ 0, Σy = 1, Ay ≤ v}, where v is the value Solve certifies. The
// set of equilibria is the product of the two faces, the convex hull of
// the pairs of extreme strategies: one Subset. Every pair is verified by
// Check (so the whole product is certified within Tol·max(1, max|a_ij|)).
func AllZeroSum(a mat.Matrix) (*Enumeration, error) {
	m, n := a.Dims()
	sa, err := checkGame(a)
	if err != nil {
		return nil, err
	}
	// The optimal faces' bases, then the best-response polytopes' (the
	// degeneracy check).
	bases, err := checkBases(m, n, m-1, n-1, m, n)
	if err != nil {
		return nil, err
	}
	sol, err := Solve(a)
	if err != nil {
		return nil, err
	}
	// The faces are built on the unit scale, where their tolerance is
	// 1e-9 plus the LP value's uncertainty (its certificate's width).
	v, vu := sol.Value, sa.toUnit(sol.Value)
	tol := Tol
	if sa.hi > sa.lo {
		tol += (sol.Upper - sol.Lower) / (sa.hi - sa.lo)
	}
	u := sa.unit
	ones := func(d int) *mat.Dense {
		e := mat.NewDense(1, d, nil)
		for c := range d {
			e.Set(0, c, 1)
		}
		return e
	}
	// Rows: x ≥ 0, -Aᵀx ≤ -v. Columns: y ≥ 0, Ay ≤ v.
	rp := boxed(m, n, true, func(j, i int) float64 { return -u.At(i, j) }, -vu, tol)
	rp.e, rp.f = ones(m), []float64{1}
	cp := boxed(n, m, true, func(i, j int) float64 { return u.At(i, j) }, vu, tol)
	cp.e, cp.f = ones(n), []float64{1}
	rows, cols := rp.vertices(), cp.vertices()
	if len(rows) == 0 || len(cols) == 0 {
		return nil, fmt.Errorf("%w: no vertex on an optimal face (%d row, %d column)", ErrCertificate, len(rows), len(cols))
	}
	e := &Enumeration{ZeroSum: true, Complete: true, Method: "vertex-enumeration", Value: v, Lower: math.Inf(1), Upper: math.Inf(-1), Tol: Tol * sa.scale, Bases: bases}
	for _, r := range rows {
		e.Rows = append(e.Rows, normalized(r.z))
	}
	for _, c := range cols {
		e.Cols = append(e.Cols, normalized(c.z))
	}
	neg := mat.DenseCopyOf(a)
	neg.Scale(-1, neg)
	all := Subset{}
	for k, x := range e.Rows {
		all.Rows = append(all.Rows, k)
		for l, y := range e.Cols {
			lower, upper, err := Check(a, x, y)
			if err != nil {
				return nil, fmt.Errorf("extreme strategies %d and %d: %w", k+1, l+1, err)
			}
			e.Lower, e.Upper = min(e.Lower, lower), max(e.Upper, upper)
			e.Equilibria = append(e.Equilibria, equilibrium(a, neg, x, y, k, l))
		}
	}
	for l := range e.Cols {
		all.Cols = append(all.Cols, l)
	}
	e.Subsets = []Subset{all}
	sn, _ := checkGame(neg)
	ps, qs := bestResponsePolytopes(sa.unit, sn.unit)
	e.degenerateVertices(ps, qs, m, n)
	if err := e.finish(a, neg); err != nil {
		return nil, err
	}
	if !e.Degenerate && (len(e.Rows) > 1 || len(e.Cols) > 1) {
		// A nondegenerate game has isolated equilibria: the vertex
		// check above cannot miss this. Kept as a guard on tolerances.
		e.Degenerate = true
		e.Why = "the optimal strategies form a continuum"
	}
	return e, nil
}

// OneZeroSum is Solve's one equilibrium of the zero-sum game a as an
// incomplete Enumeration (Complete false), with its regrets: for a game
// too large to enumerate, in the same shape as the enumerations.
func OneZeroSum(a mat.Matrix) (*Enumeration, error) {
	sa, err := checkGame(a)
	if err != nil {
		return nil, err
	}
	s, err := Solve(a)
	if err != nil {
		return nil, err
	}
	neg := mat.DenseCopyOf(a)
	neg.Scale(-1, neg)
	e := &Enumeration{ZeroSum: true, Method: "lp", Value: s.Value, Lower: s.Lower, Upper: s.Upper, Tol: Tol * sa.scale,
		Rows: [][]float64{s.Row}, Cols: [][]float64{s.Col}, Subsets: []Subset{{Rows: []int{0}, Cols: []int{0}}}}
	e.Equilibria = []Equilibrium{equilibrium(a, neg, s.Row, s.Col, 0, 0)}
	return e, e.finish(a, neg)
}

// AllBimatrix returns every extreme equilibrium of the bimatrix game
// (a, b): the row player receives a_ij, the column player b_ij, each
// maximizing its own (nashpy's Game(A, B), Gambit's strategic game of
// two players). It enumerates the vertices of the best-response
// polytopes P = {x ≥ 0, Bᵀx ≤ 1} and Q = {y ≥ 0, Ay ≤ 1} (the payoffs
// mapped onto [1, 2]) and keeps the completely labelled pairs
// (Avis, Rosenberg, Savani and von Stengel 2010; Gambit's enummixed):
// all extreme equilibria, degenerate games included. Each is verified:
// both regrets at most Tol·max(1, max|a_ij|, max|b_ij|).
func AllBimatrix(a, b mat.Matrix) (*Enumeration, error) {
	m, n := a.Dims()
	sa, sb, err := checkBimatrix(a, b)
	if err != nil {
		return nil, err
	}
	bases, err := checkBases(m, n, m, n)
	if err != nil {
		return nil, err
	}
	ps, qs := bestResponsePolytopes(sa.unit, sb.unit)
	e := &Enumeration{Complete: true, Method: "vertex-enumeration", Tol: Tol * max(sa.scale, sb.scale), Bases: bases}
	e.degenerateVertices(ps, qs, m, n)
	rowOf, colOf := map[int]int{}, map[int]int{}
	for pi, p := range ps {
		if sum(p.z) <= ptol {
			continue // the origin
		}
		for qi, q := range qs {
			if sum(q.z) <= ptol {
				continue
			}
			labelled := true
			for l := range m + n {
				if !p.tight[l] && !q.tight[l] {
					labelled = false
					break
				}
			}
			if !labelled {
				continue
			}
			r, ok := rowOf[pi]
			if !ok {
				r = len(e.Rows)
				rowOf[pi] = r
				e.Rows = append(e.Rows, normalized(p.z))
			}
			c, ok := colOf[qi]
			if !ok {
				c = len(e.Cols)
				colOf[qi] = c
				e.Cols = append(e.Cols, normalized(q.z))
			}
			e.Equilibria = append(e.Equilibria, equilibrium(a, b, e.Rows[r], e.Cols[c], r, c))
		}
	}
	if len(e.Equilibria) == 0 {
		// Every finite game has an equilibrium (Nash 1951): none found
		// means the arithmetic failed, not the game.
		return nil, fmt.Errorf("%w: vertex enumeration found no equilibrium", ErrCertificate)
	}
	e.Subsets = maximalSubsets(e)
	return e, e.finish(a, b)
}

// ptol is the best-response polytopes' tolerance: their right-hand
// sides are 1, their entries >= 1.
const ptol = 1e-9

// bestResponsePolytopes returns the vertices of the best-response
// polytopes of the game whose payoffs on the unit scale are au and bu:
// P = {x ≥ 0, B'ᵀx ≤ 1} (x_i = 0 is label i, (B'ᵀx)_j = 1 label m+j)
// and Q = {y ≥ 0, A'y ≤ 1} ((A'y)_i = 1 is label i, y_j = 0 label
// m+j), A' = au + 1 and B' = bu + 1 (entries in [1, 2]). A vertex's
// tight set is its labels.
func bestResponsePolytopes(au, bu *mat.Dense) (ps, qs []vertex) {
	m, n := au.Dims()
	ps = boxed(m, n, true, func(j, i int) float64 { return bu.At(i, j) + 1 }, 1, ptol).vertices()
	qs = boxed(n, m, false, func(i, j int) float64 { return au.At(i, j) + 1 }, 1, ptol).vertices()
	return ps, qs
}

// boxed returns the polytope {z ∈ R^d : z ≥ 0, Mz ≤ rhs·1} for the k×d
// matrix M (entry(r, c) = M_rc), its rows G = [-I; M], or [M; -I] when
// not zerosFirst: the order of the labels (a tight row's index).
func boxed(d, k int, zerosFirst bool, entry func(r, c int) float64, rhs, tol float64) *polytope {
	g := mat.NewDense(d+k, d, nil)
	h := make([]float64, d+k)
	z, mr := 0, d // the first rows of each block
	if !zerosFirst {
		z, mr = k, 0
	}
	for c := range d {
		g.Set(z+c, c, -1)
	}
	for r := range k {
		for c := range d {
			g.Set(mr+r, c, entry(r, c))
		}
		h[mr+r] = rhs
	}
	return &polytope{g: g, h: h, tol: tol}
}

// degenerateVertices looks for a vertex of P (of Q) other than the
// origin with more than m (n) labels: a strategy with more pure best
// responses than its support. A game is nondegenerate exactly when
// there is none (von Stengel 2002, Handbook of Game Theory 3, ch. 45).
func (e *Enumeration) degenerateVertices(ps, qs []vertex, m, n int) {
	for _, v := range ps {
		if k := count(v.tight); k > m && sum(v.z) > ptol && !e.Degenerate {
			e.degenerate(normalized(v.z), true, k-(m-support(v.z)))
		}
	}
	for _, v := range qs {
		if k := count(v.tight); k > n && sum(v.z) > ptol && !e.Degenerate {
			e.degenerate(normalized(v.z), false, k-(n-support(v.z)))
		}
	}
}

// finish checks every equilibrium's regrets against e.Tol, records the
// largest, and looks for a degenerate extreme strategy (more pure best
// responses than its support) if none was found yet.
func (e *Enumeration) finish(a, b mat.Matrix) error {
	for _, q := range e.Equilibria {
		r := max(q.RegretRow, q.RegretCol)
		if !(r <= e.Tol) {
			return fmt.Errorf("%w: an equilibrium's regret %.3g exceeds %.3g", ErrCertificate, r, e.Tol)
		}
		e.MaxRegret = max(e.MaxRegret, r)
	}
	if e.Degenerate {
		return nil
	}
	for _, x := range e.Rows {
		if k := len(bestResponses(payoffsOf(b, x, nil, true), e.Tol)); k > support(x) {
			e.degenerate(x, true, k)
			return nil
		}
	}
	for _, y := range e.Cols {
		if k := len(bestResponses(payoffsOf(a, nil, y, false), e.Tol)); k > support(y) {
			e.degenerate(y, false, k)
			return nil
		}
	}
	return nil
}

// degenerate records a witness of degeneracy: x, a strategy of the row
// player (row) or the column player, has k pure best responses.
func (e *Enumeration) degenerate(x []float64, row bool, k int) {
	side, other := "column", "row"
	if row {
		side, other = "row", "column"
	}
	e.Degenerate, e.Witness, e.WitnessRow, e.Responses = true, x, row, k
	e.Why = fmt.Sprintf("the %s player has %d pure best responses to the %s strategy %s (support size %d)", other, k, side, short(x), support(x))
}

// Support is how many strategies x plays with probability above 1e-9.
func Support(x []float64) int { return support(x) }

// equilibrium measures the pair (x, y) of the game (a, b).
func equilibrium(a, b mat.Matrix, x, y []float64, r, c int) Equilibrium {
	ay := payoffsOf(a, nil, y, false) // (Ay)_i
	xb := payoffsOf(b, x, nil, true)  // (xᵀB)_j
	q := Equilibrium{Row: r, Col: c}
	for i, v := range ay {
		q.PayoffRow += x[i] * v
	}
	for j, v := range xb {
		q.PayoffCol += y[j] * v
	}
	q.RegretRow = max(0, slices.Max(ay)-q.PayoffRow)
	q.RegretCol = max(0, slices.Max(xb)-q.PayoffCol)
	return q
}

// payoffsOf returns xᵀM (byCol) or My.
func payoffsOf(mm mat.Matrix, x, y []float64, byCol bool) []float64 {
	m, n := mm.Dims()
	if byCol {
		out := make([]float64, n)
		for j := range n {
			for i := range m {
				out[j] += x[i] * mm.At(i, j)
			}
		}
		return out
	}
	out := make([]float64, m)
	for i := range m {
		for j := range n {
			out[i] += mm.At(i, j) * y[j]
		}
	}
	return out
}

// bestResponses returns the indices within tol of the largest payoff.
func bestResponses(p []float64, tol float64) []int {
	best := slices.Max(p)
	var out []int
	for i, v := range p {
		if v >= best-tol {
			out = append(out, i)
		}
	}
	return out
}

// maximalSubsets finds the maximal Nash subsets of e's equilibria: the
// maximal bicliques of the bipartite graph whose edges are the extreme
// equilibria. Each is a closed pair (S, T): T the column strategies
// adjacent to all of S, S the row strategies adjacent to all of T; the
// closed row sets are the intersections of the columns' neighbourhoods,
// closed under intersection here until nothing new appears.
func maximalSubsets(e *Enumeration) []Subset {
	nr, nc := len(e.Rows), len(e.Cols)
	adj := make([][]bool, nc) // adj[c][r]
	for c := range adj {
		adj[c] = make([]bool, nr)
	}
	for _, q := range e.Equilibria {
		adj[q.Col][q.Row] = true
	}
	seen := map[string]bool{}
	var family [][]bool
	add := func(s []bool) {
		if count(s) == 0 {
			return
		}
		if k := tightKey(s); !seen[k] {
			seen[k] = true
			family = append(family, s)
		}
	}
	for c := range nc {
		add(slices.Clone(adj[c]))
	}
	for i := 0; i < len(family); i++ {
		for c := range nc {
			s := make([]bool, nr)
			for r := range nr {
				s[r] = family[i][r] && adj[c][r]
			}
			add(s)
		}
	}
	var out []Subset
	for _, s := range family {
		var sub Subset
		for r := range nr {
			if s[r] {
				sub.Rows = append(sub.Rows, r)
			}
		}
		for c := range nc {
			all := true
			for _, r := range sub.Rows {
				all = all && adj[c][r]
			}
			if all {
				sub.Cols = append(sub.Cols, c)
			}
		}
		out = append(out, sub)
	}
	slices.SortFunc(out, func(x, y Subset) int {
		if c := slices.Compare(x.Rows, y.Rows); c != 0 {
			return c
		}
		return slices.Compare(x.Cols, y.Cols)
	})
	return out
}

func count(s []bool) int {
	k := 0
	for _, b := range s {
		if b {
			k++
		}
	}
	return k
}

func sum(z []float64) float64 {
	s := 0.0
	for _, v := range z {
		s += v
	}
	return s
}

// support counts the strategies played with probability above 1e-9.
func support(x []float64) int {
	k := 0
	for _, v := range x {
		if v > negClamp {
			k++
		}
	}
	return k
}

// normalized returns z/Σz with tiny negatives clamped to 0.
func normalized(z []float64) []float64 {
	s := sum(z)
	out := make([]float64, len(z))
	for i, v := range z {
		out[i] = max(0, v/s)
	}
	return out
}

// short writes a strategy for an explanation: (0.5, 0.5, 0).
func short(x []float64) string {
	var b []byte
	b = append(b, '(')
	for i, v := range x {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = fmt.Appendf(b, "%.4g", v+0)
	}
	return string(append(b, ')'))
}
