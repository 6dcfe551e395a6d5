package agents

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// On Linux a bot's descendants die with it, wherever they went. A process
// group is not enough: a child that calls setsid() leaves it, and one
// whose parent exits is reparented. Nor is the environment: a process
// may remove any mark from it. So every bot program runs under a reaper
// of its own (exec_reaper_linux.go), the child subreaper of everything
// the program starts: stopping the bot is asking its reaper (SIGTERM) to
// kill its whole subtree of the process tree. Two more lines hold should
// the reaper itself be killed by someone else: nzsc is the subreaper of
// its own descendants (PR_SET_CHILD_SUBREAPER), so that orphans come to
// it rather than to init and it can reap them, and every process of a
// bot carries a mark in its environment (execIDEnv, unique per started
// program) by which killMarked finds those that kept it.

const prSetChildSubreaper = 36 // PR_SET_CHILD_SUBREAPER, linux/prctl.h

var (
	subreaperOnce sync.Once
	// subreaper is set once nzsc is the subreaper of its descendants.
	subreaper bool
)

// ownProcessGroup starts the bot under its reaper (see above), in a
// process group of its own (so that a Ctrl-C at the terminal reaches
// nzsc, which then closes its bots cleanly, and not the bots themselves)
// and makes nzsc the subreaper of its descendants.
func ownProcessGroup(cmd *exec.Cmd, id string) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	viaReaper(cmd)
	subreaperOnce.Do(func() {
		// Failure leaves orphans to init: they are still killed by
		// their mark, only reaped by init instead of nzsc.
		_, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
		subreaper = errno == 0
	})
}

// killGroup kills the bot: its reaper is asked to kill the program and
// everything it started (and exits then); a bot started without one is
// killed with its process group, and killMarked finds the rest.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil && isReaper(cmd) {
		// Not SIGKILL: the reaper must outlive the processes it kills.
		// Signal, not kill(2): safe once the reaper has been waited for.
		cmd.Process.Signal(syscall.SIGTERM)
		return
	}
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Process.Kill()
	}
}

// killMarked kills every process that carries the bot's mark id (its
// descendants, also those that left its group or were orphaned) and
// reaps those of them that were reparented to nzsc. It scans the process
// table, so it runs once per stopped program. The bot itself is left
// for its cmd.Wait.
func killMarked(cmd *exec.Cmd, id string) {
	if cmd.Process == nil || id == "" {
		return
	}
	mark := []byte(execIDEnv + "=" + id + "\x00")
	self := os.Getpid()
	killed := map[int]bool{}
	// A marked process may fork between the scan and the kill; its child
	// is marked too and found by the next round. Killed processes cannot
	// fork, so the rounds end.
	for round := 0; round < 100; round++ {
		found := false
		for _, pid := range candidates(self) {
			if pid == cmd.Process.Pid || killed[pid] {
				continue
			}
			env, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
			if err != nil || !bytes.Contains(append([]byte{0}, env...), append([]byte{0}, mark...)) {
				continue
			}
			syscall.Kill(pid, syscall.SIGKILL)
			killed[pid] = true
			found = true
		}
		if !found {
			break
		}
	}
	reapAdopted(killed, self)
}

// reapAdopted waits (briefly) for the killed processes to end and reaps
// those reparented to nzsc, which would otherwise stay zombies: only the
// parent may reap, and nzsc is their parent as subreaper.
func reapAdopted(killed map[int]bool, self int) {
	deadline := time.Now().Add(2 * time.Second)
	for len(killed) > 0 && time.Now().Before(deadline) {
		for pid := range killed {
			state, ppid, ok := procStat(pid)
			switch {
			case !ok:
				delete(killed, pid) // gone
			case state == 'Z' && ppid == self:
				var ws syscall.WaitStatus
				syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
			case state == 'Z':
				delete(killed, pid) // its own parent reaps it
			}
		}
		if len(killed) > 0 {
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// procStat reads a process's state and parent from /proc/PID/stat.
func procStat(pid int) (state byte, ppid int, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	// "pid (comm) state ppid ...": comm may hold spaces and parentheses.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) {
		return 0, 0, false
	}
	f := bytes.Fields(b[i+2:])
	if len(f) < 2 {
		return 0, 0, false
	}
	ppid, _ = strconv.Atoi(string(f[1]))
	return f[0][0], ppid, true
}

// candidates lists the processes that may be a bot's descendants: with
// nzsc as subreaper, every descendant of a bot stays below nzsc in the
// process tree (an orphan is reparented to nzsc), so only nzsc's
// descendants need their environment read, which is slow for a busy
// process (it takes the process's memory lock). Without the subreaper
// every process is a candidate.
func candidates(self int) []int {
	if !subreaper {
		return allPids()
	}
	return descendants(self)
}

// allPids lists the processes in /proc.
func allPids() []int {
	d, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	defer d.Close()
	names, _ := d.Readdirnames(-1)
	pids := make([]int, 0, len(names))
	for _, n := range names {
		if pid, err := strconv.Atoi(n); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}
