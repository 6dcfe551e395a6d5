package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/analysis"
)

// This file holds the formatting that the text and HTML reports share,
// so that a number reads the same in both (the estimates' pct and share
// are in text.go).

// eloText formats a rating's Elo, "+48.8", prefixed "~" when its
// interval includes 0.
func eloText(r analysis.Rating) string {
	if unrated(r) {
		return "-"
	}
	s := fmt.Sprintf("%+.1f", r.Elo)
	if !r.Significant {
		s = "~" + s
	}
	return s
}

// eloHalf formats the half-width of a rating's 95% interval, "±4.2";
// "±inf" when it is unbounded (ratings of groups of bots that never met).
func eloHalf(r analysis.Rating) string {
	if unrated(r) {
		return "-"
	}
	return "±" + halfText(analysis.Z95*r.SE, 1)
}

// halfText formats the half-width of an interval with prec decimals,
// "inf" (as fmtElo writes it) when it is unbounded, not Go's "+Inf".
func halfText(h float64, prec int) string {
	if math.IsInf(h, 1) {
		return "inf"
	}
	return strconv.FormatFloat(h, 'f', prec, 64)
}

// unrated reports whether r is no rating: a bot that played no game (a
// run stopped before its pairings), whose Elo analysis gives as NaN.
func unrated(r analysis.Rating) bool { return math.IsNaN(r.Elo) }

// signed formats v with its sign and prec decimals, a value that rounds
// to zero as +0 ("+0.0000", never "-0.0000": a solver's -1e-16 is a
// zero, and a minus sign on it reads as a loss), and an infinite one
// (the Elo of a perfect score) as "+inf" or "-inf", as fmtElo does.
func signed(v float64, prec int) string {
	switch {
	case math.IsInf(v, 1):
		return "+inf"
	case math.IsInf(v, -1):
		return "-inf"
	}
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if strings.Trim(s, "-0.") == "" {
		return "+" + strings.TrimPrefix(s, "-")
	}
	if v >= 0 {
		return "+" + s
	}
	return s
}

// weightText formats a meta-game weight.
func weightText(w float64) string { return strconv.FormatFloat(w, 'f', 3, 64) }

// count formats a count of games.
func count(n int64) string { return strconv.FormatInt(n, 10) }

// ffaEloText formats a free-for-all rating with its interval's upper
// half-width: "~+50.3 ± 70.6".
func ffaEloText(r analysis.Rating) string {
	mark := ""
	if !r.Significant {
		mark = "~"
	}
	if unrated(r) {
		// A bot that played no game (a run stopped before its tables):
		// its rating is a place-holder with an unbounded interval.
		return "-"
	}
	return fmt.Sprintf("%s%+.1f ± %s", mark, r.Elo, halfText(r.Hi-r.Elo, 1))
}

// placeText formats an average place with its interval's half-width,
// "2.213 ± 0.055", or with the interval itself where that is lopsided
// (cut at first place, or a Wilson interval: analysis.Placing), as pct
// does near 0 and 100%: "1.000 [1.000, 1.781]", where "1.000 ± 0.781"
// would read as reaching place 0.219.
func placeText(p analysis.Placing) string {
	if p.Games == 0 || math.IsNaN(p.MeanPlace) {
		return "-" // no game played
	}
	up, down := p.PlaceHi-p.MeanPlace, p.MeanPlace-p.PlaceLo
	if math.Abs(up-down) >= 0.0005 {
		return fmt.Sprintf("%.3f [%.3f, %.3f]", p.MeanPlace, p.PlaceLo, p.PlaceHi)
	}
	return fmt.Sprintf("%.3f ± %.3f", p.MeanPlace, up)
}

// winShareText formats a win share with its interval, in percent.
func winShareText(p analysis.Placing) string {
	if p.Games == 0 || math.IsNaN(p.WinShare) {
		return "-" // no game played
	}
	return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*p.WinShare, 100*p.WinLo, 100*p.WinHi)
}

// pctPlain formats a score in [0, 1] as a percentage with one decimal,
// "-" for NaN.
func pctPlain(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return strconv.FormatFloat(100*x, 'f', 1, 64)
}

// components names the strongly connected components of a ranking's win
// graph: "{a, b} {c}".
func components(bots []string, rk *analysis.Ranking) string {
	var comps []string
	for _, c := range rk.Components {
		var names []string
		for _, i := range c {
			names = append(names, bots[i])
		}
		comps = append(comps, "{"+strings.Join(names, ", ")+"}")
	}
	return strings.Join(comps, " ")
}
