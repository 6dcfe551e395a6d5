package solve

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/nzsclab/nzsc/analysis/nash"
)

func TestSolveMatrixKnown(t *testing.T) {
	for k, c := range []struct {
		a     [][]float64
		value float64
	}{
		// Rock-paper-scissors: value 0, uniform strategies.
		{[][]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}, 0},
		// Matching pennies scaled: value 0.
		{[][]float64{{2, -2}, {-2, 2}}, 0},
		// Saddle point at (1, 0).
		{[][]float64{{1, 5}, {3, 4}}, 3},
		// 2×2 mixed: value (ad - bc)/(a + d - b - c) = (3·4 - 1·2)/(3+4-1-2) = 2.5.
		{[][]float64{{3, 1}, {2, 4}}, 2.5},
		// Constant.
		{[][]float64{{0.5, 0.5}}, 0.5},
		// A near-degenerate game from NZSC's move phase that an earlier
		// version got wrong by 2e-4.
		{[][]float64{
			{0.647625602172, -0.999999999960, 0.207210580025},
			{-0.053981011613, 0.925925925873, 0.207674811051},
			{-0.053981011613, 0.925925925878, 0.207674811051},
		}, math.NaN()},
	} {
		var g Matrix
		g.M, g.N = len(c.a), len(c.a[0])
		for i := range c.a {
			copy(g.A[i][:], c.a[i])
		}
		var e Equilibrium
		SolveMatrix(&g, &e)
		if e.Gap() > exactGap {
			t.Errorf("case %d: certificate gap %.3g (lo %v hi %v)", k, e.Gap(), e.Lo, e.Hi)
		}
		want := c.value
		if math.IsNaN(want) {
			want = nashValue(t, c.a)
		}
		if math.Abs(e.Value-want) > 1e-12 {
			t.Errorf("case %d: value %.15g, want %.15g", k, e.Value, want)
		}
	}
}

func nashValue(t *testing.T, a [][]float64) float64 {
	t.Helper()
	d := mat.NewDense(len(a), len(a[0]), nil)
	for i := range a {
		d.SetRow(i, a[i])
	}
	s, err := nash.Solve(d)
	if err != nil {
		t.Fatal(err)
	}
	return s.Value
}

func TestSolveMatrixRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 20000 {
		var g Matrix
		g.M, g.N = 1+rng.IntN(MaxSide), 1+rng.IntN(MaxSide)
		a := make([][]float64, g.M)
		for i := range g.M {
			a[i] = make([]float64, g.N)
			for j := range g.N {
				v := rng.Float64()*2 - 1
				switch rng.IntN(3) {
				case 0:
					v = math.Round(v * 2) // ties
				case 1:
					v = 1 - rng.Float64()*1e-9 // near ties at 1
				}
				a[i][j], g.A[i][j] = v, v
			}
		}
		var e Equilibrium
		SolveMatrix(&g, &e)
		if e.Gap() > exactGap || math.IsNaN(e.Value) {
			t.Fatalf("case %d: %v: gap %.3g", k, a, e.Gap())
		}
		if k < 2000 {
			if v := nashValue(t, a); math.Abs(v-e.Value) > 1e-9 {
				t.Fatalf("case %d: value %v, nash %v", k, e.Value, v)
			}
		}
	}
}
