package tournament

import (
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
)

func mustBot(tb testing.TB, spec string) *agents.Bot {
	tb.Helper()
	b, err := agents.Parse(spec)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func benchMatch(b *testing.B, a, bb string, noFast bool) {
	m := &Match{A: mustBot(b, a), B: mustBot(b, bb), Rules: engine.DefaultRules, NoFastPath: noFast}
	w, err := m.NewWorker(0)
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	var r MatchResult
	var i uint64
	b.ReportAllocs()
	for b.Loop() {
		// A pair is two games: play one every second operation.
		if i%2 == 0 {
			w.PlayPair(&r, i/2, PairSeed(1, i/2))
		}
		i++
	}
	b.ReportMetric(float64(r.Turns)/float64(r.Games), "turns/game")
}

// BenchmarkMatchRandomRandom is one game per operation of random against
// random as nzsc match plays it (the devirtualised loop), on one worker,
// with the match's accounting: compare with engine's BenchmarkRandomGame.
func BenchmarkMatchRandomRandom(b *testing.B) { benchMatch(b, "random", "random", false) }

// BenchmarkMatchRandomRandomTable is the same through agents.Table and
// the Agent interface, the path every other bot takes.
func BenchmarkMatchRandomRandomTable(b *testing.B) { benchMatch(b, "random", "random", true) }

// BenchmarkRandomGameSeatStreams is randomGame alone, one game per
// operation, without the runner's accounting: engine's BenchmarkRandomGame
// seeded as the match seeds it. Against BenchmarkMatchRandomRandom it
// prices the runner.
func BenchmarkRandomGameSeatStreams(b *testing.B) {
	var src [2]engine.Wyrand
	var seed uint64
	turns := 0
	b.ReportAllocs()
	for b.Loop() {
		seed++
		s, _ := randomGame(&src, engine.DefaultRules, seed)
		turns += int(s.Turn)
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}
