package main

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// TestDynamicsOfNoGame: --dynamics and --moran-run of a run stopped
// before its first game are refused with one line that says so, for
// every game; they printed every bot at 1/n with an interval of one
// point, as if the bots had tied.
func TestDynamicsOfNoGame(t *testing.T) {
	for _, args := range [][]string{
		{"--bots", "random,greedy"},
		{"--game", "npzr", "--bots", "random,greedy"},
		{"--players", "3", "--bots", "random,greedy,classic", "--games", "6"},
	} {
		dir := filepath.Join(t.TempDir(), "run")
		ctx, cancel := context.WithCancel(context.Background())
		cancel() // stopped before a game
		run(ctx, append([]string{"tournament", "--seed", "1", "--quiet", "--out", dir}, args...), strings.NewReader(""), io.Discard, io.Discard)
		if out, _, code := runCmd(t, "", "report", dir); code != 0 || !strings.Contains(out, "no games played") {
			t.Fatalf("%v: the run is not one of no game: exit %d\n%s", args, code, out)
		}
		for _, flag := range [][]string{{"--dynamics"}, {"--moran-run", "equal"}} {
			out, stderr, code := runCmd(t, "", append([]string{"report", dir}, flag...)...)
			if code != 2 || out != "" || !strings.Contains(stderr, flag[0]+": "+dir+" has no game played yet") {
				t.Errorf("%v %s: exit %d, stdout %.80q, stderr %q; want exit 2 and one line", args, flag[0], code, out, stderr)
			}
		}
	}
}
