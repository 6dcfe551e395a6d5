package roundrobin

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
	"github.com/nzsclab/nzsc/tournament"
)

// benchMatch plays one game per operation of a match between a and b on
// one worker, with the match's accounting.
func benchMatch(b *testing.B, a, bb string, noFast bool) {
	cfg := matchConfig(b, a, bb, 1, 1<<40, 0)
	cfg.NoFastPath = noFast
	w, err := newWorker(cfg, cfg.Tables(), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	var r agg
	var i uint64
	b.ReportAllocs()
	for b.Loop() {
		// A pair is two games: play one every second operation.
		if i%2 == 0 {
			w.PlayPair(&r, i/2, tournament.PairSeed(cfg.Seed, i/2))
		}
		i++
	}
	b.ReportMetric(float64(r.p[0].Turns)/float64(r.p[0].Games()), "turns/game")
}

// BenchmarkMatchRandomRandom is one game per operation of random against
// random as nzsc match plays it (the engine's PlayRandom), on one worker,
// with the match's accounting: compare with engine/nzsc's BenchmarkRandomGame.
func BenchmarkMatchRandomRandom(b *testing.B) { benchMatch(b, "random", "random", false) }

// BenchmarkMatchRandomRandomTable is the same through agents.Table and
// the Agent interface, the path every other bot takes.
func BenchmarkMatchRandomRandomTable(b *testing.B) { benchMatch(b, "random", "random", true) }

// BenchmarkMatchGreedyRandom is a bot that thinks a little against random.
func BenchmarkMatchGreedyRandom(b *testing.B) { benchMatch(b, "greedy", "random", false) }

// BenchmarkRandomGameSeatStreams is randomGame alone, one game per
// operation, without the runner's accounting: engine/nzsc's BenchmarkRandomGame
// seeded as the match seeds it. Against BenchmarkMatchRandomRandom it
// prices the runner.
func BenchmarkRandomGameSeatStreams(b *testing.B) {
	var src [2]rng.Wyrand
	var seed uint64
	turns := 0
	b.ReportAllocs()
	for b.Loop() {
		seed++
		s := randomGame(&src, nzsc.DefaultRules, seed)
		turns += int(s.Turn)
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}
