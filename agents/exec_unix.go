//go:build unix && !linux

package agents

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the bot in a process group of its own, so that
// killing the group also ends any children it spawned (which would
// otherwise keep its output pipe open), and so that a Ctrl-C at the
// terminal reaches nzsc, which then closes its bots cleanly, and not the
// bots themselves.
func ownProcessGroup(cmd *exec.Cmd, id string) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the bot's whole process group. Children that left the
// group (setsid) survive it here; Linux does better (exec_linux.go).
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Process.Kill()
	}
}

// killMarked has nothing to add to killGroup here: descendants are not
// marked.
func killMarked(cmd *exec.Cmd, id string) {}
