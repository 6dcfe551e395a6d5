package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportTablesFailOneLine: a report whose derived tables cannot be
// written (here a directory in the place of two of them; a full disk
// fails every table alike) still prints the report, exit 0, with one
// note line naming the first failure and the other files. It printed
// a line for every table.
func TestReportTablesFailOneLine(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if _, stderr, code := runCmd(t, "", "match", "random", "greedy", "--games", "4", "--seed", "1", "--quiet", "--out", dir); code != 0 {
		t.Fatalf("match: exit %d, %s", code, stderr)
	}
	for _, f := range []string{"match.csv", "faults.csv"} {
		p := filepath.Join(dir, f)
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(p, "x"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	stdout, stderr, code := runCmd(t, "", "report", dir)
	if code != 0 || !strings.Contains(stdout, "greedy") || strings.Count(stderr, "\n") != 1 ||
		!strings.Contains(stderr, "CSV tables not rewritten: ") || !strings.HasSuffix(stderr, " (and faults.csv too)\n") {
		t.Errorf("exit %d, stderr %q, stdout %.100q", code, stderr, stdout)
	}
}
