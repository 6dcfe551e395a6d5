package solve

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// solveRat is solveExact's simplex for the m×n game a of exact
// rationals; it sets e.X and e.Y (rounded to float64), not the bounds.
func solveRat(a *[MaxSide][MaxSide]big.Rat, m, n int, e *Equilibrium) {
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
	*e = Equilibrium{}
	for i := range m {
		if b := basis[i]; b < n {
			r.Quo(&t[i][rhs], &sy)
			e.Y[b], _ = r.Float64()
		}
		r.Quo(&t[m][n+i], &sx)
		e.X[i], _ = r.Float64()
	}
	normalize(&e.X, m, 0)
	normalize(&e.Y, n, 0)
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
// oracle above, the solver's earlier exact path).
func TestSolveIntMatchesRat(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 17))
	for k := range 3000 {
		g, a := randomExactGame(rng)
		var want, got Equilibrium
		solveRat(&a, g.M, g.N, &want)
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
