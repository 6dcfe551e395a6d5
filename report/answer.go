package report

import (
	"fmt"
	"math"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// This file is a run's first answer, the sentence or two that a
// tournament's text and HTML page open with: which bot is strongest and
// how sure that is, and why the meta-game may name another. A newcomer
// otherwise meets three answers with no explanation (the ranking, the
// meta-game's mix, and nzsc exploit's), so the report says which is
// which before the tables.

// strongest answers "which bot is strongest?" from a ranking (Bradley–
// Terry or Plackett–Luce): the first bot, its Elo over the second, the
// likelihood that it is the stronger of the two from the fit's
// covariance of the difference, Φ(d/se), and whether the games separate
// them (the difference's 95% interval excludes 0). "" for fewer than
// two bots.
func strongest(rk *analysis.Ranking) string {
	if rk == nil || len(rk.Order) < 2 {
		return ""
	}
	a, b := rk.Order[0], rk.Order[1]
	top, next := rk.Ratings[a], rk.Ratings[b]
	d := top.Elo - next.Elo
	se := 0.0
	if len(rk.Cov) > max(a, b) {
		se = math.Sqrt(math.Max(rk.Cov[a][a]+rk.Cov[b][b]-2*rk.Cov[a][b], 0))
	}
	if math.IsNaN(se) {
		// An infinite variance (a bot of an unfinished run that has
		// played no game) gives Inf−Inf: the difference is not known
		// at all, not known exactly (">99.9% likely ... not
		// separable" was printed).
		se = math.Inf(1)
	}
	los := 0.5
	switch {
	case se > 0:
		los = 0.5 * math.Erfc(-d/se/math.Sqrt2)
	case d > 0:
		los = 1
	}
	if sep := d > analysis.Z95*se && d > 0; sep {
		return fmt.Sprintf("%s is strongest: %+.1f Elo over the next, %s, %s", top.Bot, d, next.Bot, sureText(los, sep, next.Bot))
	}
	return fmt.Sprintf("%s ranks first: %+.1f Elo over the next, %s, %s", top.Bot, d, next.Bot, sureText(los, false, next.Bot))
}

// sureText is how sure an answer is: the likelihood of superiority and
// whether the games tell the two apart from other (a bot, or "an even
// match").
func sureText(los float64, separable bool, other string) string {
	if separable {
		return losText(los) + " likely the stronger (LOS) — a difference these games can tell apart."
	}
	return losText(los) + " likely the stronger (LOS) — not separable from " + other + " by these games."
}

// matchAnswer is a match's one line: who scored more, by how much, and
// how sure that is, by the same tests as its table (the Wilson interval
// of the score; LOS from the decisive games). "" without games.
func matchAnswer(m *Match) string {
	l := &m.Summary.Total
	if l.Games == 0 {
		return ""
	}
	score, lo, hi, los := float64(l.Score), float64(l.ScoreLo), float64(l.ScoreHi), float64(l.LOS)
	if score == 0.5 {
		return fmt.Sprintf("%s and %s are even: 50.0%% of the points each, [%.1f, %.1f] (95%%).", m.A, m.B, 100*lo, 100*hi)
	}
	won, lost := m.A, m.B
	if score < 0.5 {
		won, lost, score, lo, hi, los = m.B, m.A, 1-score, 1-hi, 1-lo, 1-los
	}
	return fmt.Sprintf("%s scored more: %.1f%% of the points [%.1f, %.1f] against %s, %s", won, 100*score, 100*lo, 100*hi, lost,
		sureText(los, l.Significant(), "an even match"))
}

// losText formats a likelihood of superiority as a percentage that never
// rounds to a certainty: "99.9%", ">99.9%".
func losText(p float64) string {
	switch {
	case p > 0.999:
		return ">99.9%"
	case p < 0.001:
		return "<0.1%"
	}
	return fmt.Sprintf("%.1f%%", 100*p)
}

// metagameDisagrees explains, when the meta-game's equilibrium gives its
// most weight to another bot than the ranking's first, why the two
// differ; "" when they agree or there is no meta-game. For NZSC it
// points to nzsc exploit, the third answer, which the report cannot give
// as it needs the solved game.
func metagameDisagrees(s *analysis.Summary, m *results.Manifest) string {
	mg, rk := s.Metagame, s.Ranking
	if mg == nil || rk == nil || len(rk.Order) < 2 {
		return ""
	}
	top, heavy := rk.Order[0], rk.Order[0]
	for _, i := range rk.Order {
		if mg.Weight[i] > mg.Weight[heavy]+5e-7 {
			heavy = i
		}
	}
	if heavy == top {
		return ""
	}
	bots := s.Counts.Bots
	out := fmt.Sprintf("The meta-game's equilibrium gives %s weight %s and %s %s: it weighs a bot by how it scores against the others' best mix, not by its average over the field",
		bots[heavy], weightText(mg.Weight[heavy]), bots[top], weightText(mg.Weight[top]))
	// The head-to-head is the usual reason: the ranking's first loses
	// to the meta-game's choice while beating the rest by more.
	if s.Cross != nil {
		if e := s.Cross.Cells[heavy][top]; e.Record.Games() > 0 && e.Score >= 0.5 {
			out += fmt.Sprintf(", and %s scores %s%% against %s", bots[heavy], pct(e), bots[top])
		}
	}
	if m == nil || m.GameName() == "nzsc" {
		out += "; for how far a best response beats a bot, run nzsc exploit BOT (it needs the solved game, which this report does not have)"
	}
	return out + "."
}

// answer is the opening of a two-player tournament's report: strongest,
// then metagameDisagrees when it has something to say.
func answer(s *analysis.Summary, m *results.Manifest) []string {
	var out []string
	for _, a := range []string{strongest(s.Ranking), metagameDisagrees(s, m)} {
		if a != "" {
			out = append(out, a)
		}
	}
	return out
}
