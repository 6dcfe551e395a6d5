package main

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nzsc "github.com/nzsclab/nzsc/engine/nzsc"
)

// logBreaker is a bot that, at the game breakLog.at of the process
// (counted over every instance), turns the run's games log into a
// writer that fails: the file descriptor open on the log's path is made
// the write end of a pipe whose read end is closed, so that every later
// write of the log fails (EPIPE), as on a full disk. The run's directory
// stays writable: only the log fails.
type logBreaker struct{ rng *rand.Rand }

// breakLog arms the logBreaker: the log's path and the games before it
// breaks it.
var breakLog struct {
	path  atomic.Pointer[string]
	games atomic.Int64
}

func (b *logBreaker) NewGame(_ int, rng *rand.Rand) {
	b.rng = rng
	if breakLog.games.Add(-1) != 0 {
		return
	}
	p := breakLog.path.Swap(nil)
	if p == nil {
		return
	}
	fds, _ := os.ReadDir("/proc/self/fd")
	for _, e := range fds {
		if target, err := os.Readlink(filepath.Join("/proc/self/fd", e.Name())); err == nil && target == *p {
			r, w, err := os.Pipe()
			if err != nil {
				panic(err)
			}
			r.Close()
			var fd int
			for _, c := range e.Name() {
				fd = 10*fd + int(c-'0')
			}
			if err := syscall.Dup3(int(w.Fd()), fd, syscall.O_CLOEXEC); err != nil {
				panic(err)
			}
			w.Close()
			return
		}
	}
	panic("test-break-log: no file descriptor open on " + *p)
}

func (b *logBreaker) Choose(d *agents.Decision) nzsc.Choice { return d.Legal[b.rng.IntN(len(d.Legal))] }

func init() {
	agents.Register(agents.Info{Name: "test-break-log", Help: "test only: uniform; makes the run's games log fail",
		New: func(agents.Params) (agents.Agent, error) { return &logBreaker{}, nil }})
}

// TestGamesLogFailureExit1: a games log that cannot be written while a
// run plays (a full disk) is a failure under the run, not bad input: exit
// code 1 in match, sprt and tournament alike, as a run directory that
// cannot be written is, saying that the games since the last checkpoint
// are not saved (never that they are). Before, match (when the first
// chunk's write failed) and sprt exited 2. A resume once the log can be
// written finishes the run with the counts of one played at once.
func TestGamesLogFailureExit1(t *testing.T) {
	for i, c := range []struct {
		args  []string
		after int64 // games before the log breaks
	}{
		{[]string{"match", "test-break-log", "random", "--games", "400", "--chunk", "4"}, 60},
		{[]string{"match", "test-break-log", "random", "--games", "400", "--chunk", "4"}, 1},
		{[]string{"match", "test-break-log", "random", "--games", "400", "--chunk", "4", "--out", "DIR"}, 60},
		{[]string{"sprt", "test-break-log", "random", "--batch", "20", "--max-games", "400", "--out", "DIR"}, 30},
		{[]string{"sprt", "test-break-log", "random", "--batch", "20", "--max-games", "400"}, 1},
		{[]string{"tournament", "--bots", "random,test-break-log", "--games", "400", "--chunk", "4", "--out", "DIR", "--format", "csv"}, 60},
	} {
		tmp := t.TempDir()
		log := filepath.Join(tmp, "games.jsonl")
		args := append([]string{}, c.args...)
		dir := ""
		for k, a := range args {
			if a == "DIR" {
				dir = filepath.Join(tmp, "run")
				args[k] = dir
			}
		}
		args = append(args, "--games-log", log, "--seed", "3", "--workers", "1", "--quiet")
		breakLog.games.Store(c.after)
		breakLog.path.Store(&log)
		_, stderr, code := runCmd(t, "", args...)
		breakLog.path.Store(nil)
		if code != 1 || !strings.Contains(stderr, "games log: ") || !strings.Contains(stderr, "not saved") && !strings.Contains(stderr, "are lost") ||
			strings.Contains(stderr, "are saved in") {
			t.Errorf("case %d %v: code %d, stderr %q; want 1 and the games since the last checkpoint not saved", i, c.args, code, stderr)
			continue
		}
		if strings.Count(strings.TrimRight(stderr, "\n"), "\n") != 0 {
			t.Errorf("case %d %v: error is not one line: %q", i, c.args, stderr)
		}
		if dir == "" || c.args[0] != "match" {
			continue
		}
		stdout, stderr, code := runCmd(t, "", "match", "--resume", dir, "--quiet", "--format", "csv")
		if code != 0 {
			t.Fatalf("case %d: resume: code %d: %s", i, code, stderr)
		}
		whole, stderr, code := runCmd(t, "", "match", "test-break-log", "random", "--games", "400", "--chunk", "4", "--seed", "3",
			"--games-log", filepath.Join(tmp, "whole.jsonl"), "--quiet", "--format", "csv")
		if code != 0 {
			t.Fatalf("case %d: code %d: %s", i, code, stderr)
		}
		if stdout != whole {
			t.Errorf("case %d: resumed after the log failed:\n%s\nplayed at once:\n%s", i, stdout, whole)
		}
		a, _ := os.ReadFile(log)
		b, _ := os.ReadFile(filepath.Join(tmp, "whole.jsonl"))
		if string(a) != string(b) {
			t.Errorf("case %d: the resumed run's games log differs from the run's played at once", i)
		}
	}
}
