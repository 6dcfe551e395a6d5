package solve

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// solveRat is the rational simplex, the solver's earlier exact path,
// for the m×n game a of exact rationals; it sets e.X and e.Y (rounded to
// float64, as solveInt rounds), not the bounds.
//
// It is the integer simplex's oracle for the arithmetic: the same LP
// and the same pivoting rule (Bland's, ties to the lower basic
// variable), so that in degenerate games, which have many optimal
// strategies, both must land on the same one, but a tableau of reduced
// fractions divided through at each pivot instead of fraction-free
// integers. That the strategies it finds are optimal is checked apart
// from any simplex, by the minimax theorem (minimaxHolds).
func solveRat(a *[MaxSide][MaxSide]big.Rat, m, n int, e *Equilibrium) {
	x, y := solveRatExact(a, m, n)
	roundRat(&x, &y, m, n, e)
}

// roundRat sets e.X and e.Y to x and y rounded as solveInt rounds.
func roundRat(x, y *[MaxSide]big.Rat, m, n int, e *Equilibrium) {
	*e = Equilibrium{}
	for i := range m {
		e.X[i], _ = x[i].Float64()
	}
	for j := range n {
		e.Y[j], _ = y[j].Float64()
	}
	normalize(&e.X, m, 0)
	normalize(&e.Y, n, 0)
}

// solveRatExact is solveRat's simplex, its strategies exact.
func solveRatExact(a *[MaxSide][MaxSide]big.Rat, m, n int) (x, y [MaxSide]big.Rat) {
	lo := &a[0][0]
	for i := range m {
		for j := range n {
			if a[i][j].Cmp(lo) < 0 {
				lo = &a[i][j]
			}
		}
	}
	rhs := n + m
	t := make([][]big.Rat, m+1)
	for i := range t {
		t[i] = make([]big.Rat, rhs+1)
	}
	basis := make([]int, m)
	var one big.Rat
	one.SetInt64(1)
	for i := range m {
		for j := range n {
			// P = A - lo + 1, exactly.
			t[i][j].Sub(&a[i][j], lo)
			t[i][j].Add(&t[i][j], &one)
		}
		t[i][n+i].SetInt64(1)
		t[i][rhs].SetInt64(1)
		basis[i] = n + i
	}
	for j := range n {
		t[m][j].SetInt64(-1)
	}
	var r, best, f, prod big.Rat
	for {
		col := -1
		for j := 0; j < n+m; j++ {
			if t[m][j].Sign() < 0 {
				col = j
				break
			}
		}
		if col < 0 {
			break
		}
		row := -1
		for i := range m {
			if t[i][col].Sign() <= 0 {
				continue
			}
			r.Quo(&t[i][rhs], &t[i][col])
			if c := r.Cmp(&best); row < 0 || c < 0 || (c == 0 && basis[i] < basis[row]) {
				row = i
				best.Set(&r)
			}
		}
		if row < 0 {
			break
		}
		var p big.Rat
		p.Set(&t[row][col])
		for j := 0; j <= rhs; j++ {
			t[row][j].Quo(&t[row][j], &p)
		}
		for i := 0; i <= m; i++ {
			if i == row || t[i][col].Sign() == 0 {
				continue
			}
			f.Set(&t[i][col])
			for j := 0; j <= rhs; j++ {
				prod.Mul(&f, &t[row][j])
				t[i][j].Sub(&t[i][j], &prod)
			}
		}
		basis[row] = col
	}
	// Normalize exactly, then round.
	var sx, sy big.Rat
	for i := range m {
		if b := basis[i]; b < n {
			sy.Add(&sy, &t[i][rhs])
		}
		sx.Add(&sx, &t[m][n+i])
	}
	for i := range m {
		if b := basis[i]; b < n {
			y[b].Quo(&t[i][rhs], &sy)
		}
		x[i].Quo(&t[m][n+i], &sx)
	}
	return x, y
}

// minimaxHolds reports whether x and y, exact mixed strategies of the
// row (maximizing) and column player of the m×n game a, are optimal:
// each a distribution, and what x guarantees against every column,
// min_j Σ_i x_i a_ij, equals what y concedes at most against every row,
// max_i Σ_j a_ij y_j (the game's value, by the minimax theorem; for any
// other pair the first is smaller).
func minimaxHolds(a *[MaxSide][MaxSide]big.Rat, m, n int, x, y *[MaxSide]big.Rat) bool {
	var one, sx, sy, s, p big.Rat
	one.SetInt64(1)
	for i := range m {
		if x[i].Sign() < 0 {
			return false
		}
		sx.Add(&sx, &x[i])
	}
	for j := range n {
		if y[j].Sign() < 0 {
			return false
		}
		sy.Add(&sy, &y[j])
	}
	if sx.Cmp(&one) != 0 || sy.Cmp(&one) != 0 {
		return false
	}
	var lo, hi big.Rat
	for j := range n {
		s.SetInt64(0)
		for i := range m {
			s.Add(&s, p.Mul(&x[i], &a[i][j]))
		}
		if j == 0 || s.Cmp(&lo) < 0 {
			lo.Set(&s)
		}
	}
	for i := range m {
		s.SetInt64(0)
		for j := range n {
			s.Add(&s, p.Mul(&a[i][j], &y[j]))
		}
		if i == 0 || s.Cmp(&hi) > 0 {
			hi.Set(&s)
		}
	}
	return lo.Cmp(&hi) == 0
}

// ratStrings returns xs as fractions, for messages.
func ratStrings(xs []big.Rat) []string {
	out := make([]string, len(xs))
	for i := range xs {
		out[i] = xs[i].RatString()
	}
	return out
}

// randomExactGame returns a game as the solver meets them, as float64s
// and as exact rationals: payoffs a hair apart, ties, terminal values,
// and entries of every magnitude (tiny ones push the integer simplex's
// scale far beyond 2^64).
func randomExactGame(rng *rand.Rand) (Matrix, [MaxSide][MaxSide]big.Rat) {
	g := Matrix{M: 1 + rng.IntN(MaxSide), N: 1 + rng.IntN(MaxSide)}
	var a [MaxSide][MaxSide]big.Rat
	base := rng.Float64()*2 - 1
	for i := range g.M {
		for j := range g.N {
			var x float64
			switch rng.IntN(6) {
			case 0:
				x = float64(rng.IntN(3) - 1)
			case 1:
				x = base + float64(rng.IntN(5)-2)*1e-11
			case 2:
				x = base * (1 - float64(rng.IntN(3))*1e-15)
			case 3:
				x = float64(rng.IntN(5)-2) * 1e-300
			case 4:
				x = 0.999999999989999 * (rng.Float64()*2 - 1)
			default:
				x = rng.Float64()*2 - 1
			}
			g.A[i][j] = x
			a[i][j].SetFloat64(x)
		}
	}
	return g, a
}

// TestSolveIntMatchesRat: the integer simplex, from rationals
// (solveInt) and from the float64 entries' bits (solveExact, the
// fallback's path), gives exactly the rational simplex's strategies (the
// oracle above, the solver's earlier exact path), and those are exactly
// optimal (minimaxHolds, which no simplex computes; every fourth game).
func TestSolveIntMatchesRat(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	for k := range 3000 {
		g, a := randomExactGame(rng)
		ex, ey := solveRatExact(&a, g.M, g.N)
		// The exact check costs as much as the rest: every fourth game.
		if k%4 == 0 && !minimaxHolds(&a, g.M, g.N, &ex, &ey) {
			t.Fatalf("case %d (%dx%d): the rational simplex's strategies %v %v are not optimal", k, g.M, g.N, ratStrings(ex[:g.M]), ratStrings(ey[:g.N]))
		}
		var want, got Equilibrium
		roundRat(&ex, &ey, g.M, g.N, &want)
		x, y := solveInt(&a, g.M, g.N)
		if x != want.X || y != want.Y {
			t.Fatalf("case %d (%dx%d): integer simplex %v %v, rational %v %v", k, g.M, g.N, x, y, want.X, want.Y)
		}
		solveExact(&g, &got)
		if got.X != want.X || got.Y != want.Y {
			t.Fatalf("case %d (%dx%d): exact %v %v, rational %v %v", k, g.M, g.N, got.X, got.Y, want.X, want.Y)
		}
	}
}

// benchGames are near-degenerate games of the kind that reach the exact
// fallback.
func benchGames() [][MaxSide][MaxSide]big.Rat {
	rng := rand.New(rand.NewPCG(9, 9))
	gs := make([][MaxSide][MaxSide]big.Rat, 64)
	for k := range gs {
		base := rng.Float64()
		for i := range MaxSide {
			for j := range MaxSide {
				gs[k][i][j].SetFloat64(base + float64(rng.IntN(7)-3)*1e-11 + float64(rng.IntN(2))*0.3)
			}
		}
	}
	return gs
}

func BenchmarkSolveExactInt(b *testing.B) {
	gs := benchGames()
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		solveInt(&gs[k&63], MaxSide, MaxSide)
		k++
	}
}

// BenchmarkSolveExact is the fallback as SolveMatrix calls it, from
// float64 entries.
func BenchmarkSolveExact(b *testing.B) {
	gs := benchGames()
	ms := make([]Matrix, len(gs))
	for k := range gs {
		ms[k].M, ms[k].N = MaxSide, MaxSide
		for i := range MaxSide {
			for j := range MaxSide {
				ms[k].A[i][j], _ = gs[k][i][j].Float64()
			}
		}
	}
	var e Equilibrium
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		solveExact(&ms[k&63], &e)
		k++
	}
}

func BenchmarkSolveExactRat(b *testing.B) {
	gs := benchGames()
	var e Equilibrium
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		solveRat(&gs[k&63], MaxSide, MaxSide, &e)
		k++
	}
}
