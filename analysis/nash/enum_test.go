package nash

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// bestResponseCheck is the tests' oracle for a claimed equilibrium of the
// bimatrix game (a, b), m×n row-major: no pure deviation of either side
// gains more than 1e-9·scale, recomputed from scratch with plain loops.
func bestResponseCheck(t *testing.T, name string, a, b []float64, m, n int, x, y []float64) {
	t.Helper()
	scale := 1.0
	for k := range a {
		scale = max(scale, math.Abs(a[k]), math.Abs(b[k]))
	}
	for _, p := range [][]float64{x, y} {
		s := 0.0
		for _, v := range p {
			if v < 0 {
				t.Errorf("%s: negative probability in %v", name, p)
			}
			s += v
		}
		if math.Abs(s-1) > 1e-9 {
			t.Errorf("%s: %v sums to %v", name, p, s)
		}
	}
	pa, pb := 0.0, 0.0
	for i := range m {
		for j := range n {
			pa += x[i] * y[j] * a[i*n+j]
			pb += x[i] * y[j] * b[i*n+j]
		}
	}
	for i := range m {
		dev := 0.0
		for j := range n {
			dev += y[j] * a[i*n+j]
		}
		if dev > pa+1e-9*scale {
			t.Errorf("%s: (%v, %v): the row player gains %g by row %d", name, x, y, dev-pa, i)
		}
	}
	for j := range n {
		dev := 0.0
		for i := range m {
			dev += x[i] * b[i*n+j]
		}
		if dev > pb+1e-9*scale {
			t.Errorf("%s: (%v, %v): the column player gains %g by column %d", name, x, y, dev-pb, j)
		}
	}
}

func negate(a []float64) []float64 {
	b := make([]float64, len(a))
	for i, v := range a {
		b[i] = -v
	}
	return b
}

// set writes strategies rounded to 6 decimals, sorted, to compare
// enumerations with hand-derived lists in any order.
func set(ss [][]float64) string {
	var out []string
	for _, s := range ss {
		var b strings.Builder
		for i, v := range s {
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "%.6f", v+0)
		}
		out = append(out, b.String())
	}
	slices.Sort(out)
	return strings.Join(out, " | ")
}

func pairs(e *Enumeration) [][]float64 {
	var out [][]float64
	for _, q := range e.Equilibria {
		out = append(out, append(slices.Clone(e.Rows[q.Row]), e.Cols[q.Col]...))
	}
	return out
}

// TestAllZeroSumKnown: zero-sum games whose optimal sets are known by
// hand. Every extreme pair is checked by the brute-force oracle too.
func TestAllZeroSumKnown(t *testing.T) {
	third := 1. / 3
	for _, c := range []struct {
		name       string
		a          []float64
		m, n       int
		value      float64
		rows, cols [][]float64
		degenerate bool
	}{
		{"matching pennies", []float64{1, -1, -1, 1}, 2, 2, 0,
			[][]float64{{.5, .5}}, [][]float64{{.5, .5}}, false},
		{"rock-paper-scissors", []float64{0, -1, 1, 1, 0, -1, -1, 1, 0}, 3, 3, 0,
			[][]float64{{third, third, third}}, [][]float64{{third, third, third}}, false},
		// Rows 3x1+x2+2x3 >= 2 and x1+3x2+2x3 >= 2 force x1 = x2: the
		// segment from (0, 0, 1) to (1/2, 1/2, 0). Columns: 3y1+y2 <= 2
		// and y1+3y2 <= 2 force y = (1/2, 1/2).
		{"a segment of optimal rows", []float64{3, 1, 1, 3, 2, 2}, 3, 2, 2,
			[][]float64{{0, 0, 1}, {.5, .5, 0}}, [][]float64{{.5, .5}}, true},
		// A saddle point shared by two columns: row 1 dominates, the
		// column player is indifferent between columns 1 and 2 and
		// avoids 3: y on the segment between the first two columns.
		{"a segment of optimal columns", []float64{1, 1, 2, 0, 0, -1}, 2, 3, 1,
			[][]float64{{1, 0}}, [][]float64{{1, 0, 0}, {0, 1, 0}}, true},
		// Constant: every strategy is optimal, the extremes are the pure ones.
		{"constant", []float64{4, 4, 4, 4}, 2, 2, 4,
			[][]float64{{1, 0}, {0, 1}}, [][]float64{{1, 0}, {0, 1}}, true},
		{"1×1", []float64{-3}, 1, 1, -3, [][]float64{{1}}, [][]float64{{1}}, false},
		// Matching pennies and a dominated row: the equilibrium is
		// unique, but the game is degenerate away from it (against the
		// pure third row both columns are best responses), which a
		// check of the equilibrium strategies alone would miss.
		{"degenerate off equilibrium", []float64{1, -1, -1, 1, -2, -2}, 3, 2, 0,
			[][]float64{{.5, .5, 0}}, [][]float64{{.5, .5}}, true},
	} {
		e, err := AllZeroSum(mat.NewDense(c.m, c.n, slices.Clone(c.a)))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if math.Abs(e.Value-c.value) > 1e-9 {
			t.Errorf("%s: value %v, want %v", c.name, e.Value, c.value)
		}
		if got, want := set(e.Rows), set(c.rows); got != want {
			t.Errorf("%s: extreme rows %s, want %s", c.name, got, want)
		}
		if got, want := set(e.Cols), set(c.cols); got != want {
			t.Errorf("%s: extreme columns %s, want %s", c.name, got, want)
		}
		if len(e.Equilibria) != len(c.rows)*len(c.cols) || e.Unique() != (len(c.rows)*len(c.cols) == 1) {
			t.Errorf("%s: %d equilibria, unique %v", c.name, len(e.Equilibria), e.Unique())
		}
		if len(e.Subsets) != 1 || len(e.Subsets[0].Rows) != len(c.rows) || len(e.Subsets[0].Cols) != len(c.cols) {
			t.Errorf("%s: subsets %v, want one of everything", c.name, e.Subsets)
		}
		if e.Degenerate != c.degenerate {
			t.Errorf("%s: degenerate %v (%s), want %v", c.name, e.Degenerate, e.Why, c.degenerate)
		}
		for _, q := range e.Equilibria {
			bestResponseCheck(t, c.name, c.a, negate(c.a), c.m, c.n, e.Rows[q.Row], e.Cols[q.Col])
		}
	}
}

// TestAllBimatrixKnown: bimatrix games whose equilibria are known by
// hand.
func TestAllBimatrixKnown(t *testing.T) {
	for _, c := range []struct {
		name       string
		a, b       []float64
		m, n       int
		eq         [][]float64 // each x then y
		subsets    int
		degenerate bool
	}{
		// Battle of the sexes: two pure equilibria and the mixed one,
		// where each side makes the other indifferent: 2x1 = 3x2 and
		// 3y1 = 2y2.
		{"battle of the sexes", []float64{3, 0, 0, 2}, []float64{2, 0, 0, 3}, 2, 2,
			[][]float64{{1, 0, 1, 0}, {0, 1, 0, 1}, {.6, .4, .4, .6}}, 3, false},
		{"matching pennies", []float64{1, -1, -1, 1}, []float64{-1, 1, 1, -1}, 2, 2,
			[][]float64{{.5, .5, .5, .5}}, 1, false},
		// Prisoner's dilemma: defection dominates.
		{"prisoner's dilemma", []float64{3, 0, 5, 1}, []float64{3, 5, 0, 1}, 2, 2,
			[][]float64{{0, 1, 0, 1}}, 1, false},
		// Degenerate: row 1 strictly dominates, and against it the column
		// player is indifferent: x = (1, 0) with any y, a segment whose
		// ends are the two extreme equilibria, one Nash subset.
		{"degenerate", []float64{1, 1, 0, 0}, []float64{1, 1, 0, 0}, 2, 2,
			[][]float64{{1, 0, 1, 0}, {1, 0, 0, 1}}, 1, true},
		// Coordination with a tie for the column player in row 2: the
		// pure (1, 1) and a continuum x = (0, 1) with y2 >= 1/2 (row 2
		// pays 2y2 against row 1's y1... worked out in the comment below).
		// A: rows (2, 0), (0, 1); B: rows (1, 0), (1, 1). Against y the
		// row player compares 2y1 with y2: row 1 iff y1 >= 1/3. Against x
		// the column player gets x1+x2 = 1 from column 1 and x2 from
		// column 2: column 1 always a best response, column 2 only when
		// x = (0, 1). Equilibria: ((1,0),(1,0)); ((0,1), y) with y1 <=
		// 1/3, ends (0,1) and (1/3, 2/3); and ((x1, 1-x1), (1/3, 2/3))
		// needs column 2 a best response, so x1 = 0: already counted.
		{"degenerate with a segment", []float64{2, 0, 0, 1}, []float64{1, 0, 1, 1}, 2, 2,
			[][]float64{{1, 0, 1, 0}, {0, 1, 0, 1}, {0, 1, 1. / 3, 2. / 3}}, 2, true},
	} {
		e, err := AllBimatrix(mat.NewDense(c.m, c.n, slices.Clone(c.a)), mat.NewDense(c.m, c.n, slices.Clone(c.b)))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got, want := set(pairs(e)), set(c.eq); got != want {
			t.Errorf("%s: equilibria\n%s, want\n%s", c.name, got, want)
		}
		if len(e.Subsets) != c.subsets {
			t.Errorf("%s: %d Nash subsets %v, want %d", c.name, len(e.Subsets), e.Subsets, c.subsets)
		}
		if e.Degenerate != c.degenerate {
			t.Errorf("%s: degenerate %v (%s), want %v", c.name, e.Degenerate, e.Why, c.degenerate)
		}
		for _, q := range e.Equilibria {
			bestResponseCheck(t, c.name, c.a, c.b, c.m, c.n, e.Rows[q.Row], e.Cols[q.Col])
		}
	}
}

// TestZeroSumTwoWays: on random small zero-sum games with ties ({-1, 0,
// 1} entries, like NZSC's rounds), the bimatrix enumeration of (A, -A)
// and the optimal faces' vertices must be the same sets (two different
// polytopes), and every pair must pass the oracle.
func TestZeroSumTwoWays(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	games := 300
	if testing.Short() {
		games = 60
	}
	for g := range games {
		m, n := 1+rng.IntN(4), 1+rng.IntN(4)
		a := make([]float64, m*n)
		for k := range a {
			a[k] = float64(rng.IntN(3) - 1)
		}
		name := fmt.Sprintf("game %d %v", g, a)
		z, err := AllZeroSum(mat.NewDense(m, n, slices.Clone(a)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		bi, err := AllBimatrix(mat.NewDense(m, n, slices.Clone(a)), mat.NewDense(m, n, negate(a)))
		if err != nil {
			t.Fatalf("%s: bimatrix: %v", name, err)
		}
		if set(z.Rows) != set(bi.Rows) || set(z.Cols) != set(bi.Cols) || len(bi.Equilibria) != len(z.Equilibria) || len(bi.Subsets) != 1 {
			t.Errorf("%s: faces %s / %s, bimatrix %s / %s (%d subsets)", name, set(z.Rows), set(z.Cols), set(bi.Rows), set(bi.Cols), len(bi.Subsets))
		}
		if (len(z.Equilibria) > 1) && !bi.Degenerate {
			t.Errorf("%s: a continuum of equilibria in a game called nondegenerate", name)
		}
		if z.Degenerate != bi.Degenerate {
			t.Errorf("%s: degenerate %v (%s) as zero-sum, %v (%s) as bimatrix", name, z.Degenerate, z.Why, bi.Degenerate, bi.Why)
		}
		for _, q := range z.Equilibria {
			bestResponseCheck(t, name, a, negate(a), m, n, z.Rows[q.Row], z.Cols[q.Col])
		}
	}
}

// TestNondegenerateOdd: random games with continuous payoffs are
// nondegenerate with probability 1, so each has an odd number of
// isolated equilibria (Lemke–Howson's parity argument), each its own
// Nash subset, every one passing the oracle.
func TestNondegenerateOdd(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for g := range 100 {
		m, n := 2+rng.IntN(4), 2+rng.IntN(4)
		a, b := make([]float64, m*n), make([]float64, m*n)
		for k := range a {
			a[k], b[k] = rng.NormFloat64(), rng.NormFloat64()
		}
		e, err := AllBimatrix(mat.NewDense(m, n, slices.Clone(a)), mat.NewDense(m, n, slices.Clone(b)))
		if err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
		if e.Degenerate || len(e.Equilibria)%2 != 1 || len(e.Subsets) != len(e.Equilibria) {
			t.Errorf("game %d (%d×%d): degenerate %v (%s), %d equilibria, %d subsets", g, m, n, e.Degenerate, e.Why, len(e.Equilibria), len(e.Subsets))
		}
		for _, q := range e.Equilibria {
			bestResponseCheck(t, fmt.Sprint("game ", g), a, b, m, n, e.Rows[q.Row], e.Cols[q.Col])
		}
	}
}

func TestEnumerationBadInput(t *testing.T) {
	var tooLarge *ErrTooLarge
	if _, err := AllBimatrix(mat.NewDense(11, 11, nil), mat.NewDense(11, 11, nil)); !errors.As(err, &tooLarge) {
		t.Errorf("11×11: %v, want ErrTooLarge", err)
	}
	if _, err := AllBimatrix(mat.NewDense(10, 10, nil), mat.NewDense(10, 11, nil)); err == nil || !strings.Contains(err.Error(), "10×11") {
		t.Errorf("shapes: %v", err)
	}
	if _, err := AllZeroSum(mat.NewDense(1, 1, []float64{math.NaN()})); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	if _, err := AllZeroSum(mat.NewDense(12, 12, nil)); !errors.As(err, &tooLarge) {
		t.Errorf("12×12 zero-sum: %v, want ErrTooLarge", err)
	}
}

// TestLemkeHowson: from every label, the path ends at an equilibrium
// the enumeration lists (an independent algorithm: vertex pairs, not
// pivots), which passes the oracle; on nondegenerate random games and
// on degenerate ones (ties in {-1, 0, 1} payoffs), where the
// lexicographic rule must keep it from cycling.
func TestLemkeHowson(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	sexesA, sexesB := []float64{3, 0, 0, 2}, []float64{2, 0, 0, 3}
	type game struct {
		a, b []float64
		m, n int
	}
	games := []game{{sexesA, sexesB, 2, 2}, {[]float64{1, 1, 0, 0}, []float64{1, 1, 0, 0}, 2, 2}}
	for range 60 {
		m, n := 2+rng.IntN(4), 2+rng.IntN(4)
		g := game{make([]float64, m*n), make([]float64, m*n), m, n}
		cont := rng.IntN(2) == 0
		for k := range g.a {
			if cont {
				g.a[k], g.b[k] = rng.NormFloat64(), rng.NormFloat64()
			} else {
				g.a[k], g.b[k] = float64(rng.IntN(3)-1), float64(rng.IntN(3)-1)
			}
		}
		games = append(games, g)
	}
	for gi, g := range games {
		all, err := AllBimatrix(mat.NewDense(g.m, g.n, slices.Clone(g.a)), mat.NewDense(g.m, g.n, slices.Clone(g.b)))
		if err != nil {
			t.Fatal(err)
		}
		for k := range g.m + g.n {
			lh, err := LemkeHowson(mat.NewDense(g.m, g.n, slices.Clone(g.a)), mat.NewDense(g.m, g.n, slices.Clone(g.b)), k)
			if err != nil {
				t.Errorf("game %d label %d: %v", gi, k, err)
				continue
			}
			x, y := lh.Rows[0], lh.Cols[0]
			bestResponseCheck(t, fmt.Sprintf("game %d label %d", gi, k), g.a, g.b, g.m, g.n, x, y)
			if all.Degenerate {
				continue // an equilibrium of a continuum need not be extreme
			}
			found := false
			for _, q := range all.Equilibria {
				found = found || set([][]float64{x, y}) == set([][]float64{all.Rows[q.Row], all.Cols[q.Col]})
			}
			if !found {
				t.Errorf("game %d label %d: (%v, %v) is not among the enumeration's %s", gi, k, x, y, set(pairs(all)))
			}
		}
	}
	// Battle of the sexes, by hand (payoffs shifted by +1): dropping
	// label 0, x = (t, 0) grows until column 0's constraint 3t <= 1
	// binds (label 2 picked up); then y = (u, 0) grows until row 0's 4u
	// <= 1 binds, label 0: the end, (Opera, Opera). Dropping label 2
	// takes the same two steps in the other order.
	for _, k := range []int{0, 2} {
		lh, _ := LemkeHowson(mat.NewDense(2, 2, slices.Clone(sexesA)), mat.NewDense(2, 2, slices.Clone(sexesB)), k)
		if got := set([][]float64{lh.Rows[0], lh.Cols[0]}); got != set([][]float64{{1, 0}, {1, 0}}) {
			t.Errorf("battle of the sexes, label %d: %s", k, got)
		}
	}
	if _, err := LemkeHowson(mat.NewDense(2, 2, sexesA), mat.NewDense(2, 2, sexesB), 4); err == nil {
		t.Error("label 4 of a 2×2 game accepted")
	}
}

// FuzzEnumeration: on any small game with few distinct payoffs (ties
// make degenerate games), the enumeration succeeds, every equilibrium
// passes the oracle, a nondegenerate game has an odd number of them,
// and Lemke–Howson from label 0 ends at a verified equilibrium that, in
// a nondegenerate game, the enumeration lists.
func FuzzEnumeration(f *testing.F) {
	f.Add([]byte{1, 1, 3, 0, 0, 2, 2, 0, 0, 3})
	f.Add([]byte{2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	f.Add([]byte{3, 0, 5, 250, 17, 3, 3, 9})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		m, n := 1+int(data[0])%4, 1+int(data[1])%4
		data = data[2:]
		a, b := make([]float64, m*n), make([]float64, m*n)
		for k := range a {
			if 2*k+1 < len(data) {
				a[k], b[k] = float64(int(data[2*k])%5-2), float64(int(data[2*k+1])%5-2)
			}
		}
		e, err := AllBimatrix(mat.NewDense(m, n, slices.Clone(a)), mat.NewDense(m, n, slices.Clone(b)))
		if err != nil {
			t.Fatalf("%d×%d %v %v: %v", m, n, a, b, err)
		}
		for _, q := range e.Equilibria {
			bestResponseCheck(t, "fuzz", a, b, m, n, e.Rows[q.Row], e.Cols[q.Col])
		}
		if !e.Degenerate && len(e.Equilibria)%2 != 1 {
			t.Errorf("%v %v: nondegenerate with %d equilibria", a, b, len(e.Equilibria))
		}
		lh, err := LemkeHowson(mat.NewDense(m, n, slices.Clone(a)), mat.NewDense(m, n, slices.Clone(b)), 0)
		if err != nil {
			t.Fatalf("%v %v: Lemke–Howson: %v", a, b, err)
		}
		bestResponseCheck(t, "fuzz Lemke–Howson", a, b, m, n, lh.Rows[0], lh.Cols[0])
		if !e.Degenerate && !strings.Contains(set(pairs(e)), set([][]float64{slices.Concat(lh.Rows[0], lh.Cols[0])})) {
			t.Errorf("%v %v: Lemke–Howson's %v not among %s", a, b, pairs(lh), set(pairs(e)))
		}
	})
}

// TestScaleInvariance: a positive affine map of a player's payoffs
// changes no equilibrium, so every enumeration must list the same
// strategies for the games above blown up to payoffs of 1e7 and moved
// by 1e9 (tolerances on the raw scale took x_i = 0.01 for zero).
func TestScaleInvariance(t *testing.T) {
	blow := func(a []float64, k, c float64) []float64 {
		out := make([]float64, len(a))
		for i, v := range a {
			out[i] = k*v + c
		}
		return out
	}
	seg := []float64{3, 1, 1, 3, 2, 2}
	z1, err1 := AllZeroSum(mat.NewDense(3, 2, slices.Clone(seg)))
	z2, err2 := AllZeroSum(mat.NewDense(3, 2, blow(seg, 1e7, 1e9)))
	if err1 != nil || err2 != nil {
		t.Fatalf("zero-sum: %v, %v", err1, err2)
	}
	if set(z1.Rows) != set(z2.Rows) || set(z1.Cols) != set(z2.Cols) {
		t.Errorf("zero-sum: %s / %s against %s / %s", set(z1.Rows), set(z1.Cols), set(z2.Rows), set(z2.Cols))
	}
	a, b := []float64{2, 0, 0, 1}, []float64{1, 0, 1, 1}
	e1, err1 := AllBimatrix(mat.NewDense(2, 2, slices.Clone(a)), mat.NewDense(2, 2, slices.Clone(b)))
	e2, err2 := AllBimatrix(mat.NewDense(2, 2, blow(a, 1e7, 1e9)), mat.NewDense(2, 2, blow(b, 3e6, -1e9)))
	if err1 != nil || err2 != nil {
		t.Fatalf("bimatrix: %v, %v", err1, err2)
	}
	if set(pairs(e1)) != set(pairs(e2)) || e1.Degenerate != e2.Degenerate {
		t.Errorf("bimatrix: %s against %s", set(pairs(e1)), set(pairs(e2)))
	}
	for k := range 4 {
		l1, err1 := LemkeHowson(mat.NewDense(2, 2, slices.Clone(a)), mat.NewDense(2, 2, slices.Clone(b)), k)
		l2, err2 := LemkeHowson(mat.NewDense(2, 2, blow(a, 1e7, 1e9)), mat.NewDense(2, 2, blow(b, 3e6, -1e9)), k)
		if err1 != nil || err2 != nil {
			t.Errorf("Lemke–Howson %d: %v, %v", k, err1, err2)
		} else if set(pairs(l1)) != set(pairs(l2)) {
			t.Errorf("Lemke–Howson %d: %s against %s", k, set(pairs(l1)), set(pairs(l2)))
		}
	}
	if _, err := AllZeroSum(mat.NewDense(1, 2, []float64{1e101, 0})); !errors.Is(err, ErrRange) {
		t.Errorf("1e101: %v, want ErrRange", err)
	}
}
