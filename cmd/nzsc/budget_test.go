package main

import (
	"strings"
	"testing"
)

// TestMSParam: `nzsc bots` lists ms; a search bot's time budget parses with its iteration
// budget, and ms out of range is one line of error with exit 2.
func TestMSParam(t *testing.T) {
	if _, stderr, code := runCmd(t, "", "match", "mcts:iters=20,ms=1", "random", "--games", "2", "--seed", "1"); code != 0 {
		t.Fatalf("match with ms and iters: code %d: %s", code, stderr)
	}
	for _, g := range []string{"nzsc", "npzr"} {
		out, stderr, code := runCmd(t, "", "bots", "--game", g, "--format", "csv")
		if code != 0 || !strings.Contains(out, "\nmcts,") && g == "nzsc" || !strings.Contains(out, ",ms,0,") {
			t.Errorf("bots --game %s: code %d %s: no ms parameter in\n%s", g, code, stderr, out)
		}
	}
	for _, args := range [][]string{
		{"match", "mcts:ms=3600001", "random", "--games", "2"},
		{"match", "mcts:ms=-5", "random", "--games", "2"},
		{"tournament", "--players", "3", "--bots", "mcts:ms=99999999,random,greedy", "--games", "3"},
	} {
		_, stderr, code := runCmd(t, "", args...)
		if code != 2 || strings.Count(strings.TrimRight(stderr, "\n"), "\n") > 0 || !strings.Contains(stderr, "ms=") {
			t.Errorf("%q: code %d stderr %q, want 2 and one line naming ms", strings.Join(args, " "), code, stderr)
		}
	}
}
