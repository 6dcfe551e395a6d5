package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTablesAboveCombinationsRefused: --tables above the number of tables
// the bots make (C(4,3) = 4 at three seats; 3 with a gauntlet bot) is
// refused with one line, exit 2, as other counts out of range are; it
// was lowered to every table without a word. At the number, or below,
// it plays.
func TestTablesAboveCombinationsRefused(t *testing.T) {
	tmp := t.TempDir()
	bots := "random,classic,greedy,paranoid"
	for i, c := range []struct {
		args []string
		want string // "" when it plays
	}{
		{[]string{"--tables", "5"}, "--tables 5: 4 bots at 3 seats make only 4 tables (leave --tables out"},
		{[]string{"--tables", "4", "--gauntlet", "random"}, "only 3 tables with the gauntlet bot"},
		{[]string{"--tables", "4"}, ""},
		{[]string{"--tables", "3", "--gauntlet", "random"}, ""},
		// 0 given was every table, as if left out, though the help
		// asks for a count of tables to draw.
		{[]string{"--tables", "0"}, "--tables 0: want a positive number of tables (leave --tables out to play every one)"},
		{[]string{"--tables", "-1"}, "--tables -1: want a positive number"},
		{[]string{"--tables", "2", "--bots", "random,classic,greedy"}, "3 bots at 3 seats make only 1 table (leave"},
	} {
		args := append([]string{"tournament", "--players", "3", "--games", "6", "--seed", "1", "--quiet",
			"--out", filepath.Join(tmp, strings.Repeat("r", i+1))}, c.args...)
		if !slices.Contains(c.args, "--bots") {
			args = append(args, "--bots", bots)
		}
		_, stderr, code := runCmd(t, "", args...)
		switch {
		case c.want == "" && code != 0:
			t.Errorf("case %d %v: exit %d, %s", i, c.args, code, stderr)
		case c.want != "" && (code != 2 || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0):
			t.Errorf("case %d %v: exit %d, %q; want exit 2 and one line with %q", i, c.args, code, stderr, c.want)
		}
	}
}
