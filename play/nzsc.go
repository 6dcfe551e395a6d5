package play

import (
	"fmt"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// This file is two-player NZSC's teller: the original single-player
// game's words (Voice.Narrate), the person in seat 0 as "you" and the bot
// in seat 1 as "the computer", and the board both NZSC tellers draw.

func init() {
	registerTeller(func(g game.Game, seat int, names []string) (teller, bool, error) {
		eg, ok := g.(*nzsc.Game)
		if !ok {
			return nil, false, nil
		}
		if seat != 0 {
			return nil, true, fmt.Errorf("play: in two-player NZSC the seats are alike: you play seat 0")
		}
		return &nzsc2{r: eg.EngineRules()}, true, nil
	})
}

// NZSCBoard is NZSC's board (Status.Board) at any number of seats: every
// player's standing, in seat order, and the points that win.
type NZSCBoard struct {
	Players []Side `json:"players"`
	// Points wins the game; Waits is what each player started with.
	Points int `json:"points"`
	Waits  int `json:"waits"`
}

// Side is one NZSC player's standing.
type Side struct {
	Name   string `json:"name"`
	Points int    `json:"points"`
	Waits  int    `json:"waits"`
	// Character and Booster once chosen ("" before).
	Character string `json:"character,omitempty"`
	Booster   string `json:"booster,omitempty"`
	// Destroyed lists the moves it can no longer play (destroyed, or
	// single-use and spent).
	Destroyed []string `json:"destroyed"`
	// Last is its last character pick (before the move phase) or move,
	// played InARow times running ("" and 0 before any).
	Last    string `json:"last,omitempty"`
	InARow  int    `json:"in_a_row"`
	Blocked string `json:"blocked,omitempty"` // the move or character it may not choose now (the streak limit)
}

// nzscSeats is what both NZSC states (nzsc.State, nzscn.State) say of
// a seat.
type nzscSeats interface {
	Points(seat int) int
	Waits(seat int) int
	Character(seat int) nzsc.Character
	Booster(seat int) nzsc.Booster
	Settled() bool
	CharacterStreak(seat int) (nzsc.Character, int)
	MoveStreak(seat int) (nzsc.Move, int)
	Destroyed(seat int) uint32
}

// sideOf is seat's standing under rules r (normalized).
func sideOf(st nzscSeats, seat int, name string, r nzsc.Rules) Side {
	sd := Side{Name: name, Points: st.Points(seat), Waits: st.Waits(seat), Destroyed: []string{}}
	if st.Settled() {
		sd.Character, sd.Booster = st.Character(seat).String(), st.Booster(seat).String()
		if m, n := st.MoveStreak(seat); n > 0 {
			sd.Last, sd.InARow = m.String(), n
			if n >= int(r.MoveStreak) {
				sd.Blocked = m.String()
			}
		}
		sd.Destroyed = nzsc.MoveNames(st.Destroyed(seat))
		return sd
	}
	if c, n := st.CharacterStreak(seat); n > 0 {
		sd.Last, sd.InARow = c.String(), n
		if n >= int(r.CharacterStreak) {
			sd.Blocked = c.String()
		}
	}
	if c := st.Character(seat); c < nzsc.NumCharacters {
		sd.Character = c.String()
	}
	return sd
}

// standing is the score command's line for one side ("Clown with
// Moustachio; destroyed: Big Hairy Deal; last move Nose, 1 in a row").
func standing(sd Side, settled, over bool, r nzsc.Rules) string {
	var parts []string
	switch {
	case sd.Character == "":
		parts = append(parts, "no character yet")
	case sd.Booster == "":
		parts = append(parts, sd.Character+", no booster yet")
	default:
		parts = append(parts, sd.Character+" with "+sd.Booster)
	}
	if settled {
		d := "nothing destroyed"
		if len(sd.Destroyed) > 0 {
			d = "destroyed: " + strings.Join(sd.Destroyed, ", ")
		}
		parts = append(parts, d)
	}
	what, limit := "pick", int(r.CharacterStreak)
	if settled {
		what, limit = "move", int(r.MoveStreak)
	}
	if sd.InARow > 0 {
		l := fmt.Sprintf("last %s %s, %d in a row", what, sd.Last, sd.InARow)
		if sd.Blocked != "" && !over {
			l += fmt.Sprintf(" (not allowed a %s time)", ordinal(limit+1))
		}
		parts = append(parts, l)
	}
	return strings.Join(parts, "; ")
}

// nzscQuestion is NZSC's question at any number of seats.
func nzscQuestion(p nzsc.Phase) (string, bool) { return fmt.Sprintf("Choose a %s:", p), true }

// nzscParse reads a name as the rules read it: a name that is not a
// legal choice is an answer all the same, which the rules penalize.
func nzscParse(st game.State, line string) (game.Action, []string) {
	a, err := st.Observe(0).ParseAction(line)
	if err != nil {
		return game.Pass, []string{err.Error()}
	}
	return a, nil
}

// nzsc2 tells two-player NZSC.
type nzsc2 struct {
	r nzsc.Rules
}

func state2(st game.State) *nzsc.GameState { return st.(*nzsc.GameState) }

func (t *nzsc2) heading(opponent string, seed uint64, replay string) []string {
	return []string{fmt.Sprintf("Playing against %s with seed %#x (replay: %s).", opponent, seed, replay), ""}
}

func (t *nzsc2) opening(game.State) []string { return nil }

func (t *nzsc2) question(st game.State) (string, bool) { return nzscQuestion(state2(st).State.Phase) }

func (t *nzsc2) parse(st game.State, line string, _ []game.Action) (game.Action, []string) {
	return nzscParse(st, line)
}

func (t *nzsc2) step(before, after game.State, _ []game.Action, answer string) []string {
	b, a := state2(before), state2(after)
	out := Narrate(&b.State, &a.State, a.History[len(a.History)-1], answer)
	return append(out, "")
}

// end: two blank lines before the question, as in the handbook.
func (t *nzsc2) end(game.State) []string { return []string{""} }

func (t *nzsc2) stopped(st game.State) string {
	s := &state2(st).State
	return fmt.Sprintf("The game stops here with the score at %d-%d.", s.Points(0), s.Points(1))
}

func (t *nzsc2) result(st game.State) string { return resultLine(&state2(st).State) }

func (t *nzsc2) score(st game.State) []string { return scoreLines(&state2(st).State) }

func (t *nzsc2) command(string, game.State) ([]string, bool) { return nil, false }

func (t *nzsc2) help() string { return Help }

func (t *nzsc2) rules() string {
	var b strings.Builder
	WriteReference(&b, t.r)
	return b.String()
}

func (t *nzsc2) names() []string { return []string{"You", "Computer"} }

func (t *nzsc2) phase(st game.State) string { return state2(st).State.Phase.String() }

func (t *nzsc2) board(st game.State) any {
	s := &state2(st).State
	r := s.Rules().Normalized()
	return NZSCBoard{Players: []Side{sideOf(s, 0, "You", r), sideOf(s, 1, "Computer", r)}, Points: int(r.Points), Waits: int(r.Waits)}
}

// scoreLines answers the score command.
func scoreLines(st *nzsc.State) []string {
	r := st.Rules().Normalized()
	you, comp := sideOf(st, 0, "You", r), sideOf(st, 1, "Computer", r)
	out := []string{fmt.Sprintf("Score: you %d, computer %d (%d wins). Waits: you %d, computer %d.",
		you.Points, comp.Points, r.Points, you.Waits, comp.Waits)}
	for _, sd := range []Side{you, comp} {
		out = append(out, fmt.Sprintf("%s: %s.", sd.Name, standing(sd, st.Settled(), st.Phase == nzsc.GameOver, r)))
	}
	if st.Phase != nzsc.GameOver {
		out = append(out, fmt.Sprintf("Turn %d of at most %d.", st.Turn+1, st.TurnCap))
	}
	return out
}

// resultLine is the last line of a finished game.
func resultLine(st *nzsc.State) string {
	switch st.Result {
	case nzsc.FirstWins:
		return fmt.Sprintf("You won %d-%d%s.", st.Points(0), st.Points(1), marginNote(st))
	case nzsc.SecondWins:
		return fmt.Sprintf("You lost %d-%d%s.", st.Points(0), st.Points(1), marginNote(st))
	}
	return fmt.Sprintf("The game is a draw at %d-%d: it reached the limit of %d turns.", st.Points(0), st.Points(1), st.TurnCap)
}

// marginNote is a finished game's margin in parentheses (" (Clinch)"),
// or nothing for a game to other than five points, whose margins the
// rulebook does not name.
func marginNote(st *nzsc.State) string {
	if m := st.Margin(); m != "" {
		return " (" + m + ")"
	}
	return ""
}

// streakOf returns the most choices in a row of one character (phase
// PickCharacter) or one move (any other phase) that st's rules allow;
// a nil st has the shared rules.
func streakOf(st *nzsc.State, phase nzsc.Phase) int {
	r := nzsc.DefaultRules.Normalized()
	if st != nil {
		r = st.Rules().Normalized()
	}
	if phase == nzsc.PickCharacter {
		return int(r.CharacterStreak)
	}
	return int(r.MoveStreak)
}

// ordinal spells the small ordinals of the streak limits ("fourth").
func ordinal(n int) string {
	if n >= 1 && n <= 5 {
		return [...]string{"first", "second", "third", "fourth", "fifth"}[n-1]
	}
	return fmt.Sprint(n) + "th"
}

// wrap: the original game's lines are kept as they were.
func (t *nzsc2) wrap() bool { return false }

// replay tells a two-player record to onlookers or, when the person
// played seat 0 (nzsc play --record), to the person as nzsc play told it,
// the bot in the header as "the computer". The last step already says
// who won.
func (t *nzsc2) replay(title string, r *game.Record, names, seats []string, you int) told {
	v := Onlookers(names[0], names[1])
	if you == 0 {
		v = Terminal
		seats[1] = fmt.Sprintf("%s (seat 1, \"the computer\")", r.Bots[1])
	}
	end := ""
	if r.Result.Forfeit != nil {
		end = endLine(r, names)
	}
	return told{
		header: fmt.Sprintf("%s: %s vs %s, seed %s\n\n", title, seats[0], seats[1], r.Seed),
		step: func(_ int, s *game.Step) string {
			before := s.Before.(*nzsc.GameState).State
			after := s.After.(*nzsc.GameState)
			return toldLines(v.Narrate(&before, &after.State, after.History[len(after.History)-1], s.Names[0]))
		},
		end: end,
	}
}

// share: two people read the same lines in the People voice.
func (t *nzsc2) share(names []string) sharer { return nzsc2People{People(names[0], names[1])} }

// nzsc2People is two-player NZSC shared by two people.
type nzsc2People struct{ v Voice }

func (p nzsc2People) step(before, after game.State, _ []game.Action) []string {
	b, a := state2(before), state2(after)
	return append(p.v.Narrate(&b.State, &a.State, a.History[len(a.History)-1], ""), "")
}

func (p nzsc2People) result(st game.State) string { return p.v.result(&state2(st).State) }

func (p nzsc2People) board(st game.State, _ int) any {
	gs := &state2(st).State
	r := gs.Rules().Normalized()
	return NZSCBoard{Players: []Side{sideOf(gs, 0, p.v.Start[0], r), sideOf(gs, 1, p.v.Start[1], r)},
		Points: int(r.Points), Waits: int(r.Waits)}
}
