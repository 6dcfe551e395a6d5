package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeIncomplete: merging some shards of a run is bad input (exit
// 2: the directories named do not make a whole run) that says what to do, writes nothing, and does not suggest resuming
// the merge (which resume refuses).
func TestMergeIncomplete(t *testing.T) {
	tmp := t.TempDir()
	shard := filepath.Join(tmp, "s0")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy", "--games", "40", "--seed", "3",
		"--chunk", "4", "--quiet", "--shard", "0/2", "--out", shard); code != 0 {
		t.Fatal(stderr)
	}
	out := filepath.Join(tmp, "merged")
	_, stderr, code := runCmd(t, "", "merge", shard, "--out", out)
	if code != 2 || !strings.Contains(stderr, "3 of the run's 5 chunks") || !strings.Contains(stderr, "resume each unfinished shard") {
		t.Errorf("merge of one shard of two: exit %d, stderr %q", code, stderr)
	}
	if strings.Count(stderr, "\n") != 1 {
		t.Errorf("not one line: %q", stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("an incomplete merge wrote %s", out)
	}
}
