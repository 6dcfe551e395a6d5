package report

import (
	"bytes"
	"html"
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
	got := metagameDisagrees(s, &results.Manifest{Kind: "tournament"})
	for _, want := range []string{"gives nash weight 1.000 and greedy 0.000", "against the mix", "nzsc exploit BOT"} {
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
	fs, err := analysis.SummarizeFFA(ft)
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
