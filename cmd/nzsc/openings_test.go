package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A bad --openings file is one line of error with exit 2 before any game;
// a good one is recorded in the manifest.
func TestOpeningsFlag(t *testing.T) {
	tmp := t.TempDir()
	bad := filepath.Join(tmp, "bad.txt")
	os.WriteFile(bad, []byte("12\nzz\n"), 0o644)
	for _, c := range []struct{ path, msg string }{
		{bad, "bad.txt line 2"},
		{tmp, "directory"},
		{filepath.Join(tmp, "none"), "no such file"},
	} {
		_, stderr, code := runCmd(t, "", "match", "random", "greedy", "--game", "npzr", "--games", "4", "--quiet", "--openings", c.path)
		if code != 2 || strings.Count(strings.TrimRight(stderr, "\n"), "\n") > 0 || !strings.Contains(stderr, c.msg) {
			t.Errorf("--openings %s: code %d stderr %q, want 2 and one line with %q", c.path, code, stderr, c.msg)
		}
	}
	good := filepath.Join(tmp, "deals.txt")
	os.WriteFile(good, []byte("7\n0x2a\n"), 0o644)
	out := filepath.Join(tmp, "run")
	if _, stderr, code := runCmd(t, "", "match", "random", "greedy", "--game", "npzr", "--games", "4", "--quiet", "--openings", good, "--out", out); code != 0 {
		t.Fatalf("good openings: code %d: %s", code, stderr)
	}
	man, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil || !strings.Contains(string(man), `"openings": [`) {
		t.Errorf("manifest has no openings: %v\n%s", err, man)
	}
	if _, stderr, code := runCmd(t, "", "match", "--resume", out, "--openings", good); code != 2 || !strings.Contains(stderr, "openings") {
		t.Errorf("--resume with --openings: code %d stderr %q, want 2 naming the flag", code, stderr)
	}
}

// NZSC's designs and record prefixes from the command line: bad input is
// one line with exit 2; a run with a design reports its narrowing, and
// its games log opens another run (--opening-steps).
func TestOpeningsDesignFlag(t *testing.T) {
	tmp := t.TempDir()
	nolog := filepath.Join(tmp, "bad.jsonl")
	os.WriteFile(nolog, []byte(`{"format":"nzsc-lab-game"`+"\n"), 0o644)
	for _, args := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--game", "npzr", "--openings", "loadouts"}, "NZSC's design"},
		{[]string{"--openings", "characters", "--opening-steps", "1"}, "--opening-steps"},
		{[]string{"--opening-steps", "1"}, "--opening-steps goes with"},
		{[]string{"--openings", nolog}, "bad.jsonl: line 1"},
	} {
		cmd := append([]string{"match", "random", "greedy", "--games", "4", "--quiet"}, args.args...)
		_, stderr, code := runCmd(t, "", cmd...)
		if code != 2 || strings.Count(strings.TrimRight(stderr, "\n"), "\n") > 0 || !strings.Contains(stderr, args.msg) {
			t.Errorf("%v: code %d stderr %q, want 2 and one line with %q", args.args, code, stderr, args.msg)
		}
	}
	log := filepath.Join(tmp, "games.jsonl")
	stdout, stderr, code := runCmd(t, "", "match", "greedy", "random", "--games", "216", "--seed", "3", "--quiet", "--openings", "loadouts", "--games-log", log)
	if code != 0 || !strings.Contains(stdout, "Openings: the 54 loadout pairings") || !strings.Contains(stdout, "narrower") {
		t.Fatalf("--openings loadouts: code %d: %s\n%s", code, stderr, stdout)
	}
	stdout, stderr, code = runCmd(t, "", "match", "classic", "random", "--games", "20", "--quiet", "--openings", log, "--opening-steps", "3")
	if code != 0 || !strings.Contains(stdout, "216 record prefixes (--openings FILE)") {
		t.Fatalf("--openings games log: code %d: %s\n%s", code, stderr, stdout)
	}
}

// A free-for-all run with openings says how much they narrowed its
// finished-ahead intervals, in the text, the JSON and the HTML page
// (the stratified estimate of the per-table tallies), as two-player runs
// do.
func TestOpeningsNarrowingFFA(t *testing.T) {
	tmp := t.TempDir()
	out := filepath.Join(tmp, "run")
	stdout, stderr, code := runCmd(t, "", "match", "greedy", "random", "random", "--players", "3", "--games", "96", "--seed", "5",
		"--quiet", "--openings", "characters", "--out", out)
	if code != 0 || !strings.Contains(stdout, "Openings: the 4 character combinations") || !strings.Contains(stdout, "narrower than free play") ||
		!strings.Contains(stdout, "finished ahead of whom") {
		t.Fatalf("--players 3 --openings characters: code %d: %s\n%s", code, stderr, stdout)
	}
	page := filepath.Join(tmp, "report.html")
	stdout, stderr, code = runCmd(t, "", "report", out, "--format", "json", "--html", page)
	if code != 0 {
		t.Fatalf("report: code %d: %s", code, stderr)
	}
	var doc struct {
		Openings *struct {
			Design   string   `json:"design"`
			Tallied  bool     `json:"tallied"`
			Pairs    int64    `json:"pairs"`
			Ratio    *float64 `json:"ratio"`
			Narrower *float64 `json:"narrower"`
		} `json:"openings"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	// Three bots make one table: 96 games are 16 sets of 6, counted
	// once for each of the table's 3 pairs of bots.
	if o := doc.Openings; o == nil || o.Design != "characters" || !o.Tallied || o.Pairs != 3*16 || o.Ratio == nil || o.Narrower == nil ||
		math.Abs(*o.Ratio+*o.Narrower-1) > 1e-9 {
		t.Errorf("JSON openings: %+v", doc.Openings)
	}
	html, err := os.ReadFile(page)
	if err != nil || !strings.Contains(string(html), "narrower than free play") {
		t.Errorf("the HTML page has no narrowing line: %v", err)
	}
}

// A sequential test with openings says how much they narrowed its Elo
// interval, in its text and its JSON, from the counts' tallies.
func TestOpeningsNarrowingSPRT(t *testing.T) {
	out := filepath.Join(t.TempDir(), "run")
	stdout, stderr, code := runCmd(t, "", "sprt", "greedy", "random", "--seed", "3", "--openings", "characters", "--quiet", "--out", out)
	if code != 0 || !strings.Contains(stdout, "Openings: the 6 character pairings") || !strings.Contains(stdout, "narrower than free play") {
		t.Fatalf("sprt --openings characters: code %d: %s\n%s", code, stderr, stdout)
	}
	stdout, stderr, code = runCmd(t, "", "report", out, "--format", "json")
	var doc struct {
		Games    int64 `json:"games"`
		Openings *struct {
			Pairs   int64 `json:"pairs"`
			Tallied bool  `json:"tallied"`
		} `json:"openings"`
	}
	if err := json.Unmarshal([]byte(stdout), &doc); code != 0 || err != nil {
		t.Fatalf("report: code %d, %v: %s", code, err, stderr)
	}
	if o := doc.Openings; o == nil || !o.Tallied || 2*o.Pairs != doc.Games {
		t.Errorf("JSON openings %+v after %d games", doc.Openings, doc.Games)
	}
}
