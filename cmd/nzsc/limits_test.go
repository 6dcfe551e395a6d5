package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/internal/inputfile"
	"github.com/nzsclab/nzsc/results"
)

// TestHugeInputFilesRefused: a run's manifest.json or counts.json, and a
// solution file (its header sound, so that the bot is built and loads
// it), of more than inputfile.MaxSize bytes are refused with one line
// naming the file, exit 2, without being read (a sparse file: no disk,
// and no gigabyte of memory).
func TestHugeInputFilesRefused(t *testing.T) {
	tmp := t.TempDir()
	run := filepath.Join(tmp, "run")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy", "--games", "4", "--seed", "3", "--quiet", "--out", run); code != 0 {
		t.Fatalf("tournament: %s", stderr)
	}
	// grow makes a copy of run whose file name is MaxSize+1 bytes.
	grow := func(name string) string {
		dir := filepath.Join(tmp, "huge-"+name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{results.ManifestFile, results.CountsFile} {
			b, err := os.ReadFile(filepath.Join(run, f))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Truncate(filepath.Join(dir, name), inputfile.MaxSize+1); err != nil {
			t.Skip("no sparse files here:", err)
		}
		return dir
	}
	var sol bytes.Buffer
	if err := solve.WriteFile(&sol, (&solve.Solution{}).Export()); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(tmp, "huge.bin")
	if err := os.WriteFile(bin, sol.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(bin, inputfile.MaxSize+1); err != nil {
		t.Skip("no sparse files here:", err)
	}
	for i, c := range []struct {
		args []string
		file string
	}{
		{[]string{"report", grow(results.ManifestFile)}, results.ManifestFile},
		{[]string{"report", grow(results.CountsFile)}, results.CountsFile},
		{[]string{"tournament", "--resume", grow(results.CountsFile), "--quiet"}, results.CountsFile},
		{[]string{"match", "optimal:path=" + bin, "random", "--games", "2", "--quiet"}, bin},
	} {
		_, stderr, code := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.file) || !strings.Contains(stderr, "1 GiB") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("case %d %v: exit %d, %q; want exit 2 and one line naming %s and the 1 GiB limit", i, c.args, code, stderr, c.file)
		}
	}
}
