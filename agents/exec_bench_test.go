package agents

import (
	"os/exec"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// benchGames plays one game per iteration between a and b, seats
// alternating, and reports games per second: the exec bots' cost is the
// round trip through a pipe per decision, which this compares with
// random against random in the same run.
func benchGames(b *testing.B, a, c Agent) {
	// Start the programs first: their start-up is not per game.
	for _, ag := range []Agent{a, c} {
		if s, ok := ag.(interface{ Start() error }); ok {
			if err := s.Start(); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportAllocs()
	t := NewTable()
	var seed uint64
	for b.Loop() {
		x, y := a, c
		if seed%2 == 1 {
			x, y = c, a
		}
		out := t.Play(nzsc.DefaultRules, seed, x, y)
		if out.Forfeit >= 0 {
			b.Fatalf("game %d forfeited: %v", seed, out.Fault)
		}
		for _, ag := range []Agent{x, y} {
			if f, ok := ag.(Finisher); ok {
				f.Finish(out, t.History)
			}
		}
		seed++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

func BenchmarkPlayRandomVsRandom(b *testing.B) {
	benchGames(b, randomBot(), randomBot())
}

func BenchmarkPlayExecGobotVsRandom(b *testing.B) {
	benchGames(b, newExec(b, gobot(b)), randomBot())
}

func BenchmarkPlayExecPythonVsRandom(b *testing.B) {
	py, err := exec.LookPath("python3")
	if err != nil {
		b.Skip("python3 not found")
	}
	benchGames(b, newExec(b, py+" ../examples/python/bot.py"), randomBot())
}
