package main

import (
	"strings"
	"testing"
)

// TestRunnersRejectBrokenExecBots checks that every command that runs
// bots treats an external program that cannot start, or a bad
// --bot-timeout, as bad input: one line, exit 2, before playing.
func TestRunnersRejectBrokenExecBots(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"match", "exec:/nonexistent/bot", "random", "--games", "2", "--quiet"}, "/nonexistent/bot"},
		{[]string{"tournament", "--bots", "random;exec:/nonexistent/bot", "--games", "2", "--quiet", "--out", dir + "/t1"}, "/nonexistent/bot"},
		{[]string{"sprt", "exec:/nonexistent/bot", "random", "--max-games", "2", "--batch", "2", "--quiet"}, "/nonexistent/bot"},
		{[]string{"tournament", "--bots", "random,greedy", "--bot-timeout", "-1s", "--out", dir + "/t2"}, "--bot-timeout"},
		{[]string{"sprt", "random", "greedy", "--bot-timeout", "0s"}, "--bot-timeout"},
	} {
		_, stderr, code := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("case %d %v: exit %d, stderr %q; want exit 2 and one line naming %q", i, c.args, code, stderr, c.msg)
		}
	}
}
