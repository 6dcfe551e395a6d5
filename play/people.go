package play

import (
	"fmt"

	"github.com/nzsclab/nzsc/engine/game"
)

// This file lends the tellers' words to a game that people share (the
// rooms of nzsc serve), where every seat is a person named by name and
// nobody is "you" in the narration. The people answer with buttons
// offering legal choices only, so the one offence a shared game meets is
// being stuck. The words are each game's own (its teller's share, in
// nzsc.go, nzscn.go and npzr.go), so that a new game needs no edit here.

// A sharer is one game's words for the people who share it, every seat
// named by its person's name. Its methods never change the state.
type sharer interface {
	// step tells the step that took the game from before to after with
	// acts (Pass for a seat that did not decide), the same lines for
	// everyone.
	step(before, after game.State, acts []game.Action) []string
	// result is a finished game's end in words.
	result(st game.State) string
	// board is the game's picture of the table as seat sees it.
	board(st game.State, seat int) any
}

// Shared is a game's words for the people who share it, named by seat.
type Shared struct {
	s sharer
}

// ForPeople returns g's words for people named names (by seat), or an
// error when no teller knows g.
func ForPeople(g game.Game, names []string) (*Shared, error) {
	if len(names) != g.Seats() {
		return nil, fmt.Errorf("play: %d names for %d seats", len(names), g.Seats())
	}
	t, err := tellerOf(g)
	if err != nil {
		return nil, fmt.Errorf("play: %s at %d players cannot be shared by people", g.Info().Name, g.Seats())
	}
	return &Shared{s: t.share(names)}, nil
}

// Step tells the step that took the game from before to after with acts
// (Pass for a seat that did not decide), the same lines for everyone.
func (s *Shared) Step(before, after game.State, acts []game.Action) []string {
	return s.s.step(before, after, acts)
}

// Result is a finished game's end in words.
func (s *Shared) Result(st game.State) string { return s.s.result(st) }

// Board is the game's picture of the table as seat sees it (NZSCBoard or
// NPZRBoard, as Status.Board): in NPZR only seat's own hand.
func (s *Shared) Board(st game.State, seat int) any { return s.s.board(st, seat) }
