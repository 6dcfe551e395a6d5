package main

import (
	"testing"
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
