package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/results"
)

// editRunFile rewrites a JSON file of a run directory through edit, its
// numbers kept as written (a seed is a uint64, which a float64 rounds).
func editRunFile(t *testing.T, path string, edit func(m map[string]any)) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	if b, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestRunDirIsData: a run directory's manifest edited to other rules or
// another bot is refused by resume, report and merge (the counts bind
// the plan they were made under); an exec: bot written into a manifest
// (here one whose counts predate the digest, so that the edit is not
// caught by it) is named and not started by --resume without
// --allow-exec.
func TestRunDirIsData(t *testing.T) {
	tmp := t.TempDir()
	good := filepath.Join(tmp, "good")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy", "--games", "8", "--seed", "3", "--quiet", "--out", good); code != 0 {
		t.Fatalf("tournament: %s", stderr)
	}
	copyDir := func(name string) string {
		t.Helper()
		dir := filepath.Join(tmp, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{results.ManifestFile, results.CountsFile} {
			b, err := os.ReadFile(filepath.Join(good, f))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	for i, edit := range []func(m map[string]any){
		func(m map[string]any) { m["rules"] = map[string]any{"turn_cap": 5} },
		func(m map[string]any) { m["bots"].([]any)[1].(map[string]any)["spec"] = "greedy:name=greedy" },
		func(m map[string]any) { m["seed"] = "0x4" },
	} {
		dir := copyDir("edited" + string(rune('a'+i)))
		editRunFile(t, filepath.Join(dir, results.ManifestFile), edit)
		for _, args := range [][]string{
			{"tournament", "--resume", dir, "--quiet"},
			{"report", dir},
			{"merge", dir, "--out", filepath.Join(tmp, "merged"+string(rune('a'+i)))},
		} {
			_, stderr, code := runCmd(t, "", args...)
			if code != 2 || !strings.Contains(stderr, "plan") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("case %d: %v: exit %d, %q; want exit 2 and one line about the plan", i, args, code, stderr)
			}
		}
	}

	// A directory from before the digest (no "plan") is still read.
	old := copyDir("old")
	editRunFile(t, filepath.Join(old, results.CountsFile), func(m map[string]any) { delete(m, "plan") })
	if _, stderr, code := runCmd(t, "", "report", old); code != 0 {
		t.Errorf("report of counts without a plan: exit %d, %s", code, stderr)
	}

	// An exec: bot written into it is not started without --allow-exec.
	marker := filepath.Join(tmp, "ran")
	editRunFile(t, filepath.Join(old, results.ManifestFile), func(m map[string]any) {
		b := m["bots"].([]any)[1].(map[string]any)
		b["spec"], b["kind"] = "exec:/usr/bin/touch "+marker, "exec"
		m["complete"] = false
	})
	editRunFile(t, filepath.Join(old, results.CountsFile), func(m map[string]any) { m["finished"] = []any{} })
	editRunFile(t, filepath.Join(old, results.CountsFile), func(m map[string]any) {
		for _, p := range m["pairings"].([]any) {
			p := p.(map[string]any)
			p["seat"] = []any{[]any{0, 0, 0}, []any{0, 0, 0}}
			p["pentanomial"] = []any{0, 0, 0, 0, 0}
			p["turns"] = 0
		}
		delete(m, "game_stats")
	})
	_, stderr, code := runCmd(t, "", "tournament", "--resume", old, "--quiet")
	if code != 2 || !strings.Contains(stderr, "exec:/usr/bin/touch") || !strings.Contains(stderr, "--allow-exec") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("resume of a run with an exec: bot: exit %d, %q; want exit 2 and one line naming the program and --allow-exec", code, stderr)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Errorf("the manifest's program ran")
	}
}

// TestOutputPaths: a command's output files never overwrite a run's own
// files, never follow a link (another user's, planted in /tmp, would
// turn the write on its target) and never write into a FIFO; each is
// refused with one line, exit 2, the target untouched.
func TestOutputPaths(t *testing.T) {
	tmp := t.TempDir()
	run := filepath.Join(tmp, "run")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy", "--games", "4", "--seed", "3", "--quiet", "--out", run); code != 0 {
		t.Fatalf("tournament: %s", stderr)
	}
	counts, err := os.ReadFile(filepath.Join(run, results.CountsFile))
	if err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(tmp, "victim")
	if err := os.WriteFile(victim, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(tmp, "planted.html")
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	emptyVictim := filepath.Join(tmp, "empty")
	if err := os.WriteFile(emptyVictim, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	emptyLink := filepath.Join(tmp, "planted.jsonl")
	if err := os.Symlink(emptyVictim, emptyLink); err != nil {
		t.Fatal(err)
	}
	// A file of the user's at the page's name: not a page nzsc wrote.
	notes := filepath.Join(tmp, "notes.txt")
	if err := os.WriteFile(notes, []byte("my notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	dirLink := filepath.Join(tmp, "planted-dir")
	if err := os.Symlink(t.TempDir(), dirLink); err != nil {
		t.Fatal(err)
	}
	for i, args := range [][]string{
		{"report", run, "--html", filepath.Join(run, results.CountsFile)},
		{"report", run, "--html", filepath.Join(run, results.ManifestFile)},
		{"report", run, "--html", filepath.Join(run, "crosstable.csv")},
		{"report", run, "--html", link},
		{"report", run, "--html", notes},
		{"report", run, "--dynamics", "--html", notes},
		{"tournament", "--bots", "random,greedy", "--games", "4", "--quiet", "--out", filepath.Join(tmp, "t1"), "--games-log", emptyLink},
		{"tournament", "--bots", "random,greedy", "--games", "4", "--quiet", "--out", dirLink},
		{"solve", "game", "--rule", "points=1", "--quiet", "--save", link},
		{"solve", "game", "--rule", "points=1", "--quiet", "--save", filepath.Join(run, results.CountsFile)},
	} {
		_, stderr, code := runCmd(t, "", args...)
		if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("case %d %v: exit %d, %q; want exit 2 and one line", i, args, code, stderr)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(run, results.CountsFile)); string(b) != string(counts) {
		t.Errorf("the run's counts.json was written over")
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious" {
		t.Errorf("the link's target was written: %q", b)
	}
	if b, _ := os.ReadFile(notes); string(b) != "my notes" {
		t.Errorf("report --html wrote over a file that is not a page (%d bytes now)", len(b))
	}
	if st, _ := os.Stat(emptyVictim); st.Size() != 0 {
		t.Errorf("the games log went through a link")
	}
	// A new page in the run directory, or anywhere else, is written, and
	// written again.
	for _, page := range []string{filepath.Join(run, "report.html"), filepath.Join(tmp, "report.html")} {
		for range 2 {
			if _, stderr, code := runCmd(t, "", "report", run, "--html", page); code != 0 {
				t.Errorf("report --html %s: exit %d, %s", page, code, stderr)
			}
		}
	}
}

// TestResumeFromElsewhereKeepsItsLog: a run made with a relative
// --games-log and resumed from another directory goes on with its own
// log (the manifest keeps its absolute path), never a new or unrelated
// log of that name in the directory it is resumed from.
func TestResumeFromElsewhereKeepsItsLog(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	t.Chdir(a)
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy", "--games", "8", "--seed", "3", "--quiet",
		"--out", "run", "--games-log", "games.jsonl"); code != 0 {
		t.Fatalf("tournament: %s", stderr)
	}
	before, err := os.ReadFile(filepath.Join(a, "games.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	// An unrelated log of the same name where the run is resumed.
	if err := os.WriteFile(filepath.Join(b, "games.jsonl"), []byte("notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(b)
	if _, stderr, code := runCmd(t, "", "tournament", "--resume", filepath.Join(a, "run"), "--quiet"); code != 0 {
		t.Fatalf("resume from elsewhere: exit %d, %s", code, stderr)
	}
	if got, _ := os.ReadFile(filepath.Join(b, "games.jsonl")); string(got) != "notes\n" {
		t.Errorf("the unrelated log was written: %q", got)
	}
	if got, _ := os.ReadFile(filepath.Join(a, "games.jsonl")); string(got) != string(before) {
		t.Errorf("the run's own log changed (%d bytes, was %d)", len(got), len(before))
	}

	// A manifest from before the absolute path (a relative one, counts
	// without a plan): resumed from elsewhere, the log of that name is
	// not the run's, and none there is refused rather than made.
	run := filepath.Join(a, "run")
	editRunFile(t, filepath.Join(run, results.ManifestFile), func(m map[string]any) { m["games_log"] = "games.jsonl" })
	editRunFile(t, filepath.Join(run, results.CountsFile), func(m map[string]any) { delete(m, "plan") })
	for _, dir := range []string{b, t.TempDir()} {
		t.Chdir(dir)
		_, stderr, code := runCmd(t, "", "tournament", "--resume", run, "--quiet")
		if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("resume of an old relative log from %s: exit %d, %q; want exit 2 and one line", dir, code, stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "games.jsonl")); dir != b && err == nil {
			t.Errorf("a new log was made in %s", dir)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(b, "games.jsonl")); string(got) != "notes\n" {
		t.Errorf("the unrelated log was written: %q", got)
	}
	// From the directory it was started in, it resumes.
	t.Chdir(a)
	if _, stderr, code := runCmd(t, "", "tournament", "--resume", run, "--quiet"); code != 0 {
		t.Errorf("resume of an old relative log from its own directory: exit %d, %s", code, stderr)
	}
}
