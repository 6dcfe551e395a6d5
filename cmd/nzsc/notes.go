package main

import (
	"context"
	"fmt"
	"sync"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/agents"
)

// withBotNotes returns e's context carrying where the bots' notes go
// (agents.WithNotes: optimal solving the game at its first decision,
// seconds with nothing to show): standard error, as the commands' other
// notes (the picked seed, the timing), terminal or not, unless the
// command's --quiet is given. A message is written once per command
// (every worker's resolve says the same). On a terminal the line first
// clears the progress bar being drawn, which then draws itself again
// below it.
func withBotNotes(e *env, fs *pflag.FlagSet) context.Context {
	if quiet, err := fs.GetBool("quiet"); err == nil && quiet {
		return e.ctx
	}
	var mu sync.Mutex
	said := map[string]bool{}
	return agents.WithNotes(e.ctx, func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		if said[msg] {
			return
		}
		said[msg] = true
		clear := ""
		if e.tty {
			clear = "\r\x1b[K"
		}
		fmt.Fprint(e.stderr, clear+msg+"\n")
	})
}
