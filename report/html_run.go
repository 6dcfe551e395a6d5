package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/loadouts"
)

// unsettledLabel is how the page names the "loadout" of a game that ended
// before loadouts were settled (the JSON and CSV formats say "none",
// which reads like the No Booster booster).
const unsettledLabel = "unsettled"

func loadoutLabel(name string) string {
	if name == "none" {
		return unsettledLabel
	}
	return name
}

// MatchHTML writes one self-contained page for a head-to-head match: A's
// result overall and per seat, the game pairs, faults, and every loadout
// pairing as a heat map and a sortable table, with the numbers of
// MatchText.
func MatchHTML(w io.Writer, m *Match) error {
	s := &m.Summary
	pg := &hpage{Title: fmt.Sprintf("Match: %s (A) vs %s (B)", m.A, m.B), Legend: legend}
	pg.Info = []string{fmt.Sprintf("%d of %d games, master seed %#x.", s.Total.Games, m.GamesPlanned, m.Seed)}
	if m.Interrupted {
		pg.Warnings = append(pg.Warnings, "Interrupted: the results are those of the games played.")
	}
	if o := m.Openings; o != nil {
		p := s.Pentanomial
		pg.Info = append(pg.Info, o.Text(int64(p[0]+p[1]+p[2]+p[3]+p[4])))
	}
	if a := matchAnswer(m); a != "" {
		pg.Answer = []string{a}
	}
	var csv bytes.Buffer
	if err := MatchCSV(&csv, m); err != nil {
		return err
	}
	dl := []hlink{dataCSV("match.csv", csv.Bytes())}
	res := &hsection{ID: "result", Title: "Result", Downloads: dl,
		Intro: "A's score with its Wilson 95% interval, its Elo difference (overall from the seat-swapped game pairs, per seat from wins, draws and losses) and the likelihood of superiority." + pairsAlike(s.Pentanomial)}
	rt := &htable{ID: "t-result", Head: heads(true, "A", "games", "wins", "draws", "losses", "score [95% CI]", "Elo ± 95%", "LOS")}
	for i, name := range []string{"all", "in seat 0", "in seat 1"} {
		l := &s.Total
		if i > 0 {
			l = &s.Seats[i-1]
		}
		rt.Rows = append(rt.Rows, lineRow(textCell(name), l, true))
	}
	p := s.Pentanomial
	pt := &htable{ID: "t-pentanomial", Caption: "Game pairs by A's points", Head: heads(true, "pairs", "0", "½", "1", "1½", "2")}
	row := []hcell{textCell("pairs")}
	for _, n := range p {
		row = append(row, countCell(int64(n)))
	}
	pt.Rows = append(pt.Rows, row)
	res.Tables = append(res.Tables, rt, pt)
	pg.Sections = append(pg.Sections, res)

	if s.Faults[0].Total()+s.Faults[1].Total() > 0 {
		ft := &htable{ID: "t-faults", Head: heads(true, "bot", "forfeits", "illegal choices", "forfeits by kind")}
		for i, b := range []string{m.A, m.B} {
			f := &s.Faults[i]
			ft.Rows = append(ft.Rows, []hcell{textCell(b), countCell(int64(f.Forfeits)), countCell(int64(f.Illegal)), textCell(kindsText(f.Kinds))})
		}
		fc := matchFaults(m)
		pg.Sections = append(pg.Sections, &hsection{ID: "faults", Title: "Faults", Tables: []*htable{ft}, Downloads: []hlink{dataCSV(fc.Name, fc.CSV())}})
	}

	if len(s.Pairings) > 0 {
		sec := &hsection{ID: "pairs", Title: "Loadout pairings", Downloads: dl,
			Intro: "A's score for each pairing of A's loadout (rows) with B's (columns) that occurred; unsettled: games that ended before loadouts were settled."}
		if hm := pairingsMap(s.Pairings, m.A, m.B); hm != nil {
			sec.Charts = append(sec.Charts, template.HTML(hm.svg()))
		}
		tb := &htable{ID: "t-pairings", Head: heads(true, "A's loadout", "B's loadout", "games", "wins", "draws", "losses", "A's score [95% CI]")}
		tb.Head[1].Num = false
		for _, p := range s.Pairings {
			r := lineRow(textCell(loadoutLabel(p.A)), &p.Line, false)
			tb.Rows = append(tb.Rows, slices.Insert(r, 1, textCell(loadoutLabel(p.B))))
		}
		sec.Tables = append(sec.Tables, tb)
		pg.Sections = append(pg.Sections, sec)
	}
	if gs := gameStatsSection(m.gameCounts()); gs != nil {
		pg.Sections = append(pg.Sections, gs)
	}
	return renderPage(w, pg)
}

// lineRow is a match line as MatchText prints it: games, W, D, L, score
// and (with elo) Elo and LOS.
func lineRow(label hcell, l *analysis.Line, elo bool) []hcell {
	u := func(n uint64) hcell { return countCell(int64(n)) }
	row := []hcell{label, u(l.Games), u(l.Wins), u(l.Draws), u(l.Losses), numCell(fmtScore(l), float64(l.Score))}
	if elo {
		row = append(row, numCell(fmtElo(l), float64(l.Elo)), numCell(fmtPct(l.LOS), float64(l.LOS)))
	}
	return row
}

// pairingsMap draws a match's settled loadout pairings, rows A's
// loadouts and columns B's in canonical order; nil when none settled.
func pairingsMap(pairs []analysis.PairingLine, a, b string) *heatmap {
	labels := loadouts.ByLoadout.Labels()
	idx := func(s string) int { return slices.Index(labels, s) }
	var rows, cols []int
	for _, p := range pairs {
		if x, y := idx(p.A), idx(p.B); x >= 0 && y >= 0 {
			if !slices.Contains(rows, x) {
				rows = append(rows, x)
			}
			if !slices.Contains(cols, y) {
				cols = append(cols, y)
			}
		}
	}
	if len(rows) == 0 {
		return nil
	}
	slices.Sort(rows)
	slices.Sort(cols)
	hm := &heatmap{ID: "c-pairings", Title: a + "'s score % by loadout pairing", XTitle: b + "'s loadout", YTitle: a + "'s loadout", Value: "score",
		Cells: make([][]analysis.Estimate, len(rows))}
	for _, c := range cols {
		hm.Cols = append(hm.Cols, labels[c])
	}
	for k, r := range rows {
		hm.Rows = append(hm.Rows, labels[r])
		hm.Cells[k] = make([]analysis.Estimate, len(cols))
	}
	for _, p := range pairs {
		r, c := slices.Index(rows, idx(p.A)), slices.Index(cols, idx(p.B))
		if r >= 0 && c >= 0 {
			hm.Cells[r][c] = analysis.EstimateOf(analysis.Record{Wins: int64(p.Wins), Draws: int64(p.Draws), Losses: int64(p.Losses)})
		}
	}
	return hm
}

// SPRTHTML writes one self-contained page for a sequential test: the
// verdict, the settings and the result as a table, and the
// log-likelihood ratio at each look against its bounds.
func SPRTHTML(w io.Writer, o *SPRT, v analysis.Verdict) error {
	pg := &hpage{Title: fmt.Sprintf("Sequential test: %s vs %s", o.New, o.Base), Legend: legend, Info: []string{o.verdictLine(v)}}
	if o.Seats > 2 {
		pg.Info = append(pg.Info, o.fieldLine())
	}
	if o.Openings != nil {
		pg.Info = append(pg.Info, o.Openings.Text(0))
	}
	if o.Interrupted {
		pg.Warnings = append(pg.Warnings, "Interrupted: resume the test to go on.")
	}
	sec := &hsection{ID: "result", Title: "Result",
		Intro: fmt.Sprintf("H0: %s is %g Elo (%s) stronger than %s; H1: %g Elo. Error rates α = %g, β = %g. Elo and its interval come from the pair scores and are not corrected for early stopping.",
			o.New, o.Elo0, o.Model, o.Base, o.Elo1, o.Alpha, o.Beta)}
	// A normalized test's bounds are normalized Elo: its estimate on
	// that scale is shown too, as the text does.
	normalized := o.Model == analysis.Normalized.String()
	cols := []string{"games", "wins", "draws", "losses", "LLR", "lower bound", "upper bound", "Elo", "95% interval"}
	if normalized {
		cols = append(cols, "normalized Elo", "its 95% interval")
	}
	tb := &htable{ID: "t-sprt", Head: heads(true, append(cols, "LOS %", "verdict")...)}
	f3 := func(x float64) hcell { return numCell(strconv.FormatFloat(x, 'f', 3, 64), x) }
	elo, interval, nelo, ninterval, los := textCell("-"), textCell("-"), textCell("-"), textCell("-"), textCell("-")
	if o.measured() {
		elo = numCell(signed(float64(o.Elo), 1), float64(o.Elo))
		interval = textCell(fmt.Sprintf("[%s, %s]", signed(float64(o.EloLo), 1), signed(float64(o.EloHi), 1)))
		los = numCell(fmt.Sprintf("%.1f", 100*float64(o.LOS)), float64(o.LOS))
	}
	if o.measured() && !math.IsNaN(float64(o.NElo)) {
		nelo = numCell(signed(float64(o.NElo), 1), float64(o.NElo))
		ninterval = textCell(fmt.Sprintf("[%s, %s]", signed(float64(o.NEloLo), 1), signed(float64(o.NEloHi), 1)))
	}
	row := []hcell{countCell(int64(o.Games)), countCell(int64(o.Wins)), countCell(int64(o.Draws)), countCell(int64(o.Losses)),
		f3(o.LLR), f3(o.Lower), f3(o.Upper), elo, interval}
	if normalized {
		row = append(row, nelo, ninterval)
	}
	tb.Rows = append(tb.Rows, append(row, los, textCell(o.Verdict)))
	pp := &htable{ID: "t-pentanomial", Caption: "Game pairs by " + o.New + "'s points", Head: heads(true, "pairs", "0", "½", "1", "1½", "2")}
	prow := []hcell{textCell("pairs")}
	for _, n := range o.Pentanomial {
		prow = append(prow, countCell(n))
	}
	pp.Rows = append(pp.Rows, prow)
	sec.Tables = append(sec.Tables, tb, pp)
	pg.Sections = append(pg.Sections, sec)
	if len(o.Looks) > 0 {
		csv := sprtLooks(o)
		lt := &htable{ID: "t-looks", Head: heads(true, "look", "games", "LLR"), Collapsed: true, Caption: "Every look"}
		for k, l := range o.Looks {
			lt.Rows = append(lt.Rows, []hcell{countCell(int64(k + 1)), countCell(int64(l.Games)), f3(l.LLR)})
		}
		looks := &hsection{ID: "looks", Title: "Log-likelihood ratio", Downloads: []hlink{dataCSV(csv.Name, csv.CSV())},
			Intro:  "The test stops when the LLR leaves the band between its bounds: above, H1 is accepted; below, H0.",
			Charts: []template.HTML{template.HTML(llrSVG(o))}, Tables: []*htable{lt}}
		pg.Sections = append(pg.Sections, looks)
	}
	return renderPage(w, pg)
}

// llrSVG draws the LLR after each look against the number of games, with
// the two bounds.
func llrSVG(o *SPRT) string {
	gx, gy, gw, gh := 56.0, 46.0, 520.0, 220.0
	w, h := gx+gw+20, gy+gh+50
	lo, hi := math.Min(o.Lower, 0), math.Max(o.Upper, 0)
	maxG := 1.0
	for _, l := range o.Looks {
		lo, hi = math.Min(lo, l.LLR), math.Max(hi, l.LLR)
		maxG = math.Max(maxG, float64(l.Games))
	}
	pad := 0.08 * (hi - lo)
	lo, hi = lo-pad, hi+pad
	sx := func(g float64) float64 { return gx + gw*g/maxG }
	sy := func(v float64) float64 { return gy + gh*(hi-v)/(hi-lo) }
	var b strings.Builder
	svgOpen(&b, "c-llr", "LLR after each look", w, h)
	yTitle(&b, gx-6, gy-12, "LLR")
	for _, t := range niceTicks(lo, hi, 5) {
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#e4e4e4"/><text x="%s" y="%s" text-anchor="end" dominant-baseline="central">%s</text>`,
			f1(gx), f1(sy(t)), f1(gx+gw), f1(sy(t)), f1(gx-6), f1(sy(t)), strconv.FormatFloat(t, 'f', -1, 64))
	}
	for _, t := range niceTicks(0, maxG, 5) {
		fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="middle">%s</text>`, f1(sx(t)), f1(gy+gh+16), strconv.FormatFloat(t, 'f', -1, 64))
	}
	fmt.Fprintf(&b, `<text class="axt" x="%s" y="%s" text-anchor="middle">games</text>`, f1(gx+gw/2), f1(gy+gh+38))
	for _, bd := range []struct {
		v    float64
		name string
	}{{o.Upper, "accept H1"}, {o.Lower, "accept H0"}} {
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#b40426" stroke-dasharray="5 3"/><text x="%s" y="%s" text-anchor="end" fill="#b40426">%s %.3f</text>`,
			f1(gx), f1(sy(bd.v)), f1(gx+gw), f1(sy(bd.v)), f1(gx+gw-4), f1(sy(bd.v)-4), bd.name, bd.v)
	}
	pts := []string{f1(sx(0)) + "," + f1(sy(0))}
	for _, l := range o.Looks {
		pts = append(pts, f1(sx(float64(l.Games)))+","+f1(sy(l.LLR)))
	}
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#1f4e99" stroke-width="2"/>`, strings.Join(pts, " "))
	for k, l := range o.Looks {
		fmt.Fprintf(&b, `<g class="hv"><title>look %d: LLR %.3f after %d games (bounds %.3f, %.3f)</title><circle cx="%s" cy="%s" r="3.5" fill="#1f4e99"/></g>`,
			k+1, l.LLR, l.Games, o.Lower, o.Upper, f1(sx(float64(l.Games))), f1(sy(l.LLR)))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// sprtLooks is looks.csv, a sequential test's LLR after each look.
func sprtLooks(o *SPRT) CSVTable {
	t := CSVTable{Name: "looks.csv", Header: []string{"games", "llr"}}
	for _, l := range o.Looks {
		t.Rows = append(t.Rows, []string{strconv.FormatUint(l.Games, 10), strconv.FormatFloat(l.LLR, 'f', 6, 64)})
	}
	return t
}
