package report

import (
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Width is the width text output fits when it does not go to a
// terminal (a terminal's own width is used when it has one).
const Width = 80

// Table is a plain-text table in the one style of every nzsc command: no
// border, a rule under the header, label columns aligned left and the
// others (numbers) right, two spaces between columns, no trailing blanks.
// Plain ASCII rules keep golden files, pipes and diffs simple.
//
// A table wider than its width is never left for the terminal to wrap
// into fragments: a table with Wrap set wraps its last column's text
// onto continuation lines; any other is folded into blocks of columns,
// one under the other, each repeating the label columns.
type Table struct {
	Header []string
	Rows   [][]string
	// Left is the number of leading label columns (1 when 0).
	Left int
	// Wrap makes the last column free text (a description) that wraps
	// within its column.
	Wrap bool
}

// minWrap is the narrowest a wrapped column gets, however wide the
// others.
const minWrap = 24

// textWidth is the number of columns s takes: one per rune (the tables
// hold no double-width characters).
func textWidth(s string) int { return utf8.RuneCountInString(s) }

// Write renders the table to fit width columns (Width when width <= 0).
func (t *Table) Write(w io.Writer, width int) error {
	if width <= 0 {
		width = Width
	}
	var b strings.Builder
	t.render(&b, width)
	_, err := io.WriteString(w, b.String())
	return err
}

// columnWidths is the width of each column: its widest cell.
func (t *Table) columnWidths() []int {
	n := len(t.Header)
	widths := make([]int, n)
	for _, r := range append([][]string{t.Header}, t.Rows...) {
		for i := range min(n, len(r)) {
			widths[i] = max(widths[i], textWidth(r[i]))
		}
	}
	return widths
}

func (t *Table) render(b *strings.Builder, width int) {
	n := len(t.Header)
	if n == 0 {
		return
	}
	left := min(max(t.Left, 1), n)
	widths := t.columnWidths()
	total := 0
	for _, c := range widths {
		total += c + 2
	}
	total -= 2
	cols := make([]int, n)
	for i := range cols {
		cols[i] = i
	}
	switch {
	case total <= width:
		t.block(b, cols, widths, left, 0)
	case t.Wrap && total-widths[n-1] <= width-minWrap:
		t.block(b, cols, widths, left, width-(total-widths[n-1]))
	case t.Wrap:
		t.block(b, cols, widths, left, minWrap)
	default:
		// Fold: the label columns, then as many of the others as fit.
		labels := 0
		for _, c := range widths[:left] {
			labels += c + 2
		}
		for start := left; start < n; {
			used, end := labels, start
			for end < n && (end == start || used+widths[end] <= width) {
				used += widths[end] + 2
				end++
			}
			if start > left {
				b.WriteByte('\n')
			}
			t.block(b, append(cols[:left:left], cols[start:end]...), widths, left, 0)
			start = end
		}
		if left == n {
			t.block(b, cols, widths, left, 0)
		}
	}
}

// block writes the columns cols of every row; wrap > 0 wraps the last
// column's text to that width.
func (t *Table) block(b *strings.Builder, cols, widths []int, left, wrap int) {
	line := func(cells []string) {
		b.WriteString(formatLine(cells, cols, widths, left, wrap))
	}
	row := func(cells []string) {
		last := cols[len(cols)-1]
		if wrap == 0 || last >= len(cells) {
			line(cells)
			return
		}
		for i, piece := range wrapText(cells[last], wrap) {
			c := make([]string, len(cells))
			if i == 0 {
				copy(c, cells)
			}
			c[last] = piece
			line(c)
		}
	}
	row(t.Header)
	rule := 0
	for k, c := range cols {
		wd := widths[c]
		if k == len(cols)-1 && wrap > 0 {
			wd = wrap
		}
		rule += wd + 2
	}
	b.WriteString(strings.Repeat("-", rule-2))
	b.WriteByte('\n')
	for _, r := range t.Rows {
		row(r)
	}
}

// formatLine is one line of a table: the columns cols of cells, label
// columns (below left) and a wrapped last column (wrap > 0) padded on the
// right, the others on the left, two spaces apart, with its newline. A
// cell wider than its column pushes the rest of the line right.
func formatLine(cells []string, cols, widths []int, left, wrap int) string {
	var l strings.Builder
	for k, c := range cols {
		s := ""
		if c < len(cells) {
			s = cells[c]
		}
		wd := widths[c]
		if k == len(cols)-1 && wrap > 0 {
			wd = wrap
		}
		if k > 0 {
			l.WriteString("  ")
		}
		pad := strings.Repeat(" ", max(0, wd-textWidth(s)))
		if c < left || (wrap > 0 && k == len(cols)-1) {
			l.WriteString(s + pad)
		} else {
			l.WriteString(pad + s)
		}
	}
	return unglue(strings.TrimRight(l.String(), " ")) + "\n"
}

// glue is a blank that wrapping does not break at, written out as a
// plain space: nobreak keeps "Acid Spray=0.5000" on one line of a
// wrapped cell, where a break inside a name reads as two names.
const glue = "\u00a0"

// nobreak glues the words of s together for wrapText.
func nobreak(s string) string { return strings.ReplaceAll(s, " ", glue) }

// unglue writes glued blanks as the plain spaces they stand for.
func unglue(s string) string { return strings.ReplaceAll(s, glue, " ") }

// wrapText breaks s into lines of at most width columns at blanks (not
// at glue); a word longer than width is cut.
func wrapText(s string, width int) []string {
	var lines []string
	cur := ""
	isBreak := func(r rune) bool { return unicode.IsSpace(r) && string(r) != glue }
	for _, word := range strings.FieldsFunc(s, isBreak) {
		for textWidth(word) > width {
			if cur != "" {
				lines, cur = append(lines, cur), ""
			}
			r := []rune(word)
			lines, word = append(lines, string(r[:width])), string(r[width:])
		}
		switch {
		case cur == "":
			cur = word
		case textWidth(cur)+1+textWidth(word) <= width:
			cur += " " + word
		default:
			lines, cur = append(lines, cur), word
		}
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, cur)
	}
	return lines
}

// WrapText breaks prose into lines of at most width columns (Width when
// width <= 0) at blanks, for the sentences around tables.
func WrapText(s string, width int) string {
	if width <= 0 {
		width = Width
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		if strings.TrimSpace(para) == "" {
			out = append(out, "")
			continue
		}
		if textWidth(para) <= width {
			out = append(out, para) // as written, its spacing kept
			continue
		}
		// Keep a paragraph's indentation on its continuation lines.
		indent := para[:len(para)-len(strings.TrimLeft(para, " "))]
		for _, l := range wrapText(para, width-len(indent)) {
			out = append(out, indent+l)
		}
	}
	return unglue(strings.Join(out, "\n"))
}
