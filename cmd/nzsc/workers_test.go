package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/results"
)

// TestFilesSameWhateverWorkers: match, tournament and sprt, of two- and
// three-player NZSC and of NPZR, write the same files on 1 and 8 workers,
// byte for byte: the run directory's counts and tables, the games log
// (plain and gzip) and what they print; the manifest differs only in its
// times and command line.
func TestFilesSameWhateverWorkers(t *testing.T) {
	common := []string{"--seed", "7", "--quiet"}
	for _, c := range []struct {
		name string
		args []string
	}{
		{"match", []string{"match", "random", "greedy", "--games", "400", "--chunk", "5", "--format", "csv"}},
		{"3-player match", []string{"match", "--players", "3", "greedy", "random", "classic", "--games", "120", "--chunk", "2", "--format", "csv"}},
		{"npzr match", []string{"match", "--game", "npzr", "random", "greedy", "--games", "120", "--chunk", "3", "--format", "csv"}},
		{"tournament", []string{"tournament", "--bots", "random,greedy,classic", "--games", "200", "--chunk", "5", "--format", "csv"}},
		{"sprt", []string{"sprt", "classic", "random", "--max-games", "2000", "--batch", "200", "--format", "json"}},
	} {
		for _, ext := range []string{".jsonl", ".jsonl.gz"} {
			tmp := t.TempDir()
			dir := filepath.Join(tmp, "x") // each run in the same place: the manifest names it
			var want map[string][]byte
			for _, workers := range []string{"1", "8"} {
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				args := append(append([]string{}, c.args...), common...)
				args = append(args, "--workers", workers, "--out", filepath.Join(dir, "run"), "--games-log", filepath.Join(dir, "games"+ext))
				stdout, stderr, code := runCmd(t, "", args...)
				if code != 0 {
					t.Fatalf("%s: exit %d: %s", c.name, code, stderr)
				}
				got := map[string][]byte{"stdout": []byte(stdout)}
				err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
					if err != nil || d.IsDir() {
						return err
					}
					b, err := os.ReadFile(path)
					if d.Name() == results.ManifestFile {
						b = manifestSettings(t, b)
					}
					got[strings.TrimPrefix(path, dir)] = b
					return err
				})
				if err != nil {
					t.Fatal(err)
				}
				if err := os.RemoveAll(dir); err != nil {
					t.Fatal(err)
				}
				if want == nil {
					want = got
					continue
				}
				if len(got) != len(want) {
					t.Errorf("%s %s: %d files on 8 workers, %d on 1", c.name, ext, len(got), len(want))
				}
				for name, w := range want {
					if !bytes.Equal(got[name], w) {
						t.Errorf("%s %s: %s differs on 8 workers from 1", c.name, ext, name)
					}
				}
			}
		}
	}
}

// manifestSettings returns a manifest without its times and command line.
func manifestSettings(t *testing.T, b []byte) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "started")
	delete(m, "ended")
	delete(m, "command")
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRunSettingsRefusedAlike: a run's settings that playRun refuses
// before a game (here --workers 0) come back from match, tournament and
// sprt the same way, through isUsage: exit 2, one line named by the
// command, no run directory left. (A refactor of three spellings of that
// check; this passed before it too, and guards it.)
func TestRunSettingsRefusedAlike(t *testing.T) {
	for _, args := range [][]string{
		{"match", "greedy", "random", "--games", "2"},
		{"tournament", "--bots", "greedy,random", "--games", "2"},
		{"sprt", "greedy", "random"},
	} {
		out := filepath.Join(t.TempDir(), "run")
		_, stderr, code := runCmd(t, "", append(args, "--workers", "0", "--out", out)...)
		if _, err := os.Lstat(out); code != 2 || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "nzsc: "+args[0]+": --workers must be at least 1") || err == nil {
			t.Errorf("%s --workers 0: exit %d %q, run directory left: %v; want exit 2, one line", args[0], code, stderr, err == nil)
		}
	}
}
