package report

import (
	"regexp"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// TestFFATextNoGames: a 3-4 seat run stopped before its first game
// says so, as a two-player one does, instead of a ranking of NaN and
// ±Inf; a stopped run says it is incomplete.
func TestFFATextNoGames(t *testing.T) {
	ft := &analysis.Tournament{Bots: []string{"alpha", "beta", "gamma"}, Tables: []analysis.TableCounts{{Bots: []int{0, 1, 2}}}}
	fs, err := analysis.SummarizeFFA(ft, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := &results.Manifest{Kind: "tournament", Seats: 3, Seed: 9, GamesPerPairing: 6, GamesPlanned: 6}
	var b strings.Builder
	if err := FFAText(&b, fs, m, Options{}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, "NaN") || strings.Contains(out, "Inf") || !strings.Contains(out, "no games played") || !strings.Contains(out, "INCOMPLETE") {
		t.Errorf("a run with no games:\n%s", out)
	}
}

// TestFFATextForfeitsAreNoTurnCap: a game forfeited at 3 seats has no
// winner (the others share first place) but did not reach the turn cap;
// the text told every such game as one "nobody won (turn cap)".
func TestFFATextForfeitsAreNoTurnCap(t *testing.T) {
	tc := analysis.TableCounts{Bots: []int{0, 1, 2}, Undecided: 5, Turns: 40}
	tc.Finishes[analysis.FinishKey([]int{3, 1, 1})] = 4 // alpha forfeited 4 games
	tc.Finishes[analysis.FinishKey([]int{1, 1, 1})] = 1 // one game at the cap
	tc.Finishes[analysis.FinishKey([]int{1, 2, 3})] = 1
	tc.Forfeits[0] = 4
	tc.ForfeitKinds[0][analysis.FaultKindIndex("crash")] = 3
	tc.ForfeitKinds[0][analysis.FaultKindIndex("time")] = 1
	fs, err := analysis.SummarizeFFA(&analysis.Tournament{Bots: []string{"alpha", "beta", "gamma"}, Tables: []analysis.TableCounts{tc}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := &results.Manifest{Kind: "tournament", Seats: 3, Seed: 9, GamesPerPairing: 6, GamesPlanned: 6, Complete: true}
	var b strings.Builder
	if err := FFAText(&b, fs, m, Options{Width: 200}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	want := "Games nobody won: 5 of 6 (4 forfeited, the others sharing first place; 1 at the turn cap)"
	if !strings.Contains(out, want) || strings.Contains(out, "(turn cap): 5") {
		t.Errorf("the text of 4 forfeits and 1 game at the cap lacks %q:\n%s", want, out)
	}
	// The faults are a table, as in a two-player run's report: the
	// forfeits by kind (timeout crash protocol other illegal time), then
	// the penalized turns.
	if !strings.Contains(out, "Faults per bot") || !regexp.MustCompile(`(?m)^alpha +4 +0 +3 +0 +0 +0 +1 +0$`).MatchString(out) {
		t.Errorf("no faults table with alpha's 4 forfeits, 3 crashes and 1 on time:\n%s", out)
	}
	var j strings.Builder
	if err := FFAJSON(&j, fs, m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(j.String(), `"forfeit_kinds": {`+"\n"+`    "crash": 3,`+"\n"+`    "time": 1`) {
		t.Errorf("the JSON report lacks alpha's forfeits by kind:\n%s", j.String())
	}
	// places.csv's kinds, as a match's faults.csv writes them.
	tables, err := FFATables(fs)
	if err != nil {
		t.Fatal(err)
	}
	if csv := string(tables[1].CSV()); tables[1].Name != "places.csv" || !strings.Contains(csv, ",4,0,\"crash 3, time 1\"\n") {
		t.Errorf("%s lacks alpha's forfeits by kind:\n%s", tables[1].Name, csv)
	}
}

// TestFFATextAheadByRank: the finished-ahead matrix lists the bots in
// ranking order, as the ranking above it and the HTML page do, not in
// the order --bots gave them: gamma always first, then beta, then alpha.
func TestFFATextAheadByRank(t *testing.T) {
	tc := analysis.TableCounts{Bots: []int{0, 1, 2}}
	tc.Finishes[analysis.FinishKey([]int{3, 2, 1})] = 30 // alpha last, gamma first
	tc.Finishes[analysis.FinishKey([]int{2, 3, 1})] = 6
	fs, err := analysis.SummarizeFFA(&analysis.Tournament{Bots: []string{"alpha", "beta", "gamma"}, Tables: []analysis.TableCounts{tc}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := &results.Manifest{Kind: "tournament", Seats: 3, Seed: 9, GamesPerPairing: 36, GamesPlanned: 36, Complete: true}
	var b strings.Builder
	if err := FFAText(&b, fs, m, Options{Width: 200}); err != nil {
		t.Fatal(err)
	}
	_, ahead, _ := strings.Cut(b.String(), "Finished ahead of")
	lines := strings.Split(ahead, "\n")
	if len(lines) < 6 || !regexp.MustCompile(`^bot +gamma +beta +alpha$`).MatchString(lines[1]) ||
		!strings.HasPrefix(lines[3], "gamma ") || !strings.HasPrefix(lines[4], "beta ") || !strings.HasPrefix(lines[5], "alpha ") {
		t.Errorf("the matrix is not in ranking order (gamma, beta, alpha):\n%s", ahead)
	}
}

// TestFFATextSaysGauntlet: a gauntlet at 3 seats says so, naming its
// base bot by its alias, as the two-player header does; it said "4 bots"
// as a round robin would.
func TestFFATextSaysGauntlet(t *testing.T) {
	tc := analysis.TableCounts{Bots: []int{0, 1, 2}}
	tc.Finishes[analysis.FinishKey([]int{1, 2, 3})] = 6
	fs, err := analysis.SummarizeFFA(&analysis.Tournament{Bots: []string{"g", "beta", "gamma"}, Tables: []analysis.TableCounts{tc}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := &results.Manifest{Kind: "tournament", Seats: 3, Seed: 9, GamesPerPairing: 6, GamesPlanned: 6, Complete: true,
		Gauntlet: "greedy:name=g", Bots: []results.BotInfo{{Spec: "greedy:name=g", Name: "g"}, {Spec: "beta"}, {Spec: "gamma"}}}
	var b strings.Builder
	if err := FFAText(&b, fs, m, Options{Width: 200}); err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(b.String(), "\n"); !strings.Contains(first, "gauntlet, g at every table with 2 others of 2 bots") {
		t.Errorf("the header does not say gauntlet: %q", first)
	}
}

// TestFFATextUnplayedBot: a bot that played no game (a run stopped
// before its tables) has no figures in the ranking, "-", where it showed
// "~+7.1 ± +Inf", "NaN ± NaN" and "NaN% [NaN, NaN]".
func TestFFATextUnplayedBot(t *testing.T) {
	tc := analysis.TableCounts{Bots: []int{0, 1, 2}}
	tc.Finishes[analysis.FinishKey([]int{1, 2, 3})] = 20
	tc.Finishes[analysis.FinishKey([]int{2, 1, 3})] = 10
	fs, err := analysis.SummarizeFFA(&analysis.Tournament{Bots: []string{"alpha", "beta", "gamma", "unplayed"}, Tables: []analysis.TableCounts{tc}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	m := &results.Manifest{Kind: "tournament", Seats: 3, Seed: 9, GamesPerPairing: 30, GamesPlanned: 120}
	var b strings.Builder
	if err := FFAText(&b, fs, m, Options{Width: 200}); err != nil {
		t.Fatal(err)
	}
	var row string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.Contains(l, " unplayed ") {
			row = l
			break
		}
	}
	if f := strings.Fields(row); len(f) < 6 || f[2] != "-" || f[3] != "-" || f[4] != "-" || f[5] != "0" || strings.Contains(b.String(), "NaN") || strings.Contains(b.String(), "Inf") {
		t.Errorf("the unplayed bot's row %q; want '-' for its Elo, place and share, and no NaN or Inf anywhere:\n%s", row, b.String())
	}
}
