package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// smallRuns are command lines with small runs, in the order they run
// (later ones read the run directories of earlier ones: DIR is replaced
// by the test's directory). Each is run with --format table (or without
// --format when the command has none) and, when json is set, --format
// json.
var smallRuns = []struct {
	args []string
	json bool
}{
	{[]string{"bots"}, true},
	{[]string{"bots", "--game", "npzr"}, true},
	{[]string{"games"}, true},
	{[]string{"rules"}, true},
	{[]string{"rules", "smash", "shadow fireball"}, false},
	{[]string{"match", "random", "greedy", "--games", "200", "--seed", "1", "--quiet", "--out", "DIR/m"}, true},
	{[]string{"match", "random", "greedy", "random", "--games", "12", "--seed", "1", "--quiet", "--players", "3"}, true},
	{[]string{"tournament", "--bots", "random,classic,greedy,mcts:iters=20,name=m20", "--games", "40", "--seed", "1", "--quiet", "--out", "DIR/t"}, true},
	{[]string{"tournament", "--bots", "random,greedy,random:name=r2", "--games", "12", "--seed", "1", "--quiet", "--players", "3", "--out", "DIR/f"}, true},
	{[]string{"tournament", "--bots", "random,greedy,nash", "--gauntlet", "nash", "--games", "20", "--seed", "1", "--quiet", "--full", "--out", "DIR/g"}, false},
	{[]string{"sprt", "nash", "random", "--batch", "200", "--max-games", "2000", "--seed", "1", "--quiet", "--out", "DIR/s"}, true},
	{[]string{"report", "DIR/t"}, true},
	{[]string{"report", "DIR/t", "--dynamics", "--bootstrap", "20"}, true},
	{[]string{"report", "DIR/m"}, true},
	{[]string{"report", "DIR/s"}, true},
	{[]string{"report", "DIR/f"}, true},
	{[]string{"solve", "rounds"}, true},
	{[]string{"solve", "rounds", "--pairing", "clo/back,zom/zom"}, true},
	{[]string{"exploit", "random", "--games", "20", "--seed", "1", "--quiet"}, true},
	{[]string{"exploit", "--game", "npzr", "random", "--games", "3", "--samples", "2", "--seed", "1", "--quiet"}, true},
	{[]string{"exploit", "--players", "3", "random,random,greedy", "--rule", "turn_cap=3", "--games", "12", "--seed", "3", "--samples", "1", "--quiet"}, true},
	{[]string{"exploit", "--players", "3", "random,random,greedy", "--all-seats", "--rule", "turn_cap=3", "--games", "12", "--seed", "3", "--samples", "1", "--quiet"}, true},
}

// snake is a JSON key in snake_case.
var snake = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// formatName is a document's format: name/version.
var formatName = regexp.MustCompile(`^nzsc-[a-z]+(-[a-z]+)*/[1-9][0-9]*$`)

// badKeys returns the keys of v, at any depth, that are not snake_case,
// with their paths.
func badKeys(v any, path string) []string {
	var bad []string
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if !snake.MatchString(k) {
				bad = append(bad, path+"."+k)
			}
			bad = append(bad, badKeys(e, path+"."+k)...)
		}
	case []any:
		for _, e := range x {
			bad = append(bad, badKeys(e, path+"[]")...)
		}
	}
	slices.Sort(bad)
	return slices.Compact(bad)
}

// TestOutputsFitAndDocumentsAreNamed runs every command on a small run:
// its text has no line wider than 80 columns (the width when stdout is
// not a terminal), and its JSON document names its format and version and
// uses snake_case keys only.
func TestOutputsFitAndDocumentsAreNamed(t *testing.T) {
	if testing.Short() {
		t.Skip("plays small runs of every command")
	}
	doc, err := os.ReadFile("../../docs/formats.md")
	if err != nil {
		t.Fatal(err)
	}
	formatsDoc := string(doc)
	dir := t.TempDir()
	for _, c := range smallRuns {
		args := make([]string, len(c.args))
		for i, a := range c.args {
			args[i] = strings.ReplaceAll(a, "DIR", dir)
		}
		name := strings.Join(c.args, " ")
		out, stderr, code := runCmd(t, "", args...)
		if code != 0 {
			t.Errorf("%s: code %d, %s", name, code, stderr)
			continue
		}
		if strings.TrimSpace(out) == "" {
			t.Errorf("%s: no output", name)
		}
		for i, l := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(l); n > 80 {
				t.Errorf("%s: line %d is %d columns wide:\n%s", name, i+1, n, l)
			}
		}
		if !c.json {
			continue
		}
		// A run directory holds one run: the JSON comes from report.
		if i := slices.Index(args, "--out"); i >= 0 {
			args = []string{"report", args[i+1]}
		}
		js, stderr, code := runCmd(t, "", append(args, "--format", "json")...)
		if code != 0 {
			t.Errorf("%s --format json: code %d, %s", name, code, stderr)
			continue
		}
		var doc any
		if err := json.Unmarshal([]byte(js), &doc); err != nil {
			t.Errorf("%s --format json: %v", name, err)
			continue
		}
		top, ok := doc.(map[string]any)
		if !ok {
			t.Errorf("%s --format json: the document is not an object", name)
			continue
		}
		if f, _ := top["format"].(string); !formatName.MatchString(f) {
			t.Errorf("%s --format json: format %v, want nzsc-NAME/VERSION", name, top["format"])
		} else if !strings.Contains(formatsDoc, "`"+f+"`") {
			t.Errorf("%s --format json: format %s is not in docs/formats.md's list of documents", name, f)
		}
		if bad := badKeys(doc, ""); len(bad) > 0 {
			t.Errorf("%s --format json: keys not in snake_case: %s", name, strings.Join(bad, ", "))
		}
	}
	// The names of the run directories' bots: the alias, not the spec.
	js, _, _ := runCmd(t, "", "report", filepath.Join(dir, "t"), "--format", "json")
	if !strings.Contains(js, `"bot": "m20"`) || strings.Contains(js, `"bot": "mcts:iters=20`) {
		t.Errorf("tournament report: the bot with name=m20 is not named m20")
	}
}

// TestBadKeys checks the checker itself on keys it must refuse.
func TestBadKeys(t *testing.T) {
	var doc any
	json.Unmarshal([]byte(`{"format":"nzsc-x/1","a_b":[{"MovesA":1,"ok":{"Ninja/Shadow":2}}],"x":{"lower":1}}`), &doc)
	got := badKeys(doc, "")
	want := []string{".a_b[].MovesA", ".a_b[].ok.Ninja/Shadow"}
	if !slices.Equal(got, want) {
		t.Errorf("badKeys = %q, want %q", got, want)
	}
	for _, f := range []string{"nzsc-match/2", "nzsc-tournament-report/2"} {
		if !formatName.MatchString(f) {
			t.Errorf("format %q refused", f)
		}
	}
	for _, f := range []string{"nzsc-match", "match/1", "nzsc-Match/1", "nzsc-match/0"} {
		if formatName.MatchString(f) {
			t.Errorf("format %q accepted", f)
		}
	}
}
