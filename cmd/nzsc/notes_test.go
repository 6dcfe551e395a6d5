package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOptimalSaysItSolves: with a cold cache (XDG_CACHE_HOME a new
// directory), the optimal bot's first decision solves the game's rules
// for seconds; the command says so on stderr first (one line: solving
// once, about how long, where the solution is cached) and when it is
// done, and under --quiet says nothing. It sat silent. Each run is of a
// rules variant no other test solves in this process (a solution is
// solved once per process), small enough to take a second.
func TestOptimalSaysItSolves(t *testing.T) {
	if testing.Short() {
		t.Skip("solves two small variants (seconds)")
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	_, stderr, code := runCmd(t, "", "match", "optimal", "random", "--games", "4", "--seed", "1", "--quiet",
		"--rule", "points=3", "--rule", "move_streak=2", "--rule", "waits=1")
	if code != 0 || stderr != "" {
		t.Fatalf("--quiet: exit %d, stderr %q; want 0 and nothing", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(cache, "nzsc", "solution-v5-points3-move_streak2-waits1.bin")); err != nil {
		t.Errorf("the solution is not cached: %v", err)
	}
	_, stderr, code = runCmd(t, "", "match", "optimal", "random", "--games", "4", "--seed", "1",
		"--rule", "points=3", "--rule", "move_streak=2", "--rule", "waits=2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	path := filepath.Join(cache, "nzsc", "solution-v5-points3-move_streak2-waits2.bin")
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	var solving, solved int
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "optimal: solving this rules variant once") && strings.Contains(l, "s of CPU") && strings.HasSuffix(l, "it will be cached in "+path):
			solving++
		case strings.HasPrefix(l, "optimal: solved in ") && strings.HasSuffix(l, "and saved for later runs"):
			solved++
		case strings.HasPrefix(l, "optimal"):
			t.Errorf("unexpected line %q", l)
		}
	}
	if solving != 1 || solved != 1 {
		t.Errorf("stderr:\n%s\nwant one line saying optimal solves, where it caches, and one that it is done", stderr)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the solution is not cached: %v", err)
	}
}

// TestResolveSaysItSolves: resolve's first character pick solves the
// whole game (seconds, in every worker's instance); the command says so
// once, and not under --quiet.
func TestResolveSaysItSolves(t *testing.T) {
	if testing.Short() {
		t.Skip("solves a small variant (seconds)")
	}
	args := []string{"match", "resolve", "random", "--games", "4", "--seed", "1", "--workers", "2",
		"--rule", "points=3", "--rule", "move_streak=2"}
	_, stderr, code := runCmd(t, "", args...)
	if code != 0 || strings.Count(stderr, "resolve: solving the whole game for its first character pick") != 1 {
		t.Errorf("exit %d, stderr:\n%s\nwant resolve's note once", code, stderr)
	}
	_, stderr, code = runCmd(t, "", append(args, "--quiet")...)
	if code != 0 || stderr != "" {
		t.Errorf("--quiet: exit %d, stderr %q; want 0 and nothing", code, stderr)
	}
}
