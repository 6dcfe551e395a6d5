package main

import (
	"regexp"
	"testing"
)

// TestBotsListsEveryGamesBots: the bots live in one package per game
// (agents/nzsc, agents/nzscn, agents/npzr), each registering itself when
// linked in, so a command that forgot one import would lose that game's
// bots silently. nzsc bots must list each game's own bots, named here
// rather than read from the registry, which would echo the loss.
func TestBotsListsEveryGamesBots(t *testing.T) {
	for _, c := range []struct {
		args  []string
		seats string
		bots  []string
	}{
		{[]string{"bots"}, "2", []string{"classic", `classic\[:k=v,\.\.\.\]`, "greedy", "mcts", `mcts\[:k=v,\.\.\.\]`, "nash", `optimal\[:k=v,\.\.\.\]`, "random"}},
		{[]string{"bots"}, "3-4", []string{`classic\[:k=v,\.\.\.\]`, "greedy", `mcts\[:k=v,\.\.\.\]`, "paranoid", "random"}},
		{[]string{"bots", "--game", "npzr"}, "2", []string{"greedy", "ismcts", "pimc", "random", "turn"}},
	} {
		out, stderr, code := runCmd(t, "", c.args...)
		if code != 0 {
			t.Fatalf("nzsc %v: code %d, stderr %q", c.args, code, stderr)
		}
		for _, b := range c.bots {
			if !regexp.MustCompile(`(?m)^` + b + `\S* +` + regexp.QuoteMeta(c.seats) + ` `).MatchString(out) {
				t.Errorf("nzsc %v lists no %s bot for %s players:\n%s", c.args, b, c.seats, out)
			}
		}
	}
}
