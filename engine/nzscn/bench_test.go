package nzscn

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

func benchRandom(b *testing.B, n int) {
	b.ReportAllocs()
	var src rng.Wyrand
	var seed uint64
	turns := 0
	start := New(n, nzsc.DefaultRules)
	for b.Loop() {
		seed++
		src.Seed(seed, 0)
		s := start
		s.PlayRandom(&src)
		turns += int(s.Turn)
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkRandomGame3 and BenchmarkRandomGame4 play one complete game
// between uniform-random players per operation, each from its own seed.
func BenchmarkRandomGame3(b *testing.B) { benchRandom(b, 3) }
func BenchmarkRandomGame4(b *testing.B) { benchRandom(b, 4) }
func BenchmarkRandomGame2(b *testing.B) { benchRandom(b, 2) }
