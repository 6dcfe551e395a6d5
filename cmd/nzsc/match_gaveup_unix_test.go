//go:build unix

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/results"
)

// diesAfter writes a script that runs the example bot (examples/gobot):
// its start 1 (a probe's) as it is, start 2 until its input has given it
// lines lines (some tens of games for 300), then ends; every later start
// exits with status 3 before its hello ("license expired"). It returns
// the script and its directory, where the file count holds the starts.
func diesAfter(t *testing.T, lines int) (script, dir string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the example bot")
	}
	dir = t.TempDir()
	if out, err := exec.Command("go", "build", "-o", dir, "../../examples/gobot").CombinedOutput(); err != nil {
		t.Fatalf("building gobot: %v\n%s", err, out)
	}
	script = filepath.Join(dir, "once.sh")
	body := fmt.Sprintf(`#!/bin/sh
n=$(cat %[1]s/count 2>/dev/null || echo 0)
n=$((n+1))
echo $n > %[1]s/count
if [ $n -gt 2 ]; then echo "license expired" >&2; exit 3; fi
if [ $n -eq 2 ]; then
  i=0
  while [ $i -lt %[2]d ] && IFS= read -r line; do printf '%%s\n' "$line"; i=$((i+1)); done | %[1]s/gobot
  exit 0
fi
exec %[1]s/gobot
`, dir, lines)
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, dir
}

// TestExecGivesUp: an exec program that answers its hello (the probe's,
// then the run's first) and dies, after which it fails every restart
// (it exits before its hello), stops the run after
// agents.MaxFailedStarts failed starts in a row with one line naming the
// program and what it did, exit code 1, and the chunks finished before
// are saved. Before, each failed restart forfeited a game and the run
// went on to its end: a table of forfeits.
func TestExecGivesUp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example bot")
	}
	script, dir := diesAfter(t, 300)
	run := filepath.Join(dir, "run")
	stdout, stderr, code := runCmd(t, "", "match", "exec:"+script+";handshake=2s", "random", "--games", "2000", "--chunk", "2",
		"--seed", "1", "--workers", "1", "--quiet", "--format", "csv", "--out", run)
	starts, _ := os.ReadFile(filepath.Join(dir, "count"))
	if code != 1 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 ||
		!strings.Contains(stderr, "exec:"+script) || !strings.Contains(stderr, fmt.Sprintf("failed to start %d times in a row", agents.MaxFailedStarts)) ||
		!strings.Contains(stderr, "exited with status 3 before its hello") || !strings.Contains(stderr, "answered its hello 1 time(s) before") {
		t.Fatalf("code %d, stderr %q (starts %s); want exit 1 and one line naming the program and its failed starts", code, stderr, starts)
	}
	if got, want := strings.TrimSpace(string(starts)), fmt.Sprint(2+agents.MaxFailedStarts); got != want {
		t.Errorf("the program was started %s times, want %s (the probe, the run's, then the failed restarts)", got, want)
	}
	_, man, counts, err := results.Load(run)
	if err != nil {
		t.Fatal(err)
	}
	games := counts.Tournament.Games()
	if games == 0 || games >= 2000 || uint64(games) != man.GamesDone || man.Complete {
		t.Errorf("saved %d games (manifest %d, complete %v): want the finished chunks before the program gave up", games, man.GamesDone, man.Complete)
	}
	// The forfeits saved are at most the game the program died in and
	// the failed restarts' before the last, in chunks that finished.
	if f := counts.Tournament.Pairings[0].Forfeits[0]; f > agents.MaxFailedStarts {
		t.Errorf("%d forfeits saved, want at most %d", f, agents.MaxFailedStarts)
	}
	if !strings.Contains(stdout, "match.csv") && stdout == "" {
		t.Errorf("no results printed before the error")
	}
}

// TestExploitGivesUp: exploit of an exec program that answers its hello
// and then fails every restart stops with the one line of
// agents.GaveUpError, exit 1, as a match does (TestExecGivesUp). Before,
// its faulted decisions were drawn as its strategy and the confirming
// games won by its forfeits: "Exploitability: at least about +0.94",
// exit 0. (bots --cost refuses an exec bot before measuring; play, and
// exploit --players 3, stop at the program's first fault, so neither
// reaches the give-up.)
func TestExploitGivesUp(t *testing.T) {
	script, _ := diesAfter(t, 300)
	stdout, stderr, code := runCmd(t, "", "exploit", "exec:"+script+";handshake=2s", "--games", "200", "--visit-games", "20",
		"--refine", "0", "--samples", "2", "--seed", "1", "--quiet")
	if code != 1 || stdout != "" || strings.Count(strings.TrimSpace(stderr), "\n") != 0 ||
		!strings.Contains(stderr, "exploit: exec:"+script) || !strings.Contains(stderr, fmt.Sprintf("failed to start %d times in a row", agents.MaxFailedStarts)) ||
		!strings.Contains(stderr, "exited with status 3 before its hello") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1, nothing out, one line naming the program and its failed starts", code, stdout, stderr)
	}
}
