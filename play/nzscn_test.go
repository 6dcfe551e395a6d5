package play

import (
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

// TestClashWording: a clash of character picks at 3 or 4 players says who
// picked alike (SPEC.md: any two alike and everyone repicks), not "Two
// of you" when all three did; a pick without a clash says nothing.
func TestClashWording(t *testing.T) {
	names := []string{"You", "greedy (seat 1)", "random (seat 2)", "mcts (seat 3)"}
	for _, c := range []struct {
		picks []string
		want  string // "" when the picks do not clash
	}{
		{[]string{"Zombie", "Zombie", "Zombie"}, "All three of you chose Zombie, so everyone must repick."},
		{[]string{"Zombie", "Ninja", "Zombie"}, "You and random (seat 2) chose Zombie, so everyone must repick."},
		{[]string{"Ninja", "Clown", "Clown"}, "greedy (seat 1) and random (seat 2) chose Clown, so everyone must repick."},
		{[]string{"Zombie", "Zombie", "Zombie", "Zombie"}, "All four of you chose Zombie, so everyone must repick."},
		{[]string{"Samurai", "Samurai", "Samurai", "Clown"}, "You, greedy (seat 1) and random (seat 2) chose Samurai, so everyone must repick."},
		{[]string{"Ninja", "Clown", "Ninja", "Clown"}, "You and random (seat 2) chose Ninja; greedy (seat 1) and mcts (seat 3) chose Clown, so everyone must repick."},
		{[]string{"Ninja", "Clown", "Zombie"}, ""},
	} {
		n := len(c.picks)
		g, err := nzscn.NewGame(n, nzsc.DefaultRules)
		if err != nil {
			t.Fatal(err)
		}
		before := g.NewState(1).(*nzscn.GameState)
		after := before.Clone().(*nzscn.GameState)
		acts := make([]game.Action, n)
		for s, p := range c.picks {
			if acts[s], err = after.Observe(s).ParseAction(p); err != nil {
				t.Fatal(err)
			}
		}
		if err := after.Apply(acts); err != nil {
			t.Fatal(err)
		}
		out := narrateTable(&before.State, &after.State, after.History[len(after.History)-1], names[:n], 0, c.picks[0])
		repick := slices.IndexFunc(out, func(l string) bool { return len(l) > 0 && l[len(l)-1] == '.' && strings.Contains(l, "repick") })
		switch {
		case c.want == "" && repick >= 0:
			t.Errorf("%v: %q, want no repick", c.picks, out[repick])
		case c.want != "" && (repick < 0 || out[repick] != c.want):
			t.Errorf("%v:\n got %q\nwant %q", c.picks, out, c.want)
		}
		// A replay's narration has nobody as "you".
		if c.want != "" && strings.HasPrefix(c.want, "All") {
			out = narrateTable(&before.State, &after.State, after.History[len(after.History)-1], []string{"a", "b", "c", "d"}[:n], -1, "")
			want := strings.Replace(c.want, " of you ", " players ", 1)
			if !slices.Contains(out, want) {
				t.Errorf("%v replayed:\n got %q\nwant %q", c.picks, out, want)
			}
		}
	}
}
