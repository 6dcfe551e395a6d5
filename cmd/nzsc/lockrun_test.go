package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/results"
)

// TestNewRunIntoHeldOut: a new run whose --out another run started at
// the same moment holds (here the test holds its lock) is refused, one
// line, exit 2, and told to choose another --out: it was told to resume
// once the other ended, which would have played the other's run. A
// resume of a held run is still told to wait and resume.
func TestNewRunIntoHeldOut(t *testing.T) {
	tmp := t.TempDir()
	for _, c := range []struct{ cmd []string }{
		{[]string{"tournament", "--bots", "random,greedy", "--games", "4"}},
		{[]string{"match", "random", "greedy", "--games", "4"}},
		{[]string{"sprt", "random", "greedy"}},
	} {
		out := filepath.Join(tmp, c.cmd[0])
		if err := os.Mkdir(out, 0o755); err != nil {
			t.Fatal(err)
		}
		unlock, err := (&results.Dir{Path: out}).Lock()
		if err != nil {
			t.Fatal(err)
		}
		_, stderr, code := runCmd(t, "", append(c.cmd, "--quiet", "--out", out)...)
		if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "another run started in "+out) || !strings.Contains(stderr, "another --out") || strings.Contains(stderr, "resume") {
			t.Errorf("%s into a held new --out: exit %d %q; want exit 2 and one line saying to choose another --out", c.cmd[0], code, stderr)
		}
		unlock()
	}
	// A finished run, held: its resume waits for the holder.
	out := filepath.Join(tmp, "done")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy", "--games", "4", "--quiet", "--out", out); code != 0 {
		t.Fatal(stderr)
	}
	unlock, err := (&results.Dir{Path: out}).Lock()
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	if _, stderr, code := runCmd(t, "", "tournament", "--resume", out, "--quiet"); code != 2 || !strings.Contains(stderr, "then resume") {
		t.Errorf("resume of a held run: exit %d %q; want exit 2 and the wait-then-resume line", code, stderr)
	}
}
