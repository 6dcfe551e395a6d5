package npzr

import (
	"flag"
	"math"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	np "github.com/nzsclab/nzsc/engine/npzr"
)

var ladderRung = flag.String("ladder.rung", "", "play only the rung whose stronger bot is this spec, or the pair \"strong/weak\" (for measuring)")
var ladderFull = flag.Bool("ladder.full", false, "play the ladder at the default budgets (minutes)")
var ladderSeeds = flag.Int("ladder.seeds", 0, "game seeds per ladder rung (each played twice, seats swapped); 0 uses the test's own counts")

// match plays seeds game seeds between specs a and b, each seed twice
// with the seats swapped, and returns a's points (a win 1, a draw ½) and
// the number of games.
func match(t *testing.T, a, b string, seeds int) (points float64, games int, wins, draws, losses int) {
	t.Helper()
	g, err := np.NewGame(np.DefaultRules)
	if err != nil {
		t.Fatal(err)
	}
	var players [2]agents.Player
	for i, spec := range []string{a, b} {
		bot, err := agents.ParseFor("npzr", spec)
		if err != nil {
			t.Fatal(err)
		}
		if players[i], err = bot.NewPlayer(); err != nil {
			t.Fatal(err)
		}
	}
	table := agents.NewPlayerTable()
	for k := range uint64(seeds) {
		for aSeat := range 2 {
			bots := []agents.Player{players[0], players[1]}
			if aSeat == 1 {
				bots[0], bots[1] = bots[1], bots[0]
			}
			res := table.Play(g, 0x5eed0000+k, bots)
			if res.Forfeit >= 0 {
				t.Fatalf("%s vs %s, seed %d: seat %d forfeits: %v", a, b, k, res.Forfeit, res.Fault)
			}
			switch res.Outcome.Winner {
			case aSeat:
				wins++
			case -1:
				draws++
			default:
				losses++
			}
		}
	}
	games = 2 * seeds
	return float64(wins) + float64(draws)/2, games, wins, draws, losses
}

// TestLadder checks that each bot beats the one below it with
// significance: the lower end of the 95% Wilson interval of its score is
// above ½. Short runs check random < greedy < pimc with a small budget
// (a few seconds); the default run adds turn over ismcts at small
// budgets; -ladder.full plays the default budgets (minutes: the measured
// ladder of docs/npzr.md).
func TestLadder(t *testing.T) {
	const (
		short = iota
		normal
		full
	)
	rungs := []struct {
		strong, weak string
		seeds        int
		level        int
	}{
		{"greedy", "random", 10, short},
		{"pimc:samples=4", "greedy", 60, short},
		// With greedy's wild-first rules (issue 26) pimc gained more than
		// ismcts at these small budgets: ismcts:iters=120 against
		// pimc:samples=4 scored 0.542 [0.485, 0.597] in 300 games, no
		// longer a significant rung; the full ladder keeps ismcts over pimc
		// at the default budgets.
		{"turn:iters=40", "ismcts:iters=120", 60, normal},
		{"pimc", "greedy", 100, full},
		{"ismcts", "pimc", 300, full},
		{"turn", "ismcts", 100, full},
	}
	if strong, weak, ok := strings.Cut(*ladderRung, "/"); ok {
		rungs = append(rungs[:0], struct {
			strong, weak string
			seeds        int
			level        int
		}{strong, weak, 100, full})
		*ladderRung = strong
	}
	level := normal
	switch {
	case testing.Short():
		level = short
	case *ladderFull:
		level = full
	}
	for _, r := range rungs {
		if r.level > level && *ladderRung == "" || *ladderRung != "" && *ladderRung != r.strong {
			continue
		}
		seeds := r.seeds
		if *ladderSeeds > 0 {
			seeds = *ladderSeeds
		}
		pts, n, w, d, l := match(t, r.strong, r.weak, seeds)
		lo, hi := analysis.Wilson(pts, float64(n))
		t.Logf("%s vs %s: %d games +%d =%d -%d, score %.3f [%.3f, %.3f]", r.strong, r.weak, n, w, d, l, pts/float64(n), lo, hi)
		if !(lo > 0.5) || math.IsNaN(lo) {
			t.Errorf("%s does not beat %s significantly: score %.3f, 95%% interval [%.3f, %.3f]", r.strong, r.weak, pts/float64(n), lo, hi)
		}
	}
}
