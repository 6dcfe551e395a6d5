package docs_test

import (
	"slices"
	"strings"
	"testing"
)

func TestMatchLines(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{"a\nb", "a\nb", true},
		{"a\nb", "a\nc", false},
		{"a\nb", "a", false},
		{"a", "a\nb", false},
		{"a   ", "a", true}, // trailing spaces ignored
		{"...", "", true},
		{"...", "x\ny", true},
		{"a\n...\nd", "a\nd", true},
		{"a\n...\nd", "a\nb\nc\nd", true},
		{"a\n...\nd", "a\nb\nc", false},
		{"a\n...", "b", false},
		{"a ... b", "a x b", false}, // "..." only as a whole line
	} {
		if got := matchLines(split(c.want), split(c.got)); got != c.ok {
			t.Errorf("matchLines(%q, %q) = %v, want %v", c.want, c.got, got, c.ok)
		}
	}
}

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func TestParse(t *testing.T) {
	doc := "# T\n" + // 1
		"| cmd | example |\n" + // 2
		"| --- | --- |\n" + // 3
		"| a | `nzsc games` then `nzsc bots --format table\\|csv` |\n" + // 4
		"| b | `go run .` |\n" + // 5
		"\n" + // 6
		"| x | y |\n" + // 7
		"| --- | --- |\n" + // 8
		"| c | `nzsc not-an-example` |\n" + // 9
		"<!-- not-run \"nzsc solve game\": slow -->\n" + // 10
		"Text with `<!-- not-run \"X\": y -->` in it.\n" + // 11
		"```sh\n" + // 12
		"nzsc match a b \\\n" + // 13
		"  --games 100000\n" + // 14
		"go build ./x\n" + // 15
		"```\n" + // 16
		"```console\n" + // 17
		"$ nzsc rules smash\n" + // 18
		"out 1\n" + // 19
		"out 2\n" + // 20
		"$ nzsc games | head -n 1\n" + // 21
		"```\n" + // 22
		"```json\n" + // 23
		"nzsc inside json\n" + // 24
		"```\n" // 25
	cmds, notes, err := parse("t.md", strings.Split(doc, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		line    int
		text    string
		checked bool
		want    string
		from    int
		to      int
	}
	var got []row
	for _, c := range cmds {
		got = append(got, row{c.line, c.text, c.checked, strings.Join(c.want, "|"), c.outFrom, c.outTo})
	}
	want := []row{
		{4, "nzsc games", false, "", 0, 0},
		{4, "nzsc bots --format table|csv", false, "", 0, 0},
		{13, "nzsc match a b \n  --games 100000", false, "", 0, 0},
		{18, "nzsc rules smash", true, "out 1|out 2", 18, 20},
		{21, "nzsc games | head -n 1", true, "", 21, 21},
	}
	if !slices.Equal(got, want) {
		t.Errorf("commands:\n got %v\nwant %v", got, want)
	}
	if len(notes) != 1 || notes[0].prefix != "nzsc solve game" || notes[0].reason != "slow" || notes[0].line != 10 {
		t.Errorf("notes: %+v", notes)
	}

	if _, _, err := parse("t.md", []string{"```console", "out before a command", "```"}); err == nil {
		t.Error("a console block without a command: no error")
	}
	if _, _, err := parse("t.md", []string{"```sh", "nzsc games"}); err == nil {
		t.Error("an unterminated block: no error")
	}
}

func TestSmall(t *testing.T) {
	for _, c := range [][2]string{
		{"nzsc match a b --games 100000 --seed 1", "nzsc match a b --games 24 --seed 1"},
		{"nzsc match a b --games=20", "nzsc match a b --games=20"},
		{"nzsc tournament --games 600", "nzsc tournament --games 24"},
		{"nzsc sprt a b --elo1 5", "nzsc sprt --max-games 24 --batch 24 a b --elo1 5"},
		{"nzsc sprt a b --max-games 90000", "nzsc sprt a b --max-games 24"},
		{"nzsc games", "nzsc games"},
	} {
		if got := small(c[0]); got != c[1] {
			t.Errorf("small(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}
