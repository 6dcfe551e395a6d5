package nash

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// This file makes the float enumerations' equilibria exact (Exact):
// Gambit's enummixed and lcp print 1/3 for a rational game, computed in
// rational arithmetic. Rather than a second solver, each floating-point
// extreme strategy found by AllZeroSum, OneZeroSum, AllBimatrix or
// LemkeHowson is taken as a guide to its vertex: its support and the
// other side's pure best responses to it (its tight constraints) are
// read off with a tolerance, the equalities they make are solved in
// math/big.Rat, and the pair is then verified exactly.

// MaxDigits is the most characters a payoff may have for its exact
// value (a fraction's numerator and denominator each): more is a
// mistake or an attempt to make rational arithmetic crawl, and the
// enumerations refuse payoffs beyond ±1e100 anyway.
const MaxDigits = 400

// maxExponent bounds a decimal's exponent read exactly: 1e-99999 is 0 as
// a float64 but a 99 999-digit denominator as a rational.
const maxExponent = 400

// isFraction reports whether s is a fraction of two decimal integers,
// "-1/3": big.Rat.SetString would also read 010/3 as octal 8/3 and
// 0x10/3 as 16/3, which no CSV author means.
func isFraction(s string) bool {
	num, den, ok := strings.Cut(s, "/")
	num = strings.TrimPrefix(strings.TrimPrefix(num, "-"), "+")
	return ok && digits(num) && digits(den)
}

// digits reports whether s is one or more ASCII digits.
func digits(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// parseFraction returns the fraction s, which isFraction accepted.
func parseFraction(s string) (*big.Rat, error) {
	num, den, _ := strings.Cut(s, "/")
	if len(num) > MaxDigits || len(den) > MaxDigits {
		return nil, fmt.Errorf("%s has more than %d digits", cellText(s), MaxDigits)
	}
	var p, q big.Int
	p.SetString(num, 10)
	q.SetString(den, 10)
	if q.Sign() == 0 {
		return nil, fmt.Errorf("%q is a fraction with a zero denominator", s)
	}
	return new(big.Rat).SetFrac(&p, &q), nil
}

// cellText quotes a cell for an error, cut short when long: a number
// of 10 000 digits would otherwise fill the screen.
func cellText(s string) string {
	if len(s) <= 40 {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%q… (%d characters)", s[:30], len(s))
}

// parseCell reads a payoff: a fraction of decimal integers or a finite
// number strconv.ParseFloat reads.
func parseCell(s string) (float64, error) {
	if isFraction(s) {
		r, err := parseFraction(s)
		if err != nil {
			return 0, err
		}
		v, _ := r.Float64()
		if math.IsInf(v, 0) {
			return 0, fmt.Errorf("%s is not a finite number", cellText(s))
		}
		return v, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%s is not a finite number", cellText(s))
	}
	return v, nil
}

// parseExact reads a payoff exactly: a fraction of decimal integers, or
// a decimal with an optional exponent (0.25, -3, 1e-3).
func parseExact(s string) (*big.Rat, error) {
	if isFraction(s) {
		return parseFraction(s)
	}
	body := strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	mant, exp, hasExp := strings.Cut(strings.ToLower(body), "e")
	ip, fp, _ := strings.Cut(mant, ".")
	ok := (digits(ip) || ip == "") && (digits(fp) || fp == "") && ip+fp != ""
	e := 0
	if hasExp {
		sign := strings.TrimPrefix(strings.TrimPrefix(exp, "-"), "+")
		ok = ok && digits(sign)
		if ok {
			// Atoi's range error still means a huge exponent.
			if e, _ = strconv.Atoi(exp); len(sign) > 9 {
				e = math.MaxInt32
			}
		}
	}
	if !ok {
		return nil, fmt.Errorf("%s is not a decimal number or a fraction of integers, which is what exact arithmetic reads (0.25, -3, 1e-3, 1/3)", cellText(s))
	}
	if e < -maxExponent || e > maxExponent {
		return nil, fmt.Errorf("%s has an exponent beyond ±%d, too large for exact arithmetic", cellText(s), maxExponent)
	}
	if len(s) > MaxDigits {
		return nil, fmt.Errorf("%s has more than %d digits", cellText(s), MaxDigits)
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return nil, fmt.Errorf("%q is not a number", s)
	}
	return r, nil
}

// Rationals returns l's payoffs exactly as written in its file: a
// decimal is its exact value (0.1 is 1/10), a fraction itself. Cells
// that only strconv.ParseFloat reads (0x1p-2, hexadecimal) are refused,
// and so are numbers of more than MaxDigits characters or with an
// exponent beyond ±400.
func (l *Labeled) Rationals() ([][]*big.Rat, error) {
	out := make([][]*big.Rat, len(l.Cells))
	for i, rec := range l.Cells {
		out[i] = make([]*big.Rat, len(rec))
		for j, c := range rec {
			r, err := parseExact(c)
			if err != nil {
				return nil, fmt.Errorf("row %s, column %s: %w", l.Rows[i], l.Cols[j], err)
			}
			out[i][j] = r
		}
	}
	return out, nil
}

// RationalsOf returns a's entries as rationals, each the exact value of
// its float64 (integers and halves stay themselves; 0.1 does not).
func RationalsOf(a mat.Matrix) [][]*big.Rat {
	m, n := a.Dims()
	out := make([][]*big.Rat, m)
	for i := range m {
		out[i] = make([]*big.Rat, n)
		for j := range n {
			out[i][j] = new(big.Rat).SetFloat64(a.At(i, j))
		}
	}
	return out
}

// Rational is an Enumeration made exact: the same extreme strategies
// and equilibria, in the same order, in rational arithmetic, each
// verified exactly, or the reason it could not be.
type Rational struct {
	// Rows[k] and Cols[l] are the exact Enumeration.Rows[k] and
	// Cols[l]; nil when RowErr[k] (ColErr[l]) says why not.
	Rows, Cols     [][]*big.Rat
	RowErr, ColErr []error
	// Equilibria are the Enumeration's, in its order.
	Equilibria []RationalEquilibrium
	// Value is a zero-sum game's exact value (the row player's): of a
	// game Exact was given no b for, or e.ZeroSum; nil for a bimatrix
	// game or when no equilibrium was made exact.
	Value *big.Rat
	// Inexact is how many equilibria could not be made exact.
	Inexact int
	// Replaced, when not nil, says why the LP's float equilibrium (of
	// OneZeroSum, Method "lp") could not be made exact; the equilibrium
	// listed is then the exact simplex's, solved again in rational
	// arithmetic, and verified like any other.
	Replaced error
}

// RationalEquilibrium is one exact extreme equilibrium, Rows[Row]
// against Cols[Col]: probabilities >= 0 summing to 1, and no pure
// deviation of either side gains anything, checked in rational
// arithmetic. When Err is not nil the float equilibrium could not be
// made exact and the payoffs are nil.
type RationalEquilibrium struct {
	Row, Col int
	// PayoffRow = xᵀAy and PayoffCol = xᵀBy, exactly.
	PayoffRow, PayoffCol *big.Rat
	Err                  error
}

// ErrInexact: a float equilibrium could not be made exact.
var ErrInexact = errors.New("nash: not made exact")

// Exact makes e, an enumeration of the game with the row player's
// payoffs a and the column player's b (nil: zero-sum, -a), exact. For
// each extreme strategy, say the row player's x̃, it reads off its
// support S = {i : x̃_i > t} and the column player's pure best responses
// T to it (within t of the best, relative to the payoffs' range), and
// solves x_i = 0 (i ∉ S), Σx = 1, (xᵀB)_j = w (j ∈ T) for x and w in
// rational arithmetic. x̃ is a vertex (of a best-response polytope, or
// of an LP optimal face), so these equalities have exactly one solution
// when the labels are read right; t is tried at 1e-9, 1e-6 and 1e-12,
// and the solution must be a probability vector within 1e-6 of x̃. (A
// point that is not a vertex, such as a constant game's uniform
// strategy, leaves unknowns free: each is the simplest fraction within
// 1e-9 of its float value.) Each equilibrium is then verified by
// VerifyExact. A failure is recorded in the strategy's and the
// equilibrium's Err, never dropped; the error returned is for a game
// whose shape does not match e's. When the one equilibrium of
// OneZeroSum cannot be made exact, the game is solved again by the exact
// simplex, and Replaced says why.
func Exact(e *Enumeration, a, b [][]*big.Rat) (*Rational, error) {
	m := len(a)
	if m == 0 || len(a[0]) == 0 {
		return nil, ErrEmpty
	}
	n := len(a[0])
	zeroSum := b == nil || e.ZeroSum
	if b == nil {
		b = make([][]*big.Rat, m)
		for i := range m {
			b[i] = make([]*big.Rat, n)
			for j := range n {
				b[i][j] = new(big.Rat).Neg(a[i][j])
			}
		}
	}
	if len(b) != m {
		return nil, fmt.Errorf("nash: the column player's matrix has %d rows, the row player's %d", len(b), m)
	}
	for i := range m {
		if len(a[i]) != n || len(b[i]) != n {
			return nil, fmt.Errorf("nash: row %d of the payoffs has %d and %d entries, not %d", i+1, len(a[i]), len(b[i]), n)
		}
	}
	for _, x := range e.Rows {
		if len(x) != m {
			return nil, fmt.Errorf("nash: a row strategy of %d entries for a game of %d rows", len(x), m)
		}
	}
	for _, y := range e.Cols {
		if len(y) != n {
			return nil, fmt.Errorf("nash: a column strategy of %d entries for a game of %d columns", len(y), n)
		}
	}
	at := transpose(a)
	r := &Rational{Rows: make([][]*big.Rat, len(e.Rows)), Cols: make([][]*big.Rat, len(e.Cols)),
		RowErr: make([]error, len(e.Rows)), ColErr: make([]error, len(e.Cols))}
	// The row player's x is pinned by the column player's payoffs
	// against it, and y by the row player's against it.
	for k, x := range e.Rows {
		r.Rows[k], r.RowErr[k] = vertexOf(b, x)
	}
	for l, y := range e.Cols {
		r.Cols[l], r.ColErr[l] = vertexOf(at, y)
	}
	for _, q := range e.Equilibria {
		eq := RationalEquilibrium{Row: q.Row, Col: q.Col}
		switch {
		case r.RowErr[q.Row] != nil:
			eq.Err = fmt.Errorf("%w: its row strategy: %v", ErrInexact, r.RowErr[q.Row])
		case r.ColErr[q.Col] != nil:
			eq.Err = fmt.Errorf("%w: its column strategy: %v", ErrInexact, r.ColErr[q.Col])
		default:
			eq.PayoffRow, eq.PayoffCol, eq.Err = VerifyExact(a, b, r.Rows[q.Row], r.Cols[q.Col])
		}
		if eq.Err != nil {
			r.Inexact++
		} else if zeroSum {
			if r.Value == nil {
				r.Value = eq.PayoffRow
			} else if r.Value.Cmp(eq.PayoffRow) != 0 {
				// Impossible for exact equilibria of a zero-sum game
				// (they share its value): a bug, said rather than hidden.
				eq.Err = fmt.Errorf("%w: its payoff %s differs from another equilibrium's %s", ErrInexact, eq.PayoffRow.RatString(), r.Value.RatString())
				r.Inexact++
			}
		}
		r.Equilibria = append(r.Equilibria, eq)
	}
	if r.Inexact > 0 && zeroSum && e.Method == "lp" && len(r.Equilibria) == 1 {
		// The LP's answer is one equilibrium of many possible: a
		// near-tied game's float one may be an equilibrium only within
		// the tolerance. The exact simplex (Bland's rule in big.Rat,
		// the float solver's last resort) finds a true one.
		if x, y, err := simplexRat(a); err == nil {
			if pr, pc, err := VerifyExact(a, b, x, y); err == nil {
				r.Replaced = r.Equilibria[0].Err
				r.Rows[0], r.Cols[0], r.RowErr[0], r.ColErr[0] = x, y, nil, nil
				r.Equilibria[0] = RationalEquilibrium{PayoffRow: pr, PayoffCol: pc}
				r.Value, r.Inexact = pr, 0
			}
		}
	}
	return r, nil
}

// VerifyExact checks that (x, y) is an equilibrium of the game (a, b)
// in rational arithmetic: both are probability vectors (entries >= 0,
// summing to exactly 1) and no pure strategy pays either side more than
// the pair does, max_i (Ay)_i ≤ xᵀAy and max_j (xᵀB)_j ≤ xᵀBy. It
// returns the pair's payoffs xᵀAy and xᵀBy.
func VerifyExact(a, b [][]*big.Rat, x, y []*big.Rat) (payRow, payCol *big.Rat, err error) {
	if len(a) != len(x) || len(b) != len(x) || len(x) == 0 {
		return nil, nil, fmt.Errorf("nash: a row strategy of %d entries for payoffs of %d and %d rows", len(x), len(a), len(b))
	}
	for i := range a {
		if len(a[i]) != len(y) || len(b[i]) != len(y) {
			return nil, nil, fmt.Errorf("nash: a column strategy of %d entries for payoffs of %d and %d columns", len(y), len(a[i]), len(b[i]))
		}
	}
	if err := probabilityExact("row", x); err != nil {
		return nil, nil, err
	}
	if err := probabilityExact("column", y); err != nil {
		return nil, nil, err
	}
	// In integers: with x = X/dx and y = Y/dy over common denominators,
	// and A = Â/l, (Ay)_i·l·dy = (ÂY)_i and xᵀAy·l·dy·dx = Xᵀ(ÂY).
	// Comparing those takes no gcd, which summing big.Rats takes at
	// every step (2.7 s of 3.7 on a 100×100 game of fractions).
	xi, dx := overCommon(x)
	yi, dy := overCommon(y)
	payRow, k, gain := deviation(a, xi, dx, yi, dy, false)
	if k >= 0 {
		return nil, nil, &DeviationError{Row: true, Strategy: k, Gain: gain}
	}
	payCol, k, gain = deviation(b, yi, dy, xi, dx, true)
	if k >= 0 {
		return nil, nil, &DeviationError{Strategy: k, Gain: gain}
	}
	return payRow, payCol, nil
}

// DeviationError is VerifyExact's answer for a pair that is not an
// equilibrium: a pure strategy of one side pays it more. It wraps
// ErrInexact.
type DeviationError struct {
	// Row: the row player deviates (else the column player), to its
	// pure strategy Strategy (from 0), and gains Gain > 0.
	Row      bool
	Strategy int
	Gain     *big.Rat
}

func (e *DeviationError) Error() string {
	side := "column"
	if e.Row {
		side = "row"
	}
	return fmt.Sprintf("%v: the %s player gains %s by its pure strategy %d", ErrInexact, side, e.Gain.RatString(), e.Strategy+1)
}

// Unwrap returns ErrInexact.
func (e *DeviationError) Unwrap() error { return ErrInexact }

// overCommon writes p as integers over their least common denominator.
func overCommon(p []*big.Rat) ([]big.Int, *big.Int) {
	d := big.NewInt(1)
	var g, t big.Int
	for _, v := range p {
		g.GCD(nil, nil, d, v.Denom())
		d.Mul(d, t.Quo(v.Denom(), &g))
	}
	out := make([]big.Int, len(p))
	for k, v := range p {
		out[k].Mul(v.Num(), t.Quo(d, v.Denom()))
	}
	return out, d
}

// deviation returns the payoff of a pair under g, this side's strategy
// mine/dm (the rows' unless col) against the other's theirs/dt, and the
// first pure strategy of this side that pays it more, with its gain
// (-1 and nil when none does).
func deviation(g [][]*big.Rat, mine []big.Int, dm *big.Int, theirs []big.Int, dt *big.Int, col bool) (*big.Rat, int, *big.Rat) {
	var flat []*big.Rat
	for _, row := range g {
		flat = append(flat, row...)
	}
	gi, l := overCommon(flat)
	n := len(g[0])
	at := func(k, o int) *big.Int { // G(this side's k, the other's o)
		if col {
			return &gi[o*n+k]
		}
		return &gi[k*n+o]
	}
	// pays[k] = payoff of pure k against theirs, times l·dt.
	pays := make([]big.Int, len(mine))
	var t, tot big.Int
	for k := range mine {
		for o := range theirs {
			if theirs[o].Sign() != 0 {
				pays[k].Add(&pays[k], t.Mul(at(k, o), &theirs[o]))
			}
		}
		tot.Add(&tot, t.Mul(&mine[k], &pays[k]))
	}
	den := new(big.Int).Mul(l, dt)
	den.Mul(den, dm)
	for k := range mine {
		if t.Mul(&pays[k], dm).Cmp(&tot) > 0 {
			return nil, k, new(big.Rat).SetFrac(t.Sub(&t, &tot), den)
		}
	}
	return new(big.Rat).SetFrac(&tot, den), -1, nil
}

// probabilityExact refuses a vector with a negative entry or whose sum
// is not exactly 1.
func probabilityExact(side string, p []*big.Rat) error {
	var s big.Rat
	for i, v := range p {
		if v.Sign() < 0 {
			return fmt.Errorf("%w: the %s strategy's entry %d is negative, %s", ErrInexact, side, i+1, v.RatString())
		}
		s.Add(&s, v)
	}
	if s.Cmp(big.NewRat(1, 1)) != 0 {
		return fmt.Errorf("%w: the %s strategy sums to %s, not 1", ErrInexact, side, s.RatString())
	}
	return nil
}

// vertexTols are the tolerances vertexOf reads labels with: the
// enumerations' own first, then a looser one (a label missed), then a
// tighter one (a near-tie taken for a tie).
var vertexTols = [...]float64{1e-9, 1e-6, 1e-12}

// vertexOf returns the exact strategy near xt (over p's rows) that the
// opponent's payoffs p pin down (p[k][l]: the opponent's payoff when
// this side plays k and the opponent l), as Exact describes.
func vertexOf(p [][]*big.Rat, xt []float64) ([]*big.Rat, error) {
	d, n := len(p), len(p[0])
	pf := make([][]float64, d)
	lo, hi := math.Inf(1), math.Inf(-1)
	for k := range d {
		pf[k] = make([]float64, n)
		for l := range n {
			pf[k][l], _ = p[k][l].Float64()
			lo, hi = min(lo, pf[k][l]), max(hi, pf[k][l])
		}
	}
	span := max(hi-lo, math.SmallestNonzeroFloat64)
	pay := make([]float64, n)
	for l := range n {
		for k := range d {
			pay[l] += xt[k] * pf[k][l]
		}
	}
	best := math.Inf(-1)
	for _, v := range pay {
		best = max(best, v)
	}
	why := "no tolerance gave a single solution"
	for _, t := range vertexTols {
		var sup, tight []int
		for k, v := range xt {
			if v > t {
				sup = append(sup, k)
			}
		}
		for l, v := range pay {
			if v >= best-t*span {
				tight = append(tight, l)
			}
		}
		// Unknowns: x_k for k in sup, then w. Rows: (xᵀP)_l - w = 0
		// for l in tight, then Σx = 1.
		nv := len(sup) + 1
		sys := make([][]big.Rat, 0, len(tight)+1)
		for _, l := range tight {
			row := make([]big.Rat, nv+1)
			for c, k := range sup {
				row[c].Set(p[k][l])
			}
			row[nv-1].SetInt64(-1)
			sys = append(sys, row)
		}
		row := make([]big.Rat, nv+1)
		for c := range sup {
			row[c].SetInt64(1)
		}
		row[nv].SetInt64(1)
		sys = append(sys, row)
		guess := make([]float64, nv)
		for c, k := range sup {
			guess[c] = xt[k]
		}
		guess[nv-1] = best
		sol, status := solveLinear(sys, guess)
		if status != "" {
			why = fmt.Sprintf("with support %d and %d best responses of the other side, its equalities %s", len(sup), len(tight), status)
			continue
		}
		x := make([]*big.Rat, d)
		for k := range x {
			x[k] = new(big.Rat)
		}
		ok := true
		for c, k := range sup {
			x[k].Set(&sol[c])
			f, _ := x[k].Float64()
			ok = ok && x[k].Sign() >= 0 && math.Abs(f-xt[k]) <= 1e-6
		}
		if !ok {
			why = "the solution of its equalities is not a probability vector near it"
			continue
		}
		return x, nil
	}
	return nil, fmt.Errorf("%s (%s)", why, short(xt))
}

// solveLinear solves the augmented system rows (each len(guess)
// coefficients and a right-hand side) by Gauss–Jordan elimination in
// rational arithmetic. It returns the solution and "", or "are
// inconsistent". When the equalities leave unknowns free (the float
// point was not a vertex: a constant game's uniform strategies), each
// free unknown is the simplest fraction within 1e-9 of its guess and the
// others follow; Exact's checks decide whether that is an equilibrium.
// rows is overwritten.
func solveLinear(rows [][]big.Rat, guess []float64) ([]big.Rat, string) {
	nv := len(guess)
	// Fraction-free (Bareiss) elimination over the integers, each row
	// times the lcm of its denominators: every entry stays a minor of
	// the system (Sylvester's identity makes each division exact), and
	// no operation takes a gcd as big.Rat's do. A random 100×100 game of
	// fractions took 17 s with Gauss–Jordan in big.Rat.
	m := make([][]big.Int, len(rows))
	var l, g, t big.Int
	for i, row := range rows {
		l.SetInt64(1)
		for j := range row {
			d := row[j].Denom() // row[j]'s own: not to be written
			g.GCD(nil, nil, &l, d)
			l.Mul(&l, t.Quo(d, &g))
		}
		m[i] = make([]big.Int, nv+1)
		for j := range row {
			m[i][j].Mul(row[j].Num(), t.Quo(&l, row[j].Denom()))
		}
	}
	prev := big.NewInt(1)
	r := 0
	pivots := make([]int, 0, nv)
	for c := 0; c < nv && r < len(m); c++ {
		p := -1
		for i := r; i < len(m); i++ {
			if m[i][c].Sign() != 0 {
				p = i
				break
			}
		}
		if p < 0 {
			continue // a free unknown: its column is 0 from row r down
		}
		m[r], m[p] = m[p], m[r]
		piv := &m[r][c]
		for i := r + 1; i < len(m); i++ {
			for j := c + 1; j <= nv; j++ {
				// m_ij = (m_rc·m_ij - m_ic·m_rj) / the previous pivot.
				m[i][j].Mul(&m[i][j], piv)
				if m[i][c].Sign() != 0 {
					t.Mul(&m[i][c], &m[r][j])
					m[i][j].Sub(&m[i][j], &t)
				}
				m[i][j].Quo(&m[i][j], prev)
			}
			m[i][c].SetInt64(0)
		}
		prev = piv
		pivots = append(pivots, c)
		r++
	}
	// Rows r on have no coefficient left: a right-hand side there is a
	// contradiction.
	for i := r; i < len(m); i++ {
		if m[i][nv].Sign() != 0 {
			return nil, "are inconsistent"
		}
	}
	sol := make([]big.Rat, nv)
	if len(pivots) == nv {
		// A vertex: the pivot rows are a square system whose
		// determinant is the last pivot, so by Cramer's rule z = det·x
		// is integral and z_c = (det·rhs - Σ_{j>c} m_cj z_j) / m_cc
		// divides exactly: no gcd until the last step.
		det := prev
		z := make([]big.Int, nv)
		for c := nv - 1; c >= 0; c-- {
			row := m[c]
			z[c].Mul(det, &row[nv])
			for j := c + 1; j < nv; j++ {
				if row[j].Sign() != 0 {
					z[c].Sub(&z[c], t.Mul(&row[j], &z[j]))
				}
			}
			z[c].Quo(&z[c], &row[c])
			sol[c].SetFrac(&z[c], det)
		}
		return sol, ""
	}
	pivot := make([]bool, nv)
	for _, c := range pivots {
		pivot[c] = true
	}
	for c := range nv {
		if !pivot[c] {
			sol[c].Set(simplest(guess[c], 1e-9))
		}
	}
	// Back substitution: x_c = (rhs - Σ_{j>c} m_ij x_j) / m_ic.
	var acc, term big.Rat
	for k := len(pivots) - 1; k >= 0; k-- {
		c, row := pivots[k], m[k]
		acc.SetInt(&row[nv])
		for j := c + 1; j < nv; j++ {
			if row[j].Sign() != 0 {
				term.SetInt(&row[j])
				acc.Sub(&acc, term.Mul(&term, &sol[j]))
			}
		}
		sol[c].Quo(&acc, term.SetInt(&row[c]))
	}
	return sol, ""
}

// simplest returns the fraction with the smallest denominator within
// tol of f, from f's continued fraction; f's exact binary value when
// none has a denominator up to 1e8 (or |f| > 1e9: int64 convergents).
func simplest(f, tol float64) *big.Rat {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return new(big.Rat)
	}
	if math.Abs(f) > 1e9 {
		return new(big.Rat).SetFloat64(f)
	}
	// Convergents h/k of f = a0 + 1/(a1 + 1/(a2 + ...)).
	h0, h1 := int64(1), int64(math.Floor(f))
	k0, k1 := int64(0), int64(1)
	r := f - math.Floor(f)
	for {
		if math.Abs(float64(h1)/float64(k1)-f) <= tol {
			return big.NewRat(h1, k1)
		}
		if r == 0 {
			break
		}
		r = 1 / r
		a := math.Floor(r)
		r -= a
		if a*float64(k1)+float64(k0) > 1e8 {
			break
		}
		h0, h1 = h1, int64(a)*h1+h0
		k0, k1 = k1, int64(a)*k1+k0
	}
	return new(big.Rat).SetFloat64(f)
}

func transpose(a [][]*big.Rat) [][]*big.Rat {
	m, n := len(a), len(a[0])
	out := make([][]*big.Rat, n)
	for j := range n {
		out[j] = make([]*big.Rat, m)
		for i := range m {
			out[j][i] = a[i][j]
		}
	}
	return out
}
