package report

import (
	"bytes"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/dynamics"
	"github.com/nzsclab/nzsc/results"
)

// TestMoranRunFixation: over many seeds, the share of simulated Moran
// runs (MoranRunOf, one mutant among N−1 residents) that the mutant
// takes over agrees with the exact fixation probability the report
// prints beside it (dynamics.MoranOf's closed form on the same payoff),
// within 4.5 standard errors: for a two-seat run (the cross-table) and a
// three- and a four-seat run (the finished-ahead shares, the payoff
// --dynamics reads there).
func TestMoranRunFixation(t *testing.T) {
	seeds := 1500
	if testing.Short() {
		seeds = 400
	}
	two := fixture([]string{"nash", "greedy", "random"}, nil)
	four := &analysis.Tournament{Bots: []string{"a", "b", "c", "d"}}
	tc := analysis.TableCounts{Bots: []int{0, 1, 2, 3}}
	for k, pl := range [][]int{{1, 2, 3, 4}, {2, 1, 3, 4}, {4, 3, 1, 2}, {1, 4, 2, 3}, {3, 1, 4, 2}} {
		tc.Finishes[analysis.FinishKey(pl)] += int64(10 + 7*k)
	}
	four.Tables = []analysis.TableCounts{tc}
	for _, c := range []struct {
		name             string
		man              *results.Manifest
		tr               *analysis.Tournament
		resident, mutant int
	}{
		{"2 seats", fixtureManifest(two), two, 0, 1},
		{"2 seats, the other way", fixtureManifest(two), two, 1, 0},
		{"3 seats", &results.Manifest{Kind: "tournament", Seats: 3, Seed: 1}, ffaFixture(), 2, 0},
		{"4 seats", &results.Manifest{Kind: "tournament", Seats: 4, Seed: 1}, four, 1, 2},
	} {
		const n = 10
		start := make([]int, len(c.tr.Bots))
		start[c.resident], start[c.mutant] = n-1, 1
		opt := dynamics.MoranRunOptions{Start: start, W: 1, MaxSteps: 1 << 30, Every: 1 << 30}
		fixed := 0
		var exact float64
		for s := range seeds {
			h, err := MoranRunOf(c.man, c.tr, opt, uint64(s))
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if h.Mutant != c.mutant || h.Resident != c.resident {
				t.Fatalf("%s: mutant %d resident %d, want %d %d", c.name, h.Mutant, h.Resident, c.mutant, c.resident)
			}
			exact = h.Exact
			if h.Run.Winner == c.mutant {
				fixed++
			}
		}
		sim := float64(fixed) / float64(seeds)
		t.Logf("%s: simulated %.4f, exact %.4f", c.name, sim, exact)
		se := math.Sqrt(exact * (1 - exact) / float64(seeds))
		if math.Abs(sim-exact) > 4.5*se || exact <= 0 {
			t.Errorf("%s: simulated %.4f, exact %.4f (4.5 SE = %.4f)", c.name, sim, exact, 4.5*se)
		}
	}
}

// TestMoranRunOutput: the text shows the history, the fixation step and
// the winner and the exact figure; the same seed prints the same run;
// JSON names its format and its winner.
func TestMoranRunOutput(t *testing.T) {
	tr := fixture([]string{"nash", "greedy", "random"}, nil)
	start, err := ParsePopulation("greedy=9, nash=1", tr.Bots, 50)
	if err != nil {
		t.Fatal(err)
	}
	opt := dynamics.MoranRunOptions{Start: start, W: 1, MaxSteps: 100000, Every: 5}
	var a, b bytes.Buffer
	for _, buf := range []*bytes.Buffer{&a, &b} {
		h, err := MoranRunOf(fixtureManifest(tr), tr, opt, 7)
		if err != nil {
			t.Fatal(err)
		}
		if err := WriteMoranRun(buf, "text", h); err != nil {
			t.Fatal(err)
		}
	}
	if a.String() != b.String() {
		t.Error("the same seed printed two runs")
	}
	for _, want := range []string{"step  nash  greedy", "Fixation at step", "takes the population", "One nash among 9 greedy takes over with probability", "seed 0x7"} {
		if !strings.Contains(a.String(), want) {
			t.Errorf("no %q in:\n%s", want, a.String())
		}
	}
	h, _ := MoranRunOf(fixtureManifest(tr), tr, opt, 7)
	var j bytes.Buffer
	WriteMoranRun(&j, "json", h)
	var doc struct {
		Format string  `json:"format"`
		Winner *string `json:"winner"`
		Fix    *int    `json:"fixation_step"`
	}
	if err := json.Unmarshal(j.Bytes(), &doc); err != nil || doc.Format != MoranRunFormat || doc.Winner == nil || *doc.Fix != h.Run.Fixation {
		t.Errorf("JSON %+v, %v", doc, err)
	}
	for _, bad := range []string{"greedy", "greedy=x", "greedy=-1", "nobody=3", "greedy=1,greedy=2"} {
		if _, err := ParsePopulation(bad, tr.Bots, 50); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	if got, _ := ParsePopulation("equal", tr.Bots, 50); got[0] != 17 || got[1] != 17 || got[2] != 16 {
		t.Errorf("equal shares of 50 among 3: %v", got)
	}
	// Names with "=" and "," of their own.
	odd := []string{"greedy:noise=0.1", "mcts:iters=100,c=1.4", "random"}
	if got, err := ParsePopulation("mcts:iters=100,c=1.4=3,greedy:noise=0.1=2", odd, 50); err != nil || got[0] != 2 || got[1] != 3 || got[2] != 0 {
		t.Errorf("names with = and ,: %v %v", got, err)
	}
	// A match of a spec against itself: its copies are named as the
	// dynamics name them, random and random2 (random=5 took seat A's bot
	// alone, a population of one bot "fixed" at step 0; then it was
	// refused, "only equal tells them apart").
	if got, err := ParsePopulation("random=5,random2=4", []string{"random", "random"}, 50); err != nil || !slices.Equal(got, []int{5, 4}) {
		t.Errorf("random=5,random2=4 of random vs random: %v, %v; want [5 4]", got, err)
	}
}
