//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSPRTFinishedWhilePlayed: resuming a finished test plays nothing
// but writes its report's tables; it holds the directory's lock for that
// too, so beside another player (which holds the lock) it is refused,
// exit 2, writing nothing. It used to lock only around the games, and
// rewrote the tables under the other player.
func TestSPRTFinishedWhilePlayed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	if _, stderr, code := runCmd(t, "", "sprt", "greedy", "random", "--elo0", "0", "--elo1", "50", "--seed", "1", "--quiet", "--out", dir); code != 0 {
		t.Fatal(stderr)
	}
	release := holdAsPlayer(t, dir)
	// Its one table: the looks.
	tables := filepath.Join(dir, "looks.csv")
	if err := os.Remove(tables); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCmd(t, "", "sprt", "--resume", dir, "--quiet")
	if code != 2 || !strings.Contains(stderr, "being played by another process") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("resume of a finished test another holds: exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(tables); err == nil {
		t.Error("its tables were written under the other player")
	}
	release()
	if _, stderr, code := runCmd(t, "", "sprt", "--resume", dir, "--quiet"); code != 0 {
		t.Errorf("resume once the other player ended: exit %d, %s", code, stderr)
	}
	if _, err := os.Stat(tables); err != nil {
		t.Errorf("the tables are not written again: %v", err)
	}
}
