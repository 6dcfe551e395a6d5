package main

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

func TestSweepBadInput(t *testing.T) {
	for i, c := range [][]string{
		{"solve", "sweep"},
		{"solve", "sweep", "--rule", "points=2..4"},
		{"solve", "sweep", "--rule", "points=9..3"},
		{"solve", "sweep", "--rule", "colour=red"},
		{"solve", "sweep", "--rule", "points=3", "--save", "x.bin"},
		{"solve", "game", "--rule", "points=10"},
		{"solve", "game", "--rule", "headstarts=maybe"},
	} {
		_, stderr, code := runCmd(t, "", c...)
		if code != 2 || stderr == "" {
			t.Errorf("case %d %v: exit %d, stderr %q; want a usage error", i, c, code, stderr)
		}
	}
}

// TestSweepProgressLine: every variant has a label, the default rules
// too (it read "solving variant 3 of 3:" with nothing after).
func TestSweepProgressLine(t *testing.T) {
	for _, c := range []struct {
		r    nzsc.Rules
		want string
	}{
		{nzsc.DefaultRules, "solving variant 3 of 3: the default rules"},
		{nzsc.Rules{TurnCap: nzsc.DefaultRules.TurnCap, Points: 3}, "solving variant 3 of 3: points=3"},
	} {
		if got := sweepProgressLine(2, 3, c.r); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}
