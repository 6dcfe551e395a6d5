package report

import (
	"bytes"
	"html"
	"math"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// twoBots is a ranking of a (first) and b with the given Elo and
// covariance of the two ratings, Elo².
func twoBots(eloA, eloB, varA, varB, cov float64) *analysis.Ranking {
	return &analysis.Ranking{
		Ratings: []analysis.Rating{{Bot: "a", Elo: eloA}, {Bot: "b", Elo: eloB}},
		Order:   []int{0, 1}, Cov: [][]float64{{varA, cov}, {cov, varB}}, Connected: true,
	}
}

// TestStrongest: the first answer's difference, likelihood and verdict,
// against Φ computed by hand (tables of the normal distribution).
func TestStrongest(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		rk   *analysis.Ranking
		want string
	}{
		// d = 40, se = √(100+100) = 14.14: z = 2.83, Φ = 0.9977 > 0.975.
		{twoBots(50, 10, 100, 100, 0), "a is strongest: +40.0 Elo over the next, b, 99.8% likely the stronger (LOS) — a difference these games can tell apart."},
		// d = 20, z = 1.41, Φ = 0.9214: within the 95% interval.
		{twoBots(30, 10, 100, 100, 0), "a ranks first: +20.0 Elo over the next, b, 92.1% likely the stronger (LOS) — not separable from b by these games."},
		// The covariance counts: positively correlated ratings (a
		// gauntlet's common opponent) make the difference surer,
		// se = √(100+100−2·60) = 8.94, z = 2.24, Φ = 0.9873.
		{twoBots(30, 10, 100, 100, 60), "a is strongest: +20.0 Elo over the next, b, 98.7% likely the stronger (LOS) — a difference these games can tell apart."},
		// A tie is no win.
		{twoBots(0, 0, 100, 100, 0), "a ranks first: +0.0 Elo over the next, b, 50.0% likely the stronger (LOS) — not separable from b by these games."},
		// A bot without games (an interrupted round robin): infinite
		// variances, no likelihood either way (it was ">99.9% likely
		// the stronger" and "not separable" in one sentence).
		{twoBots(79, 13, inf, inf, inf), "a ranks first: +66.0 Elo over the next, b, 50.0% likely the stronger (LOS) — not separable from b by these games."},
		{twoBots(79, 13, 100, inf, 0), "a ranks first: +66.0 Elo over the next, b, 50.0% likely the stronger (LOS) — not separable from b by these games."},
		{&analysis.Ranking{Ratings: []analysis.Rating{{Bot: "a"}}, Order: []int{0}, Cov: [][]float64{{0}}}, ""},
	} {
		if got := strongest(c.rk); got != c.want {
			t.Errorf("strongest:\n got %q\nwant %q", got, c.want)
		}
	}
}

// TestMetagameDisagrees: the second sentence appears exactly when the
// meta-game's heaviest bot is not the ranking's first, and points to
// nzsc exploit only for NZSC.
func TestMetagameDisagrees(t *testing.T) {
	s := &analysis.Summary{Counts: &analysis.Tournament{Bots: []string{"greedy", "nash"}},
		Ranking:  twoBots(50, 10, 100, 100, 0),
		Metagame: &analysis.Metagame{Weight: []float64{0, 1}}}
	s.Ranking.Ratings[0].Bot, s.Ranking.Ratings[1].Bot = "greedy", "nash"
	// nash beat greedy head to head 60 to 40: the reason, said.
	s.Cross = &analysis.CrossTable{Cells: [][]analysis.Estimate{
		{{}, analysis.EstimateOf(analysis.Record{Wins: 40, Losses: 60})},
		{analysis.EstimateOf(analysis.Record{Wins: 60, Losses: 40}), {}}}}
	got := metagameDisagrees(s, &results.Manifest{Kind: "tournament"})
	// Wilson's interval of 60/100 is [50.2, 69.1]: ± its larger side.
	for _, want := range []string{"gives nash weight 1.000 and greedy 0.000", "against the others' best mix",
		"nash scores 60.0±9.8% against greedy", "run nzsc exploit BOT"} {
		if !strings.Contains(got, want) {
			t.Errorf("metagameDisagrees = %q, lacks %q", got, want)
		}
	}
	if got := metagameDisagrees(s, &results.Manifest{Kind: "tournament", Game: "npzr"}); got == "" || strings.Contains(got, "exploit") {
		t.Errorf("NPZR: %q, want the reason without nzsc exploit (NZSC only)", got)
	}
	s.Metagame.Weight = []float64{0.6, 0.4}
	if got := metagameDisagrees(s, nil); got != "" {
		t.Errorf("agreeing meta-game: %q, want nothing", got)
	}
	s.Metagame = nil
	if got := metagameDisagrees(s, nil); got != "" {
		t.Errorf("no meta-game: %q, want nothing", got)
	}
}

// TestAnswerOnFirstScreen: every tournament's text and HTML page, at two
// seats and at three, open with the answer, before the ranking.
func TestAnswerOnFirstScreen(t *testing.T) {
	tt := fixture([]string{"nash", "greedy", "random"}, nil)
	s := analysis.Summarize(tt)
	want := strongest(s.Ranking)
	if !strings.HasPrefix(want, "nash is strongest: ") {
		t.Fatalf("fixture's answer %q", want)
	}
	ft := ffaFixture()
	fs, err := analysis.SummarizeFFA(ft, nil)
	if err != nil {
		t.Fatal(err)
	}
	fwant := strongest(fs.Ranking)
	fm := &results.Manifest{Kind: "tournament", Seats: 3, Seed: 9, GamesPerPairing: 6, GamesDone: uint64(ft.Games()), GamesPlanned: uint64(ft.Games()), Complete: true}
	for _, c := range []struct {
		name   string
		want   string
		render func(*bytes.Buffer, string) error
	}{
		{"2 seats", want, func(b *bytes.Buffer, f string) error {
			return Tail(b, End{Manifest: fixtureManifest(tt), Counts: tt, Format: f, Options: Options{Width: 1000}})
		}},
		{"3 seats", fwant, func(b *bytes.Buffer, f string) error {
			return Tail(b, End{Manifest: fm, Counts: ft, Format: f, Options: Options{Width: 1000}})
		}},
	} {
		for _, f := range []string{"table", "html"} {
			var b bytes.Buffer
			if err := c.render(&b, f); err != nil {
				t.Fatal(err)
			}
			out, ranking := b.String(), "Ranking"
			if f == "html" {
				out, ranking = html.UnescapeString(out), `<section id="ranking"`
			}
			at, rank := strings.Index(out, c.want), strings.Index(out, ranking)
			if at < 0 || rank < 0 || at > rank {
				t.Errorf("%s %s: the answer %q is not before the ranking:\n%.600s", c.name, f, c.want, out)
			}
		}
	}
}

// TestMatchAnswer: a match's one line names the side that scored more,
// with its score and interval seen from that side, and the table's
// verdict; checked against the Wilson interval and Φ computed by hand.
func TestMatchAnswer(t *testing.T) {
	line := func(w, d, l int64) analysis.Line {
		r := analysis.Record{Wins: w, Draws: d, Losses: l}
		return analysis.LineOf(r, analysis.EloWDL(r))
	}
	for _, c := range []struct {
		l    analysis.Line
		want string
	}{
		// 30 of 100 for A: B scored 70.0%, Wilson [60.4, 78.1]; LOS of B
		// Φ(40/√100) = Φ(4) > 99.9%.
		{line(30, 0, 70), "b scored more: 70.0% of the points [60.4, 78.1] against a, >99.9% likely the stronger (LOS) — a difference these games can tell apart."},
		// 11 wins, 9 losses: 55.0% [34.2, 74.2], Φ(2/√20) = Φ(0.447) = 67.3%.
		{line(11, 0, 9), "a scored more: 55.0% of the points [34.2, 74.2] against b, 67.3% likely the stronger (LOS) — not separable from an even match by these games."},
		{line(5, 0, 5), "a and b are even: 50.0% of the points each, [23.7, 76.3] (95%)."},
		{analysis.Line{}, ""},
	} {
		m := &Match{A: "a", B: "b", Summary: analysis.MatchSummary{Total: c.l}}
		if got := matchAnswer(m); got != c.want {
			t.Errorf("matchAnswer:\n got %q\nwant %q", got, c.want)
		}
	}
	// On the first screen of the text and the page.
	m := matchFixture()
	want := matchAnswer(m)
	m.Width = 1000
	for _, c := range []struct {
		table  string
		render func(*bytes.Buffer) error
	}{
		{"score % [95% CI]", func(b *bytes.Buffer) error { return MatchText(b, m) }},
		{`id="t-result"`, func(b *bytes.Buffer) error { return MatchHTML(b, m) }},
	} {
		var b bytes.Buffer
		if err := c.render(&b); err != nil {
			t.Fatal(err)
		}
		out := html.UnescapeString(b.String())
		if at, table := strings.Index(out, want), strings.Index(out, c.table); want == "" || at < 0 || table < 0 || at > table {
			t.Errorf("the match's answer %q is not before its table:\n%.400s", want, out)
		}
	}
}
