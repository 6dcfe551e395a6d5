package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/play"
	"github.com/spf13/pflag"
)

// Running the test binary with NZSC_TEST_MAIN=1 makes it the nzsc
// command (arguments after "--"), so that tests can send it real signals.
func init() {
	if os.Getenv("NZSC_TEST_MAIN") != "1" {
		return
	}
	for i, a := range os.Args {
		if a == "--" {
			os.Args = append([]string{"nzsc"}, os.Args[i+1:]...)
			break
		}
	}
	main()
}

// startNZSC starts the nzsc command (this test binary) with args; stdin
// is a pipe the caller may keep open.
func startNZSC(t *testing.T, args ...string) (cmd *exec.Cmd, stdin io.WriteCloser, stderr *bytes.Buffer) {
	t.Helper()
	cmd = exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), "NZSC_TEST_MAIN=1")
	stderr = new(bytes.Buffer)
	cmd.Stderr = stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// A safety net against a hung child, not a time limit under test.
	timer := time.AfterFunc(2*time.Minute, func() { cmd.Process.Kill() })
	t.Cleanup(func() { timer.Stop(); cmd.Process.Kill(); in.Close() })
	return cmd, in, stderr
}

func exitStatus(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	if err == nil {
		return 0
	}
	if !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return ee.ExitCode()
}

// TestSignalExitCodes: after SIGINT a run stops, saving what finished,
// with exit code 130; after SIGTERM 143. A second SIGINT ends a command
// that does not return (play, blocked reading its input) at once.
func TestSignalExitCodes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no signals")
	}
	dir := t.TempDir()
	for _, c := range []struct {
		sig  syscall.Signal
		n    int // signals sent
		args []string
		want int
	}{
		{syscall.SIGINT, 1, []string{"tournament", "--bots", "random,greedy", "--games", "100000000", "--seed", "1", "--out", filepath.Join(dir, "int")}, 130},
		{syscall.SIGTERM, 1, []string{"tournament", "--bots", "random,greedy", "--games", "100000000", "--seed", "1", "--out", filepath.Join(dir, "term")}, 143},
		{syscall.SIGINT, 2, []string{"play", "--seed", "1"}, 130},
		// exploit's sampling of a bot by play stops too.
		{syscall.SIGINT, 1, []string{"exploit", "mcts:iters=10", "--visit-games", "100000000", "--quiet"}, 130},
	} {
		cmd, _, stderr := startNZSC(t, c.args...)
		time.Sleep(time.Second)
		for range c.n {
			cmd.Process.Signal(c.sig)
			time.Sleep(100 * time.Millisecond)
		}
		// A command that ignores the signal is killed, and fails.
		watchdog := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
		code := exitStatus(t, cmd.Wait())
		watchdog.Stop()
		if code != c.want {
			t.Errorf("%v after %d×%v: exit code %d, want %d; stderr:\n%s", c.args[0], c.n, c.sig, code, c.want, stderr)
		}
	}
	// What finished before the signal was saved.
	for _, sub := range []string{"int", "term"} {
		if _, err := os.Stat(filepath.Join(dir, sub, "counts.json")); err != nil {
			t.Errorf("%s: %v", sub, err)
		}
	}
}

// TestStopOnSignal checks the mechanism with a fake signal source: the
// first signal cancels, the second exits at once with 128+signal.
func TestStopOnSignal(t *testing.T) {
	sigs := make(chan os.Signal, 2)
	exited := make(chan int, 1)
	var errb syncBuffer
	ctx, caught := stopOnSignal(context.Background(), sigs, &errb, func(c int) { exited <- c })
	if caught() != 0 || ctx.Err() != nil {
		t.Fatal("cancelled before any signal")
	}
	sigs <- syscall.SIGTERM
	<-ctx.Done()
	if got := caught(); got != 143 {
		t.Errorf("after SIGTERM: code %d, want 143", got)
	}
	sigs <- syscall.SIGINT
	if got := <-exited; got != 130 {
		t.Errorf("second signal SIGINT: exit(%d), want exit(130)", got)
	}
	if !strings.Contains(errb.String(), "stopping now") {
		t.Errorf("stderr %q", errb.String())
	}
}

// TestPanicIsInternalError: a panic in a command is one line, exit 1,
// with the stack in a file whose path is printed.
func TestPanicIsInternalError(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	commands["panic-test"] = &command{name: "panic-test", run: func(*env, *pflag.FlagSet, []string) error {
		var p *command
		return p.run(nil, nil, nil) // nil pointer dereference
	}}
	defer delete(commands, "panic-test")
	_, stderr, code := runCmd(t, "", "panic-test")
	if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "internal error") {
		t.Fatalf("code %d, stderr %q: want 1 and one line", code, stderr)
	}
	i := strings.Index(stderr, "details in ")
	if i < 0 {
		t.Fatalf("stderr %q names no file", stderr)
	}
	path := strings.Fields(stderr[i+len("details in "):])[0]
	path = strings.TrimSuffix(path, ";")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "goroutine") || !strings.Contains(string(b), "nil pointer") {
		t.Errorf("details file lacks the stack:\n%s", b)
	}
}

func TestVersionTakesNoArguments(t *testing.T) {
	for _, args := range [][]string{{"version", "--bogus"}, {"version", "x"}, {"--version", "-v"}} {
		if _, stderr, code := runCmd(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d (stderr %q), want 2", args, code, stderr)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for a writing goroutine and a
// reading test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestPlayBadInputs: an opponent whose handshake fails is bad input
// (exit 2, as in match), and so is an input line over 64 KiB, which used
// to end the session silently with exit 0.
func TestPlayBadInputs(t *testing.T) {
	falseProg, err := exec.LookPath("false")
	if err != nil {
		t.Skip("no false program")
	}
	if _, stderr, code := runCmd(t, "", "play", "--opponent", "exec:"+falseProg); code != 2 || strings.Count(stderr, "\n") != 1 {
		t.Errorf("failing handshake: exit %d, stderr %q; want exit 2, one line", code, stderr)
	}
	long := strings.Repeat("x", 70000) + "\n"
	if _, stderr, code := runCmd(t, long, "play", "--seed", "1"); code != 2 || !strings.Contains(stderr, "longer than") {
		t.Errorf("long line: exit %d, stderr %q; want exit 2", code, stderr)
	}
	// The longest line the scanner reads is still fine.
	ok := strings.Repeat("x", play.MaxLine) + "\nSamurai\n"
	if _, stderr, code := runCmd(t, ok, "play", "--seed", "1"); code != 0 {
		t.Errorf("line of %d bytes: exit %d, stderr %q", play.MaxLine, code, stderr)
	}
}

// TestSignalStopsPromptly: SIGINT or SIGTERM 2.5 s into a run whose
// every decision searches for a budget of minutes (mcts matches at 2
// and 4 seats, NPZR's ismcts and pimc) or into a whole-game solve ends the
// command quickly with 128+signal: search bots and the solver look at
// the run's context every few milliseconds. The promise is 2 s; the
// test allows 5 s so that a loaded machine does not fail it, while the
// code before the fix took minutes (20 s a decision at
// mcts:iters=10000000) and was killed by the watchdog.
func TestSignalStopsPromptly(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no signals")
	}
	dir := t.TempDir()
	run := filepath.Join(dir, "run")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy,classic", "--games", "20", "--seed", "1", "--quiet", "--out", run); code != 0 {
		t.Fatalf("tournament: %s", stderr)
	}
	for _, c := range []struct {
		name string
		sig  syscall.Signal
		args []string
	}{
		// Its bootstrap takes minutes; the replicates look at the signal.
		{"dynamics", syscall.SIGTERM, []string{"report", run, "--dynamics", "--bootstrap", "100000"}},
		{"mcts", syscall.SIGINT, []string{"match", "mcts:iters=10000000", "random", "--games", "100", "--seed", "1", "--out", filepath.Join(dir, "mcts")}},
		{"mcts-4", syscall.SIGTERM, []string{"match", "--players", "4", "mcts:iters=10000000", "random", "greedy", "classic", "--games", "48", "--seed", "1", "--out", filepath.Join(dir, "mcts4")}},
		{"ismcts", syscall.SIGTERM, []string{"match", "--game", "npzr", "ismcts:iters=10000000", "greedy", "--games", "100", "--seed", "1", "--out", filepath.Join(dir, "ismcts")}},
		{"pimc", syscall.SIGINT, []string{"match", "--game", "npzr", "pimc:samples=10000,rollouts=10000", "greedy", "--games", "100", "--seed", "1", "--out", filepath.Join(dir, "pimc")}},
		{"solve", syscall.SIGTERM, []string{"solve", "game", "--save", "-", "--quiet", "--workers", "2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			cmd, _, stderr := startNZSC(t, c.args...)
			time.Sleep(2500 * time.Millisecond)
			cmd.Process.Signal(c.sig)
			sent := time.Now()
			// A command that ignores the signal is killed, and fails.
			watchdog := time.AfterFunc(60*time.Second, func() { cmd.Process.Kill() })
			code := exitStatus(t, cmd.Wait())
			took := time.Since(sent)
			watchdog.Stop()
			want := 128 + int(c.sig)
			if code != want || took > raceSlowdown*5*time.Second {
				t.Errorf("%v: exit code %d %v after %v, want %d within 2 s (%d s allowed); stderr:\n%s", c.args, code, took.Round(time.Millisecond), c.sig, want, raceSlowdown*5, stderr)
			} else {
				t.Logf("stopped %v after %v", took.Round(time.Millisecond), c.sig)
			}
		})
	}
}

// TestSPRTStopMidBatchSaves: a test with a large batch stopped by SIGINT
// keeps the games it played and read, and says so. A test decides after
// every pair and plays chunks of one pair, so what it saves is every pair
// read in order, one range of chunks from the first (pairs played ahead
// are not kept). Before chunks of one pair, a test saved whole chunks of
// up to 512 pairs (and before that, eighths of the batch: 25 000 pairs
// here, lost whole).
func TestSPRTStopMidBatchSaves(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no signals")
	}
	dir := filepath.Join(t.TempDir(), "s")
	// Two close bots and bounds far apart (±13.8): the test decides
	// after every pair, and must not decide within the 2 s (it was some
	// 6 000 pairs from either bound after 33 000 games unloaded).
	cmd, _, stderr := startNZSC(t, "sprt", "mcts:iters=10", "mcts:iters=12", "--batch", "400000", "--max-games", "800000",
		"--elo0", "0", "--elo1", "2", "--alpha", "0.000001", "--beta", "0.000001", "--seed", "1", "--quiet", "--out", dir)
	time.Sleep(2 * time.Second)
	cmd.Process.Signal(syscall.SIGINT)
	watchdog := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	code := exitStatus(t, cmd.Wait())
	watchdog.Stop()
	if code != 130 {
		t.Fatalf("exit code %d, want 130; stderr:\n%s", code, stderr)
	}
	man, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(man), `"games_done": 0,`) || !strings.Contains(stderr.String(), "read by the test and saved") {
		t.Errorf("nothing saved, or not said so; stderr:\n%s", stderr)
	}
	counts, err := os.ReadFile(filepath.Join(dir, "counts.json"))
	if err != nil || !regexp.MustCompile(`"finished":\s*\[\s*\[\s*0,\s*\d+\s*\]\s*\]`).Match(counts) {
		t.Errorf("counts.json (%v): want the pairs read, one range from the first:\n%.400s", err, counts)
	}
}

// TestSignalDuringProbe: Ctrl-C while an exec: bot's handshake is
// probed, before a run or a game starts, is the command's interruption
// (exit 130, "interrupted"), in match, tournament, sprt, play and
// exploit (at 2 and 3 players: "exploit interrupted before its first
// figure was computed"); it
// read "bot exec:...: crash: run interrupted", a crash the bot did not
// have.
func TestSignalDuringProbe(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no signals")
	}
	dir := t.TempDir()
	slow := filepath.Join(dir, "slow.sh")
	if err := os.WriteFile(slow, []byte("#!/bin/sh\nsleep 30\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"match", "exec:" + slow, "random", "--games", "2", "--bot-timeout", "20s"},
		{"tournament", "--bots", "exec:" + slow + ",random", "--games", "2", "--bot-timeout", "20s", "--out", filepath.Join(dir, "t")},
		{"sprt", "exec:" + slow, "random", "--bot-timeout", "20s"},
		{"play", "--opponent", "exec:" + slow + ";timeout=20s"},
		{"exploit", "exec:" + slow + ";timeout=20s"},
		{"exploit", "--players", "3", "exec:" + slow + ";timeout=20s,random,random"},
	} {
		cmd, _, stderr := startNZSC(t, args...)
		time.Sleep(time.Second) // in the handshake (or before it: the same)
		cmd.Process.Signal(syscall.SIGINT)
		watchdog := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
		code := exitStatus(t, cmd.Wait())
		watchdog.Stop()
		if code != 130 || strings.Contains(stderr.String(), "crash") || !strings.Contains(stderr.String(), args[0]+" interrupted") {
			t.Errorf("%s: exit %d, stderr:\n%s\nwant 130 and the command interrupted, no crash", args[0], code, stderr)
		}
	}
}
