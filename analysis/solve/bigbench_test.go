package solve

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// bigGames are extended-precision games as everett meets them: values
// a hair (1e-20) apart, terminal payoffs, all discounted by 1-1e-40.
func bigGames() [][MaxSide][MaxSide]big.Float {
	rng := rand.New(rand.NewPCG(3, 3))
	beta := newBigFloat().SetFloat64(everettDiscount)
	beta.Sub(newBigFloat().SetInt64(1), beta)
	gs := make([][MaxSide][MaxSide]big.Float, 64)
	var d big.Float
	d.SetPrec(bigPrec)
	for k := range gs {
		base := rng.Float64() - 0.5
		for i := range MaxSide {
			for j := range MaxSide {
				x := &gs[k][i][j]
				x.SetPrec(bigPrec)
				switch rng.IntN(4) {
				case 0:
					x.SetFloat64(float64(rng.IntN(3) - 1))
				default:
					x.SetFloat64(base)
					d.SetFloat64(float64(rng.IntN(5)-2) * 1e-20)
					x.Add(x, &d)
				}
				x.Mul(x, beta)
			}
		}
	}
	return gs
}

func BenchmarkSolveBig5x5(b *testing.B) {
	gs := bigGames()
	var e Equilibrium
	var bs bigSimplex
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		bs.solveBig(&gs[k&63], MaxSide, MaxSide, &e)
		k++
	}
}
