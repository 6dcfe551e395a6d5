package play

import (
	"fmt"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

// This file is the teller of NZSC for 3 or 4 players, in the words of the
// two-player game where it has words: the question and the options, every
// player's choice, who scored, the score line (with the waits),
// penalties, the deduction rule and the finishing order.

func init() {
	registerTeller(func(g game.Game, seat int, names []string) (teller, bool, error) {
		ng, ok := g.(*nzscn.Game)
		if !ok {
			return nil, false, nil
		}
		if seat != 0 {
			return nil, true, fmt.Errorf("play: in NZSC the seats are alike: you play seat 0")
		}
		t := &nzscN{n: g.Seats(), r: ng.EngineRules()}
		t.seatNames = append([]string{"You"}, names[1:]...)
		for s := 1; s < t.n; s++ {
			t.seatNames[s] = fmt.Sprintf("%s (seat %d)", names[s], s)
		}
		return t, true, nil
	})
}

// nzscN tells NZSC for 3 or 4 players, the person in seat 0.
type nzscN struct {
	n         int
	r         nzsc.Rules
	seatNames []string
}

func stateN(st game.State) *nzscn.GameState { return st.(*nzscn.GameState) }

func (t *nzscN) heading(opponent string, seed uint64, replay string) []string {
	return []string{fmt.Sprintf("Playing NZSC for %d players, you against %s, with seed %#x (replay: %s).",
		t.n, strings.Join(t.seatNames[1:], ", "), seed, replay), ""}
}

func (t *nzscN) opening(game.State) []string { return nil }

func (t *nzscN) question(st game.State) (string, bool) { return nzscQuestion(stateN(st).State.Phase) }

func (t *nzscN) parse(st game.State, line string, _ []game.Action) (game.Action, []string) {
	return nzscParse(st, line)
}

func (t *nzscN) step(before, after game.State, _ []game.Action, answer string) []string {
	b, a := stateN(before), stateN(after)
	out := narrateTable(&b.State, &a.State, a.History[len(a.History)-1], t.seatNames, 0, answer)
	if a.State.Over() {
		out = append(out, "", t.result(after))
	}
	return append(out, "")
}

func (t *nzscN) end(game.State) []string { return []string{""} }

func (t *nzscN) stopped(st game.State) string {
	return "The game stops here with the score at " + scoreLine(&stateN(st).State, t.n) + "."
}

// result is the finishing order.
func (t *nzscN) result(st game.State) string {
	s := &stateN(st).State
	res := nzscn.OutcomeOf(s)
	parts := make([]string, t.n)
	for i := range t.n {
		parts[i] = fmt.Sprintf("%s %d", t.seatNames[i], res.Place[i])
	}
	l := "Final places: " + strings.Join(parts, ", ")
	if res.Winner < 0 {
		l += fmt.Sprintf(" (a draw: the game reached the limit of %d turns)", s.TurnCap)
	}
	return l + "."
}

func (t *nzscN) score(st game.State) []string {
	s := &stateN(st).State
	r := t.r.Normalized()
	out := []string{"Score (waits): " + scoreLine(s, t.n) + fmt.Sprintf("; %d wins.", r.Points)}
	for i := range t.n {
		out = append(out, fmt.Sprintf("%s: %s.", t.seatNames[i], standing(sideOf(s, i, t.seatNames[i], r), s.Settled(), s.Over(), r)))
	}
	if !s.Over() {
		out = append(out, fmt.Sprintf("Turn %d of at most %d.", s.Turn+1, s.TurnCap))
	}
	return out
}

func (t *nzscN) command(string, game.State) ([]string, bool) { return nil, false }

func (t *nzscN) help() string { return Help }

func (t *nzscN) rules() string {
	var b strings.Builder
	writeReference(&b, t.r, t.n)
	return b.String()
}

func (t *nzscN) names() []string { return t.seatNames }

func (t *nzscN) phase(st game.State) string { return stateN(st).State.Phase.String() }

func (t *nzscN) board(st game.State) any {
	s := &stateN(st).State
	r := t.r.Normalized()
	b := NZSCBoard{Points: int(r.Points), Waits: int(r.Waits)}
	for i := range t.n {
		b.Players = append(b.Players, sideOf(s, i, t.seatNames[i], r))
	}
	return b
}

// narrateTable returns the lines for one turn of an N-player game, seats
// named by names; you is the reader's seat (spoken to, answer being what
// it typed), or -1 for an onlooker's replay.
func narrateTable(before, after *nzscn.State, t nzscn.Turn, names []string, you int, answer string) []string {
	var out []string
	n := int(after.Players)
	phase := t.Phase()
	var chose []string
	for s := range n {
		switch off := t.Offence(s); {
		case off == nzsc.Stuck:
			out = append(out, fmt.Sprintf("%s had no legal move left, so must pass. %d wait penalty!", names[s], off.Waits()))
		case off != nzsc.NoOffence && s == you:
			out = append(out, yourPenalty(nil, phase, t.Choice(s), off, answer, offered(before, before.Phase, s)))
		case off != nzsc.NoOffence:
			out = append(out, namedPenalty(nil, names[s], "it", phase, t.Choice(s), off))
		default:
			chose = append(chose, fmt.Sprintf("%s chose %s.", names[s], t.Choice(s).Name(phase)))
		}
	}
	if len(chose) > 0 {
		out = append([]string{strings.Join(chose, " ")}, out...)
	}
	switch {
	case t.Nullified(n):
		out = append(out, "As a result, this turn does not count.")
	case phase == nzsc.PickCharacter && t.Clash():
		out = append(out, clashText(t, n, names, you)+", so everyone must repick.")
	case phase == nzsc.PickBooster:
		out = append(out, "Let the battle begin!")
	}
	var scored []string
	for s := range n {
		if g := t.Gained(s); g > 0 {
			scored = append(scored, fmt.Sprintf("%s %+d", names[s], g))
		}
	}
	if len(scored) > 0 {
		out = append(out, "Points: "+strings.Join(scored, ", ")+".")
	}
	if t.Deducted() {
		out = append(out, "Two or more players reached 5 points, so every score goes down until only one can lead.")
	}
	out = append(out, "The score is now "+scoreLine(after, n)+".")
	return out
}

// clashText says who picked the same character as whom in a turn of
// character picks that clashed: "You and greedy (seat 1) chose Zombie",
// "All three of you chose Zombie", "You and a (seat 1) chose Zombie; b
// (seat 2) and c (seat 3) chose Ninja" (SPEC.md: any two alike and
// everyone repicks).
func clashText(t nzscn.Turn, n int, names []string, you int) string {
	var chars []string
	same := map[string][]string{}
	for s := range n {
		if t.Offence(s) != nzsc.NoOffence {
			continue
		}
		c := t.Choice(s).Name(nzsc.PickCharacter)
		if _, ok := same[c]; !ok {
			chars = append(chars, c)
		}
		same[c] = append(same[c], names[s])
	}
	var groups []string
	for _, c := range chars {
		who := same[c]
		switch {
		case len(who) < 2:
			continue
		case len(who) == n && n > 2 && you >= 0:
			groups = append(groups, fmt.Sprintf("All %s of you chose %s", [...]string{3: "three", 4: "four"}[n], c))
		case len(who) == n && n > 2: // a replay: nobody is "you"
			groups = append(groups, fmt.Sprintf("All %s players chose %s", [...]string{3: "three", 4: "four"}[n], c))
		default:
			groups = append(groups, andList(who)+" chose "+c)
		}
	}
	return strings.Join(groups, "; ")
}

// andList joins "a", "a and b", "a, b and c".
func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// scoreLine writes every player's points and waits, seat 0 first.
func scoreLine(s *nzscn.State, n int) string {
	parts := make([]string, n)
	for i := range n {
		parts[i] = fmt.Sprintf("%d (%d waits)", s.Points(i), s.Waits(i))
	}
	return strings.Join(parts, " - ")
}

func (t *nzscN) wrap() bool { return false }

// replay tells a record of 3 or 4 players in the words nzsc play uses,
// the person's seat (if any) as "You".
func (t *nzscN) replay(title string, r *game.Record, names, seats []string, you int) told {
	return told{
		header: fmt.Sprintf("%s for %d players: %s, seed %s\n\n", title, len(names), strings.Join(seats, ", "), r.Seed),
		step: func(_ int, s *game.Step) string {
			before := s.Before.(*nzscn.GameState).State
			after := s.After.(*nzscn.GameState)
			answer := ""
			if you >= 0 {
				answer = s.Names[you]
			}
			return toldLines(narrateTable(&before, &after.State, after.History[len(after.History)-1], names, you, answer))
		},
		end: endLine(r, names),
	}
}

// share: the table's words with the people's names, the same for every
// seat.
func (t *nzscN) share(names []string) sharer {
	return nzscNPeople{&nzscN{n: t.n, r: t.r, seatNames: names}}
}

// nzscNPeople is NZSC for 3 or 4 shared by people.
type nzscNPeople struct{ t *nzscN }

func (p nzscNPeople) step(before, after game.State, acts []game.Action) []string {
	return p.t.step(before, after, acts, "")
}

func (p nzscNPeople) result(st game.State) string { return p.t.result(st) }

func (p nzscNPeople) board(st game.State, _ int) any { return p.t.board(st) }
