//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

// A test binary run as nzsc with NZSC_TEST_KILL_AFTER_MERGED_LOG=1 kills
// itself (SIGKILL) once a merge has published its games log and before
// it saves its run's files. This init runs before signal_test.go's, which
// runs the command.
func init() {
	if os.Getenv("NZSC_TEST_KILL_AFTER_MERGED_LOG") == "1" {
		afterMergedLog = func() { syscall.Kill(os.Getpid(), syscall.SIGKILL) }
	}
}

// TestMergeKilledAfterItsLogRetried: a merge killed (SIGKILL) between
// publishing its games log inside --out and saving the run's files,
// run again with the same flags, writes the merged run, its log the
// same bytes as a merge never killed. The directory held the log and
// no manifest: the retry was refused as "not empty", nothing could
// resume it, and it had to be removed by hand. A file under the log's
// name that is not this merge's log, or a directory holding anything
// else of the user's, is still refused and left as it was.
func TestMergeKilledAfterItsLogRetried(t *testing.T) {
	tmp := t.TempDir()
	shards := twoShards(t, tmp, 8, shardLog)
	merge := func(out string) []string {
		return append([]string{"merge", "--quiet", "--out", out, "--games-log", filepath.Join(out, "games.jsonl")}, shards...)
	}
	ref := filepath.Join(tmp, "ref")
	if _, stderr, code := runCmd(t, "", merge(ref)...); code != 0 {
		t.Fatal(stderr)
	}
	out := filepath.Join(tmp, "m")
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, merge(out)...)...)
	cmd.Env = append(os.Environ(), "NZSC_TEST_MAIN=1", "NZSC_TEST_KILL_AFTER_MERGED_LOG=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); exitStatus(t, err) != -1 {
		t.Fatalf("the merge to be killed: %v %q", err, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(out, "manifest.json")); err == nil {
		t.Fatal("the killed merge saved its manifest: the kill came too late")
	}
	if _, err := os.Stat(filepath.Join(out, "games.jsonl")); err != nil {
		t.Fatalf("the killed merge left no log: %v", err)
	}
	if _, stderr, code := runCmd(t, "", merge(out)...); code != 0 {
		t.Fatalf("the killed merge run again: exit %d %q", code, stderr)
	}
	if !bytes.Equal(readFile(t, filepath.Join(out, "games.jsonl")), readFile(t, filepath.Join(ref, "games.jsonl"))) {
		t.Error("the games log of the merge run again differs from a merge's never killed")
	}
	// The plan names the log's path, which differs.
	if !reflect.DeepEqual(countsOf(t, out), countsOf(t, ref)) {
		t.Error("the counts of the merge run again differ from a merge's never killed")
	}
	// What is not this merge's leftover stays, refused.
	for name, files := range map[string]map[string]string{
		"another log":    {"games.jsonl": "mine\n"},
		"a file of mine": {"games.jsonl": string(readFile(t, filepath.Join(ref, "games.jsonl"))), "notes.txt": "mine\n"},
	} {
		dir := filepath.Join(tmp, strings.ReplaceAll(name, " ", "-"))
		os.Mkdir(dir, 0o755)
		for f, body := range files {
			os.WriteFile(filepath.Join(dir, f), []byte(body), 0o644)
		}
		_, stderr, code := runCmd(t, "", merge(dir)...)
		if code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: merge into a directory holding it: exit %d %q; want exit 2, one line", name, code, stderr)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != len(files) {
			t.Errorf("%s: the directory holds %d files after the refusal, want %d", name, len(entries), len(files))
		}
		for f, body := range files {
			if got := string(readFile(t, filepath.Join(dir, f))); got != body {
				t.Errorf("%s: %s was changed to %.80q", name, f, got)
			}
		}
	}
}
