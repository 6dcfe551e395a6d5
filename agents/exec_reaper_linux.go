package agents

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// A bot's reaper. nzsc starts every bot program through its own
// executable run as the bot's reaper (argv[0] reaperArg0): a small
// process that makes itself the child subreaper (PR_SET_CHILD_SUBREAPER),
// starts the program in its place (same standard input, output and error,
// the program's own process group) and waits. Every descendant of the
// program then stays in the reaper's subtree of the process tree whatever
// it does: a process that calls setsid(), changes its environment or
// whose parent exits is reparented to the reaper, not to init nor to
// nzsc. When the program exits, or nzsc sends the reaper SIGTERM (the
// bot is stopped), the reaper stops and kills every process of its
// subtree, reaps them, and exits with the program's status. No
// environment variable nor process group is trusted: the kernel's process
// tree is.

// reaperArg0 is the argv[0] by which this executable, started as a bot's
// reaper, knows its job (see init).
const reaperArg0 = "nzsc-bot-reaper"

// lifelineArg, first after reaperArg0, says that the reaper's file
// descriptor 3 is the read end of nzsc's lifeline (see lifeline).
const lifelineArg = "--lifeline"

func init() {
	if len(os.Args) >= 2 && os.Args[0] == reaperArg0 {
		if os.Args[1] == lifelineArg && len(os.Args) >= 3 {
			os.Exit(runReaper(os.Args[2], os.Args[3:], true))
		}
		os.Exit(runReaper(os.Args[1], os.Args[2:], false))
	}
}

var (
	lifelineOnce sync.Once
	// lifelineR and lifelineW are nzsc's lifeline: a pipe whose write end
	// only nzsc holds (close-on-exec) and never writes, for its whole
	// life (a package variable, so never closed by a finalizer). Every
	// reaper gets the read end, whose read returns at end of file when
	// nzsc is gone, however it ended: killed outright (SIGKILL, the OOM
	// killer), nzsc cannot ask its reapers to stop their bots, and a bot
	// that no longer reads its input would otherwise live on, orphaned.
	lifelineR *os.File
	//lint:ignore U1000 held, never used: no finalizer may close the write end while nzsc lives
	lifelineW *os.File
)

// lifeline returns the read end of nzsc's lifeline, or nil when the pipe
// cannot be made.
func lifeline() *os.File {
	lifelineOnce.Do(func() {
		r, w, err := os.Pipe()
		if err == nil {
			lifelineR, lifelineW = r, w
		}
	})
	return lifelineR
}

var (
	reaperOnce sync.Once
	reaperExe  string // this executable, "" when it cannot be found
)

// reaperPath returns the path by which this executable starts itself as
// a bot's reaper, or "" (then bots start directly, as on other systems).
func reaperPath() string {
	reaperOnce.Do(func() {
		if p, err := os.Executable(); err == nil {
			reaperExe = p
		}
	})
	return reaperExe
}

// viaReaper makes cmd start its program through the reaper, when there
// is one; it reports whether it did.
func viaReaper(cmd *exec.Cmd) bool {
	exe := reaperPath()
	if exe == "" {
		return false
	}
	args := []string{reaperArg0}
	// The lifeline is the reaper's descriptor 3: the first of ExtraFiles.
	if r := lifeline(); r != nil && len(cmd.ExtraFiles) == 0 {
		cmd.ExtraFiles = []*os.File{r}
		args = append(args, lifelineArg)
	}
	args = append(append(args, cmd.Path), cmd.Args...)
	cmd.Path, cmd.Args = exe, args
	return true
}

// isReaper reports whether cmd runs a bot's reaper.
func isReaper(cmd *exec.Cmd) bool { return len(cmd.Args) > 0 && cmd.Args[0] == reaperArg0 }

// runReaper is the reaper's main: path is the program, argv its
// arguments (argv[0] first); with lifeline, descriptor 3 is the read end
// of nzsc's lifeline. It returns the exit code.
func runReaper(path string, argv []string, lifeline bool) int {
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); errno != 0 {
		fmt.Fprintf(os.Stderr, "nzsc: bot reaper: cannot become the subreaper: %v\n", errno)
		return 127
	}
	// SIGTERM is nzsc stopping the bot. Notify before the start, so that
	// one sent at once is not lost.
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)
	// Caught, not ignored, so that the program starts with them at their
	// defaults (an ignored signal stays ignored across exec): a hangup or
	// Ctrl-C reaching the reaper's group must not end the reaper first.
	signal.Notify(make(chan os.Signal, 1), syscall.SIGINT, syscall.SIGHUP)
	if lifeline {
		// Not the program's: only the reaper watches it.
		syscall.CloseOnExec(3)
	}
	p, err := os.StartProcess(path, argv, &os.ProcAttr{
		Files: []*os.File{os.Stdin, os.Stdout, os.Stderr},
		Sys:   &syscall.SysProcAttr{Setpgid: true},
	})
	if err != nil {
		// The reason alone ("exec format error"): the path is in the
		// spec nzsc quotes beside this line.
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		fmt.Fprintf(os.Stderr, "nzsc: cannot start the program: %v\n", err)
		return 127
	}
	// Only the program holds its pipes now: nzsc sees their ends when it
	// and its descendants close them.
	os.Stdin.Close()
	os.Stdout.Close()
	self := os.Getpid()
	go func() {
		<-term
		killSubtree(self)
	}()
	if lifeline {
		go func() {
			// nzsc never writes: the read ends when nzsc is gone (end of
			// file), at once if it already is.
			f := os.NewFile(3, "lifeline")
			var b [1]byte
			for {
				if _, err := f.Read(b[:]); err != nil {
					break
				}
			}
			killSubtree(self)
		}()
	}
	var status syscall.WaitStatus
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, 0, nil)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			break // ECHILD: nothing is left
		}
		if pid == p.Pid {
			status = ws
			// The program ended: what it started ends with it.
			killSubtree(self)
		}
	}
	switch {
	case status.Exited():
		return status.ExitStatus()
	case status.Signaled():
		// The same death for nzsc to see.
		dieBy(status.Signal())
		return 128 + int(status.Signal())
	}
	return 1
}

// dieBy ends the reaper by sig, as its program ended. signal.Reset is
// not enough: Go's runtime keeps its own handler of the synchronous
// signals (SIGSEGV, SIGBUS, SIGFPE) and of SIGABRT, and on one sent by
// kill it crashes with a stack trace and status 2, which nzsc would
// report for a program that died by a segmentation fault. So the
// default action is set by the kernel's rt_sigaction directly; the
// reaper leaves no core file. It returns only if the signal did not end
// the process.
func dieBy(sig syscall.Signal) {
	signal.Reset(sig)
	syscall.Setrlimit(syscall.RLIMIT_CORE, &syscall.Rlimit{})
	// struct sigaction: handler SIG_DFL (0), no flags, no restorer, an
	// empty mask (four zero words hold every architecture's layout).
	var act [4]uint64
	syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&act)), 0, 8, 0, 0)
	syscall.Kill(os.Getpid(), sig)
	time.Sleep(time.Second)
}

// killSubtree kills every descendant of root. It stops them first
// (SIGSTOP), scanning the process tree until no new one shows, so that
// none can fork a child out of reach between the scan and the kill; with
// root the subreaper, no descendant can leave its subtree.
func killSubtree(root int) {
	stopped := map[int]bool{}
	for round := 0; round < 1000; round++ {
		found := false
		for _, pid := range descendants(root) {
			if !stopped[pid] {
				syscall.Kill(pid, syscall.SIGSTOP)
				stopped[pid] = true
				found = true
			}
		}
		if !found {
			break
		}
	}
	for pid := range stopped {
		syscall.Kill(pid, syscall.SIGKILL)
	}
}

// descendants lists the processes below root in the process tree.
func descendants(root int) []int {
	children := map[int][]int{}
	for _, pid := range allPids() {
		if _, ppid, ok := procStat(pid); ok {
			children[ppid] = append(children[ppid], pid)
		}
	}
	var out []int
	queue := children[root]
	for len(queue) > 0 {
		pid := queue[0]
		queue = queue[1:]
		out = append(out, pid)
		queue = append(queue, children[pid]...)
	}
	return out
}
