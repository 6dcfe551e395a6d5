//go:build !unix

package agents

import "os/exec"

func ownProcessGroup(cmd *exec.Cmd, id string) {}

// killGroup kills the bot; without process groups, its own children
// survive it.
func killGroup(cmd *exec.Cmd, id string) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}
