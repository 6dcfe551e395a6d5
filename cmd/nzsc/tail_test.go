package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/results"
)

func init() {
	agents.Register(agents.Info{Game: "npzr", Name: "test-npzr-stop", Help: "test only: uniform NPZR; stops the run after a set number of games",
		NewPlayer: func(agents.Params) (agents.Player, error) { return &ffaStopper{}, nil }})
}

// TestOneTail: every command that ends a run (tournament, match, report,
// merge) ends it alike, through report.Tail, at 2, 3 and 4 seats and for
// NPZR, round robins, gauntlets and matches: the run played whole, interrupted and resumed, and played in two
// shards and merged prints the same report, 'nzsc report' of each
// directory prints it again, and the directories hold the same files
// with the same bytes (but for the manifest's times and commands). The
// merged directory's derived tables are spoiled first (an older merge
// wrote a two-player tournament's tables at every table size): report
// rewrites or removes each. Before the one tail, a merged 3-player run
// reported "144 of 0 games played" with a two-player ratings.csv.
func TestOneTail(t *testing.T) {
	common := []string{"--seed", "5", "--chunk", "2", "--workers", "2", "--quiet"}
	for _, c := range []struct {
		name   string
		args   []string
		stopAt int64 // the stopper's game at which the cut run is stopped
	}{
		{"nzsc tournament", []string{"tournament", "--bots", "random,test-stop,greedy", "--games", "40"}, 30},
		{"nzsc 3-player tournament", []string{"tournament", "--players", "3", "--bots", "random,test-ffa-stop,greedy,classic", "--games", "12"}, 15},
		{"nzsc 4-player tournament", []string{"tournament", "--players", "4", "--bots", "random,test-ffa-stop,greedy,classic:name=c2", "--games", "48"}, 20},
		{"npzr tournament", []string{"tournament", "--game", "npzr", "--bots", "random,test-npzr-stop,greedy", "--games", "12"}, 10},
		{"nzsc match", []string{"match", "test-stop", "greedy", "--games", "60"}, 20},
		{"nzsc 3-player match", []string{"match", "--players", "3", "test-ffa-stop", "greedy", "random", "--games", "24"}, 10},
		{"npzr match", []string{"match", "--game", "npzr", "test-npzr-stop", "greedy", "--games", "20"}, 8},
		{"nzsc 4-player match", []string{"match", "--players", "4", "test-ffa-stop", "greedy", "random", "classic", "--games", "48"}, 20},
		{"nzsc gauntlet", []string{"tournament", "--gauntlet", "greedy", "--bots", "random,test-stop,classic", "--games", "20"}, 15},
		{"nzsc 3-player gauntlet", []string{"tournament", "--players", "3", "--gauntlet", "greedy", "--bots", "random,test-ffa-stop,classic", "--games", "12"}, 10},
		{"npzr gauntlet", []string{"tournament", "--game", "npzr", "--gauntlet", "greedy", "--bots", "random,test-npzr-stop", "--games", "12"}, 8},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			dir := func(name string) string { return filepath.Join(tmp, name) }
			args := append(slices.Clone(c.args), common...)
			cmd := c.args[0]
			runOK := func(args ...string) string {
				t.Helper()
				out, stderr, code := runCmd(t, "", args...)
				if code != 0 {
					t.Fatalf("nzsc %s: code %d %s", strings.Join(args, " "), code, stderr)
				}
				return out
			}
			stopAt.Store(-1)
			want := runOK(append(args, "--out", dir("plain"))...)
			if !strings.Contains(want, "games") {
				t.Fatalf("no report:\n%s", want)
			}
			check := func(what, got string) {
				t.Helper()
				if got != want {
					t.Errorf("%s prints\n%s\nthe whole run printed\n%s", what, got, want)
				}
			}
			check("report of the run", runOK("report", dir("plain")))

			_, err := runStopped(t, c.stopAt, append(args, "--out", dir("cut"))...)
			if err == nil || !strings.Contains(err.Error(), "--resume") {
				t.Fatalf("the cut run was not interrupted: %v", err)
			}
			check("the resumed run", runOK(cmd, "--resume", dir("cut"), "--quiet"))
			check("report of the resumed run", runOK("report", dir("cut")))

			for _, s := range []string{"0/2", "1/2"} {
				runOK(append(args, "--shard", s, "--out", dir("shard"+s[:1]))...)
			}
			check("merge", runOK("merge", dir("shard0"), dir("shard1"), "--out", dir("merged")))
			for _, name := range []string{"ratings.csv", "crosstable.csv", "loadouts.csv", "picks.csv", "pairings.csv", "metagame.csv"} {
				if err := os.WriteFile(filepath.Join(dir("merged"), name), []byte("stale\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			check("report of the merged run", runOK("report", dir("merged")))

			files := runFiles(t, dir("plain"))
			for _, d := range []string{"cut", "merged"} {
				got := runFiles(t, dir(d))
				if !slices.Equal(slices.Sorted(mapKeys(got)), slices.Sorted(mapKeys(files))) {
					t.Errorf("%s holds %v, the whole run %v", d, slices.Sorted(mapKeys(got)), slices.Sorted(mapKeys(files)))
				}
				for name, b := range files {
					if name != results.ManifestFile && !bytes.Equal(got[name], b) {
						t.Errorf("%s/%s differs from the whole run's:\n%s\nwant\n%s", d, name, got[name], b)
					}
				}
				_, m, _, err := results.Load(dir(d))
				if err != nil {
					t.Fatal(err)
				}
				_, w, _, _ := results.Load(dir("plain"))
				if m.GamesPlanned != w.GamesPlanned || m.GamesDone != w.GamesDone || !m.Complete || m.Interrupted {
					t.Errorf("%s: %d of %d games, complete %v, interrupted %v; the whole run %d of %d", d, m.GamesDone, m.GamesPlanned,
						m.Complete, m.Interrupted, w.GamesDone, w.GamesPlanned)
				}
			}
		})
	}
}

// TestOneTailSPRT: a sequential test's report is the same printed by the
// test, by 'nzsc report' and by a resume of the finished test, in every
// game and at every table size; greedy is found stronger than random
// (H1) in each.
func TestOneTailSPRT(t *testing.T) {
	for _, flags := range [][]string{{"--game", "nzsc"}, {"--game", "npzr"}, {"--players", "3"}, {"--players", "4"}} {
		t.Run(strings.Join(flags, " "), func(t *testing.T) {
			d := filepath.Join(t.TempDir(), "sprt")
			args := append([]string{"sprt", "greedy", "random", "--elo0", "0", "--elo1", "50", "--batch", "20", "--max-games", "400", "--seed", "3",
				"--workers", "2", "--quiet", "--format", "json"}, flags...)
			want, stderr, code := runCmd(t, "", append(args, "--out", d)...)
			if code != 0 || !strings.Contains(want, `"verdict": "H1 accepted"`) {
				t.Fatalf("sprt: code %d %s\n%s", code, stderr, want)
			}
			for _, again := range [][]string{{"report", d, "--format", "json"}, {"sprt", "--resume", d, "--quiet", "--format", "json"}} {
				if got, stderr, code := runCmd(t, "", again...); code != 0 || got != want {
					t.Errorf("nzsc %s: code %d %s\n%s\nwant\n%s", strings.Join(again, " "), code, stderr, got, want)
				}
			}
		})
	}
}

// runFiles reads every file of a run directory.
func runFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

func mapKeys[K comparable, V any](m map[K]V) func(func(K) bool) {
	return func(yield func(K) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
