package play

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine"
)

// step plays one turn on s and returns its narration.
func step(s *engine.State, a, b engine.Choice, answer string) []string {
	before := *s
	t := s.Step(a, b)
	return Narrate(&before, s, t, answer)
}

func mv(m engine.Move) engine.Choice { return engine.Choice(m) }

// TestNarrateComputerOffences covers what the classic opponent never
// does but other bots may: an illegal answer, and being stuck.
func TestNarrateComputerOffences(t *testing.T) {
	clown := engine.Loadout{Character: engine.Clown, Booster: engine.Moustachio}
	zombie := engine.Loadout{Character: engine.Zombie, Booster: engine.NoBooster}
	s := engine.NewRound(engine.DefaultRules, clown, zombie)
	for i, c := range []struct {
		a, b engine.Choice
		want []string
	}{
		{mv(engine.Nose), mv(engine.Kick), []string{"You chose Nose.",
			"Computer chose Kick, which is from the wrong character. 3 wait penalty!",
			"As a result, this turn does not count.", "The score is now 0-0.", "Waits left: you 4, computer 1."}},
		{mv(engine.Nose), mv(engine.Regenerate), []string{"You chose Nose.",
			"Computer chose Regenerate, which is from the wrong booster. 2 wait penalty!",
			"As a result, this turn does not count.", "The score is now 1-0.", "Waits left: you 4, computer 0."}},
		// Zap is spent and destroys Nose; Acid Spray is spent and
		// destroys Rampage.
		{mv(engine.Nose), mv(engine.Zap), []string{"You chose Nose. Computer chose Zap.",
			"As a result, neither of you gets a point.", "The score is now 1-0."}},
		{mv(engine.AcidSpray), mv(engine.Rampage), []string{"You chose Acid Spray. Computer chose Rampage.",
			"As a result, neither of you gets a point.", "The score is now 1-0."}},
		{mv(engine.MustacheMash), mv(engine.Zap), []string{"You chose Mustache Mash.",
			"Computer chose Zap, which has been destroyed. 4 wait penalty!",
			"As a result, this turn does not count.", "The score is now 2-0.", "Waits left: you 4, computer 0."}},
		{mv(engine.Nose), mv(engine.Muscle), []string{"Nose has been destroyed. You cannot use it anymore. 4 wait penalty!", "The score is now 2-0.", "Waits left: you 0, computer 0."}},
		{mv(engine.MustacheMash), mv(engine.Muscle), nil},
		{mv(engine.MustacheMash), mv(engine.Muscle), nil},
		{mv(engine.MustacheMash), mv(engine.Muscle), nil},
		{mv(engine.MustacheMash), mv(engine.Muscle), []string{
			"You have already chosen Mustache Mash 3 times in a row. You must choose something else before choosing it again. 3 wait penalty!",
			"Computer has no legal move left, so it must pass. 2 wait penalty!",
			"The score is now 3-1.", "Waits left: you 0, computer 0."}},
		{mv(engine.JugglingKnives), engine.Unknown, []string{"You chose Juggling Knives.",
			"Computer has no legal move left, so it must pass. 2 wait penalty!",
			"As a result, this turn does not count.", "The score is now 4-1.", "Waits left: you 0, computer 0."}},
		{mv(engine.JugglingKnives), engine.Unknown, []string{"You chose Juggling Knives.",
			"Computer has no legal move left, so it must pass. 2 wait penalty!",
			"As a result, this turn does not count.", "The score is now 5-1.", "Waits left: you 0, computer 0.", "", "You won 5-1 (Annihilation)."}},
	} {
		got := step(&s, c.a, c.b, c.a.Name(engine.PickMove))
		if c.want != nil && strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("case %d: got\n%s\nwant\n%s", i, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}

func TestNarrateDrawAtCap(t *testing.T) {
	s := engine.NewGame(engine.Rules{TurnCap: 2})
	step(&s, engine.Choice(engine.Ninja), engine.Choice(engine.Ninja), "Ninja")
	got := step(&s, engine.Choice(engine.Ninja), engine.Choice(engine.Ninja), "Ninja")
	want := "Both of you chose Ninja, so you must repick.\nYou have picked Ninja 2 times.\nComputer has picked Ninja 2 times.\n\n" +
		"The game is a draw at 0-0: it reached the limit of 2 turns."
	if strings.Join(got, "\n") != want {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), want)
	}
}

func TestNarrateHeadstarts(t *testing.T) {
	for i, c := range []struct {
		you, comp engine.Character
		want      string
	}{
		{engine.Ninja, engine.Samurai, "As a result, you get a headstart.\nThe score is now 1-0."},
		{engine.Ninja, engine.Clown, "As a result, the computer gets a headstart.\nThe score is now 0-1."},
		{engine.Zombie, engine.Clown, "As a result, neither of you gets a headstart.\nThe score is now 0-0."},
		{engine.Samurai, engine.Clown, "As a result, you get a headstart.\nThe score is now 1-0."},
	} {
		s := engine.NewGame(engine.DefaultRules)
		got := strings.Join(step(&s, engine.Choice(c.you), engine.Choice(c.comp), ""), "\n")
		if !strings.HasSuffix(got, c.want) {
			t.Errorf("case %d: got\n%s\nwant suffix\n%s", i, got, c.want)
		}
	}
}

func ExampleMeet() {
	for _, l := range Meet(engine.BigHairyDeal, engine.Regenerate) {
		fmt.Println(l)
	}
	// Output:
	// Big Hairy Deal against Regenerate: Regenerate scores a point (Big Hairy Deal 0, Regenerate 1).
	// Regenerate is single-use: its player cannot play it again.
}

func TestNarrateComputerNonexistent(t *testing.T) {
	s := engine.NewGame(engine.DefaultRules)
	got := strings.Join(step(&s, engine.Choice(engine.Zombie), engine.Unknown, "Zombie"), "\n")
	want := "You chose Zombie.\nComputer's answer is not a character. 4 wait penalty!\nAs a result, this turn does not count.\nThe score is now 0-0.\nWaits left: you 4, computer 0."
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
