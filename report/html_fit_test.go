package report

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"  // NPZR's bots
	_ "github.com/nzsclab/nzsc/agents/nzscn" // NZSC's bots for 3 or 4
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

// outsideJS lists every chart text (titles, labels, ticks, legends) that
// a browser draws outside its chart's box, where the SVG or its figure
// cuts it off: "chart id: text (how far out)".
const outsideJS = `Array.from(document.querySelectorAll("svg.chart")).flatMap(svg => {
	// The chart's box: the SVG, within the part of its figure that
	// shows (a figure wider than the page scrolls: what is off to the
	// right is cut off until one scrolls).
	const s = svg.getBoundingClientRect(), f = (svg.closest(".fig") || svg).getBoundingClientRect();
	const box = {left: Math.max(s.left, f.left), right: Math.min(s.right, f.right), top: s.top, bottom: s.bottom};
	return Array.from(svg.querySelectorAll("text")).flatMap(t => {
		const r = t.getBoundingClientRect();
		const out = Math.max(box.left - r.left, r.right - box.right, box.top - r.top, r.bottom - box.bottom);
		return out > 0.5 ? [svg.id + ": " + JSON.stringify(t.textContent) + " (" + out.toFixed(1) + " px out)"] : [];
	});
})`

// TestChartsFitInChromium: at 1280 and at 390 px (a phone), no text of
// any chart of any page (a tournament, a free-for-all, a match, a
// sequential test, the sweep) falls outside its chart's box: titles,
// legends and rotated labels fit.
func TestChartsFitInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("browser check skipped in -short mode")
	}
	ctx := browser.New(t, 1280, 900, 3*time.Minute)
	tt := fixture([]string{"nash", "greedy", "mcts", "random"}, map[[2]int]bool{{0, 3}: true})
	fs, err := analysis.SummarizeFFA(ffaFixture(), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := matchFixture()
	o, v := sprtFixture()
	r3 := nzsc.Rules{TurnCap: 1000, Points: 3}
	sweep := []solve.SweepRow{{Rules: nzsc.DefaultRules, Characters: [4]float64{0, 1, 0, 0}}, {Rules: r3, Characters: [4]float64{0.25, 0.5, 0, 0.25}}}
	sweep[1].Pairs[nzsc.Ninja][nzsc.Zombie] = solve.SweepPair{Value: -0.28}
	for _, pg := range []struct {
		name   string
		render func(*bytes.Buffer) error
	}{
		{"tournament.html", func(b *bytes.Buffer) error { return HTML(b, analysis.Summarize(tt), fixtureManifest(tt)) }},
		{"ffa.html", func(b *bytes.Buffer) error { return FFAHTML(b, fs, nil) }},
		{"match.html", func(b *bytes.Buffer) error { return MatchHTML(b, m) }},
		{"sprt.html", func(b *bytes.Buffer) error { return SPRTHTML(b, o, v) }},
		{"sweep.html", func(b *bytes.Buffer) error { return SolveSweepHTML(b, sweep) }},
		{"nzsc3.html", runPage(t, "nzsc", 3, "random", "classic", "greedy", "random:name=r2")},
		{"npzr.html", runPage(t, "npzr", 2, "random", "greedy")},
	} {
		url := writePage(t, pg.name, pg.render)
		for _, width := range []int64{1280, 390} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 800), chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS("svg.chart"))); err != nil {
				t.Fatal(err)
			}
			if n := eval[int](t, ctx, `document.querySelectorAll("svg.chart text").length`); n == 0 {
				t.Fatalf("%s: no chart text", pg.name)
			}
			// The game's own tables drawn where a chart reads better:
			// win shares per character and loadout and the character
			// combinations at 3 seats; NPZR's reshuffles, scoring order
			// and score by wild cards.
			if want := map[string]int{"nzsc3.html": 3, "npzr.html": 3}[pg.name]; want > 0 {
				if n := eval[int](t, ctx, `document.querySelectorAll("#game svg.chart").length`); n != want {
					t.Errorf("%s: %d charts of the game's own statistics, want %d", pg.name, n, want)
				}
			}
			for _, out := range eval[[]string](t, ctx, outsideJS) {
				t.Errorf("%s at %d px: %s", pg.name, width, out)
			}
			browser.Screenshot(t, ctx, fmt.Sprintf("fit-%s-%d.png", pg.name[:len(pg.name)-5], width), 0)
		}
	}
}

// runPage plays a small tournament of game at seats and returns the
// renderer of its page, as nzsc report --html writes it.
func runPage(t *testing.T, name string, seats int, specs ...string) func(*bytes.Buffer) error {
	t.Helper()
	g, err := game.Build(name, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &roundrobin.Config{Game: g, Gauntlet: -1, PairsPerPairing: 10, Seed: 3, ChunkPairs: 4}
	for _, s := range specs {
		b, err := agents.ParseForSeats(name, seats, s)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	res, err := roundrobin.Play(context.Background(), cfg, roundrobin.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	man := &results.Manifest{Kind: results.KindTournament, Game: name, Seats: seats, Seed: 3, GamesPerPairing: uint64(roundrobin.SetGames(seats)) * 10}
	return func(b *bytes.Buffer) error {
		return Tail(b, End{Manifest: man, Counts: &res.Counts, Format: "html"})
	}
}
