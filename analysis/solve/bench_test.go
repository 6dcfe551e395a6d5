package solve

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/nzsclab/nzsc/analysis/nash"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

func BenchmarkSolveMatrix5x5(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	games := make([]Matrix, 64)
	for k := range games {
		games[k].M, games[k].N = 5, 5
		for i := range 5 {
			for j := range 5 {
				games[k].A[i][j] = rng.Float64()*2 - 1
			}
		}
	}
	var e Equilibrium
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		SolveMatrix(&games[k&63], &e)
		k++
	}
}

func BenchmarkSolveMovesSmall(b *testing.B) {
	a := nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.NoBooster}
	c := nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.NoBooster}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SolveMoves(NewGraph(a, c)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolve is the whole game, solved and certified, on
// GOMAXPROCS workers. heap-MB is the heap the runtime obtained from the
// system by the end (its high-water mark, as the heap is not returned
// within a run).
func BenchmarkSolve(b *testing.B) {
	if testing.Short() {
		b.Skip("the whole game")
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Solve(context.Background(), 0, nil); err != nil {
			b.Fatal(err)
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapSys)/(1<<20), "heap-MB")
}

// BenchmarkSolveVariant is the whole game of a small rule variant (3
// points to win): the cost of one row of a sweep.
func BenchmarkSolveVariant(b *testing.B) {
	if testing.Short() {
		b.Skip("a whole variant")
	}
	b.ReportAllocs()
	r := nzsc.Rules{TurnCap: 1000, Points: 3}
	for b.Loop() {
		if _, err := SolveRules(context.Background(), r, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolvePoints9 is the whole game of the largest variant (9
// points to win; target: under 60 s wall).
func BenchmarkSolvePoints9(b *testing.B) {
	if testing.Short() {
		b.Skip("the largest variant")
	}
	b.ReportAllocs()
	r := nzsc.Rules{TurnCap: 1000, Points: 9}
	for b.Loop() {
		if _, err := SolveRules(context.Background(), r, 0, nil); err != nil {
			b.Fatal(err)
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapSys)/(1<<20), "heap-MB")
}

// BenchmarkNewGraphPoints9 builds the move-phase graph of the largest
// pairing under the largest variant (9 points to win).
func BenchmarkNewGraphPoints9(b *testing.B) {
	b.ReportAllocs()
	r := nzsc.Rules{TurnCap: 1000, Points: 9}
	a := nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.Regenerative}
	c := nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.Moustachio}
	states := 0
	for b.Loop() {
		states = NewGraphRules(r, a, c).Len()
	}
	b.ReportMetric(float64(states), "states")
}

// BenchmarkSolveMovesEverett is one pairing with components of
// Everett's kind, solved in extended precision: the solve's longest
// pairing.
func BenchmarkSolveMovesEverett(b *testing.B) {
	a := nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.Moustachio}
	c := nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.Strong}
	g := NewGraph(a, c)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SolveMoves(g); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewGraph enumerates the largest pairing's states.
func BenchmarkNewGraph(b *testing.B) {
	a := nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.Moustachio}
	c := nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.Regenerative}
	b.ReportAllocs()
	for b.Loop() {
		NewGraph(a, c)
	}
}

func TestSolveMatrixAllocs(t *testing.T) {
	g := Matrix{M: 3, N: 3, A: [MaxSide][MaxSide]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}}
	var e Equilibrium
	if n := testing.AllocsPerRun(100, func() { SolveMatrix(&g, &e) }); n != 0 {
		t.Errorf("SolveMatrix allocates %v times per call", n)
	}
}

func FuzzSolveMatrix(f *testing.F) {
	f.Add(uint64(1), uint8(3), uint8(3))
	f.Add(uint64(7), uint8(5), uint8(2))
	f.Fuzz(func(t *testing.T, seed uint64, m, n uint8) {
		rng := rand.New(rand.NewPCG(seed, 3))
		g := Matrix{M: 1 + int(m)%MaxSide, N: 1 + int(n)%MaxSide}
		for i := range g.M {
			for j := range g.N {
				// Entries as the solver meets them: payoffs in [-1, 1],
				// often tied or a hair apart.
				switch rng.IntN(3) {
				case 0:
					g.A[i][j] = float64(rng.IntN(3) - 1)
				case 1:
					g.A[i][j] = 1 - float64(rng.IntN(4))*1e-11
				default:
					g.A[i][j] = rng.Float64()*2 - 1
				}
			}
		}
		var e Equilibrium
		SolveMatrix(&g, &e)
		sx, sy := 0.0, 0.0
		for i := range g.M {
			if e.X[i] < 0 {
				t.Fatalf("negative probability %v", e.X)
			}
			sx += e.X[i]
		}
		for j := range g.N {
			if e.Y[j] < 0 {
				t.Fatalf("negative probability %v", e.Y)
			}
			sy += e.Y[j]
		}
		if sx < 1-1e-12 || sx > 1+1e-12 || sy < 1-1e-12 || sy > 1+1e-12 {
			t.Fatalf("strategies do not sum to 1: %v %v", e.X, e.Y)
		}
		if e.Gap() > exactGap {
			t.Fatalf("%v: certificate gap %v", g.A, e.Gap())
		}
	})
}

// BenchmarkNashSolve5x5 is the baseline: package nash's general solver
// (gonum's simplex with a certificate) on the same games.
func BenchmarkNashSolve5x5(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	games := make([]*mat.Dense, 64)
	for k := range games {
		games[k] = mat.NewDense(5, 5, nil)
		for i := range 5 {
			for j := range 5 {
				games[k].Set(i, j, rng.Float64()*2-1)
			}
		}
	}
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		if _, err := nash.Solve(games[k&63]); err != nil {
			b.Fatal(err)
		}
		k++
	}
}

// BenchmarkSolvePairingEverett is the pairing whose components of
// Everett's kind need extended precision in both orders
// (Zombie/Regenerative against Samurai/Atlas): the whole solve's longest
// job, graphs included.
func BenchmarkSolvePairingEverett(b *testing.B) {
	r := nzsc.DefaultRules
	a := nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.Regenerative}
	c := nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.Atlas}
	b.ReportAllocs()
	for b.Loop() {
		solvePairing(context.Background(), r, a, c)
	}
}
