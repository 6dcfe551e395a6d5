package nash

import (
	"math/rand/v2"
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
