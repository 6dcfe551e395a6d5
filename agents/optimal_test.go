package agents

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine"
)

// TestOptimalScoresItsValue plays the solved game's strategies against
// the simple bots: in each seat it must score at least its certified
// guarantee (about 0, the game's value), up to the 95% interval of the
// match.
func TestOptimalScoresItsValue(t *testing.T) {
	if testing.Short() {
		t.Skip("solves the whole game")
	}
	s, err := solve.Solve(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Round trip through the file format on the way, as the bot loads it.
	path := filepath.Join(t.TempDir(), "solution.bin")
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	b, err := Parse("optimal:path=" + path)
	if err != nil {
		t.Fatal(err)
	}
	guarantee := [2]float64{s.Characters.L[0], -s.Characters.U[0]}
	const games = 300
	tab := NewTable()
	for _, spec := range []string{"random", "greedy", "nash"} {
		opp := mustNew(t, spec)
		for seat := range 2 {
			opt, err := b.New()
			if err != nil {
				t.Fatal(err)
			}
			sum, sumSq := 0.0, 0.0
			for g := range games {
				var out Outcome
				if seat == 0 {
					out = tab.Play(engine.DefaultRules, uint64(g), opt, opp)
				} else {
					out = tab.Play(engine.DefaultRules, uint64(g), opp, opt)
				}
				x := 0.0
				switch out.Winner() {
				case seat:
					x = 1
				case 1 - seat:
					x = -1
				}
				sum += x
				sumSq += x * x
			}
			mean := sum / games
			half := 1.96 * math.Sqrt(max(0, sumSq/games-mean*mean)/games)
			t.Logf("optimal in seat %d vs %s: mean %+.3f ± %.3f (guarantee %+.2g)", seat, spec, mean, half, guarantee[seat])
			if mean < guarantee[seat]-half-1e-9 {
				t.Errorf("optimal in seat %d vs %s: mean %+.3f ± %.3f below its guarantee %+.3g", seat, spec, mean, half, guarantee[seat])
			}
		}
	}
}

func TestOptimalBadPath(t *testing.T) {
	if _, err := Parse("optimal:path=" + filepath.Join(t.TempDir(), "missing.bin")); err == nil {
		t.Error("a missing solution file: no error")
	}
}

func TestSample(t *testing.T) {
	p := []float64{0, 0.25, 0, 0.75}
	for k, c := range []struct {
		u    float64
		want int
	}{{0, 1}, {0.2499, 1}, {0.25, 3}, {0.9999, 3}, {1.5, 3}} {
		if got := sample(p, c.u); got != c.want {
			t.Errorf("case %d: sample(%v, %v) = %d, want %d", k, p, c.u, got, c.want)
		}
	}
}
