package play

import (
	"fmt"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

// This file lends the tellers' words to a game that people share (the
// rooms of nzsc serve), where every seat is a person named by name and
// nobody is "you" in the narration: two-player NZSC in the People voice,
// NZSC for 3 or 4 in the table's words, NPZR one line per action. The
// people answer with buttons offering legal choices only, so the one
// offence a shared game meets is being stuck.

// Shared is a game's words for the people who share it, named by seat.
type Shared struct {
	g     game.Game
	names []string
}

// ForPeople returns g's words for people named names (by seat), or an
// error when no teller knows g.
func ForPeople(g game.Game, names []string) (*Shared, error) {
	if len(names) != g.Seats() {
		return nil, fmt.Errorf("play: %d names for %d seats", len(names), g.Seats())
	}
	switch g.(type) {
	case *nzsc.Game, *nzscn.Game:
	case *npzr.Game:
	default:
		return nil, fmt.Errorf("play: %s at %d players cannot be shared by people", g.Info().Name, g.Seats())
	}
	return &Shared{g: g, names: names}, nil
}

// table is NZSC for 3 or 4 with the people's names.
func (s *Shared) table() *nzscN {
	return &nzscN{n: s.g.Seats(), r: s.g.(*nzscn.Game).EngineRules(), seatNames: s.names}
}

// npzr is NPZR as seen from seat, whose own name reads "you" on its board.
func (s *Shared) npzr(seat int) *npzrTeller {
	n := [2]string{s.names[0], s.names[1]}
	n[seat] = "you"
	return &npzrTeller{me: seat, name: n}
}

// Step tells the step that took the game from before to after with acts
// (Pass for a seat that did not decide), the same lines for everyone.
func (s *Shared) Step(before, after game.State, acts []game.Action) []string {
	switch s.g.(type) {
	case *nzsc.Game:
		b, a := state2(before), state2(after)
		return append(People(s.names[0], s.names[1]).Narrate(&b.State, &a.State, a.History[len(a.History)-1], ""), "")
	case *nzscn.Game:
		return s.table().step(before, after, acts, "")
	default:
		var out []string
		for seat, a := range acts {
			if a != game.Pass {
				// The action as its actor saw it: a card played is public
				// once on the table.
				out = append(out, fmt.Sprintf("%s: %s", s.names[seat], before.Observe(seat).ActionString(a)))
			}
		}
		if after.Over() || after.ToAct(nil)[0] != before.ToAct(nil)[0] {
			out = append(out, "")
		}
		return out
	}
}

// Result is a finished game's end in words.
func (s *Shared) Result(st game.State) string {
	switch s.g.(type) {
	case *nzsc.Game:
		return People(s.names[0], s.names[1]).result(&state2(st).State)
	case *nzscn.Game:
		return s.table().result(st)
	}
	if w := st.Outcome().Winner; w >= 0 {
		return s.names[w] + " wins, with all four characters."
	}
	return fmt.Sprintf("A draw: %d turns played and nobody has all four.", st.Observe(0).(*npzr.Observation).Turns)
}

// Board is the game's picture of the table as seat sees it (NZSCBoard or
// NPZRBoard, as Status.Board): in NPZR only seat's own hand.
func (s *Shared) Board(st game.State, seat int) any {
	switch s.g.(type) {
	case *nzsc.Game:
		gs := &state2(st).State
		r := gs.Rules().Normalized()
		return NZSCBoard{Players: []Side{sideOf(gs, 0, s.names[0], r), sideOf(gs, 1, s.names[1], r)},
			Points: int(r.Points), Waits: int(r.Waits)}
	case *nzscn.Game:
		return s.table().board(st)
	}
	return s.npzr(seat).board(st)
}
