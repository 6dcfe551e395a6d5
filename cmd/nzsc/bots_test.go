package main

import (
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
)

func TestBotsListsEveryBot(t *testing.T) {
	out, stderr, code := runCmd(t, "", "bots")
	if code != 0 {
		t.Fatalf("nzsc bots: code %d, stderr %q", code, stderr)
	}
	lines := strings.Split(out, "\n")
	// Each bot and each of its parameters gets a row of its own, with the
	// default and help; look them up line by line.
	find := func(fields ...string) bool {
		for _, l := range lines {
			ok := true
			for _, f := range fields {
				if !strings.Contains(l, f) {
					ok = false
					break
				}
			}
			if ok {
				return true
			}
		}
		return false
	}
	bots := agents.Registered()
	if len(bots) < 5 {
		t.Fatalf("only %d bots registered", len(bots))
	}
	for _, b := range bots {
		if !find(b.Name, b.Help) {
			t.Errorf("no row for bot %s with its description %q", b.Name, b.Help)
		}
		for _, p := range b.Params {
			if !find(p.Name, p.Default, p.Help) {
				t.Errorf("bot %s: no row for parameter %s (default %q)", b.Name, p.Name, p.Default)
			}
		}
	}
	for _, want := range []string{"random", "greedy", "nash", "mcts[:k=v,...]", "iters", "1000", "select", "rm"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, stderr, code := runCmd(t, "", "bots", "extra"); code != 2 || strings.Count(stderr, "\n") != 1 {
		t.Errorf("nzsc bots extra: code %d, stderr %q; want a one-line usage error", code, stderr)
	}
}
