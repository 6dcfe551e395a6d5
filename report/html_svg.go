package report

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/nzsclab/nzsc/analysis"
)

// This file draws the HTML report's charts as inline SVG: vector
// graphics stay crisp at any zoom, need no library in the page, and their
// <title> elements give the hover text (which the page's script also
// shows as a tooltip, for touch screens).

// fewGames is the number of games below which a heat-map cell is marked:
// with fewer than 30 games a score's 95% interval is wider than ±15
// points, so its colour says little.
const fewGames = 30

// Sizes in SVG user units (CSS pixels at 100% zoom).
const (
	svgFont   = 12.0 // labels
	charWidth = 7.0  // a generous average glyph width at svgFont
	cellSize  = 40.0
)

// svgTextWidth estimates the width of s at svgFont.
func svgTextWidth(s string) float64 { return charWidth * float64(utf8.RuneCountInString(s)) }

// titleWidth estimates the width of a chart's title (14 px, bold).
func titleWidth(s string) float64 { return 1.25 * svgTextWidth(s) }

func esc(s string) string { return html.EscapeString(s) }

// num formats a coordinate compactly.
func f1(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// scoreColour maps a score in [0, 1] to a diverging blue (losing) –
// near white (even) – red (winning) scale, linear in RGB between the
// end colours of Moreland's cool-warm map.
func scoreColour(s float64) string {
	type rgb struct{ r, g, b float64 }
	lo, mid, hi := rgb{59, 76, 192}, rgb{247, 247, 247}, rgb{180, 4, 38}
	s = math.Max(0, math.Min(1, s))
	a, b, t := lo, mid, s*2
	if s > 0.5 {
		a, b, t = mid, hi, (s-0.5)*2
	}
	c := func(x, y float64) int { return int(math.Round(x + t*(y-x))) }
	return fmt.Sprintf("#%02x%02x%02x", c(a.r, b.r), c(a.g, b.g), c(a.b, b.b))
}

// maxScale is how far a chart may grow beyond its natural size on a wide
// screen (vector graphics stay sharp).
const maxScale = 1.3

// svgOpen starts a figure's SVG: it scales to its box, up to maxScale of
// its natural width, and down to whatever the box is (a phone's 390 px):
// a chart that kept a minimum width scrolled inside its box, cut off on
// the right; vector text stays sharp when one zooms in.
func svgOpen(b *strings.Builder, id, title string, w, h float64) {
	fmt.Fprintf(b, `<svg id="%s" class="chart" viewBox="0 0 %s %s" width="%s" height="%s" style="max-width:%spx" role="img" aria-labelledby="%s-t">`,
		esc(id), f1(w), f1(h), f1(w), f1(h), f1(maxScale*w), esc(id))
	fmt.Fprintf(b, `<title id="%s-t">%s</title>`, esc(id), esc(title))
	fmt.Fprintf(b, `<text class="ttl" x="8" y="18">%s</text>`, esc(title))
}

// yTitle writes a categorical y axis's title above its labels, ending
// at x (the labels' right edge).
func yTitle(b *strings.Builder, x, y float64, title string) {
	fmt.Fprintf(b, `<text class="axt" x="%s" y="%s" text-anchor="end">%s</text>`, f1(x), f1(y), esc(title))
}

// pctTip formats an estimate for a hover text: "58.2% (95% interval
// 56.9–59.5%), 6000 games: 3400 wins, 200 draws, 2400 losses".
func pctTip(e analysis.Estimate) string {
	r := e.Record
	if r.Games() == 0 {
		return "no games"
	}
	s := fmt.Sprintf("%.1f%% (95%% interval %.1f–%.1f%%), %d games: %d wins, %d draws, %d losses",
		100*e.Score, 100*e.Lo, 100*e.Hi, r.Games(), r.Wins, r.Draws, r.Losses)
	if !e.Significant {
		s += "; not significantly different from 50%"
	}
	if r.Games() < fewGames {
		s += fmt.Sprintf("; fewer than %d games", fewGames)
	}
	return s
}

// heatmap is a matrix of scores drawn as coloured cells.
type heatmap struct {
	ID, Title      string
	XTitle, YTitle string
	// Rows and Cols label the matrix; Cells[r][c] is row r against
	// column c.
	Rows, Cols []string
	Cells      [][]analysis.Estimate
	// Pair names cell (r, c) in its hover text (default "row against
	// column"); Value names the quantity ("score", "win rate").
	Pair  func(r, c int) string
	Value string
	// Self marks the diagonal as a bot against itself (not "no games").
	Self bool
}

// svg draws the heat map with its axis titles, a colour bar and the
// legend of its marks.
func (hm *heatmap) svg() string {
	n, m := len(hm.Rows), len(hm.Cols)
	rowW, colW := 0.0, 0.0
	for _, s := range hm.Rows {
		rowW = math.Max(rowW, svgTextWidth(s))
	}
	for _, s := range hm.Cols {
		colW = math.Max(colW, svgTextWidth(s))
	}
	colExt := colW*math.Sqrt2/2 + svgFont // the rotated column labels' height and reach
	gx := math.Max(26+rowW+8, colExt-cellSize/2+8)
	gy := 32.0
	gw, gh := cellSize*float64(m), cellSize*float64(n)
	// A y-axis title longer than the grid is tall goes above the row
	// labels, horizontally.
	flatY := svgTextWidth(hm.YTitle)+8 > gh
	if flatY {
		gy = 50
		gx = math.Max(gx, svgTextWidth(hm.YTitle)+14)
	}
	xTitleY := gy + gh + colExt + 18
	barY := xTitleY + 16
	legendY := barY + 46
	w := math.Max(gx+gw+12, 400) // room for the legend
	h := legendY + 12
	var b strings.Builder
	svgOpen(&b, hm.ID, hm.Title, w, h)
	hatch := hm.ID + "-none"
	fmt.Fprintf(&b, `<defs><pattern id="%s" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#fff"/><line x1="0" y1="0" x2="0" y2="6" stroke="#9a9a9a" stroke-width="1.5"/></pattern>`, esc(hatch))
	grad := hm.ID + "-bar"
	fmt.Fprintf(&b, `<linearGradient id="%s">`, esc(grad))
	for k := 0; k <= 10; k++ {
		fmt.Fprintf(&b, `<stop offset="%d%%" stop-color="%s"/>`, 10*k, scoreColour(float64(k)/10))
	}
	b.WriteString(`</linearGradient></defs>`)
	// Axis titles.
	if flatY {
		fmt.Fprintf(&b, `<text class="axt" x="%s" y="%s" text-anchor="end">%s</text>`, f1(gx-6), f1(gy-10), esc(hm.YTitle))
	} else {
		fmt.Fprintf(&b, `<text class="axt" x="%s" y="%s" text-anchor="middle" transform="rotate(-90 %s %s)">%s</text>`,
			f1(14), f1(gy+gh/2), f1(14), f1(gy+gh/2), esc(hm.YTitle))
	}
	fmt.Fprintf(&b, `<text class="axt" x="%s" y="%s" text-anchor="middle">%s</text>`, f1(gx+gw/2), f1(xTitleY), esc(hm.XTitle))
	for r, l := range hm.Rows {
		fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="end" dominant-baseline="central">%s</text>`, f1(gx-6), f1(gy+cellSize*(float64(r)+0.5)), esc(l))
	}
	for c, l := range hm.Cols {
		x, y := gx+cellSize*(float64(c)+0.5), gy+gh+8
		fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="end" dominant-baseline="central" transform="rotate(-45 %s %s)">%s</text>`, f1(x), f1(y), f1(x), f1(y), esc(l))
	}
	pair := hm.Pair
	if pair == nil {
		pair = func(r, c int) string { return hm.Rows[r] + " against " + hm.Cols[c] }
	}
	for r := range n {
		for c := range m {
			e := hm.Cells[r][c]
			x, y := gx+cellSize*float64(c), gy+cellSize*float64(r)
			games := e.Record.Games()
			tip := pair(r, c) + ": no games"
			if games > 0 {
				tip = pair(r, c) + ": " + hm.Value + " " + pctTip(e)
			}
			if hm.Self && r == c {
				fmt.Fprintf(&b, `<rect class="self" x="%s" y="%s" width="%s" height="%s" fill="#fff" stroke="#ddd"/><text x="%s" y="%s" text-anchor="middle" dominant-baseline="central" fill="#999">—</text>`,
					f1(x), f1(y), f1(cellSize), f1(cellSize), f1(x+cellSize/2), f1(y+cellSize/2))
				continue
			}
			fmt.Fprintf(&b, `<g class="hv cell" data-games="%d"><title>%s</title>`, games, esc(tip))
			if games == 0 {
				fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="url(#%s)" stroke="#fff"/></g>`, f1(x), f1(y), f1(cellSize), f1(cellSize), esc(hatch))
				continue
			}
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="#fff"/>`, f1(x), f1(y), f1(cellSize), f1(cellSize), scoreColour(e.Score))
			if games < fewGames {
				fmt.Fprintf(&b, `<rect class="few" x="%s" y="%s" width="%s" height="%s" fill="none" stroke="#222" stroke-width="1.3" stroke-dasharray="3 2"/>`,
					f1(x+3), f1(y+3), f1(cellSize-6), f1(cellSize-6))
			}
			label := strconv.FormatFloat(100*e.Score, 'f', 0, 64)
			if !e.Significant {
				label = "~" + label
			}
			fill := "#111"
			if math.Abs(e.Score-0.5) > 0.28 {
				fill = "#fff"
			}
			fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="middle" dominant-baseline="central" fill="%s">%s</text></g>`,
				f1(x+cellSize/2), f1(y+cellSize/2), fill, label)
		}
	}
	// Colour bar with its values.
	bw := 250.0
	fmt.Fprintf(&b, `<text x="8" y="%s" dominant-baseline="central">%s %%</text>`, f1(barY+5), esc(hm.Value))
	bx := 8 + svgTextWidth(hm.Value+" %") + 10
	fmt.Fprintf(&b, `<rect class="cbar" x="%s" y="%s" width="%s" height="10" fill="url(#%s)" stroke="#888" stroke-width=".5"/>`, f1(bx), f1(barY), f1(bw), esc(grad))
	for k := 0; k <= 4; k++ {
		x := bx + bw*float64(k)/4
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#444"/><text x="%s" y="%s" text-anchor="middle">%d</text>`,
			f1(x), f1(barY+10), f1(x), f1(barY+14), f1(x), f1(barY+26), 25*k)
	}
	// Legend of the marks.
	lx := 8.0
	fmt.Fprintf(&b, `<rect x="%s" y="%s" width="14" height="14" fill="url(#%s)" stroke="#888" stroke-width=".5"/><text x="%s" y="%s" dominant-baseline="central">no games</text>`,
		f1(lx), f1(legendY-7), esc(hatch), f1(lx+20), f1(legendY))
	lx += 20 + svgTextWidth("no games") + 14
	fmt.Fprintf(&b, `<rect x="%s" y="%s" width="14" height="14" fill="#eee" stroke="#222" stroke-width="1.3" stroke-dasharray="3 2"/><text x="%s" y="%s" dominant-baseline="central">fewer than %d games</text>`,
		f1(lx), f1(legendY-7), f1(lx+20), f1(legendY), fewGames)
	lx += 20 + svgTextWidth("fewer than 30 games") + 14
	fmt.Fprintf(&b, `<text x="%s" y="%s" dominant-baseline="central">~ not significant</text>`, f1(lx), f1(legendY))
	b.WriteString(`</svg>`)
	return b.String()
}

// niceTicks returns about n round tick values covering [lo, hi]: steps
// of 1, 2 or 5 times a power of ten, the largest step not below
// (hi−lo)/n, or a smaller one when that leaves n/2 ticks or fewer (a
// range of 1250 in steps of 500 has two or three ticks: an axis that
// says little).
func niceTicks(lo, hi float64, n int) []float64 {
	if !(hi > lo) {
		return []float64{lo}
	}
	raw := (hi - lo) / float64(n)
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	ladder := []float64{p / 2, p, 2 * p, 5 * p, 10 * p}
	k := 1
	for k < len(ladder)-1 && ladder[k] < raw {
		k++
	}
	out := ticksOf(lo, hi, ladder[k])
	for ; k > 0 && len(out) < n/2+1; k-- {
		out = ticksOf(lo, hi, ladder[k-1])
	}
	return out
}

// ticksOf returns the multiples of step in [lo, hi], each rounded to the
// step's decimals, so that labels read 0.6, not 0.6000000000000001, and
// 0, not -0.
func ticksOf(lo, hi, step float64) []float64 {
	dec := max(0, int(-math.Floor(math.Log10(step)+1e-9)))
	var out []float64
	for v := math.Ceil(lo/step) * step; v <= hi+step*1e-9; v += step {
		t, _ := strconv.ParseFloat(strconv.FormatFloat(math.Round(v/step)*step, 'f', dec, 64), 64)
		out = append(out, t+0) // +0 turns -0 into 0
	}
	return out
}

// intervalRow is one estimate with its interval on an interval plot.
type intervalRow struct {
	Label     string
	X, Lo, Hi float64
	// Significant draws the row in the strong colour.
	Significant bool
	Tip         string
}

// intervalSVG plots one row per estimate: a dot and its 95% interval on
// a common axis, with a reference line at ref (the average bot); the
// rows are ytitle's (bots).
func intervalSVG(id, title, ytitle, xtitle string, ref float64, rows []intervalRow) string {
	labelW := 0.0
	lo, hi := ref, ref
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	for _, r := range rows {
		labelW = math.Max(labelW, svgTextWidth(r.Label))
		for _, x := range []float64{r.X, r.Lo, r.Hi} {
			if finite(x) {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
	}
	pad := 0.06 * (hi - lo)
	if pad == 0 {
		pad = 1
	}
	lo, hi = lo-pad, hi+pad
	gx, gy, gw, rowH := math.Max(labelW, svgTextWidth(ytitle))+20, 46.0, 460.0, 24.0
	gh := rowH * float64(len(rows))
	w, h := gx+gw+20, gy+gh+52
	sx := func(x float64) float64 { return gx + gw*(math.Max(lo, math.Min(hi, x))-lo)/(hi-lo) }
	var b strings.Builder
	svgOpen(&b, id, title, w, h)
	yTitle(&b, gx-8, gy-8, ytitle)
	for _, t := range niceTicks(lo, hi, 6) {
		x := sx(t)
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#e4e4e4"/><text x="%s" y="%s" text-anchor="middle">%s</text>`,
			f1(x), f1(gy), f1(x), f1(gy+gh), f1(x), f1(gy+gh+16), strconv.FormatFloat(t, 'f', -1, 64))
	}
	fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#888" stroke-dasharray="4 3"/>`, f1(sx(ref)), f1(gy-4), f1(sx(ref)), f1(gy+gh))
	fmt.Fprintf(&b, `<text class="axt" x="%s" y="%s" text-anchor="middle">%s</text>`, f1(gx+gw/2), f1(gy+gh+38), esc(xtitle))
	for k, r := range rows {
		y := gy + rowH*(float64(k)+0.5)
		col := "#1f4e99"
		if !r.Significant {
			col = "#8a8a8a"
		}
		fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="end" dominant-baseline="central">%s</text>`, f1(gx-8), f1(y), esc(r.Label))
		fmt.Fprintf(&b, `<g class="hv"><title>%s</title><rect x="%s" y="%s" width="%s" height="%s" fill="transparent"/>`,
			esc(r.Tip), f1(gx), f1(y-rowH/2), f1(gw), f1(rowH))
		l, u := r.Lo, r.Hi
		if math.IsNaN(l) {
			l = lo
		}
		if math.IsNaN(u) {
			u = hi
		}
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2"/>`, f1(sx(l)), f1(y), f1(sx(u)), f1(y), col)
		for _, e := range []float64{l, u} {
			fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2"/>`, f1(sx(e)), f1(y-5), f1(sx(e)), f1(y+5), col)
		}
		if finite(r.X) {
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="4.5" fill="%s"/>`, f1(sx(r.X)), f1(y), col)
		}
		b.WriteString(`</g>`)
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// spreadPoint is a bot's score against one opponent.
type spreadPoint struct {
	Score float64
	Few   bool
	Tip   string
}

// spreadRow is one bot's scores over its opponents.
type spreadRow struct {
	Label    string
	Points   []spreadPoint
	Spread   analysis.Spread
	Field    float64
	FieldTip string
	BoxTip   string
}

// spreadSVG draws, per bot, a box plot of its scores over its opponents
// (quartiles, median, range) with every opponent as a dot and the score
// against the whole field as a diamond: Axelrod's per-player score
// distribution.
func spreadSVG(id, title string, rows []spreadRow) string {
	labelW := 0.0
	for _, r := range rows {
		labelW = math.Max(labelW, svgTextWidth(r.Label))
	}
	gx, gy, gw, rowH := math.Max(labelW, svgTextWidth("bot"))+20, 46.0, 460.0, 34.0
	gh := rowH * float64(len(rows))
	legendY := gy + gh + 58
	w, h := math.Max(gx+gw+20, 470), legendY+12
	sx := func(s float64) float64 { return gx + gw*s }
	var b strings.Builder
	svgOpen(&b, id, title, w, h)
	yTitle(&b, gx-8, gy-8, "bot")
	for k := 0; k <= 10; k += 2 {
		x := sx(float64(k) / 10)
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#e4e4e4"/><text x="%s" y="%s" text-anchor="middle">%d</text>`,
			f1(x), f1(gy), f1(x), f1(gy+gh), f1(x), f1(gy+gh+16), 10*k)
	}
	fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#888" stroke-dasharray="4 3"/>`, f1(sx(.5)), f1(gy-4), f1(sx(.5)), f1(gy+gh))
	fmt.Fprintf(&b, `<text class="axt" x="%s" y="%s" text-anchor="middle">score %% against each opponent</text>`, f1(gx+gw/2), f1(gy+gh+38))
	for k, r := range rows {
		y := gy + rowH*(float64(k)+0.5)
		fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="end" dominant-baseline="central">%s</text>`, f1(gx-8), f1(y), esc(r.Label))
		if sp := r.Spread; sp.Opponents > 0 {
			fmt.Fprintf(&b, `<g class="hv"><title>%s</title>`, esc(r.BoxTip))
			fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#666"/>`, f1(sx(sp.Min)), f1(y), f1(sx(sp.Max)), f1(y))
			for _, e := range []float64{sp.Min, sp.Max} {
				fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#666"/>`, f1(sx(e)), f1(y-6), f1(sx(e)), f1(y+6))
			}
			fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="18" fill="#dbe6f5" stroke="#5b7fb8"/>`, f1(sx(sp.Q1)), f1(y-9), f1(math.Max(1, sx(sp.Q3)-sx(sp.Q1))))
			fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#1f4e99" stroke-width="2.5"/></g>`, f1(sx(sp.Median)), f1(y-9), f1(sx(sp.Median)), f1(y+9))
		}
		for i, p := range r.Points {
			dy := float64(i%3-1) * 5 // spread equal scores apart a little
			fill := "#222"
			if p.Few {
				fill = "#fff"
			}
			fmt.Fprintf(&b, `<g class="hv dot"><title>%s</title><circle cx="%s" cy="%s" r="4" fill="%s" fill-opacity=".75" stroke="#222"/></g>`,
				esc(p.Tip), f1(sx(p.Score)), f1(y+dy), fill)
		}
		if !math.IsNaN(r.Field) {
			x := sx(r.Field)
			fmt.Fprintf(&b, `<g class="hv"><title>%s</title><path d="M%s %sl6 6l-6 6l-6-6z" fill="#d9480f"/></g>`, esc(r.FieldTip), f1(x), f1(y-6-rowH/2+8))
		}
	}
	fmt.Fprintf(&b, `<circle cx="14" cy="%s" r="4" fill="#222" fill-opacity=".75" stroke="#222"/><text x="24" y="%s" dominant-baseline="central">an opponent</text>`, f1(legendY), f1(legendY))
	fmt.Fprintf(&b, `<circle cx="120" cy="%s" r="4" fill="#fff" stroke="#222"/><text x="130" y="%s" dominant-baseline="central">fewer than %d games</text>`, f1(legendY), f1(legendY), fewGames)
	fmt.Fprintf(&b, `<rect x="282" y="%s" width="16" height="12" fill="#dbe6f5" stroke="#5b7fb8"/><text x="304" y="%s" dominant-baseline="central">quartiles, median</text>`, f1(legendY-6), f1(legendY))
	fmt.Fprintf(&b, `<path d="M428 %sl6 6l-6 6l-6-6z" fill="#d9480f"/><text x="440" y="%s" dominant-baseline="central">field</text>`, f1(legendY-6), f1(legendY))
	b.WriteString(`</svg>`)
	return b.String()
}

// placeColours are the finishing places' colours, first to fourth.
var placeColours = [analysis.MaxTableSeats]string{"#1a7f37", "#8fc46a", "#f2c14e", "#d1495b"}

// placesSVG draws each bot's finishing-place distribution as a stacked
// bar of shares, in the rows' order.
func placesSVG(id, title string, labels []string, counts [][analysis.MaxTableSeats]int64, seats int) string {
	bars := make([][]barPart, len(labels))
	for k, l := range labels {
		var n int64
		for _, c := range counts[k][:seats] {
			n += c
		}
		if n == 0 {
			continue
		}
		for p, c := range counts[k][:seats] {
			part := barPart{Share: float64(c) / float64(n), Fill: placeColours[p], Label: share(c, n), LabelFill: "#111",
				Tip: fmt.Sprintf("%s: place %d in %d of %d games (%s%%)", l, p+1, c, n, share(c, n))}
			if p == 0 {
				part.LabelFill = "#fff" // on the dark green
			}
			bars[k] = append(bars[k], part)
		}
	}
	var legend []legendItem
	for p := range seats {
		legend = append(legend, legendItem{placeColours[p], fmt.Sprintf("place %d", p+1)})
	}
	return stackedBarsSVG(id, title, "bot", "% of the bot's games", labels, bars, 34,
		func(k int) string { return strconv.Itoa(25 * k) }, legend)
}

// barPart is one segment of a stacked bar: its share of the bar (0 to 1),
// colour and hover text, and the label drawn inside it when it is wide
// enough.
type barPart struct {
	Share                       float64
	Fill, Tip, Label, LabelFill string
}

// legendItem is one colour's key under a chart.
type legendItem struct{ Fill, Name string }

// stackedBarsSVG draws one horizontal bar per row, its parts stacked
// from 0 to 1 in order: the rows' labels on the left under yName, the
// quarters marked by tick(0) to tick(4) and xName below, a part's label
// inside it when it is wider than labelMin and the label, and the legend
// last.
func stackedBarsSVG(id, title, yName, xName string, labels []string, bars [][]barPart, labelMin float64, tick func(k int) string, legend []legendItem) string {
	labelW := svgTextWidth(yName)
	for _, l := range labels {
		labelW = math.Max(labelW, svgTextWidth(l))
	}
	gx, gy, gw, rowH := labelW+20, 46.0, 460.0, 26.0
	gh := rowH * float64(len(labels))
	legendY := gy + gh + 44
	var b strings.Builder
	svgOpen(&b, id, title, gx+gw+20, legendY+12)
	yTitle(&b, gx-8, gy-8, yName)
	for k := 0; k <= 4; k++ {
		fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="middle">%s</text>`, f1(gx+gw*float64(k)/4), f1(gy+gh+16), tick(k))
	}
	fmt.Fprintf(&b, `<text class="axt" x="%s" y="%s" text-anchor="middle">%s</text>`, f1(gx+gw/2), f1(gy+gh+32), esc(xName))
	for k, l := range labels {
		y := gy + rowH*float64(k)
		fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="end" dominant-baseline="central">%s</text>`, f1(gx-8), f1(y+rowH/2), esc(l))
		x := gx
		for _, part := range bars[k] {
			wd := gw * part.Share
			fmt.Fprintf(&b, `<g class="hv"><title>%s</title><rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="#fff"/>`,
				esc(part.Tip), f1(x), f1(y+3), f1(wd), f1(rowH-6), part.Fill)
			if wd > labelMin && wd > svgTextWidth(part.Label)+4 {
				fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="middle" dominant-baseline="central" fill="%s">%s</text>`, f1(x+wd/2), f1(y+rowH/2), part.LabelFill, esc(part.Label))
			}
			b.WriteString(`</g>`)
			x += wd
		}
	}
	for i, item := range legend {
		x := 8 + 90*float64(i)
		fmt.Fprintf(&b, `<rect x="%s" y="%s" width="14" height="14" fill="%s"/><text x="%s" y="%s" dominant-baseline="central">%s</text>`,
			f1(x), f1(legendY-7), item.Fill, f1(x+20), f1(legendY), esc(item.Name))
	}
	b.WriteString(`</svg>`)
	return b.String()
}
