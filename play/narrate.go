package play

import (
	"fmt"
	"strings"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Voice names the two seats of a narration of two-player NZSC: the
// terminal game's person ("you") and computer, or two people reading the
// same lines in a room. There is one narration (Voice.Narrate), in the
// original single-player game's words wherever it had words for the case;
// a voice only names the seats.
type Voice struct {
	// Start names each seat at the start of a sentence ("Computer",
	// "Ann"), Mid inside one ("the computer", "Ann"), List in a list of
	// both ("computer", "Ann") and They is its pronoun ("it", "they").
	Start, Mid, List, They [2]string
	// You is the seat of the reader, spoken to as "you" with the
	// original game's penalty words for a typed answer, or -1 when every
	// seat is named.
	You int
	// Third speaks of both seats rather than to them (a replay of two
	// bots read by an onlooker): "both chose", not "both of you chose".
	Third bool
}

// Terminal is the voice of nzsc play: the person in seat 0, the computer
// in seat 1.
var Terminal = Voice{
	Start: [2]string{"You", "Computer"}, Mid: [2]string{"you", "the computer"},
	List: [2]string{"you", "computer"}, They: [2]string{"you", "it"}, You: 0,
}

// People is the voice of two people named a (seat 0) and b (seat 1) who
// read the same lines, so that neither is "you".
func People(a, b string) Voice {
	n := [2]string{a, b}
	return Voice{Start: n, Mid: n, List: n, They: [2]string{"they", "they"}, You: -1}
}

// Onlookers is the voice of a replay read by someone in neither seat:
// seats a (seat 0) and b (seat 1), in the third person.
func Onlookers(a, b string) Voice {
	n := [2]string{a, b}
	return Voice{Start: n, Mid: n, List: n, They: [2]string{"it", "it"}, You: -1, Third: true}
}

// Narrate returns the transcript lines for turn t, which took the game
// from before to after, with the person in seat 0 and the computer in
// seat 1 (the Terminal voice); answer is the line the person typed
// (quoted when it names nothing).
func Narrate(before, after *nzsc.State, t nzsc.Turn, answer string) []string {
	return Terminal.Narrate(before, after, t, answer)
}

// Narrate returns the lines for turn t, which took the game from before
// to after, in v's names; answer is what the reader (seat v.You) typed.
func (v Voice) Narrate(before, after *nzsc.State, t nzsc.Turn, answer string) []string {
	var out lines
	phase := t.Phase()
	score := [2]int{before.Points(0) + int(t.Gained(0)), before.Points(1) + int(t.Gained(1))}
	switch {
	case t.Nullified():
		v.penalties(&out, before, t, answer)
		out.add("The score is now %d-%d.", score[0], score[1])
		out.add("Waits left: %s %d, %s %d.", v.List[0], after.Waits(0), v.List[1], after.Waits(1))
	case phase == nzsc.PickCharacter && t.Clash():
		v.clash(&out, after, t)
	case phase == nzsc.PickCharacter:
		v.chose(&out, t)
		v.gained(&out, t, "a headstart")
		out.add("The score is now %d-%d.", score[0], score[1])
	case phase == nzsc.PickBooster:
		v.chose(&out, t)
		out.add("Let the battle begin!")
	default:
		out.add("%s chose %s. %s chose %s.", v.Start[0], t.Choice(0).Name(phase), v.Start[1], t.Choice(1).Name(phase))
		v.gained(&out, t, "a point")
		out.add("The score is now %d-%d.", score[0], score[1])
	}
	if t.Setback() {
		// The original left a blank line before the setback and the
		// result; the handbook's walkthrough shows it.
		out.add("")
		out.add("Since there is a tie, the score will be reset to %d-%d.", after.Points(0), after.Points(1))
	}
	if after.Phase == nzsc.GameOver {
		out.add("")
		out.add("%s", v.result(after))
	}
	return out
}

// lines is a narration's transcript, a line at a time.
type lines []string

func (l *lines) add(format string, a ...any) { *l = append(*l, fmt.Sprintf(format, a...)) }

// penalties tells a turn that a penalty nullified: each seat's choice or
// penalty. The original game said the turn does not count only after the
// computer's penalty, never after the person's own.
func (v Voice) penalties(out *lines, before *nzsc.State, t nzsc.Turn, answer string) {
	phase := t.Phase()
	readerOffended, otherOffended := false, false
	for s := range 2 {
		o, ch := t.Offence(s), t.Choice(s)
		switch {
		case o == nzsc.NoOffence && v.You >= 0 && s != v.You:
			// The original game kept the computer's choice of a
			// turn that does not count to itself.
		case o == nzsc.NoOffence:
			out.add("%s chose %s.", v.Start[s], ch.Name(phase))
		case s == v.You:
			readerOffended = true
			*out = append(*out, yourPenalty(before, phase, ch, o, answer, offered(before, before.Phase, s)))
		default:
			otherOffended = true
			*out = append(*out, namedPenalty(before, v.Start[s], v.They[s], phase, ch, o))
		}
	}
	if otherOffended && !readerOffended {
		out.add("As a result, this turn does not count.")
	}
}

// clash tells a character clash: both must repick, and how often each
// has now picked the character.
func (v Voice) clash(out *lines, after *nzsc.State, t nzsc.Turn) {
	c := nzsc.Character(t.Choice(0))
	if v.Third {
		out.add("Both chose %s, so they must repick.", c)
	} else {
		out.add("Both of you chose %s, so you must repick.", c)
	}
	for s := range 2 {
		_, n := after.CharacterStreak(s)
		have := "has"
		if s == v.You {
			have = "have"
		}
		out.add("%s %s picked %s %s.", v.Start[s], have, c, times(n))
	}
}

// chose tells both seats' choices, a line each.
func (v Voice) chose(out *lines, t nzsc.Turn) {
	phase := t.Phase()
	out.add("%s chose %s.", v.Start[0], t.Choice(0).Name(phase))
	out.add("%s chose %s.", v.Start[1], t.Choice(1).Name(phase))
}

// gained tells who gained what the turn gives (a headstart, a point):
// both, one seat, or neither.
func (v Voice) gained(out *lines, t nzsc.Turn, what string) {
	// of is "of you" to the readers of the seats, nothing to onlookers.
	of := " of you"
	if v.Third {
		of = ""
	}
	switch g := [2]uint8{t.Gained(0), t.Gained(1)}; {
	case g[0] > 0 && g[1] > 0:
		out.add("As a result, both%s get %s.", of, what)
	case g[0] > 0:
		out.add("As a result, %s %s.", v.gets(0), what)
	case g[1] > 0:
		out.add("As a result, %s %s.", v.gets(1), what)
	default:
		out.add("As a result, neither%s gets %s.", of, what)
	}
}

// gets is "you get" or "Ann gets": the verb agrees with the seat.
func (v Voice) gets(s int) string {
	if s == v.You {
		return v.Mid[s] + " get"
	}
	return v.Mid[s] + " gets"
}

// result is the last line of a finished game: the reader's win or loss,
// or the winner named with the winner's points first.
func (v Voice) result(st *nzsc.State) string {
	if v.You == 0 {
		return resultLine(st)
	}
	switch st.Result {
	case nzsc.FirstWins:
		return fmt.Sprintf("%s won %d-%d%s.", v.Start[0], st.Points(0), st.Points(1), marginNote(st))
	case nzsc.SecondWins:
		return fmt.Sprintf("%s won %d-%d%s.", v.Start[1], st.Points(1), st.Points(0), marginNote(st))
	}
	return fmt.Sprintf("The game is a draw at %d-%d: it reached the limit of %d turns.", st.Points(0), st.Points(1), st.TurnCap)
}

// offered names the choices seat had in st, at any NZSC table (an
// nzsc.State or an nzscn.State, whose phase is phase): the options the
// person was shown.
func offered(st interface {
	Legal(seat int, buf *[nzsc.MaxChoices]nzsc.Choice) int
}, phase nzsc.Phase, seat int) []string {
	var buf [nzsc.MaxChoices]nzsc.Choice
	n := st.Legal(seat, &buf)
	out := make([]string, n)
	for i, c := range buf[:n] {
		out[i] = c.Name(phase)
	}
	return out
}

// yourPenalty words the person's offence as the original game did, with
// the waits the rules charge; a name that is no name at all gets the
// closest of the options the person was offered (a name not on offer
// would only cost waits again).
func yourPenalty(before *nzsc.State, phase nzsc.Phase, c nzsc.Choice, o nzsc.Offence, answer string, options []string) string {
	w := o.Waits()
	name := c.Name(phase)
	switch o {
	case nzsc.WrongUniverse:
		return fmt.Sprintf("\"%s\" is not a %s (the closest name is %s). %d wait penalty!", strings.TrimSpace(answer), phase, closestOf(options, answer), w)
	case nzsc.FourthInARow:
		return fmt.Sprintf("You have already chosen %s %s in a row. You must choose something else before choosing it again. %d wait penalty!", name, times(streakOf(before, phase)), w)
	case nzsc.WrongCharacter:
		return fmt.Sprintf("%s is from the wrong character. %d wait penalty!", name, w)
	case nzsc.WrongBooster:
		return fmt.Sprintf("%s is from the wrong booster. %d wait penalty!", name, w)
	case nzsc.DestroyedMove:
		if nzsc.Move(c).SingleUse() {
			return fmt.Sprintf("%s is single-use. You cannot use it again. %d wait penalty!", name, w)
		}
		return fmt.Sprintf("%s has been destroyed. You cannot use it anymore. %d wait penalty!", name, w)
	case nzsc.Stuck:
		return fmt.Sprintf("You have no legal move left, so you must pass. %d wait penalty!", w)
	}
	return fmt.Sprintf("%s: %s. %d wait penalty!", name, o, w)
}

// namedPenalty words the offence of a seat named who (the computer:
// the classic opponent never commits one; other bots may, or may be
// stuck), they being its pronoun, in a turn from before (nil: a game of
// the shared rules).
func namedPenalty(before *nzsc.State, who, they string, phase nzsc.Phase, c nzsc.Choice, o nzsc.Offence) string {
	w := o.Waits()
	name := c.Name(phase)
	switch o {
	case nzsc.WrongUniverse:
		return fmt.Sprintf("%s's answer is not a %s. %d wait penalty!", who, phase, w)
	case nzsc.FourthInARow:
		return fmt.Sprintf("%s chose %s a %s time in a row. %d wait penalty!", who, name, ordinal(streakOf(before, phase)+1), w)
	case nzsc.WrongCharacter:
		return fmt.Sprintf("%s chose %s, which is from the wrong character. %d wait penalty!", who, name, w)
	case nzsc.WrongBooster:
		return fmt.Sprintf("%s chose %s, which is from the wrong booster. %d wait penalty!", who, name, w)
	case nzsc.DestroyedMove:
		return fmt.Sprintf("%s chose %s, which has been destroyed. %d wait penalty!", who, name, w)
	case nzsc.Stuck:
		return fmt.Sprintf("%s has no legal move left, so %s must pass. %d wait penalty!", who, they, w)
	}
	return fmt.Sprintf("%s chose %s: %s. %d wait penalty!", who, name, o, w)
}

// times counts repetitions: "1 time", "2 times".
func times(n int) string {
	if n == 1 {
		return "1 time"
	}
	return fmt.Sprintf("%d times", n)
}
