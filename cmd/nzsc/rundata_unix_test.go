//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
)

// TestInputsNotRegularOrForeign: a FIFO named as a run's counts or
// manifest, as a games log to replay or as optimal:path= is refused at
// once with one line (reading it would wait forever); a solution file of
// other rules is refused when the bot is set up, with a message, rather
// than forfeiting every game.
func TestInputsNotRegularOrForeign(t *testing.T) {
	tmp := t.TempDir()
	fifo := filepath.Join(tmp, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	run := filepath.Join(tmp, "run")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy", "--games", "4", "--seed", "3", "--quiet", "--out", run); code != 0 {
		t.Fatalf("tournament: %s", stderr)
	}
	fifoRun := func(name, file string) string {
		dir := filepath.Join(tmp, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{results.ManifestFile, results.CountsFile} {
			if f == file {
				if err := syscall.Mkfifo(filepath.Join(dir, f), 0o600); err != nil {
					t.Fatal(err)
				}
				continue
			}
			b, err := os.ReadFile(filepath.Join(run, f))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	// A variant's solution file (its header is all the check reads).
	variant, err := nzsc.ParseRules(game.Rules{"points": "3"})
	if err != nil {
		t.Fatal(err)
	}
	var sol bytes.Buffer
	if err := solve.WriteFile(&sol, (&solve.Solution{Rules: variant}).Export()); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(tmp, "points3.bin")
	if err := os.WriteFile(other, sol.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report", fifoRun("counts-fifo", results.CountsFile)}, "FIFO"},
		{[]string{"report", fifoRun("manifest-fifo", results.ManifestFile)}, "FIFO"},
		{[]string{"tournament", "--resume", fifoRun("resume-fifo", results.CountsFile), "--quiet"}, "FIFO"},
		{[]string{"match", "optimal:path=" + fifo, "random", "--games", "2", "--quiet"}, "FIFO"},
		{[]string{"replay", fifo}, "FIFO"},
		{[]string{"match", "optimal:path=" + other, "random", "--games", "2", "--quiet"}, "other rules"},
		{[]string{"tournament", "--bots", "random;optimal:path=" + other, "--games", "2", "--quiet", "--out", filepath.Join(tmp, "t")}, "other rules"},
	} {
		done := make(chan struct{})
		var stderr string
		var code int
		go func() {
			defer close(done)
			_, stderr, code = runCmd(t, "", c.args...)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("case %d %v: still reading after 10 s", i, c.args)
		}
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("case %d %v: exit %d, %q; want exit 2 and one line with %q", i, c.args, code, stderr, c.want)
		}
	}
}
