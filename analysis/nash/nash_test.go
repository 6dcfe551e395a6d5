package nash

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// gonumHangs is a 5×5 game with entries in {-1, 0, 1}, found by a random
// search, on which gonum v0.17.0's lp.Simplex (fed the slack basis of our
// formulation) never returns: checked by hand with a 5 s timeout. Games
// like it are exactly NZSC's round sub-games.
var gonumHangs = []float64{
	0, 1, -1, 1, 0,
	1, 0, 1, 0, 0,
	-1, -1, 0, -1, 1,
	1, -1, 1, 0, -1,
	-1, -1, -1, -1, 0,
}

// gonumWrong is a near-tied 4×4 game (entries 1 ± 1e-12) on which
// lp.Simplex returns a nil error and strategies that fail the
// certificate.
var gonumWrong = []float64{
	0.9999999999999213, 1.000000000000075, 1.0000000000001241, 1.0000000000000842,
	1.0000000000000802, 0.9999999999999403, 1.000000000000237, 1.00000000000043,
	1.0000000000005922, 1.000000000000296, 0.9999999999998186, 0.9999999999999694,
	1.0000000000004245, 1.0000000000001528, 0.9999999999999698, 0.9999999999996206,
}

// gonumErrs is a 5×4 game on which lp.Simplex gives up with ErrBland.
var gonumErrs = []float64{
	-1, 1, -1, 0,
	1, 1, -1, -1,
	-1, -1, -1, 0,
	-1, 1, 1, -1,
	1, 1, 1, -1,
}

// certify is the tests' own oracle for a claimed equilibrium: it
// recomputes both guaranteed payoffs from scratch.
func certify(t *testing.T, name string, a []float64, m, n int, x, y []float64, value float64) {
	t.Helper()
	sx, sy := 0.0, 0.0
	for _, p := range x {
		if p < 0 {
			t.Errorf("%s: negative row probability in %v", name, x)
		}
		sx += p
	}
	for _, p := range y {
		if p < 0 {
			t.Errorf("%s: negative column probability in %v", name, y)
		}
		sy += p
	}
	if math.Abs(sx-1) > 1e-9 || math.Abs(sy-1) > 1e-9 {
		t.Errorf("%s: sums %v, %v", name, sx, sy)
	}
	scale := 1.0
	for _, v := range a {
		scale = max(scale, math.Abs(v))
	}
	for j := range n {
		s := 0.0
		for i := range m {
			s += x[i] * a[i*n+j]
		}
		if s < value-1e-9*scale {
			t.Errorf("%s: row strategy %v gets %v < value %v against column %d", name, x, s, value, j)
		}
	}
	for i := range m {
		s := 0.0
		for j := range n {
			s += a[i*n+j] * y[j]
		}
		if s > value+1e-9*scale {
			t.Errorf("%s: column strategy %v concedes %v > value %v to row %d", name, y, s, value, i)
		}
	}
}

// solveAll solves a with every entry point and checks each answer against
// the oracle and the expected value (NaN: unknown).
func solveAll(t *testing.T, name string, a []float64, m, n int, want float64) {
	t.Helper()
	for _, method := range []Method{Auto, Bland} {
		s, err := SolveWith(mat.NewDense(m, n, append([]float64(nil), a...)), method)
		if err != nil {
			t.Errorf("%s %v: %v", name, method, err)
			continue
		}
		if !math.IsNaN(want) && math.Abs(s.Value-want) > 1e-9 {
			t.Errorf("%s %v: value %v, want %v", name, method, s.Value, want)
		}
		certify(t, name+" "+method.String(), a, m, n, s.Row, s.Col, s.Value)
	}
}

func TestHandSolved(t *testing.T) {
	for i, c := range []struct {
		name     string
		a        []float64
		m, n     int
		value    float64
		row, col []float64 // nil: several optima, not compared
	}{
		{"rock-paper-scissors", []float64{0, -1, 1, 1, 0, -1, -1, 1, 0}, 3, 3, 0,
			[]float64{1. / 3, 1. / 3, 1. / 3}, []float64{1. / 3, 1. / 3, 1. / 3}},
		// Weighted RPS: winning with rock pays 2. Solved by hand from the
		// indifference equations (p-s = -r+s = 2r-p = v, r+p+s = 1).
		{"weighted RPS", []float64{0, -1, 2, 1, 0, -1, -1, 1, 0}, 3, 3, 1. / 12,
			[]float64{1. / 4, 5. / 12, 1. / 3}, []float64{1. / 3, 5. / 12, 1. / 4}},
		// 2×2 mixed: value (ad-bc)/(a+d-b-c) = (3-2)/7.
		{"2x2 mixed", []float64{3, -1, -2, 1}, 2, 2, 1. / 7,
			[]float64{3. / 7, 4. / 7}, []float64{2. / 7, 5. / 7}},
		// Saddle at (0,1): row minima 2,0,1; column maxima 6,2,5.
		{"pure saddle", []float64{4, 2, 3, 1, 0, 5, 6, 1, 2}, 3, 3, 2,
			[]float64{1, 0, 0}, []float64{0, 1, 0}},
		// Rows 0 and 1 are identical: every split between them is optimal.
		{"duplicate rows", []float64{1, 0, 1, 0, 0, 1}, 3, 2, 0.5, nil, []float64{0.5, 0.5}},
		// Every entry ties: every strategy pair is an equilibrium.
		{"constant", []float64{7, 7, 7, 7, 7, 7}, 2, 3, 7, nil, nil},
		// Column 2 weakly dominates and ties: many column optima.
		{"degenerate", []float64{1, 1, 0, 0, 0, 0, 0, 0, 0}, 3, 3, 0, nil, nil},
		{"one cell", []float64{-3}, 1, 1, -3, []float64{1}, []float64{1}},
		{"one row", []float64{3, -2, 5}, 1, 3, -2, []float64{1}, []float64{0, 1, 0}},
		{"one column", []float64{3, -2, 5}, 3, 1, 5, []float64{0, 0, 1}, []float64{1}},
	} {
		name := fmt.Sprintf("case %d (%s)", i, c.name)
		solveAll(t, name, c.a, c.m, c.n, c.value)
		s, err := Solve(mat.NewDense(c.m, c.n, append([]float64(nil), c.a...)))
		if err != nil {
			continue
		}
		for k := range c.row {
			if math.Abs(s.Row[k]-c.row[k]) > 1e-9 {
				t.Errorf("%s: row %v, want %v", name, s.Row, c.row)
				break
			}
		}
		for k := range c.col {
			if math.Abs(s.Col[k]-c.col[k]) > 1e-9 {
				t.Errorf("%s: col %v, want %v", name, s.Col, c.col)
				break
			}
		}
	}
}

func TestGonumFailuresFallBack(t *testing.T) {
	before := runtime.NumGoroutine()
	for i, c := range []struct {
		name string
		a    []float64
		m, n int
		want error // gonum's own failure, as SolveWith(Gonum) reports it
	}{
		{"cycles", gonumHangs, 5, 5, ErrBudget},
		{"wrong answer", gonumWrong, 4, 4, ErrCertificate},
		{"gives up", gonumErrs, 5, 4, nil},
	} {
		a := mat.NewDense(c.m, c.n, append([]float64(nil), c.a...))
		_, err := SolveWith(a, Gonum)
		if err == nil || c.want != nil && !errors.Is(err, c.want) {
			t.Errorf("case %d (%s): gonum error %v, want %v", i, c.name, err, c.want)
		}
		s, err := Solve(a)
		if err != nil || s.Method != Bland {
			t.Errorf("case %d (%s): Solve = method %v, error %v; want the Bland fallback", i, c.name, s.Method, err)
			continue
		}
		certify(t, c.name, c.a, c.m, c.n, s.Row, s.Col, s.Value)
	}
	// The budget stops gonum in the calling goroutine: nothing is left
	// running behind.
	if after := runtime.NumGoroutine(); after > before {
		t.Errorf("goroutines: %d before, %d after", before, after)
	}
}

// TestRandomAgainstFallback solves random games of several kinds with
// every solver: all answers must pass the oracle and agree on the value.
func TestRandomAgainstFallback(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	games := 3000
	if testing.Short() {
		games = 500
	}
	kinds := []func() float64{
		r.NormFloat64,
		func() float64 { return float64(r.IntN(3) - 1) },                      // NZSC-like
		func() float64 { return 1 + 1e-12*r.NormFloat64() },                   // near-tied
		func() float64 { return float64(r.IntN(5)-2) + 1e-8*r.NormFloat64() }, // tied up to noise
		func() float64 { return 1000 * r.NormFloat64() },
	}
	gonumUsed := 0
	for k := range games {
		m, n := 1+r.IntN(6), 1+r.IntN(6)
		kind := kinds[k%len(kinds)]
		a := make([]float64, m*n)
		for i := range a {
			a[i] = kind()
		}
		name := fmt.Sprintf("game %d (%d×%d kind %d)", k, m, n, k%len(kinds))
		auto, err := Solve(mat.NewDense(m, n, append([]float64(nil), a...)))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if auto.Method == Gonum {
			gonumUsed++
		}
		bland, err := SolveWith(mat.NewDense(m, n, append([]float64(nil), a...)), Bland)
		if err != nil {
			t.Fatalf("%s bland: %v", name, err)
		}
		scale := 1.0
		for _, v := range a {
			scale = max(scale, math.Abs(v))
		}
		if math.Abs(auto.Value-bland.Value) > 2e-9*scale {
			t.Errorf("%s: values auto %v, bland %v", name, auto.Value, bland.Value)
		}
		certify(t, name+" auto", a, m, n, auto.Row, auto.Col, auto.Value)
		certify(t, name+" bland", a, m, n, bland.Row, bland.Col, bland.Value)
	}
	// The primary solver must actually be exercised, not always bypassed.
	if gonumUsed < games/4 {
		t.Errorf("gonum's answer was used for only %d of %d games", gonumUsed, games)
	}
}

func TestCheckRejects(t *testing.T) {
	a := mat.NewDense(2, 2, []float64{0, -1, -1, 0}) // value -1/2, both uniform
	for i, c := range []struct {
		x, y []float64
		ok   bool
	}{
		{[]float64{0.5, 0.5}, []float64{0.5, 0.5}, true},
		{[]float64{0.5, 0.5 - 1e-12}, []float64{0.5, 0.5}, true},   // sum within Tol
		{[]float64{1 + 1e-12, -1e-12}, []float64{0.5, 0.5}, false}, // clamped, but not optimal
		{[]float64{0.6, 0.4}, []float64{0.5, 0.5}, false},
		{[]float64{0.5, 0.5}, []float64{0.4, 0.6}, false},
		{[]float64{1.5, -0.5}, []float64{0.5, 0.5}, false},
		{[]float64{0.5, 0.4}, []float64{0.5, 0.5}, false},
		{[]float64{math.NaN(), 1}, []float64{0.5, 0.5}, false},
		{[]float64{1}, []float64{0.5, 0.5}, false},
	} {
		_, _, err := Check(a, c.x, c.y)
		if (err == nil) != c.ok {
			t.Errorf("case %d: Check(%v, %v) error %v, want ok=%v", i, c.x, c.y, err, c.ok)
		}
	}
}

func TestBadInput(t *testing.T) {
	if _, err := Solve(mat.NewDense(1, 2, []float64{1, math.NaN()})); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
}

// FuzzCertificate solves games built from the fuzzer's bytes (sizes up to
// 6×6; small integers, optionally with float noise that creates near
// ties) and requires every solver's answer to pass the oracle.
func FuzzCertificate(f *testing.F) {
	f.Add([]byte{3, 3, 0, 1, 255, 2, 0, 1, 255, 2, 0, 7})
	f.Add([]byte{5, 5, 1, 0, 1, 255, 1, 0, 1, 0, 1, 0, 0, 255, 255, 0, 255, 1, 1, 255, 1, 0, 255, 255, 255, 255, 255, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 3 {
			return
		}
		m, n, noise := 1+int(b[0])%6, 1+int(b[1])%6, b[2]
		b = b[3:]
		if len(b) < m*n {
			return
		}
		r := rand.New(rand.NewPCG(uint64(noise), 0))
		a := make([]float64, m*n)
		for i := range a {
			a[i] = float64(int8(b[i]) % 4)
			switch noise % 3 {
			case 1:
				a[i] += 1e-12 * r.NormFloat64()
			case 2:
				a[i] += 1e-7 * r.NormFloat64()
			}
		}
		solveAll(t, "fuzz", a, m, n, math.NaN())
	})
}

func Example() {
	// Matching pennies with a twist: the row player wins 2 on heads-heads.
	game := mat.NewDense(2, 2, []float64{
		2, -1,
		-1, 1,
	})
	s, err := Solve(game)
	if err != nil {
		panic(err)
	}
	fmt.Printf("value %.4f, row %.3f, column %.3f\n", s.Value, s.Row, s.Col)
	// Output: value 0.2000, row [0.400 0.600], column [0.400 0.600]
}

func benchGame(n int) []float64 {
	r := rand.New(rand.NewPCG(5, 5))
	a := make([]float64, n*n)
	for i := range a {
		a[i] = float64(r.IntN(3) - 1)
	}
	return a
}

func BenchmarkSolve5x5(b *testing.B) {
	for _, method := range []Method{Auto, Bland} {
		b.Run(method.String(), func(b *testing.B) {
			a := mat.NewDense(5, 5, benchGame(5))
			b.ReportAllocs()
			for b.Loop() {
				SolveWith(a, method)
			}
		})
	}
}

// BenchmarkSolveRPS is a game gonum solves and certifies on its own: the
// cost of the primary path without the fallback.
func BenchmarkSolveRPS(b *testing.B) {
	a := mat.NewDense(3, 3, []float64{0, -1, 1, 1, 0, -1, -1, 1, 0})
	b.ReportAllocs()
	for b.Loop() {
		s, _ := Solve(a)
		if s.Method != Gonum {
			b.Fatal("fell back")
		}
	}
}
