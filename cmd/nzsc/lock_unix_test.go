//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestResumeWhilePlayed: a run directory that another process (or a
// Runs page job) is playing, which holds a lock on it, is not resumed
// beside it: exit 2, one line saying so, and the directory's counts
// untouched. Two players used to save their counts over each other's,
// and the resume rewrote the games log under the first one's writes.
func TestResumeWhilePlayed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	// An interrupted sequential test (stopped before its first game).
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var errb bytes.Buffer
	run(ctx, []string{"sprt", "random", "classic", "--max-games", "40", "--batch", "20", "--seed", "1", "--quiet", "--out", dir},
		strings.NewReader(""), &bytes.Buffer{}, &errb)
	before, err := os.ReadFile(filepath.Join(dir, "counts.json"))
	if err != nil {
		t.Fatalf("no interrupted run: %v (%s)", err, errb.String())
	}
	release := holdAsPlayer(t, dir)
	_, stderr, code := runCmd(t, "", "sprt", "--resume", dir, "--quiet")
	if code != 2 || !strings.Contains(stderr, "being played by another process") || strings.Count(stderr, "\n") != 1 || strings.Contains(stderr, "sprt: sprt:") {
		t.Errorf("resume of a run being played: exit %d, stderr %q", code, stderr)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, "counts.json")); !bytes.Equal(before, after) {
		t.Error("the counts were written")
	}
	release()
	if _, stderr, code := runCmd(t, "", "sprt", "--resume", dir, "--quiet"); code != 0 {
		t.Errorf("resume once the other player ended: exit %d, %s", code, stderr)
	}
}

// holdAsPlayer takes the lock another player of the run directory dir
// holds (flock on the directory itself, as results.Dir.Lock takes it)
// and returns what releases it.
func holdAsPlayer(t *testing.T, dir string) (release func()) {
	t.Helper()
	f, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		t.Fatal(err)
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
}

// TestReportWhilePlayed: a report of a run that another process holds
// is a look at its progress: the report on stdout, exit 0, and a note
// that the derived tables were not rewritten under the player (which
// writes them itself when it ends). It rewrote them unlocked.
func TestReportWhilePlayed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if _, stderr, code := runCmd(t, "", "match", "random", "greedy", "--games", "20", "--seed", "1", "--quiet", "--out", dir); code != 0 {
		t.Fatalf("match: exit %d, %s", code, stderr)
	}
	tables, err := filepath.Glob(filepath.Join(dir, "*.csv"))
	if err != nil || len(tables) == 0 {
		t.Fatalf("the match wrote no tables (%v)", err)
	}
	for _, p := range tables {
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
	}
	release := holdAsPlayer(t, dir)
	stdout, stderr, code := runCmd(t, "", "report", dir)
	if code != 0 || !strings.Contains(stdout, "greedy") || !strings.Contains(stderr, "tables not rewritten") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("report of a run being played: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if again, _ := filepath.Glob(filepath.Join(dir, "*.csv")); len(again) != 0 {
		t.Errorf("tables written under the player: %v", again)
	}
	release()
	if _, stderr, code := runCmd(t, "", "report", dir); code != 0 || stderr != "" {
		t.Errorf("report once the player ended: exit %d, %s", code, stderr)
	}
	if again, _ := filepath.Glob(filepath.Join(dir, "*.csv")); len(again) != len(tables) {
		t.Errorf("tables after the player ended: %v, want %d", again, len(tables))
	}
}
