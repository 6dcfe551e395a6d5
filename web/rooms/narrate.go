package rooms

import (
	"fmt"

	"github.com/nzsclab/nzsc/engine"
)

// narrate returns the lines for NZSC turn t, which took the game from
// before to after, between two people called names[0] and names[1]. It
// follows play.Narrate's wording (the original game's) with the people's
// names where the single-player game said "you" and "the computer": both
// people read the same lines, so there is no "you". A person answers with
// buttons offering legal choices only, so the one offence a person can
// commit is being stuck (no legal move left).
func narrate(before, after *engine.State, t engine.Turn, names [2]string) []string {
	var out []string
	add := func(format string, a ...any) { out = append(out, fmt.Sprintf(format, a...)) }
	phase := t.Phase()
	ch := [2]engine.Choice{t.Choice(0), t.Choice(1)}
	score := [2]int{before.Points(0) + int(t.Gained(0)), before.Points(1) + int(t.Gained(1))}
	switch {
	case t.Nullified():
		offended := false
		for s := range 2 {
			if o := t.Offence(s); o != engine.NoOffence {
				offended = true
				out = append(out, penalty(names[s], phase, ch[s], o))
			} else {
				add("%s chose %s.", names[s], ch[s].Name(phase))
			}
		}
		if offended {
			add("As a result, this turn does not count.")
		}
		add("The score is now %d-%d.", score[0], score[1])
	case phase == engine.PickCharacter && t.Clash():
		c := engine.Character(ch[0])
		add("Both of you chose %s, so you must repick.", c)
		for s := range 2 {
			_, n := after.CharacterStreak(s)
			add("%s has picked %s %d times.", names[s], c, n)
		}
	case phase == engine.PickCharacter:
		add("%s chose %s.", names[0], ch[0].Name(phase))
		add("%s chose %s.", names[1], ch[1].Name(phase))
		switch {
		case t.Gained(0) > 0:
			add("As a result, %s gets a headstart.", names[0])
		case t.Gained(1) > 0:
			add("As a result, %s gets a headstart.", names[1])
		default:
			add("As a result, neither of you gets a headstart.")
		}
		add("The score is now %d-%d.", score[0], score[1])
	case phase == engine.PickBooster:
		add("%s chose %s.", names[0], ch[0].Name(phase))
		add("%s chose %s.", names[1], ch[1].Name(phase))
		add("Let the battle begin!")
	default:
		add("%s chose %s. %s chose %s.", names[0], ch[0].Name(phase), names[1], ch[1].Name(phase))
		switch g := [2]uint8{t.Gained(0), t.Gained(1)}; {
		case g[0] > 0 && g[1] > 0:
			add("As a result, both of you get a point.")
		case g[0] > 0:
			add("As a result, %s gets a point.", names[0])
		case g[1] > 0:
			add("As a result, %s gets a point.", names[1])
		default:
			add("As a result, neither of you gets a point.")
		}
		add("The score is now %d-%d.", score[0], score[1])
	}
	if t.Setback() {
		add("")
		add("Since there is a tie, the score will be reset to %d-%d.", after.Points(0), after.Points(1))
	}
	if after.Phase == engine.GameOver {
		add("")
		switch after.Result {
		case engine.FirstWins:
			add("%s won %d-%d (%s).", names[0], after.Points(0), after.Points(1), after.Margin())
		case engine.SecondWins:
			add("%s won %d-%d (%s).", names[1], after.Points(1), after.Points(0), after.Margin())
		default:
			add("The game is a draw at %d-%d: it reached the limit of %d turns.", after.Points(0), after.Points(1), after.TurnCap)
		}
	}
	return out
}

// penalty words a person's offence with the waits the rules charge.
func penalty(name string, phase engine.Phase, c engine.Choice, o engine.Offence) string {
	w := o.Waits()
	if o == engine.Stuck {
		return fmt.Sprintf("%s has no legal move left, so must pass. %d wait penalty!", name, w)
	}
	return fmt.Sprintf("%s chose %s: %s. %d wait penalty!", name, c.Name(phase), o, w)
}
