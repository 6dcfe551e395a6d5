package report

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

func render(t *Table, width int) string {
	var b strings.Builder
	if err := t.Write(&b, width); err != nil {
		panic(err)
	}
	return b.String()
}

func TestTableFits(t *testing.T) {
	tb := &Table{Header: []string{"bot", "Elo", "games"}, Rows: [][]string{{"nash", "+61.1", "8000"}, {"random", "-85.9", "80"}}}
	// Written out by hand: labels left, numbers right, two blanks between
	// columns, a rule as wide as the table, no trailing blanks.
	want := "" +
		"bot       Elo  games\n" +
		"--------------------\n" +
		"nash    +61.1   8000\n" +
		"random  -85.9     80\n"
	if got := render(tb, 80); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestTableFolds(t *testing.T) {
	// A label column and 12 columns of 8 characters: 8 + 12·10 = 128
	// columns, folded at 50 into blocks of 4 (8 + 4·10 = 48).
	tb := &Table{Header: []string{"loadout"}}
	for c := range 12 {
		tb.Header = append(tb.Header, fmt.Sprintf("col%02d", c))
	}
	for r := range 3 {
		row := []string{fmt.Sprintf("row%d", r)}
		for c := range 12 {
			row = append(row, fmt.Sprintf("r%dc%02d.xx", r, c))
		}
		tb.Rows = append(tb.Rows, row)
	}
	out := render(tb, 50)
	blocks := strings.Split(strings.TrimSuffix(out, "\n"), "\n\n")
	if len(blocks) != 3 {
		t.Fatalf("%d blocks, want 3:\n%s", len(blocks), out)
	}
	for i, bl := range blocks {
		lines := strings.Split(bl, "\n")
		if len(lines) != 5 || !strings.HasPrefix(lines[0], "loadout") || strings.Trim(lines[1], "-") != "" {
			t.Errorf("block %d is not a header, a rule and 3 rows:\n%s", i, bl)
		}
		for r, l := range lines[2:] {
			fields := strings.Fields(l)
			if len(fields) != 5 || fields[0] != fmt.Sprintf("row%d", r) {
				t.Errorf("block %d row %d: %q, want the label and 4 cells", i, r, l)
				continue
			}
			for k, f := range fields[1:] {
				if want := fmt.Sprintf("r%dc%02d.xx", r, 4*i+k); f != want {
					t.Errorf("block %d row %d cell %d: %q, want %q", i, r, k, f, want)
				}
			}
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(l); n > 50 {
			t.Errorf("line of %d columns: %q", n, l)
		}
	}
}

func TestTableWraps(t *testing.T) {
	help := "a program speaking the bot protocol for this game: exec:PROGRAM [ARGS...][;key=value...]"
	tb := &Table{Header: []string{"bot", "description"}, Rows: [][]string{{"exec:ARG", help}, {"random", "uniform"}}, Left: 2, Wrap: true}
	out := render(tb, 40)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var words []string
	for i, l := range lines {
		if n := utf8.RuneCountInString(l); n > 40 {
			t.Errorf("line of %d columns: %q", n, l)
		}
		if i >= 2 && !strings.HasPrefix(l, "random") {
			words = append(words, strings.Fields(strings.TrimPrefix(l, "exec:ARG"))...)
		}
		// The description starts in the same column on every line.
		if i >= 2 && len(l) > 10 && l[8:10] != "  " {
			t.Errorf("line %q: the description does not start at column 10", l)
		}
	}
	if strings.Join(words, " ") != help {
		t.Errorf("wrapped words %q, want %q", strings.Join(words, " "), help)
	}
	if lines[len(lines)-1] != "random    uniform" {
		t.Errorf("last line %q", lines[len(lines)-1])
	}
}

func TestWrapText(t *testing.T) {
	short := "Ninja    base moves: Kick"
	if got := WrapText(short, 40); got != short {
		t.Errorf("a line that fits changed: %q", got)
	}
	long := "   Destructive (also destroys the opponent's move of that round): Zap, Acid Spray."
	got := WrapText(long, 40)
	want := "   Destructive (also destroys the\n   opponent's move of that round): Zap,\n   Acid Spray."
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// FuzzTable checks the table's promises on any cells: no line wider than
// the width when the labels and any one column fit, every cell printed.
func FuzzTable(f *testing.F) {
	f.Add("bot,Elo,95%,score%", "nash,+61.1,±6.3,60.5±1.1", 40, 1)
	f.Add("a,b,c,d", "xxxxxxxxxxxx,y,zzzzzzzzzzzz,wwwwwwwwwwww", 30, 2)
	f.Fuzz(func(t *testing.T, header, row string, width, left int) {
		width = 30 + abs(width)%100
		hdr := strings.Split(header, ",")
		cells := strings.Split(row, ",")
		for _, c := range append(hdr, cells...) {
			if strings.ContainsAny(c, "\n\r\t ") || !utf8.ValidString(c) || utf8.RuneCountInString(c) > 12 {
				t.Skip()
			}
		}
		tb := &Table{Header: hdr, Rows: [][]string{cells}, Left: abs(left) % 3}
		out := render(tb, width)
		// Labels of at most 3·12 columns plus one column of 12 fit 30+.
		if tb.Left*14+14 <= width {
			for _, l := range strings.Split(out, "\n") {
				if utf8.RuneCountInString(l) > width {
					t.Errorf("width %d: line %q", width, l)
				}
			}
		}
		for _, c := range cells[:min(len(cells), len(hdr))] {
			if !strings.Contains(out, c) {
				t.Errorf("cell %q missing from\n%s", c, out)
			}
		}
	})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func ExampleTable() {
	t := &Table{Header: []string{"#", "bot", "Elo"}, Rows: [][]string{{"1", "greedy", "+78.4"}, {"2", "random", "-85.9"}}, Left: 2}
	t.Write(os.Stdout, 80)
	// Output:
	// #  bot       Elo
	// ----------------
	// 1  greedy  +78.4
	// 2  random  -85.9
}

// TestWrapKeepsGlue checks that a wrapped cell breaks between a mixed
// strategy's choices, never inside a choice's name, and writes the glue
// as a plain space.
func TestWrapKeepsGlue(t *testing.T) {
	cell := sides(mix(glued([]string{"Ninja Sword", "Shadow Fireball"}), []float64{0.5, 0.5}, " "),
		mix(glued([]string{"Samurai Sword", "Smash"}), []float64{0.5, 0.5}, " "))
	tb := &Table{Header: []string{"A", "equilibrium"}, Rows: [][]string{{"x", cell}}, Wrap: true}
	var b strings.Builder
	if err := tb.Write(&b, 30); err != nil {
		t.Fatal(err)
	}
	want := "A  equilibrium\n" +
		"------------------------------\n" +
		"x  A: Ninja Sword=0.5000\n" +
		"   Shadow Fireball=0.5000;\n" +
		"   B: Samurai Sword=0.5000\n" +
		"   Smash=0.5000\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if strings.Contains(b.String(), glue) {
		t.Error("the glue is written out")
	}
}

func TestSigned(t *testing.T) {
	for i, c := range []struct {
		v    float64
		prec int
		want string
	}{
		{-1e-16, 4, "+0.0000"},
		{-0.00004, 4, "+0.0000"},
		{-0.00005001, 4, "-0.0001"},
		{0, 3, "+0.000"},
		{0.25, 3, "+0.250"},
		{-1, 3, "-1.000"},
		{math.Inf(1), 1, "+inf"}, // as fmtElo: not Go's "+Inf"
		{math.Inf(-1), 1, "-inf"},
	} {
		if got := signed(c.v, c.prec); got != c.want {
			t.Errorf("case %d: signed(%v, %d) = %q, want %q", i, c.v, c.prec, got, c.want)
		}
	}
}
