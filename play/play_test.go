package play

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// step plays one turn on s and returns its narration.
func step(s *nzsc.State, a, b nzsc.Choice, answer string) []string {
	before := *s
	t := s.Step(a, b)
	return Narrate(&before, s, t, answer)
}

func mv(m nzsc.Move) nzsc.Choice { return nzsc.Choice(m) }

// TestNarrateComputerOffences covers what the classic opponent never
// does but other bots may: an illegal answer, and being stuck.
func TestNarrateComputerOffences(t *testing.T) {
	clown := nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.Moustachio}
	zombie := nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.NoBooster}
	s := nzsc.NewRound(nzsc.DefaultRules, clown, zombie)
	for i, c := range []struct {
		a, b nzsc.Choice
		want []string
	}{
		{mv(nzsc.Nose), mv(nzsc.Kick), []string{"You chose Nose.",
			"Computer chose Kick, which is from the wrong character. 3 wait penalty!",
			"As a result, this turn does not count.", "The score is now 0-0.", "Waits left: you 4, computer 1."}},
		{mv(nzsc.Nose), mv(nzsc.Regenerate), []string{"You chose Nose.",
			"Computer chose Regenerate, which is from the wrong booster. 2 wait penalty!",
			"As a result, this turn does not count.", "The score is now 1-0.", "Waits left: you 4, computer 0."}},
		// Zap is spent and destroys Nose; Acid Spray is spent and
		// destroys Rampage.
		{mv(nzsc.Nose), mv(nzsc.Zap), []string{"You chose Nose. Computer chose Zap.",
			"As a result, neither of you gets a point.", "The score is now 1-0."}},
		{mv(nzsc.AcidSpray), mv(nzsc.Rampage), []string{"You chose Acid Spray. Computer chose Rampage.",
			"As a result, neither of you gets a point.", "The score is now 1-0."}},
		{mv(nzsc.MustacheMash), mv(nzsc.Zap), []string{"You chose Mustache Mash.",
			"Computer chose Zap, which has been destroyed. 4 wait penalty!",
			"As a result, this turn does not count.", "The score is now 2-0.", "Waits left: you 4, computer 0."}},
		{mv(nzsc.Nose), mv(nzsc.Muscle), []string{"Nose has been destroyed. You cannot use it anymore. 4 wait penalty!", "The score is now 2-0.", "Waits left: you 0, computer 0."}},
		{mv(nzsc.MustacheMash), mv(nzsc.Muscle), nil},
		{mv(nzsc.MustacheMash), mv(nzsc.Muscle), nil},
		{mv(nzsc.MustacheMash), mv(nzsc.Muscle), nil},
		{mv(nzsc.MustacheMash), mv(nzsc.Muscle), []string{
			"You have already chosen Mustache Mash 3 times in a row. You must choose something else before choosing it again. 3 wait penalty!",
			"Computer has no legal move left, so it must pass. 2 wait penalty!",
			"The score is now 3-1.", "Waits left: you 0, computer 0."}},
		{mv(nzsc.JugglingKnives), nzsc.Unknown, []string{"You chose Juggling Knives.",
			"Computer has no legal move left, so it must pass. 2 wait penalty!",
			"As a result, this turn does not count.", "The score is now 4-1.", "Waits left: you 0, computer 0."}},
		{mv(nzsc.JugglingKnives), nzsc.Unknown, []string{"You chose Juggling Knives.",
			"Computer has no legal move left, so it must pass. 2 wait penalty!",
			"As a result, this turn does not count.", "The score is now 5-1.", "Waits left: you 0, computer 0.", "", "You won 5-1 (Annihilation)."}},
	} {
		got := step(&s, c.a, c.b, c.a.Name(nzsc.PickMove))
		if c.want != nil && strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("case %d: got\n%s\nwant\n%s", i, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}

func TestNarrateDrawAtCap(t *testing.T) {
	s := nzsc.NewGame(nzsc.Rules{TurnCap: 2})
	step(&s, nzsc.Choice(nzsc.Ninja), nzsc.Choice(nzsc.Ninja), "Ninja")
	got := step(&s, nzsc.Choice(nzsc.Ninja), nzsc.Choice(nzsc.Ninja), "Ninja")
	want := "Both of you chose Ninja, so you must repick.\nYou have picked Ninja 2 times.\nComputer has picked Ninja 2 times.\n\n" +
		"The game is a draw at 0-0: it reached the limit of 2 turns."
	if strings.Join(got, "\n") != want {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
}

func TestNarrateHeadstarts(t *testing.T) {
	for i, c := range []struct {
		you, comp nzsc.Character
		want      string
	}{
		{nzsc.Ninja, nzsc.Samurai, "As a result, you get a headstart.\nThe score is now 1-0."},
		{nzsc.Ninja, nzsc.Clown, "As a result, the computer gets a headstart.\nThe score is now 0-1."},
		{nzsc.Zombie, nzsc.Clown, "As a result, neither of you gets a headstart.\nThe score is now 0-0."},
		{nzsc.Samurai, nzsc.Clown, "As a result, you get a headstart.\nThe score is now 1-0."},
	} {
		s := nzsc.NewGame(nzsc.DefaultRules)
		got := strings.Join(step(&s, nzsc.Choice(c.you), nzsc.Choice(c.comp), ""), "\n")
		if !strings.HasSuffix(got, c.want) {
			t.Errorf("case %d: got\n%s\nwant suffix\n%s", i, got, c.want)
		}
	}
}

func ExampleMeet() {
	for _, l := range Meet(nzsc.BigHairyDeal, nzsc.Regenerate) {
		fmt.Println(l)
	}
	// Output:
	// Big Hairy Deal against Regenerate: Regenerate scores a point (Big Hairy Deal 0, Regenerate 1).
	// Regenerate is single-use: its player cannot play it again.
}

func TestNarrateComputerNonexistent(t *testing.T) {
	s := nzsc.NewGame(nzsc.DefaultRules)
	got := strings.Join(step(&s, nzsc.Choice(nzsc.Zombie), nzsc.Unknown, "Zombie"), "\n")
	want := "You chose Zombie.\nComputer's answer is not a character. 4 wait penalty!\nAs a result, this turn does not count.\nThe score is now 0-0.\nWaits left: you 4, computer 0."
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
