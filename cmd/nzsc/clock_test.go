package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClockFlag: --tc adds tc=... to every bot without its own, the
// manifest and the games log carry it, a bot whose clock runs out is
// counted under the fault kind "time", --resume refuses --tc, and a
// malformed value is a one-line usage error.
func TestClockFlag(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "run")
	log := filepath.Join(tmp, "games.jsonl")
	// mcts with 10^7 iterations on a 2 ms clock: its planned budget is at
	// least a millisecond, so a game of decisions overruns the clock; the
	// random bot's clock of 30 s is its own.
	out, stderr, code := runCmd(t, "", "match", "mcts:iters=10000000", "random:tc=30+0", "--games", "2", "--tc", "0.002+0",
		"--seed", "1", "--quiet", "--out", dir, "--games-log", log)
	if code != 0 {
		t.Fatalf("code %d: %s", code, stderr)
	}
	if !strings.Contains(out, "Faults") || !strings.Contains(out, "time 2") {
		t.Errorf("the match does not show two losses on time:\n%s", out)
	}
	manifest, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"spec": "mcts:iters=10000000,tc=0.002+0"`, `"spec": "random:tc=30+0"`} {
		if !strings.Contains(string(manifest), want) {
			t.Errorf("manifest lacks %s", want)
		}
		if name := strings.TrimPrefix(want, `"spec": `); !strings.Contains(string(data), name) {
			t.Errorf("games log lacks %s", name)
		}
	}
	if !strings.Contains(string(data), "lost on time") {
		t.Errorf("games log does not say the bot lost on time")
	}
	if _, stderr, code := runCmd(t, "", "match", "--resume", dir, "--tc", "1+0", "--quiet"); code != 2 || !strings.Contains(stderr, "--tc") {
		t.Errorf("--resume with --tc: code %d, %q", code, stderr)
	}
	// Each says which part is wrong (it said only the form wanted).
	for _, c := range []struct{ tc, part string }{
		{"1+x", "INC is not"}, {"0+1", "TIME is not a number of seconds above 0"}, {"-5", "TIME is not"},
		{"40/", "TIME is not"}, {"1e9", "TIME is not"}, {"0/1", "MOVES is not"},
	} {
		_, stderr, code := runCmd(t, "", "match", "random", "greedy", "--games", "2", "--tc", c.tc, "--quiet")
		if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "--tc "+c.tc+": "+c.part) || !strings.Contains(stderr, "(want TIME+INC") {
			t.Errorf("--tc %s: code %d, %q; want one usage line saying %q", c.tc, code, stderr, c.part)
		}
	}
}
