package main

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nzsc "github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
)

// runRefused runs the command line with a context already cancelled, as
// a test of refusals: a command that wrongly accepts its input stops at
// once (a server, a long run) instead of hanging the test, and fails it
// by its exit code.
func runRefused(t *testing.T, args ...string) (stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code = exitCode(run(ctx, args, strings.NewReader(""), &out, &errb), &errb)
	return errb.String(), code
}

// TestHostileInput: inputs that used to be taken silently (a bot list
// that lost a name, a spec whose options were lost, an empty host list,
// a game the command cannot measure) are refused in one line, exit code
// 2, naming the problem.
func TestHostileInput(t *testing.T) {
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"tournament", "--bots", "random,,greedy", "--games", "2"}, `--bots "random,,greedy" has an empty bot name`},
		{[]string{"tournament", "--bots", "random,greedy,", "--games", "2"}, `has an empty bot name`},
		{[]string{"tournament", "--bots", ";random,greedy", "--games", "2"}, `has an empty bot name`},
		{[]string{"match", "mcts:", "random", "--games", "2"}, `bot spec "mcts:" has nothing after ':'`},
		{[]string{"match", "random", "greedy: ", "--games", "2"}, `has nothing after ':'`},
		{[]string{"match", "mcts:", "random", "--games", "2", "--noise", "0.1"}, `bot spec "mcts:" has nothing after ':'`},
		{[]string{"play", "--opponent", "greedy:"}, `bot spec "greedy:" has nothing after ':'`},
		{[]string{"exploit", "greedy:"}, `bot spec "greedy:" has nothing after ':'`},
		{[]string{"bots", "--cost", "mcts:"}, `bot spec "mcts:" has nothing after ':'`},
		{[]string{"bots", "--cost", "random", "random"}, `bots --cost: random is listed twice`},
		{[]string{"match", ":iters=5", "random", "--games", "2"}, `empty bot name in spec ":iters=5"`},
		{[]string{"exploit", "--players", "3", "random,,random"}, `empty bot name`},
		{[]string{"serve", "--allow-host", "", "--addr", "127.0.0.1:0"}, `--allow-host needs a host name, got an empty list`},
		{[]string{"serve", "--allow-host", "a,,b", "--addr", "127.0.0.1:0"}, `--allow-host ""`},
		{[]string{"exploit", "--game", "npzr", "random", "--players", "3"}, `exploit: --players is for NZSC`},
		{[]string{"exploit", "--game", "npz", "random"}, `did you mean npzr?`},
	} {
		args := c.args
		if args[0] == "tournament" {
			args = append(args, "--out", t.TempDir()+"/run")
		}
		stderr, code := runRefused(t, args...)
		if code != 2 || !strings.Contains(stderr, c.msg) {
			t.Errorf("case %d %q: code %d stderr %q, want code 2 containing %q", i, c.args, code, stderr, c.msg)
		}
		if strings.Count(strings.TrimRight(stderr, "\n"), "\n") > 0 {
			t.Errorf("case %d %q: error is not one line: %q", i, c.args, stderr)
		}
	}
}

// TestRefusalsSayWhatToDo: a command that resumes nothing (merge, play
// --record) refusing an existing output says what to do, not the
// library's "use --resume", a flag it does not have; and --workers past
// the bound is the command's error, not the library's ("match:
// tournament: 1000000 workers").
func TestRefusalsSayWhatToDo(t *testing.T) {
	dir := t.TempDir()
	run, log := filepath.Join(dir, "run"), filepath.Join(dir, "log.jsonl")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy", "--games", "2", "--out", run, "--quiet", "--format", "csv"); code != 0 {
		t.Fatalf("tournament: %s", stderr)
	}
	if err := os.WriteFile(log, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"merge", run, "--out", run}, "merge: --out " + run + " already holds a run; merge into a new or empty directory"},
		{[]string{"play", "--record", log}, "play: --record " + log + " already exists; it is not written over"},
		{[]string{"match", "random", "greedy", "--games", "2", "--workers", "1000000"}, "match: --workers 1000000: want 1 to"},
	} {
		stderr, code := runRefused(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) || strings.Contains(stderr, "--resume") {
			t.Errorf("case %d %q: code %d stderr %q, want code 2 containing %q and no --resume", i, c.args, code, stderr, c.msg)
		}
	}
	if b, _ := os.ReadFile(log); string(b) != "{}\n" {
		t.Errorf("play --record wrote over %s: %q", log, b)
	}
}

// TestHelpOfHelp: 'nzsc help help' printed "unknown command "help"; did
// you mean help?"; it prints the list (which says what help and version
// do), and extra words after the command name are refused, not ignored.
func TestHelpOfHelp(t *testing.T) {
	for _, name := range []string{"help", "version"} {
		stdout, stderr, code := runCmd(t, "", "help", name)
		if code != 0 || stderr != "" || !strings.Contains(stdout, "Usage: nzsc <command>") {
			t.Errorf("help %s: code %d stderr %q stdout %.60q, want 0 and the list", name, code, stderr, stdout)
		}
		// 'nzsc CMD --help' for every command, these two included
		// ("version takes no arguments or flags", exit 2, before).
		for _, h := range []string{"--help", "-h"} {
			stdout, stderr, code := runCmd(t, "", name, h)
			if code != 0 || stderr != "" || !strings.Contains(stdout, "Usage: nzsc <command>") {
				t.Errorf("%s %s: code %d stderr %q stdout %.60q, want 0 and the list", name, h, code, stderr, stdout)
			}
		}
	}
	if _, stderr, code := runCmd(t, "", "help", "match", "extra"); code != 2 || !strings.Contains(stderr, `help takes one command name, got "match extra"`) {
		t.Errorf("help match extra: code %d stderr %q, want 2 and a one-line refusal", code, stderr)
	}
}

// breaker is a bot that, at its first game, puts a directory where the
// run's counts.json goes, so that every later save of the run fails (as
// on a full disk).
type breaker struct{ rng *rand.Rand }

var breakDir atomic.Pointer[string]

func (b *breaker) NewGame(_ int, rng *rand.Rand) {
	b.rng = rng
	if p := breakDir.Swap(nil); p != nil {
		counts := filepath.Join(*p, results.CountsFile)
		os.Remove(counts)
		os.MkdirAll(filepath.Join(counts, "x"), 0o755)
	}
}

func (b *breaker) Choose(d *agents.Decision) nzsc.Choice { return d.Legal[b.rng.IntN(len(d.Legal))] }

func init() {
	agents.Register(agents.Info{Name: "test-break-save", Help: "test only: uniform; makes the run's saves fail",
		New: func(agents.Params) (agents.Agent, error) { return &breaker{}, nil }})
}

// TestSaveFailureNotCalledSaved: a tournament whose checkpoint cannot be
// written (a full disk) fails with exit 1 and does not claim "finished
// games are saved", which it did.
func TestSaveFailureNotCalledSaved(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	breakDir.Store(&dir)
	defer breakDir.Store(nil)
	_, stderr, code := runCmd(t, "", "tournament", "--bots", "random,test-break-save", "--games", "20", "--out", dir, "--quiet", "--format", "csv")
	if code != 1 || strings.Contains(stderr, "are saved in") || !strings.Contains(stderr, "the games since the last checkpoint in "+dir+" are not saved") {
		t.Errorf("tournament whose save fails: code %d stderr %q, want 1 saying the games are not saved", code, stderr)
	}
}

// TestSPRTSaveFailureExit1: sprt made every failure of its run bad input
// (exit 2), a full disk too; it is exit 1 and says the games are lost.
func TestSPRTSaveFailureExit1(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	breakDir.Store(&dir)
	defer breakDir.Store(nil)
	_, stderr, code := runCmd(t, "", "sprt", "test-break-save", "random", "--batch", "20", "--max-games", "200", "--out", dir, "--quiet")
	if code != 1 || !strings.Contains(stderr, "are not saved") {
		t.Errorf("sprt whose save fails: code %d stderr %q, want 1 saying the games are not saved", code, stderr)
	}
}

// TestSolveWithoutCacheDir: solve game with nowhere to cache the
// solution is refused before it solves (it solved for a minute, then
// failed with "no cache directory" and printed nothing).
func TestSolveWithoutCacheDir(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	stderr, code := runRefused(t, "solve", "game")
	if code != 2 || !strings.Contains(stderr, "no cache directory") || !strings.Contains(stderr, "--save -") {
		t.Errorf("solve game without a cache directory: code %d stderr %q, want 2 and a hint at --save", code, stderr)
	}
}

// TestDefaultOutTwiceInASecond: two runs of one seed within the same
// second each get a run directory of their own (the second was refused:
// "runs/<time>-0x1 already holds a run (use --resume ...)", with no
// --out given).
func TestDefaultOutTwiceInASecond(t *testing.T) {
	t.Chdir(t.TempDir())
	args := []string{"tournament", "--bots", "random,greedy", "--games", "2", "--seed", "1", "--quiet", "--format", "csv"}
	for i := range 3 {
		if _, stderr, code := runCmd(t, "", args...); code != 0 {
			t.Fatalf("run %d: code %d %s", i, code, stderr)
		}
	}
	dirs, _ := filepath.Glob("runs/*")
	if len(dirs) != 3 {
		t.Errorf("three runs made %v, want three run directories", dirs)
	}
}
