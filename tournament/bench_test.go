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

// BenchmarkMatchRandomRandom plays one match game per operation (half a
// pair) on a single worker, with the match's accounting, to compare with
// engine's BenchmarkRandomGame.
func BenchmarkMatchRandomRandom(b *testing.B) {
	m := &Match{A: mustBot(b, "random"), B: mustBot(b, "random"), Rules: engine.DefaultRules}
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
