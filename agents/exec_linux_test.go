package agents

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestExecOrphans: a bot's child that calls setsid() (leaving the bot's
// process group) dies with the bot, whether the bot is closed while it
// runs or crashes first, orphaning the child; and no zombie of it is
// left behind. So does one that also removes nzsc's mark from its
// environment (scrub, scrubexit), and one that does so orphaned while the
// bot still runs (daemon): they are found by the process tree, not by
// anything they could change.
func TestExecOrphans(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid program")
	}
	for _, mode := range []string{"setsid", "setsidexit", "scrub", "scrubexit", "daemon"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			e := newExec(t, badbot("mode="+mode+";game=1;at=1"))
			e.log.Close()
			var err error
			if e.log, err = openBotLog(dir, e.arg, 0); err != nil {
				t.Fatal(err)
			}
			playSeries(e, randomBot(), 2, 1)
			log := readFile(t, e.LogPath())
			e.Close()
			checkChildGone(t, log)
			i := strings.Index(log, "] child ")
			var pid int
			fmt.Sscan(log[i+len("] child "):], &pid)
			if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
				t.Errorf("child %d still listed (a zombie not reaped?): %s", pid, b)
			}
		})
	}
}

// helperEnv asks the test binary to be TestExecDiesWithNzsc's stand-in for
// nzsc: it starts the bot, prints the pids under its reaper and waits to
// be killed.
const helperEnv = "NZSC_TEST_KILLED_NZSC"

// TestExecDiesWithNzsc: when nzsc itself is killed outright (SIGKILL, the
// OOM killer: no chance to stop its bots), a bot that never reads its
// input again (here a program that answers its hello and sleeps) dies
// too, with everything it started: its reaper notices that nzsc is gone
// and kills its subtree, instead of living on with it, orphaned.
func TestExecDiesWithNzsc(t *testing.T) {
	if os.Getenv(helperEnv) == "1" {
		execHelper() // this is the stand-in's run of the test
	}
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestExecDiesWithNzsc$")
	cmd.Env = append(os.Environ(), helperEnv+"=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var pids []int
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		var pid int
		if _, err := fmt.Sscan(sc.Text(), &pid); err != nil {
			break // "ready"
		}
		pids = append(pids, pid)
	}
	if len(pids) < 2 {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the stand-in reported pids %v, want the reaper and the program", pids)
	}
	cmd.Process.Kill() // SIGKILL
	cmd.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for _, pid := range pids {
		for {
			state, _, ok := procStat(pid)
			if !ok || state == 'Z' {
				break
			}
			if time.Now().After(deadline) {
				for _, p := range pids {
					syscall.Kill(p, syscall.SIGKILL)
				}
				t.Fatalf("process %d (state %c) outlived the killed nzsc by 10s", pid, state)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// execHelper is the stand-in for nzsc of TestExecDiesWithNzsc, the test
// binary run again with helperEnv set: it starts a program that answers its
// hello and then sleeps without reading, prints the reaper's pid and the
// pids below it, one a line, then "ready", and waits to be killed.
func execHelper() {
	e, err := NewExec(`sh -c 'read x; echo "{\"type\":\"hello\",\"protocol\":1}"; exec sleep 600'`, defaultExec)
	if err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	if err := e.Start(); err != nil {
		fmt.Println("error:", err)
		os.Exit(1)
	}
	root := e.proc.Process.Pid
	fmt.Println(root)
	for _, pid := range descendants(root) {
		fmt.Println(pid)
	}
	fmt.Println("ready")
	select {}
}

// TestExecSignalDeath: a program killed by a signal (a C bot's
// segmentation fault, an abort) is reported as such, and its log holds
// no stack trace of nzsc's reaper. The reaper dies by the program's
// signal to pass it on; Go's runtime crashes with a stack trace and
// status 2 on a synchronous signal (SIGSEGV, SIGBUS, SIGFPE) sent by
// kill, and on SIGABRT, unless the reaper sets its default action first.
func TestExecSignalDeath(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	for _, c := range []struct{ sig, want string }{
		{"SEGV", "segmentation fault"},
		{"ABRT", "aborted"},
		{"FPE", "floating point exception"},
		{"BUS", "bus error"},
		{"TERM", "terminated"},
	} {
		dir := t.TempDir()
		e, err := NewExec(`sh -c 'read x; kill -`+c.sig+` $$'`, defaultExec)
		if err != nil {
			t.Fatal(err)
		}
		e.log.Close()
		if e.log, err = openBotLog(dir, e.arg, 0); err != nil {
			t.Fatal(err)
		}
		err = e.Start()
		e.Close()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("SIG%s: %v, want an error naming %q", c.sig, err, c.want)
		}
		if log := readFile(t, e.LogPath()); strings.Contains(log, "goroutine") {
			t.Errorf("SIG%s: the bot's log holds a stack trace:\n%s", c.sig, log)
		}
	}
}
