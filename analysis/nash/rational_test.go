package nash

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// rats parses a row-major m×n matrix of fractions written by hand.
func rats(t *testing.T, m, n int, cells ...string) [][]*big.Rat {
	t.Helper()
	if len(cells) != m*n {
		t.Fatalf("%d cells for %d×%d", len(cells), m, n)
	}
	out := make([][]*big.Rat, m)
	for i := range m {
		for j := range n {
			r, ok := new(big.Rat).SetString(cells[i*n+j])
			if !ok {
				t.Fatalf("cell %q", cells[i*n+j])
			}
			out[i] = append(out[i], r)
		}
	}
	return out
}

// floats is a rational matrix rounded for the float enumerations.
func floats(a [][]*big.Rat) *mat.Dense {
	d := mat.NewDense(len(a), len(a[0]), nil)
	for i, row := range a {
		for j, v := range row {
			f, _ := v.Float64()
			d.Set(i, j, f)
		}
	}
	return d
}

// ratText writes a strategy as "1/3 1/3 1/3".
func ratText(p []*big.Rat) string {
	var s []string
	for _, v := range p {
		s = append(s, v.RatString())
	}
	return strings.Join(s, " ")
}

// exactPairs lists the exact equilibria as "x | y | payRow, payCol",
// sorted: the tests' answers, compared with hand-solved sets.
func exactPairs(t *testing.T, r *Rational) []string {
	t.Helper()
	var out []string
	for k, q := range r.Equilibria {
		if q.Err != nil {
			t.Errorf("equilibrium %d not exact: %v", k+1, q.Err)
			continue
		}
		out = append(out, fmt.Sprintf("%s | %s | %s, %s", ratText(r.Rows[q.Row]), ratText(r.Cols[q.Col]), q.PayoffRow.RatString(), q.PayoffCol.RatString()))
	}
	slices.Sort(out)
	return out
}

// bruteForceEquilibrium is the tests' oracle, independent of
// VerifyExact: x and y are probability vectors, and every pure strategy
// of each side, paired with the other's mixed one, pays at most what the
// pair pays, each sum written out in full in rational arithmetic.
func bruteForceEquilibrium(a, b [][]*big.Rat, x, y []*big.Rat) error {
	one := big.NewRat(1, 1)
	for _, p := range [][]*big.Rat{x, y} {
		s := new(big.Rat)
		for _, v := range p {
			if v.Sign() < 0 {
				return fmt.Errorf("negative probability %s", v.RatString())
			}
			s.Add(s, v)
		}
		if s.Cmp(one) != 0 {
			return fmt.Errorf("probabilities sum to %s", s.RatString())
		}
	}
	m, n := len(x), len(y)
	pay := func(g [][]*big.Rat, xs, ys []*big.Rat) *big.Rat {
		s := new(big.Rat)
		for i := range m {
			for j := range n {
				s.Add(s, new(big.Rat).Mul(new(big.Rat).Mul(xs[i], ys[j]), g[i][j]))
			}
		}
		return s
	}
	pure := func(d, k int) []*big.Rat {
		e := make([]*big.Rat, d)
		for i := range e {
			e[i] = new(big.Rat)
		}
		e[k].SetInt64(1)
		return e
	}
	pa, pb := pay(a, x, y), pay(b, x, y)
	for i := range m {
		if pay(a, pure(m, i), y).Cmp(pa) > 0 {
			return fmt.Errorf("row %d is a better reply", i+1)
		}
	}
	for j := range n {
		if pay(b, x, pure(n, j)).Cmp(pb) > 0 {
			return fmt.Errorf("column %d is a better reply", j+1)
		}
	}
	return nil
}

func negated(a [][]*big.Rat) [][]*big.Rat {
	out := make([][]*big.Rat, len(a))
	for i, row := range a {
		for _, v := range row {
			out[i] = append(out[i], new(big.Rat).Neg(v))
		}
	}
	return out
}

func TestExactKnown(t *testing.T) {
	for _, tc := range []struct {
		name string
		m, n int
		a, b []string // b nil: zero-sum
		// all: every extreme equilibrium (else one by LP or LH)
		method string
		want   []string
		value  string
	}{
		{name: "rock-paper-scissors", m: 3, n: 3, method: "all",
			a:     []string{"0", "-1", "1", "1", "0", "-1", "-1", "1", "0"},
			want:  []string{"1/3 1/3 1/3 | 1/3 1/3 1/3 | 0, 0"},
			value: "0"},
		{name: "rock-paper-scissors by LP", m: 3, n: 3, method: "lp",
			a:     []string{"0", "-1", "1", "1", "0", "-1", "-1", "1", "0"},
			want:  []string{"1/3 1/3 1/3 | 1/3 1/3 1/3 | 0, 0"},
			value: "0"},
		// By hand: p·3 - 2(1-p) = -p + (1-p) gives p = 3/7; 3q - (1-q)
		// = -2q + (1-q) gives q = 2/7; the value 3·2/7 - 5/7 = 1/7.
		{name: "value 1/7", m: 2, n: 2, method: "all",
			a:     []string{"3", "-1", "-2", "1"},
			want:  []string{"3/7 4/7 | 2/7 5/7 | 1/7, -1/7"},
			value: "1/7"},
		// The same game divided by 3, written as fractions: value 1/21.
		{name: "value 1/21 from fractions", m: 2, n: 2, method: "lp",
			a:     []string{"1", "-1/3", "-2/3", "1/3"},
			want:  []string{"3/7 4/7 | 2/7 5/7 | 1/21, -1/21"},
			value: "1/21"},
		// Battle of the sexes: the row player prefers the first event
		// (2 against 1), the column player the second; the mixed one
		// makes each indifferent: x = (2/3, 1/3), y = (1/3, 2/3).
		{name: "battle of the sexes", m: 2, n: 2, method: "all",
			a: []string{"2", "0", "0", "1"}, b: []string{"1", "0", "0", "2"},
			want: []string{"0 1 | 0 1 | 1, 2", "1 0 | 1 0 | 2, 1", "2/3 1/3 | 1/3 2/3 | 2/3, 2/3"}},
		{name: "battle of the sexes by Lemke-Howson", m: 2, n: 2, method: "lh",
			a: []string{"2", "0", "0", "1"}, b: []string{"1", "0", "0", "2"},
			want: []string{"1 0 | 1 0 | 2, 1"}},
		// von Stengel (Handbook of Game Theory 3, ch. 45, fig. 2.5):
		// degenerate, the row player's first strategy has two best
		// responses; a continuum (1,0,0) × {y_1 ≥ 2/3} and the
		// isolated ((0, 1/3, 2/3), (1/3, 2/3)).
		{name: "degenerate", m: 3, n: 2, method: "all",
			a:    []string{"3", "3", "2", "5", "0", "6"},
			b:    []string{"3", "3", "2", "6", "3", "1"},
			want: []string{"0 1/3 2/3 | 1/3 2/3 | 4, 8/3", "1 0 0 | 1 0 | 3, 3", "1 0 0 | 2/3 1/3 | 3, 3"}},
		// A zero-sum game with a continuum: rows (1, 1) and (1, 0); the
		// first row guarantees 1, the value; every column strategy
		// concedes at most 1, so the column player's optimal set is all
		// of them, with the extremes (1, 0) and (0, 1).
		{name: "zero-sum continuum", m: 2, n: 2, method: "all",
			a:     []string{"1", "1", "1", "0"},
			want:  []string{"1 0 | 0 1 | 1, -1", "1 0 | 1 0 | 1, -1"},
			value: "1"},
		// A constant game: the LP's answer is the uniform strategy, not
		// a vertex; its free coordinates are the simplest fractions.
		{name: "constant", m: 1, n: 3, method: "lp",
			a:     []string{"2", "2", "2"},
			want:  []string{"1 | 1/3 1/3 1/3 | 2, -2"},
			value: "2"},
	} {
		a := rats(t, tc.m, tc.n, tc.a...)
		var b [][]*big.Rat
		if tc.b != nil {
			b = rats(t, tc.m, tc.n, tc.b...)
		}
		var e *Enumeration
		var err error
		switch {
		case tc.method == "lh":
			e, err = LemkeHowson(floats(a), floats(b), 0)
		case b != nil:
			e, err = AllBimatrix(floats(a), floats(b))
		case tc.method == "all":
			e, err = AllZeroSum(floats(a))
		default:
			e, err = OneZeroSum(floats(a))
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		r, err := Exact(e, a, b)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := exactPairs(t, r); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
		if r.Inexact != 0 {
			t.Errorf("%s: %d inexact", tc.name, r.Inexact)
		}
		switch {
		case tc.value == "" && r.Value != nil:
			t.Errorf("%s: a value %s for a bimatrix game", tc.name, r.Value.RatString())
		case tc.value != "" && (r.Value == nil || r.Value.RatString() != tc.value):
			t.Errorf("%s: value %v, want %s", tc.name, r.Value, tc.value)
		}
		bb := b
		if bb == nil {
			bb = negated(a)
		}
		for k, q := range r.Equilibria {
			if err := bruteForceEquilibrium(a, bb, r.Rows[q.Row], r.Cols[q.Col]); err != nil {
				t.Errorf("%s: equilibrium %d: %v", tc.name, k+1, err)
			}
		}
	}
}

// TestExactRandom makes every extreme equilibrium of random small
// integer games exact, zero-sum and bimatrix, many of them degenerate
// (payoffs from -2 to 2 tie often), and checks each against the
// brute-force oracle; none may fail to be made exact.
func TestExactRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	games := 300
	if testing.Short() {
		games = 60
	}
	for g := range games {
		m, n := 1+rng.IntN(5), 1+rng.IntN(5)
		spread := 2 + rng.IntN(8)
		cell := func() string { return fmt.Sprint(rng.IntN(2*spread+1) - spread) }
		var ac, bc []string
		for range m * n {
			ac, bc = append(ac, cell()), append(bc, cell())
		}
		a, b := rats(t, m, n, ac...), rats(t, m, n, bc...)
		// Every enumeration in turn: vertex enumeration of both kinds,
		// the LP's one equilibrium, Lemke–Howson's.
		zeroSum := g%4 == 0 || g%4 == 2
		var e *Enumeration
		var err error
		switch g % 4 {
		case 0:
			e, err = AllZeroSum(floats(a))
		case 1:
			e, err = AllBimatrix(floats(a), floats(b))
		case 2:
			e, err = OneZeroSum(floats(a))
		case 3:
			e, err = LemkeHowson(floats(a), floats(b), rng.IntN(m+n))
		}
		if zeroSum {
			b = nil
		}
		if err != nil {
			t.Fatalf("game %d %v %v: %v", g, ac, bc, err)
		}
		r, err := Exact(e, a, b)
		if err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
		if r.Replaced != nil {
			// The LP's equilibrium is a vertex: made exact, not replaced.
			t.Errorf("game %d: the LP's equilibrium replaced: %v", g, r.Replaced)
		}
		bb := b
		if zeroSum {
			bb = negated(a)
		}
		seen := map[string]bool{}
		for k, q := range r.Equilibria {
			if q.Err != nil {
				t.Errorf("game %d (%d×%d, A %v, B %v, zero-sum %v): equilibrium %d not exact: %v", g, m, n, ac, bc, zeroSum, k+1, q.Err)
				continue
			}
			x, y := r.Rows[q.Row], r.Cols[q.Col]
			if err := bruteForceEquilibrium(a, bb, x, y); err != nil {
				t.Errorf("game %d: equilibrium %d (%s | %s): %v", g, k+1, ratText(x), ratText(y), err)
			}
			key := ratText(x) + "|" + ratText(y)
			if seen[key] {
				t.Errorf("game %d: equilibrium %s listed twice", g, key)
			}
			seen[key] = true
			if zeroSum && (r.Value == nil || q.PayoffRow.Cmp(r.Value) != 0) {
				t.Errorf("game %d: payoff %s, value %v", g, q.PayoffRow.RatString(), r.Value)
			}
		}
	}
}

// TestVerifyExactRejects: the exact check refuses what is off by a
// rational hair, which any float tolerance would accept.
func TestVerifyExactRejects(t *testing.T) {
	a := rats(t, 2, 2, "3", "-1", "-2", "1")
	b := negated(a)
	third := func(s ...string) []*big.Rat {
		var out []*big.Rat
		for _, c := range s {
			r, _ := new(big.Rat).SetString(c)
			out = append(out, r)
		}
		return out
	}
	for _, tc := range []struct {
		x, y []string
		want string
	}{
		{[]string{"3/7", "4/7"}, []string{"2/7", "5/7"}, ""},
		{[]string{"3/7", "4/7"}, []string{"2000000000001/7000000000000", "4999999999999/7000000000000"}, "row player gains"},
		{[]string{"3000000000001/7000000000000", "3999999999999/7000000000000"}, []string{"2/7", "5/7"}, "column player gains"},
		{[]string{"3/7", "5/7"}, []string{"2/7", "5/7"}, "sums to 8/7"},
		{[]string{"-1/7", "8/7"}, []string{"2/7", "5/7"}, "negative"},
		{[]string{"1/7", "2/7", "4/7"}, []string{"2/7", "5/7"}, "a row strategy of 3 entries"},
		{[]string{"3/7", "4/7"}, []string{"1"}, "a column strategy of 1 entries"},
	} {
		_, _, err := VerifyExact(a, b, third(tc.x...), third(tc.y...))
		if strings.Contains(tc.want, "entries") {
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%v %v: got %v, want %q", tc.x, tc.y, err, tc.want)
			}
			continue
		}
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%v %v: %v", tc.x, tc.y, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !errors.Is(err, ErrInexact)):
			t.Errorf("%v %v: got %v, want %q", tc.x, tc.y, err, tc.want)
		}
	}
}

// TestExactNotDropped: an equilibrium whose float strategy is not the
// game's (here a float vertex moved off by 1e-3) is reported inexact,
// with its reason, and kept in the list.
func TestExactNotDropped(t *testing.T) {
	a := rats(t, 2, 2, "3", "-1", "-2", "1")
	e, err := AllZeroSum(floats(a))
	if err != nil {
		t.Fatal(err)
	}
	e.Rows[0][0] += 1e-3
	e.Rows[0][1] -= 1e-3
	r, err := Exact(e, a, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Inexact != 1 || len(r.Equilibria) != 1 || !errors.Is(r.Equilibria[0].Err, ErrInexact) || r.Value != nil {
		t.Fatalf("got %d inexact of %d, %v, value %v", r.Inexact, len(r.Equilibria), r.Equilibria[0].Err, r.Value)
	}
	if !strings.Contains(r.Equilibria[0].Err.Error(), "the column player gains") {
		t.Errorf("the reason %q does not say who gains", r.Equilibria[0].Err)
	}
	if r.Cols[0] == nil || ratText(r.Cols[0]) != "2/7 5/7" {
		t.Errorf("the column strategy %v, want 2/7 5/7 (it was right)", r.Cols[0])
	}
}

func TestRationals(t *testing.T) {
	l, err := ReadCSV(strings.NewReader(",x,y\nup,0.1,-1/3\ndown,1e-3,+2/4\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got := l.Payoff.At(0, 1); got != -1.0/3 {
		t.Errorf("-1/3 read as %v", got)
	}
	rs, err := l.Rationals()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, row := range rs {
		got = append(got, ratText(row))
	}
	if want := []string{"1/10 -1/3", "1/1000 1/2"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	for _, tc := range []struct{ in, want string }{
		{"1,1/0\n", `line 1, column 2: "1/0" is a fraction with a zero denominator`},
		{"1,1" + strings.Repeat("0", 500) + "/3\n", "more than 400 digits"},
		{"1,1e999\n", `"1e999" is not a finite number`},
		{"1,2\n1/2,3/0\n", "zero denominator"},
	} {
		_, err := ReadCSV(strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%.40q: got %v, want one line with %q", tc.in, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"1,0x1p-2\n", `row R1, column C2: "0x1p-2" is not a decimal number or a fraction`},
		{"1,1e-999\n", `"1e-999" has an exponent beyond ±400`},
		{"1,1e-99999999999999999999\n", `exponent beyond ±400`},
		{"1,0." + strings.Repeat("0", 500) + "1\n", "more than 400 digits"},
	} {
		l, err := ReadCSV(strings.NewReader(tc.in))
		if err != nil {
			t.Errorf("%.40q: %v", tc.in, err)
			continue
		}
		if _, err := l.Rationals(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.40q: got %v, want %q", tc.in, err, tc.want)
		}
	}
}

// FuzzRationals: whatever ReadCSV accepts, Rationals reads as the same
// numbers (each within float64 rounding of the float reading: 010/3 is
// not octal there, 1/3 is a third in both), or refuses in one line.
func FuzzRationals(f *testing.F) {
	for _, s := range []string{
		"1/3,-2/4\n0.1,1e-3\n",
		",a,b\nx,010/3,+7/1\ny,-0,.5\n",
		"1,0x1p-2\n",
		"4.9e-324,1e308\n",
		"1/0\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		l, err := ReadCSV(strings.NewReader(in))
		if err != nil {
			return
		}
		rs, err := l.Rationals()
		if err != nil {
			if strings.Contains(err.Error(), "\n") && !strings.Contains(in, "\"") {
				t.Errorf("a multi-line error %q", err)
			}
			return
		}
		for i, row := range rs {
			for j, r := range row {
				got, _ := r.Float64()
				want := l.Payoff.At(i, j)
				if got != want && math.Abs(got-want) > 1e-15*math.Abs(want) {
					t.Errorf("cell %q: exactly %s (%v), as a float %v", l.Cells[i][j], r.RatString(), got, want)
				}
			}
		}
	})
}

// TestExactLPFallback: when the LP's one equilibrium cannot be made
// exact (here moved off by 1e-3), the game is solved again by the exact
// simplex, and Replaced says why the float one was not kept.
func TestExactLPFallback(t *testing.T) {
	a := rats(t, 2, 2, "3", "-1", "-2", "1")
	e, err := OneZeroSum(floats(a))
	if err != nil {
		t.Fatal(err)
	}
	e.Rows[0][0] += 1e-3
	e.Rows[0][1] -= 1e-3
	r, err := Exact(e, a, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := exactPairs(t, r); !slices.Equal(got, []string{"3/7 4/7 | 2/7 5/7 | 1/7, -1/7"}) || r.Inexact != 0 {
		t.Errorf("got %q, %d inexact", got, r.Inexact)
	}
	if !errors.Is(r.Replaced, ErrInexact) || r.Value == nil || r.Value.RatString() != "1/7" {
		t.Errorf("replaced %v, value %v", r.Replaced, r.Value)
	}
	// The exact simplex alone, on a game of fractions: 1/21.
	x, y, err := simplexRat(rats(t, 2, 2, "1", "-1/3", "-2/3", "1/3"))
	if err != nil || ratText(x) != "3/7 4/7" || ratText(y) != "2/7 5/7" {
		t.Errorf("simplexRat: %v %v %v", ratText(x), ratText(y), err)
	}
}
