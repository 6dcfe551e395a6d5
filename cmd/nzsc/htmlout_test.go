package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportHTMLOverwrite: report --html replaces a page of nzsc's
// report and nothing else: a file that holds anything else is refused
// with one line, exit 2, and left as it was; the help says both.
func TestReportHTMLOverwrite(t *testing.T) {
	tmp := t.TempDir()
	run := filepath.Join(tmp, "run")
	if _, stderr, code := runCmd(t, "", "match", "random", "greedy", "--games", "20", "--seed", "1", "--quiet", "--out", run); code != 0 {
		t.Fatalf("match: %s", stderr)
	}
	page := filepath.Join(tmp, "page.html")
	for i := range 2 { // written, then replaced
		if _, stderr, code := runCmd(t, "", "report", run, "--html", page); code != 0 {
			t.Fatalf("report --html, time %d: exit %d %s", i+1, code, stderr)
		}
	}
	notes := filepath.Join(tmp, "notes.html")
	if err := os.WriteFile(notes, []byte("<p>my notes</p>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCmd(t, "", "report", run, "--html", notes)
	if b, _ := os.ReadFile(notes); code != 2 || !strings.Contains(stderr, "is not a page of nzsc's report; it is not written over") || string(b) != "<p>my notes</p>\n" {
		t.Errorf("report --html over another file: exit %d %q, file now %q", code, stderr, b)
	}
	help, _, _ := runCmd(t, "", "report", "--help")
	if !strings.Contains(strings.Join(strings.Fields(help), " "), "a report page already there is replaced; any other file is refused") {
		t.Errorf("report --help does not say what --html writes over:\n%s", help)
	}
}
