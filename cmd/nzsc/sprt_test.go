package main

import (
	"strings"
	"testing"
)

// TestSPRTGamesFlags: the command words the library's refusal of the
// most games and the batch with its flags (the library names the
// settings: the Runs page has fields, not flags).
func TestSPRTGamesFlags(t *testing.T) {
	for _, args := range [][]string{{"--max-games", "5"}, {"--batch", "0"}} {
		_, stderr, code := runCmd(t, "", append([]string{"sprt", "random", "greedy"}, args...)...)
		if code != 2 || !strings.Contains(stderr, "sprt: --max-games and --batch must be positive even numbers (seat-swapped pairs), got ") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("sprt %v: exit %d, stderr %q", args, code, stderr)
		}
	}
}
