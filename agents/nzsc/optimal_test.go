package nzsc

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis/solve"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/testsolution"
)

// TestOptimalScoresItsValue plays the solved game's strategies against
// the simple bots: in each seat it must score at least its certified
// guarantee (about 0, the game's value), up to the 95% interval of the
// match.
func TestOptimalScoresItsValue(t *testing.T) {
	// The solution as the bot loads it, from its file (solved once per
	// solver version and shared by the tests of every package).
	path := testsolution.Path(t)
	s, err := solve.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := agents.Parse("optimal:path=" + path)
	if err != nil {
		t.Fatal(err)
	}
	guarantee := [2]float64{s.Characters.L[0], -s.Characters.U[0]}
	const games = 300
	tab := agents.NewTable()
	for _, spec := range []string{"random", "greedy", "nash"} {
		opp := mustNew(t, spec)
		for seat := range 2 {
			opt, err := b.New()
			if err != nil {
				t.Fatal(err)
			}
			sum, sumSq := 0.0, 0.0
			for g := range games {
				var out agents.Outcome
				if seat == 0 {
					out = tab.Play(nz.DefaultRules, uint64(g), opt, opp)
				} else {
					out = tab.Play(nz.DefaultRules, uint64(g), opp, opt)
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
	if _, err := agents.Parse("optimal:path=" + filepath.Join(t.TempDir(), "missing.bin")); err == nil {
		t.Error("a missing solution file: no error")
	}
}

// TestOptimalNotASolutionFile (issue 15, item 1): a path the user names
// that is not a solution file is a one-line error at parse time, and
// the file is left exactly as it was (never solved over).
func TestOptimalNotASolutionFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "counts.json")
	want := []byte(`{"version": 1, "pairings": []}` + "\n")
	if err := os.WriteFile(path, want, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := agents.Parse("optimal:path=" + path)
	if err == nil || strings.Contains(err.Error(), "\n") {
		t.Errorf("err %v, want a one-line error", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, want) {
		t.Errorf("the file was changed: %q", got)
	}
}

// TestOptimalLoadsLazily: parsing checks only the file's header; the
// body is read at the first decision, and a corrupt one is then the
// bot's Fault (it forfeits), not a silent fallback.
func TestOptimalLoadsLazily(t *testing.T) {
	var buf bytes.Buffer
	if err := solve.WriteFile(&buf, (&solve.Solution{}).Export()); err != nil {
		t.Fatal(err)
	}
	// A valid header, then a body lacking every pairing.
	path := filepath.Join(t.TempDir(), "empty.bin")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := agents.Parse("optimal:path=" + path); err != nil {
		t.Fatalf("parse: %v", err)
	}
	out := agents.NewTable().Play(nz.DefaultRules, 1, mustNew(t, "optimal:path="+path), mustNew(t, "random"))
	if out.Forfeit != 0 || out.Fault == nil {
		t.Errorf("outcome %+v, want seat 0 to forfeit with the load error", out)
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
