package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestCountsBounded: every count a user gives has an upper bound, and a
// count past it is one line of error with exit 2 before any work (each
// of these used to start: 41 bots at four seats list 101 270 tables, 300
// bots took 24 GB before the first game; --samples 2000000000 drew for
// minutes per state, deaf to the first SIGTERM).
func TestCountsBounded(t *testing.T) {
	names := func(n int) string {
		var b []string
		for i := range n {
			b = append(b, fmt.Sprintf("random:name=r%d", i))
		}
		return strings.Join(b, ",")
	}
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"tournament", "--players", "4", "--bots", names(41), "--games", "24"}, "tables"},
		{[]string{"tournament", "--players", "4", "--bots", names(300), "--games", "24", "--tables", "10"}, "tables"},
		{[]string{"tournament", "--bots", names(448), "--games", "2"}, "tables"},
		{[]string{"exploit", "random", "--games", "2000000000"}, "at most"},
		{[]string{"exploit", "random", "--samples", "2000000000"}, "at most"},
		{[]string{"exploit", "mcts", "--visit-games", "2000000000"}, "at most"},
		{[]string{"exploit", "mcts", "--refine", "2000000000"}, "at most"},
		{[]string{"match", "random", "greedy", "--bot-timeout", "2000000h"}, "at most"},
		{[]string{"match", "random", "exec:/bin/cat;timeout=2000000h"}, "at most"},
		{[]string{"match", "random", "exec:/bin/cat;handshake=1000000"}, "at most"},
		{[]string{"solve", "game", "--workers", "100000000"}, "want 1 to"},
		// Checked by the command, not the library ("match: tournament:").
		{[]string{"match", "random", "greedy", "--workers", "1000000"}, "match: --workers 1000000: want 1 to"},
		{[]string{"sprt", "random", "greedy", "--workers", "1000000"}, "sprt: --workers 1000000: want 1 to"},
	} {
		_, stderr, code := runCmd(t, "", c.args...)
		if code != 2 || strings.Count(strings.TrimRight(stderr, "\n"), "\n") > 0 || !strings.Contains(stderr, c.msg) {
			t.Errorf("case %d %.80q: code %d stderr %q, want 2 and one line with %q", i, strings.Join(c.args, " "), code, stderr, c.msg)
		}
	}
}
