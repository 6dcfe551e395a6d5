package nash

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomGame is a game of the given strategy counts whose payoffs are
// drawn from 0 to 99 by a fixed seed.
func randomGame(seed uint64, m []int) *Game {
	rng := rand.New(rand.NewPCG(seed, 1))
	return gameOf("random", m, func(s []int) []int64 {
		out := make([]int64, len(s))
		for i := range out {
			out[i] = int64(rng.IntN(100))
		}
		return out
	})
}

// benchmarkLogit times LogitEquilibrium on one random game, most of
// whose time is the path's payoff evaluations (eval).
func benchmarkLogit(b *testing.B, m []int) {
	g := randomGame(5, m)
	eps := 1e-9 * g.Scale()
	b.ResetTimer()
	for range b.N {
		if _, err := LogitEquilibrium(g, eps); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLogit20x20x20(b *testing.B) { benchmarkLogit(b, []int{20, 20, 20}) }

func BenchmarkLogit6Players(b *testing.B) { benchmarkLogit(b, []int{4, 4, 4, 4, 4, 4}) }

// scaledPayoffs maps each player's payoffs onto [0, 1], as the path
// does: (u − min)/(max − min), 0 when they are all equal.
func scaledPayoffs(g *Game) [][]float64 {
	n := len(g.Players)
	lo, hi := make([]float64, n), make([]float64, n)
	for i := range n {
		lo[i], hi[i] = math.Inf(1), math.Inf(-1)
		for _, row := range g.Payoffs {
			x, _ := row[i].Float64()
			lo[i], hi[i] = math.Min(lo[i], x), math.Max(hi[i], x)
		}
	}
	out := make([][]float64, len(g.Payoffs))
	for p, row := range g.Payoffs {
		out[p] = make([]float64, n)
		for i := range n {
			if x, _ := row[i].Float64(); hi[i] > lo[i] {
				out[p][i] = (x - lo[i]) / (hi[i] - lo[i])
			}
		}
	}
	return out
}

// TestEvalDefinition: the path's payoffs U and their derivatives D, as
// eval computes them, are those of the definition, summed here
// profile by profile and player by player in float64 from the game's
// own payoffs: U[(i,j)] = Σ over profiles with s_i = j of u_i times the
// others' probabilities, D[(i,j)][(k,l)] the same over s_k = l without
// σ_kl. Random games of 3 to 6 players, some with a strategy of
// probability 0.
func TestEvalDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for k := range 200 {
		m := make([]int, 3+rng.IntN(4))
		for i := range m {
			m[i] = 1 + rng.IntN(4)
		}
		g := randomGame(uint64(k), m)
		lp := newLogitPath(g)
		sigma := lp.randomStart(rng)
		if k%3 == 0 {
			sigma[rng.IntN(len(sigma))] = 0
		}
		lp.eval(sigma)
		scaled := scaledPayoffs(g)
		U := make([]float64, lp.vars)
		D := make([][]float64, lp.vars)
		for v := range D {
			D[v] = make([]float64, lp.vars)
		}
		for p := range g.Payoffs {
			s := g.Profile(p)
			for i := range m {
				w := scaled[p][i]
				for r := range m {
					if r != i {
						w *= sigma[lp.off[r]+s[r]]
					}
				}
				U[lp.off[i]+s[i]] += w
				for c := range m {
					if c == i {
						continue
					}
					dw := scaled[p][i]
					for r := range m {
						if r != i && r != c {
							dw *= sigma[lp.off[r]+s[r]]
						}
					}
					D[lp.off[i]+s[i]][lp.off[c]+s[c]] += dw
				}
			}
		}
		for v := range U {
			if math.Abs(U[v]-lp.U[v]) > 1e-12 {
				t.Fatalf("game %d %v: U[%d] = %v, by the definition %v", k, m, v, lp.U[v], U[v])
			}
			for w := range D[v] {
				if got := lp.D.At(v, w); math.Abs(D[v][w]-got) > 1e-12 {
					t.Fatalf("game %d %v: D[%d][%d] = %v, by the definition %v", k, m, v, w, got, D[v][w])
				}
			}
		}
	}
}

// TestEval3SameAsEvalN: for three players eval's unrolled loops give
// the general loops' U and D to the bit (the path, its steps and its
// answers stay the same whichever runs).
func TestEval3SameAsEvalN(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for k := range 100 {
		m := []int{1 + rng.IntN(5), 1 + rng.IntN(5), 1 + rng.IntN(5)}
		lp := newLogitPath(randomGame(uint64(k), m))
		sigma := lp.randomStart(rng)
		if k%3 == 0 {
			sigma[rng.IntN(len(sigma))] = 0
		}
		lp.eval(sigma)
		U, D := slices.Clone(lp.U), slices.Clone(lp.D.RawMatrix().Data)
		clear(lp.U)
		lp.D.Zero()
		lp.evalN(sigma)
		for v, x := range lp.U {
			if math.Float64bits(x) != math.Float64bits(U[v]) {
				t.Fatalf("game %d %v: U[%d] = %v by eval3, %v by evalN", k, m, v, U[v], x)
			}
		}
		for v, x := range lp.D.RawMatrix().Data {
			if math.Float64bits(x) != math.Float64bits(D[v]) {
				t.Fatalf("game %d %v: D entry %d = %v by eval3, %v by evalN", k, m, v, D[v], x)
			}
		}
	}
}
