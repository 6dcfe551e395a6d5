package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// characterColours are the four characters' colours on the sweep's
// charts, in engine order (Ninja, Zombie, Samurai, Clown).
var characterColours = [nzsc.NumCharacters]string{"#3b4a6b", "#1a7f37", "#d1495b", "#f2c14e"}

// pairColours are the six character pairings' line colours.
var pairColours = [6]string{"#0b57d0", "#1a7f37", "#d9480f", "#8e44ad", "#b8860b", "#555555"}

// SolveSweepHTML writes the rows of `nzsc solve sweep` as a
// self-contained page (docs/sweep.md): the first pick's equilibrium of
// each variant as stacked bars, each character pairing's value across the
// variants as lines, and the rows as a sortable table with the CSV to
// download. It answers the designer's question at a glance: which
// variants make more than one character worth picking?
func SolveSweepHTML(w io.Writer, rows []solve.SweepRow) error {
	var csv bytes.Buffer
	if err := SolveSweep(&csv, "csv", 0, rows); err != nil {
		return err
	}
	labels := make([]string, len(rows))
	balanced := 0
	for i, r := range rows {
		labels[i] = sweepVariant(r.Rules)
		if len(r.Picked(pickTol)) > 1 {
			balanced++
		}
	}
	pg := &hpage{Title: "NZSC rule variants, each solved exactly",
		Legend: "Hover over (or tap) a bar or a point for its value; click a table's column header to sort by it."}
	pg.Info = []string{fmt.Sprintf("%d variants; in %d of them more than one character is worth picking at the first pick.", len(rows), balanced)}
	dl := []hlink{dataCSV("sweep.csv", csv.Bytes())}

	table := &htable{ID: "t-variants", Head: heads(true, "variant", "Ninja", "Zombie", "Samurai", "Clown", "worth picking", "value", "gap", "seconds")}
	table.Head[5].Num = false
	for i, r := range rows {
		row := []hcell{textCell(labels[i])}
		for c := range nzsc.NumCharacters {
			row = append(row, numCell(characterWeight(r.Characters[c]), r.Characters[c]))
		}
		var picked []string
		for _, c := range r.Picked(pickTol) {
			picked = append(picked, c.String())
		}
		row = append(row, textCell(strings.Join(picked, " ")),
			numCell(sweepValue(r.Value, r.Gap), r.Value), numCell(fmt.Sprintf("%.1e", r.Gap), r.Gap),
			numCell(strconv.FormatFloat(r.Elapsed.Seconds(), 'f', 1, 64), r.Elapsed.Seconds()))
		table.Rows = append(table.Rows, row)
	}
	pg.Sections = append(pg.Sections, &hsection{ID: "first-pick", Title: "First pick",
		Intro:     "Each variant's equilibrium of the first character pick: the weight optimal play gives each character. A bar of one colour is a pure pick: only that character is worth picking.",
		Charts:    []template.HTML{template.HTML(weightsSVG("c-first-pick", "Equilibrium weight of each character at the first pick", labels, rows))},
		Tables:    []*htable{table},
		Downloads: dl,
	})
	pg.Sections = append(pg.Sections, &hsection{ID: "pairings", Title: "Character pairings",
		Intro:     "The value of each character pairing (the booster phase and all that follows, headstarts included) for the first character named, +1 a certain win, −1 a certain loss, across the variants.",
		Charts:    []template.HTML{template.HTML(pairValuesSVG("c-pairings", "Value of each character pairing for the first character", labels, rows))},
		Downloads: dl,
	})
	return renderPage(w, pg)
}

// weightsSVG draws each variant's first-pick equilibrium as a bar of the
// characters' weights stacked from 0 to 1.
func weightsSVG(id, title string, labels []string, rows []solve.SweepRow) string {
	bars := make([][]barPart, len(rows))
	for k, r := range rows {
		for c, wt := range r.Characters {
			if wt > pickTol {
				name := nzsc.Character(c).String()
				bars[k] = append(bars[k], barPart{Share: wt, Fill: characterColours[c], Label: name, LabelFill: "#fff",
					Tip: fmt.Sprintf("%s, %s: weight %.6f", labels[k], name, wt)})
			}
		}
	}
	var legend []legendItem
	for c := range nzsc.Character(nzsc.NumCharacters) {
		legend = append(legend, legendItem{characterColours[c], c.String()})
	}
	return stackedBarsSVG(id, title, "variant", "weight at the first pick", labels, bars, 60,
		func(k int) string { return strconv.FormatFloat(float64(k)/4, 'f', 2, 64) }, legend)
}

// pairValuesSVG draws, for each of the six character pairings, its value
// for the first character as a line across the variants.
func pairValuesSVG(id, title string, labels []string, rows []solve.SweepRow) string {
	type pairing struct{ a, b nzsc.Character }
	var pairs []pairing
	for a := range nzsc.Character(nzsc.NumCharacters) {
		for b := a + 1; b < nzsc.NumCharacters; b++ {
			pairs = append(pairs, pairing{a, b})
		}
	}
	lo, hi := 0.0, 0.0
	for _, r := range rows {
		for _, p := range pairs {
			v := r.Pairs[p.a][p.b].Value
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	ticks := niceTicks(lo, hi, 8)
	lo, hi = math.Min(lo, ticks[0]), math.Max(hi, ticks[len(ticks)-1])
	if hi == lo {
		hi = lo + 1
	}
	step := math.Max(60, 8+svgTextWidth(longest(labels)))
	gx, gy, gh := 56.0, 46.0, 260.0
	gw := step * float64(max(len(rows), 2))
	// The chart is as wide as its legend (three columns) and its title
	// (14 px bold) too, the variants spread over the width: a sweep of
	// two variants cut off two legend labels and the title.
	const legendCol = 200.0
	w := math.Max(gx+gw+20, 8+2*legendCol+20+svgTextWidth("Samurai vs Clown")+8)
	w = math.Max(w, 8+titleWidth(title)+8)
	gw = w - gx - 20
	step = gw / float64(max(len(rows), 2))
	legendY := gy + gh + 60
	var b strings.Builder
	svgOpen(&b, id, title, w, legendY+12+22*float64((len(pairs)+2)/3-1))
	yOf := func(v float64) float64 { return gy + gh*(hi-v)/(hi-lo) }
	xOf := func(i int) float64 { return gx + step*(float64(i)+0.5) }
	// As many decimals as the step needs (steps of 0.05 are not
	// "-0.1, -0.1").
	prec := 1
	if len(ticks) > 1 {
		prec = max(1, int(math.Ceil(-math.Log10(ticks[1]-ticks[0])-1e-9)))
	}
	for _, t := range ticks {
		stroke := "#e6e6e6"
		if t == 0 {
			stroke = "#999"
		}
		label := fmt.Sprintf("%+.*f", prec, t)
		if t == 0 {
			label = "0" // not "-0.0"
		}
		fmt.Fprintf(&b, `<line x1="%s" x2="%s" y1="%s" y2="%s" stroke="%s"/><text x="%s" y="%s" text-anchor="end" dominant-baseline="central">%s</text>`,
			f1(gx), f1(gx+gw), f1(yOf(t)), f1(yOf(t)), stroke, f1(gx-6), f1(yOf(t)), label)
	}
	for i, l := range labels {
		fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="middle">%s</text>`, f1(xOf(i)), f1(gy+gh+16), esc(l))
	}
	fmt.Fprintf(&b, `<text class="axt" x="%s" y="%s" text-anchor="middle">variant</text>`, f1(gx+gw/2), f1(gy+gh+34))
	for k, p := range pairs {
		name := fmt.Sprintf("%s vs %s", p.a, p.b)
		var path strings.Builder
		for i, r := range rows {
			cmd := "L"
			if i == 0 {
				cmd = "M"
			}
			fmt.Fprintf(&path, "%s%s %s", cmd, f1(xOf(i)), f1(yOf(r.Pairs[p.a][p.b].Value)))
		}
		fmt.Fprintf(&b, `<path d="%s" fill="none" stroke="%s" stroke-width="2"/>`, path.String(), pairColours[k])
		for i, r := range rows {
			v := r.Pairs[p.a][p.b].Value
			fmt.Fprintf(&b, `<g class="hv"><title>%s</title><circle cx="%s" cy="%s" r="4" fill="%s"/></g>`,
				esc(fmt.Sprintf("%s, %s: %+.4f for %s", labels[i], name, v, p.a)), f1(xOf(i)), f1(yOf(v)), pairColours[k])
		}
		x, y := 8+legendCol*float64(k%3), legendY+22*float64(k/3)
		fmt.Fprintf(&b, `<rect x="%s" y="%s" width="14" height="4" fill="%s"/><text x="%s" y="%s" dominant-baseline="central">%s</text>`,
			f1(x), f1(y-2), pairColours[k], f1(x+20), f1(y), esc(name))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// longest returns the longest of labels ("" for none).
func longest(labels []string) string {
	var out string
	for _, l := range labels {
		if len(l) > len(out) {
			out = l
		}
	}
	return out
}
