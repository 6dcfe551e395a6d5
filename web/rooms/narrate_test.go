package rooms

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/play"
)

// fromPlay turns a line of play.Narrate (seat 0 "you", seat 1 "the
// computer") into the room's wording for Ann (seat 0) and Bob (seat 1):
// the oracle that the room speaks nzsc play's words.
func fromPlay(l string) string {
	if m := regexp.MustCompile(`^You lost (\d+)-(\d+) `).FindStringSubmatch(l); m != nil {
		return "Bob won " + m[2] + "-" + m[1] + " " + l[len(m[0]):]
	}
	return strings.NewReplacer(
		"You chose", "Ann chose", "Computer chose", "Bob chose",
		"You have picked", "Ann has picked", "Computer has picked", "Bob has picked",
		"result, you get a headstart", "result, Ann gets a headstart", "the computer gets a headstart", "Bob gets a headstart",
		"result, you get a point", "result, Ann gets a point", "the computer gets a point", "Bob gets a point",
		"You won", "Ann won",
	).Replace(l)
}

// Over many random games with legal choices (as the room's buttons
// offer), every turn's lines are play.Narrate's with the people's names.
func TestNarrateIsPlaysWording(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	names := [2]string{"Ann", "Bob"}
	turns, stuck := 0, 0
	for game := range 300 {
		st := engine.NewGame(engine.DefaultRules)
		var buf [engine.MaxChoices]engine.Choice
		for st.Phase != engine.GameOver {
			var ch [2]engine.Choice
			for s := range 2 {
				ch[s] = engine.Unknown
				if n := st.Legal(s, &buf); n > 0 {
					ch[s] = buf[rng.IntN(n)]
				}
			}
			before := st
			tn := st.Step(ch[0], ch[1])
			turns++
			want := play.Narrate(&before, &st, tn, "")
			got := narrate(&before, &st, tn, names)
			if tn.Nullified() {
				// Only a stuck seat offends here; the room words it for
				// either person, which play (a person against a
				// computer) words differently. The last line (the score
				// or the end) agrees; play's line of the waits left after a
				// penalty is left out (the room shows waits on its board).
				stuck++
				want = slices.DeleteFunc(want, func(l string) bool { return strings.HasPrefix(l, "Waits left: ") })
				if w := fromPlay(want[len(want)-1]); got[len(got)-1] != w {
					t.Errorf("game %d, stuck turn: last line %q, want %q", game, got[len(got)-1], w)
				}
				continue
			}
			if len(got) != len(want) {
				t.Fatalf("game %d turn %d: %d lines %q, play has %d %q", game, st.Turn, len(got), got, len(want), want)
			}
			for i := range want {
				if w := fromPlay(want[i]); got[i] != w {
					t.Errorf("game %d turn %d line %d: %q, want %q (play: %q)", game, st.Turn, i, got[i], w, want[i])
				}
			}
		}
	}
	if turns < 3000 || stuck == 0 {
		t.Errorf("only %d turns compared, %d of them stuck", turns, stuck)
	}
}
