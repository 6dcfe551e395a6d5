package play

import (
	"fmt"

	"github.com/nzsclab/nzsc/engine/game"
)

// A teller is one game's words for the one Session: how a game opens, what
// the person is asked, how an answer reads, how a step is told, the score,
// the rules and the board a page draws; and the words for people who share
// the game (share). The session knows no game's
// wording; each game's teller (nzsc.go, nzscn.go, npzr.go) registers a
// constructor here. Its methods get the session's state and never change
// it.
type teller interface {
	// heading is a game's first lines: against whom, its seed and the
	// command that replays it.
	heading(opponent string, seed uint64, replay string) []string
	// opening is what is shown when a decision of the person's opens
	// (NPZR: the table); nil for none.
	opening(st game.State) []string
	// question is what the person is asked now, and whether a terminal
	// lists the options under it.
	question(st game.State) (ask string, list bool)
	// parse reads the person's answer as an action, or returns the lines
	// that explain why it is not one the game takes (the person is asked
	// again). legal are the person's legal actions.
	parse(st game.State, line string, legal []game.Action) (game.Action, []string)
	// step tells one step that took the game from before to after with
	// acts (Pass for a seat that did not decide); answer is the line the
	// person typed ("" when the person did not decide).
	step(before, after game.State, acts []game.Action, answer string) []string
	// end is what follows a finished game's last step.
	end(st game.State) []string
	// stopped is the line of a game stopped before its end.
	stopped(st game.State) string
	// result is the last line of a finished game, for the status.
	result(st game.State) string
	// score answers the score command.
	score(st game.State) []string
	// command answers a game's own command (NPZR: table); false when cmd
	// is none.
	command(cmd string, st game.State) ([]string, bool)
	// help and rules answer those commands.
	help() string
	rules() string
	// names names every seat, phase names what is decided now.
	names() []string
	phase(st game.State) string
	// board is the game's picture of the table for a page (JSON).
	board(st game.State) any
	// wrap is whether a terminal wraps the game's lines (Reply.Wrap).
	wrap() bool
	// replay is how Tell tells a record r of the game called title, not
	// as the session's person but to anyone reading the record: names
	// name the seats in the narration and seats in the header (the
	// person's, seat you or -1 for none, as "You" and as "person (seat
	// 0, \"you\")"); the teller may rename seats in the header.
	replay(title string, r *game.Record, names, seats []string, you int) told
	// share is the game's words for people who share it (a room), seats
	// named by names and nobody "you" (people.go).
	share(names []string) sharer
}

// told is a record's game as Tell tells it.
type told struct {
	// header is the text before the first step.
	header string
	// step is the text of step s, the turn'th.
	step func(turn int, s *game.Step) string
	// end is the text after the last step ("" for none).
	end string
}

// tellers are the registered teller constructors: each returns its
// game's teller for g with the person in seat and seats named by names
// (the bots' names; "" for the person), or false when g is not its game.
var tellers []func(g game.Game, seat int, names []string) (teller, bool, error)

func registerTeller(f func(g game.Game, seat int, names []string) (teller, bool, error)) {
	tellers = append(tellers, f)
}

// newTeller returns g's teller.
func newTeller(g game.Game, seat int, names []string) (teller, error) {
	for _, f := range tellers {
		if t, ok, err := f(g, seat, names); ok {
			return t, err
		}
	}
	return nil, fmt.Errorf("play: %s at %d players cannot be played by a person", g.Info().Name, g.Seats())
}

// tellerOf returns g's teller for what does not depend on the person's
// seat or the bots' names: the rules, and a record's replay.
func tellerOf(g game.Game) (teller, error) {
	return newTeller(g, 0, make([]string, g.Seats()))
}

// Playable reports whether a person can play g (a teller knows it).
func Playable(g game.Game) bool {
	_, err := tellerOf(g)
	return err == nil
}

// Reference is g's player's reference under g's rules options: what the
// rules command answers while playing g, and what 'nzsc rules' prints for
// any game, so that every game's reference has one text.
func Reference(g game.Game) (string, error) {
	t, err := tellerOf(g)
	if err != nil {
		return "", err
	}
	return t.rules(), nil
}
