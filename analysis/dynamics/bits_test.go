package dynamics

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
)

// randomCounts is a seeded round robin of k strategies, n games a pair,
// each pair's wins, draws and losses drawn at random.
func randomCounts(k int, n int64, seed uint64) *Payoff {
	rng := rand.New(rand.NewPCG(seed, 0))
	names, c := make([]string, k), make([][]Counts, k)
	for i := range k {
		names[i], c[i] = fmt.Sprint("s", i), make([]Counts, k)
	}
	for i := range k {
		for j := range i {
			w := rng.Int64N(n + 1)
			d := rng.Int64N(n - w + 1)
			c[i][j], c[j][i] = Counts{w, d, n - w - d}, Counts{n - w - d, d, w}
		}
	}
	p, err := FromCounts(names, c)
	if err != nil {
		panic(err)
	}
	return p
}

// analysisBits is a digest of every weight and interval of an, to the bit.
func analysisBits(an *Analysis) string {
	h := sha256.New()
	for _, rk := range []Ranking{an.ReplicatorRank, an.MoranRank, an.AlphaRankRank} {
		for _, w := range rk.Weights {
			for _, x := range []float64{w.Point, w.Lo, w.Hi, float64(w.RankLo), float64(w.RankHi)} {
				binary.Write(h, binary.LittleEndian, math.Float64bits(x))
			}
		}
		for _, in := range rk.Inseparable {
			binary.Write(h, binary.LittleEndian, int64(len(in)))
		}
	}
	for _, x := range an.Replicator.Average {
		binary.Write(h, binary.LittleEndian, math.Float64bits(x))
	}
	binary.Write(h, binary.LittleEndian, math.Float64bits(an.Replicator.Speed))
	return fmt.Sprintf("%x", h.Sum(nil)[:12])
}

// TestAnalyzeBits: seeded analyses, bootstrap included, are the same to
// the bit as before their speed-ups (the replicator's four rows at a
// time, replicates in parallel) on one goroutine or several: these
// digests were taken from the code before them.
func TestAnalyzeBits(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for i, c := range []struct {
		k          int
		replicates int
		seed       uint64
		want       string
	}{
		{3, 20, 1, "02a23ace444b078a4f43f003"},
		{7, 10, 2, "4027ce4e5dce4e97b75f6c50"},
		{13, 6, 3, "b293a71d1dd7d769b5452f51"},
	} {
		for _, procs := range []int{1, 3} {
			runtime.GOMAXPROCS(procs)
			an, err := Analyze(randomCounts(c.k, 20, c.seed), Options{Replicates: c.replicates, Seed: c.seed})
			if err != nil {
				t.Fatal(err)
			}
			if got := analysisBits(an); got != c.want {
				t.Errorf("case %d (%d strategies, GOMAXPROCS %d): digest %s, want %s", i, c.k, procs, got, c.want)
			}
		}
	}
}

// BenchmarkAnalyze is a two-player page's dynamics (its 100 replicates)
// for a round robin of 24 bots.
func BenchmarkAnalyze(b *testing.B) {
	p := randomCounts(24, 20, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Analyze(p, Options{Replicates: 100, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
