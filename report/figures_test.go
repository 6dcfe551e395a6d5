package report

import (
	"bytes"
	"html"
	"math"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
)

// TestInfiniteFiguresRead: an unbounded interval or an infinite Elo
// reads "inf" wherever a report prints one, as a match's Elo column
// does (fmtElo), never Go's "+Inf": a ranking whose bots form groups
// that never met (their covariance infinite) printed "±+Inf", a
// free-for-all rating "± +Inf", and a sequential test won pair after
// pair "Elo +Inf [+166.2, +Inf]".
func TestInfiniteFiguresRead(t *testing.T) {
	inf := math.Inf(1)
	for i, c := range []struct{ got, want string }{
		{eloHalf(analysis.Rating{Elo: 30.8, SE: inf}), "±inf"},
		{eloHalf(analysis.Rating{Elo: 30.8, SE: 10}), "±19.6"},
		{ffaEloText(analysis.Rating{Elo: 7.1, SE: inf, Hi: inf}), "~+7.1 ± inf"},
		{ffaEloText(analysis.Rating{Elo: 7.1, Hi: 17.2, Significant: true}), "+7.1 ± 10.1"},
		{signed(inf, 1), "+inf"},
		{signed(-inf, 1), "-inf"},
		{signed(-1e-17, 2), "+0.00"},
		// A mean place whose interval is lopsided (analysis.Placings:
		// six firsts at a table of 3) shows it, not "± 0.781".
		{placeText(analysis.Placing{Games: 6, MeanPlace: 1, PlaceLo: 1, PlaceHi: 1.7806686}), "1.000 [1.000, 1.781]"},
		{placeText(analysis.Placing{Games: 600, MeanPlace: 2.213, PlaceLo: 2.158, PlaceHi: 2.268}), "2.213 ± 0.055"},
		// A game table's share near 0 or 100% (no game of 600 at the
		// turn cap: Wilson's upper bound z²/(600 + z²) = 0.64%) shows
		// its interval, as pct does, where "0.0±0.6" read as reaching
		// -0.6%.
		{cellText(game.Share(0, 600)), "0.0 [0.0, 0.6]"},
		{cellText(game.Share(600, 600)), "100.0 [99.4, 100.0]"},
		{cellText(game.Share(300, 600)), "50.0±4.0"},
	} {
		if c.got != c.want {
			t.Errorf("case %d: got %q, want %q", i, c.got, c.want)
		}
	}
	// Five pairs won 2–0: Elo +inf above the Wilson bound of 10 points
	// of 10 games, +166.2 (analysis.EloFromPentanomial).
	st := &results.SPRTState{Looks: []results.SPRTLook{{Games: 10, Pentanomial: [5]int64{0, 0, 0, 0, 5}, WDL: [3]uint64{10, 0, 0}}}}
	o := NewSPRT("new", "base", 1, analysis.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}, st, analysis.Continue, true)
	var text, page bytes.Buffer
	SPRTText(&text, o, analysis.Continue)
	if err := SPRTHTML(&page, o, analysis.Continue); err != nil {
		t.Fatal(err)
	}
	if want := "Elo +inf [+166.2, +inf] (95%, every pair scored alike: the games' Wilson interval;"; !strings.Contains(strings.Join(strings.Fields(text.String()), " "), want) {
		t.Errorf("text lacks %q:\n%s", want, text.String())
	}
	if p := html.UnescapeString(page.String()); !strings.Contains(p, ">+inf<") || !strings.Contains(p, "[+166.2, +inf]") || strings.Contains(p, "+Inf") {
		t.Errorf("page lacks +inf and [+166.2, +inf], or shows +Inf:\n%s", p)
	}
}

// TestSPRTNormalizedElo: a test whose bounds are normalized Elo says
// its estimate on that scale too (fastchess's nElo), where it gave only
// the logistic Elo, which the bounds are not in; a logistic test does
// not. The oracle, by hand (analysis.TestEloFromPentanomialNormalized):
// [24 0 64 0 56] is +76.736 ± 40.126.
func TestSPRTNormalizedElo(t *testing.T) {
	st := &results.SPRTState{Looks: []results.SPRTLook{{Games: 288, Pentanomial: [5]int64{24, 0, 64, 0, 56}, WDL: [3]uint64{176, 0, 112}}}}
	for _, m := range []analysis.EloModel{analysis.Normalized, analysis.Logistic} {
		o := NewSPRT("new", "base", 1, analysis.SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05, Model: m}, st, analysis.AcceptH1, false)
		var text bytes.Buffer
		SPRTText(&text, o, analysis.AcceptH1)
		flat := strings.Join(strings.Fields(text.String()), " ")
		has := strings.Contains(flat, "Elo +78.5 [+37.0, +122.4], normalized Elo +76.7 [+36.6, +116.9] (95%")
		if has != (m == analysis.Normalized) {
			t.Errorf("%v: normalized Elo shown %v, want %v:\n%s", m, has, !has, text.String())
		}
		var page bytes.Buffer
		if err := SPRTHTML(&page, o, analysis.AcceptH1); err != nil {
			t.Fatal(err)
		}
		onPage := strings.Contains(html.UnescapeString(page.String()), "[+36.6, +116.9]")
		if onPage != (m == analysis.Normalized) {
			t.Errorf("%v: normalized Elo's interval on the page %v, want %v", m, onPage, !onPage)
		}
		if math.Abs(float64(o.NElo)-76.7356838) > 1e-6 || math.Abs(float64(o.NEloHi-o.NElo)-40.1260256) > 1e-6 {
			t.Errorf("%v: nElo %v [%v, %v], want 76.7356838 ± 40.1260256", m, o.NElo, o.NEloLo, o.NEloHi)
		}
	}
}
