package main

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestNoiseFlag: --noise adds noise=P to every bot without its own, the
// manifest and the games log carry it, the run does not depend on the
// number of workers, --noise 0 is the run without noise, and a bad value
// is a one-line usage error.
func TestNoiseFlag(t *testing.T) {
	tmp := t.TempDir()
	base := []string{"tournament", "--bots", "random,greedy,classic:noise=0.3", "--games", "60", "--seed", "3", "--quiet", "--format", "csv"}
	run := func(name string, extra ...string) (string, string) {
		t.Helper()
		dir := filepath.Join(tmp, name)
		log := filepath.Join(tmp, name+".jsonl")
		out, stderr, code := runCmd(t, "", append(append(base, "--out", dir, "--games-log", log), extra...)...)
		if code != 0 {
			t.Fatalf("%s: code %d: %s", name, code, stderr)
		}
		data, err := os.ReadFile(log)
		if err != nil {
			t.Fatal(err)
		}
		// The log holds the games in the order their chunks finished,
		// which the workers decide; its records do not depend on them.
		lines := strings.SplitAfter(string(data), "\n")
		slices.Sort(lines)
		return out, strings.Join(lines, "")
	}
	plain, plainLog := run("plain")
	zero, zeroLog := run("zero", "--noise", "0")
	if zero != plain || zeroLog != plainLog {
		t.Errorf("--noise 0 changed the run")
	}
	w1, log1 := run("w1", "--noise", "0.1", "--workers", "1")
	w2, log2 := run("w2", "--noise", "0.1", "--workers", "2")
	if w1 != w2 || log1 != log2 {
		t.Errorf("a noisy run differs between --workers 1 and 2")
	}
	if w1 == plain {
		t.Errorf("--noise 0.1 played the games without noise")
	}
	manifest, err := os.ReadFile(filepath.Join(tmp, "w1", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"spec": "random:noise=0.1"`, `"spec": "greedy:noise=0.1"`, `"spec": "classic:noise=0.3"`} {
		if !strings.Contains(string(manifest), want) {
			t.Errorf("manifest lacks %s", want)
		}
		name := strings.TrimPrefix(want, `"spec": `)
		if !strings.Contains(log1, name) {
			t.Errorf("games log lacks %s", name)
		}
	}
	// Two shards merged hold the single run's counts.
	run("chunked", "--noise", "0.1", "--chunk", "5")
	want := readCounts(t, filepath.Join(tmp, "chunked"))
	var shards []string
	for _, sh := range []string{"0/2", "1/2"} {
		d := filepath.Join(tmp, "shard"+sh[:1])
		if _, stderr, code := runCmd(t, "", append(base, "--noise", "0.1", "--chunk", "5", "--shard", sh, "--out", d)...); code != 0 {
			t.Fatalf("shard %s: %s", sh, stderr)
		}
		shards = append(shards, d)
	}
	merged := filepath.Join(tmp, "merged")
	if _, stderr, code := runCmd(t, "", append(append([]string{"merge"}, shards...), "--out", merged, "--quiet")...); code != 0 {
		t.Fatalf("merge: %s", stderr)
	}
	if got := readCounts(t, merged); !reflect.DeepEqual(got.Tournament, want.Tournament) || !reflect.DeepEqual(got.Finished, want.Finished) {
		t.Errorf("two noisy shards merged differ from the single run")
	}
	// A resumed run keeps its bots' noise: --noise is refused.
	if _, stderr, code := runCmd(t, "", "tournament", "--resume", filepath.Join(tmp, "w1"), "--noise", "0.2", "--quiet"); code != 2 || !strings.Contains(stderr, "--noise") {
		t.Errorf("--resume with --noise: code %d, %q", code, stderr)
	}
	for _, args := range [][]string{
		{"tournament", "--bots", "random,greedy", "--games", "2", "--noise", "1.5"},
		{"match", "random", "greedy", "--games", "2", "--noise", "-0.1"},
		{"sprt", "random", "greedy", "--noise", "x"},
		{"match", "random", "greedy:noise=2", "--games", "2"},
	} {
		_, stderr, code := runCmd(t, "", args...)
		if code != 2 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "noise") {
			t.Errorf("%v: code %d, stderr %q; want one line about the noise and code 2", args, code, stderr)
		}
	}
}
