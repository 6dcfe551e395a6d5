//go:build !unix

package agents

import "os/exec"

func ownProcessGroup(cmd *exec.Cmd, id string) {}

// killGroup kills the bot; without process groups, its own children
// survive it.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

// killMarked has nothing to add to killGroup here: descendants are not
// marked.
func killMarked(cmd *exec.Cmd, id string) {}
