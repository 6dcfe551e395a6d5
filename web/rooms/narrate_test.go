package rooms

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
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
		"You have no legal move left, so you must pass", "Ann has no legal move left, so they must pass",
		"Computer has no legal move left, so it must pass", "Bob has no legal move left, so they must pass",
		"Waits left: you ", "Waits left: Ann ", ", computer ", ", Bob ",
	).Replace(l)
}

// Over many random games with legal choices (as the room's buttons
// offer), every turn's lines are play.Narrate's with the people's names.
// Where play speaks to the person, the room names both people alike: a
// turn that does not count (a person was stuck, the one offence buttons
// allow) tells the choice of a person who was not stuck (play keeps the
// computer's to itself) and says that the turn does not count whoever
// was stuck (play only after the computer's penalty).
func TestNarrateIsPlaysWording(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	names := [2]string{"Ann", "Bob"}
	r := &room{g: nzsc.NewContractGame(nzsc.DefaultRules), names: names[:]}
	turns, stuck := 0, 0
	for g := range 300 {
		st := nzsc.NewGame(nzsc.DefaultRules)
		var buf [nzsc.MaxChoices]nzsc.Choice
		for st.Phase != nzsc.GameOver {
			var ch [2]nzsc.Choice
			for s := range 2 {
				ch[s] = nzsc.Unknown
				if n := st.Legal(s, &buf); n > 0 {
					ch[s] = buf[rng.IntN(n)]
				}
			}
			before := st
			tn := st.Step(ch[0], ch[1])
			turns++
			var want []string
			for _, l := range play.Narrate(&before, &st, tn, "") {
				want = append(want, fromPlay(l))
			}
			if tn.Nullified() {
				stuck++
				var w []string
				for s := range 2 {
					if o := tn.Offence(s); o != nzsc.NoOffence {
						w = append(w, fmt.Sprintf("%s has no legal move left, so they must pass. %d wait penalty!", names[s], o.Waits()))
					} else {
						w = append(w, fmt.Sprintf("%s chose %s.", names[s], tn.Choice(s).Name(tn.Phase())))
					}
				}
				w = append(w, "As a result, this turn does not count.")
				i := slices.IndexFunc(want, func(l string) bool { return strings.HasPrefix(l, "The score is now") })
				want = append(w, want[i:]...)
			}
			r.st = &nzsc.GameState{State: st, History: []nzsc.Turn{tn}}
			got := r.words().Step(&nzsc.GameState{State: before}, r.st, nil)
			if want = append(want, ""); !slices.Equal(got, want) {
				t.Fatalf("game %d turn %d: %q, want %q", g, st.Turn, got, want)
			}
		}
	}
	if turns < 3000 || stuck == 0 {
		t.Errorf("only %d turns compared, %d of them stuck", turns, stuck)
	}
}
