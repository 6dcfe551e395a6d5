package docs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTablesWhole: every table row of README.md and docs/*.md belongs to
// a table (a header line and its |---| rule above it, rows without a
// gap): a row cut off from its table by a blank line or a paragraph
// renders as stray text with bars in it, not as the row it says.
// (docs/results-format.md's CSV table lost pairings.csv and
// metagame.csv that way.)
func TestTablesWhole(t *testing.T) {
	files, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range append(files, filepath.Join("..", "README.md")) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, bad := range strayRows(string(b)) {
			if i < 3 {
				t.Errorf("%s:%d: a table row outside any table (a blank line or text above it)", f, bad)
			}
		}
	}
}

// strayRows returns the line numbers (from 1) of the lines that start
// with '|' outside fenced blocks and that neither follow another such
// line nor start a table (the next line is its |---| rule).
func strayRows(text string) []int {
	lines := strings.Split(text, "\n")
	row := func(s string) bool { return strings.HasPrefix(strings.TrimSpace(s), "|") }
	rule := func(s string) bool {
		s = strings.TrimSpace(s)
		return strings.HasPrefix(s, "|") && strings.Trim(s, "|-: ") == ""
	}
	var bad []int
	fenced := false
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			continue
		}
		if fenced || !row(l) {
			continue
		}
		if i > 0 && row(lines[i-1]) || i+1 < len(lines) && rule(lines[i+1]) {
			continue
		}
		bad = append(bad, i+1)
	}
	return bad
}

func TestStrayRows(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"| a | b |\n|---|---|\n| 1 | 2 |\n", 0},
		{"| a | b |\n|---|---|\n| 1 | 2 |\n\ntext\n| 3 | 4 |\n", 1},
		{"```\n| not | a table |\n```\n", 0},
		{"text\n| stray |\n", 1},
	} {
		if got := len(strayRows(c.text)); got != c.want {
			t.Errorf("%q: %d stray rows, want %d", c.text, got, c.want)
		}
	}
}
