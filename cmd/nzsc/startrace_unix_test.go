//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/results"
)

// TestNewRunsRacingKilled: two tournaments started into one new --out at
// the same moment, as processes, one of them killed (SIGKILL) at a
// random moment in every other trial. A start that is refused says so in
// one line (exit 2) and has written nothing, not even its games log; the
// directory holds the run of a process that was not refused, which a
// resume finishes into the counts of that run played at once, byte for
// byte; a directory left with no manifest (the run killed before its
// first checkpoint) is taken by a new start. The refused start made its
// games log before it asked for the directory's lock, and could write
// its manifest over a killed winner's.
func TestNewRunsRacingKilled(t *testing.T) {
	trials := 12
	if testing.Short() {
		trials = 4
	}
	tmp := t.TempDir()
	args := func(out, seed, log string) []string {
		return []string{"tournament", "--bots", "random,greedy", "--games", "40", "--chunk", "2", "--seed", seed, "--quiet", "--out", out, "--games-log", log}
	}
	// The counts of each seed's run played at once.
	ref, refLog := map[uint64]map[string]any{}, map[uint64][]byte{}
	for _, seed := range []uint64{1, 2} {
		out := filepath.Join(tmp, fmt.Sprint("ref", seed))
		if _, stderr, code := runCmd(t, "", args(out, fmt.Sprint(seed), out+".jsonl")...); code != 0 {
			t.Fatal(stderr)
		}
		ref[seed], refLog[seed] = countsOf(t, out), readFile(t, out+".jsonl")
	}
	rng := rand.New(rand.NewPCG(17, 28))
	for i := range trials {
		out := filepath.Join(tmp, fmt.Sprint("run", i))
		logOf := func(k int) string { return fmt.Sprintf("%s-%d.jsonl", out, k+1) }
		var cmds [2]*exec.Cmd
		var stderrs [2]*bytes.Buffer
		for k := range 2 {
			cmds[k], _, stderrs[k] = startNZSC(t, args(out, fmt.Sprint(k+1), logOf(k))...)
		}
		if i%2 == 0 {
			time.Sleep(time.Duration(rng.IntN(40)) * time.Millisecond)
			cmds[rng.IntN(2)].Process.Kill()
		}
		var codes [2]int
		for k := range 2 {
			codes[k] = exitStatus(t, cmds[k].Wait())
		}
		seed := uint64(0)
		if m, err := (&results.Dir{Path: out}).ReadManifest(); err == nil {
			seed = m.Seed
		}
		for k, code := range codes {
			switch code {
			case 0, -1: // played, or killed
			case 2:
				msg := stderrs[k].String()
				if strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "another run started in "+out) && !strings.Contains(msg, "already holds a run") {
					t.Errorf("trial %d: start %d refused with %q; want one line naming the other run", i, k+1, msg)
				}
				if _, err := os.Stat(logOf(k)); err == nil {
					t.Errorf("trial %d: the refused start %d made its games log", i, k+1)
				}
				if seed == uint64(k+1) {
					t.Errorf("trial %d: the directory holds the run of the refused start %d", i, k+1)
				}
			default:
				t.Errorf("trial %d: start %d: exit %d %q", i, k+1, code, stderrs[k].String())
			}
		}
		t.Logf("trial %d: exits %v, the directory holds the run of seed %d (0: none)", i, codes, seed)
		log := ""
		if seed == 0 {
			// Killed before its first checkpoint: started anew.
			seed, log = 1, out+"-again.jsonl"
			if _, stderr, code := runCmd(t, "", args(out, "1", log)...); code != 0 {
				t.Errorf("trial %d: a new start into a killed start's directory: exit %d %q", i, code, stderr)
				continue
			}
		} else if _, stderr, code := runCmd(t, "", "tournament", "--resume", out, "--quiet"); code != 0 {
			t.Errorf("trial %d: resume: exit %d %q", i, code, stderr)
			continue
		} else {
			log = logOf(int(seed) - 1)
		}
		if !reflect.DeepEqual(countsOf(t, out), ref[seed]) {
			t.Errorf("trial %d: counts of the run of seed %d differ from that run played at once", i, seed)
		}
		if !bytes.Equal(readFile(t, log), refLog[seed]) {
			t.Errorf("trial %d: games log of the run of seed %d differs from that run's played at once", i, seed)
		}
	}
}

// countsOf reads the run's counts.json but for its plan digest (which
// holds the games log's path).
func countsOf(t *testing.T, dir string) map[string]any {
	t.Helper()
	var c map[string]any
	if err := json.Unmarshal(readFile(t, filepath.Join(dir, results.CountsFile)), &c); err != nil {
		t.Fatal(err)
	}
	delete(c, "plan")
	return c
}
