// Package game is the contract every game of the lab implements, so that
// bots, runners, records and reports can hold any of them: two-player NZSC,
// NZSC for 3 or 4 players, Ninja Pirate Zombie Robot.
//
// It follows OpenSpiel's game API (open_spiel/spiel.h) in what it covers: a
// game says how many seats it takes, whether seats decide simultaneously or
// one at a time, whether chance (a shuffle) is part of it and whether
// information is hidden; a state says which seats decide now, writes their
// legal actions into a buffer the caller owns, applies actions, gives each
// seat an Observation holding only what that seat may see, names actions
// with stable strings, and reports a finishing order.
//
// The contract sits beside each game's own fast API, not under it: NZSC's
// value-type nzsc.State, Step and PlayRandom stay as they are, and the
// adapter that implements this contract calls them. Code that must be fast
// for one game (a random-against-random match, a solver) uses the game's own
// API; code that serves every game (the exec protocol, records, replay, the
// generic table) uses this one.
//
// Values of this package are plain data. A State is owned by one goroutine;
// Clone gives an independent copy.
package game

import (
	"encoding/json"
	"fmt"
)

// MaxSeats is the most seats any game of the lab has.
const MaxSeats = 4

// Action is one decision of one seat, in the game's own numbering. The
// numbering may depend on the state (NZSC numbers characters, boosters and
// moves from 0 within each phase); Observation.ActionString names an
// action stably, for people, records and the exec protocol.
type Action uint32

// Pass is the action of a seat that does not decide in a step: it is not to
// act, or it has no legal action (a stuck NZSC player).
const Pass Action = 0xFFFFFFFF

// Info describes a kind of game: what the registry lists and what a runner
// needs to know before it builds one.
type Info struct {
	// Name is the registry key and the --game value ("nzsc", "npzr").
	Name string
	// Title is the game's full name, for people.
	Title string
	// MinSeats and MaxSeats bound the number of players.
	MinSeats, MaxSeats int
	// Simultaneous is set when every seat to act decides at once without
	// seeing the others' choices (NZSC). Otherwise one seat acts at a time,
	// possibly several times in a row (NPZR's turn is several decisions).
	Simultaneous bool
	// Chance is set when the game draws chance events (a shuffle) from the
	// seed given to Game.NewState.
	Chance bool
	// Hidden is set when a seat's observation is less than the state.
	Hidden bool
	// IllegalForfeits is set when an action outside State.Legal forfeits
	// the game (a runner then never passes it to Apply). Otherwise the
	// rules handle it (NZSC penalizes it) and Apply accepts it.
	IllegalForfeits bool
	// Rules lists the rule options, in the order they are documented.
	Rules []RuleOption
	// New returns a game for seats players under rules. It validates both
	// and returns a one-line error naming the problem.
	New func(seats int, rules Rules) (Game, error)
	// Stats, when set, returns an empty tally of the game's own
	// statistics for runs of g among entrants bots (see Stats); nil
	// when the game has none at g's number of seats.
	Stats func(g Game, entrants int) Stats
}

// RuleOption is one rules setting a game accepts as --rule key=value.
type RuleOption struct {
	Key     string
	Default string
	Help    string
}

// Rules are rules options by key, as the user gave them or as a Game
// reports its effective settings (every option, defaults filled in).
type Rules map[string]string

// Game is a configured game: a kind, a number of seats and its rules. It is
// immutable and may be shared by goroutines.
type Game interface {
	// Info describes the game's kind.
	Info() *Info
	// Seats returns the number of players.
	Seats() int
	// Rules returns the game's effective rules, for manifests and
	// records: Info.New of the same seats and these rules builds the same
	// game (the conformance suite checks it). A game may leave out options
	// at their defaults (NZSC keeps turn_cap and the options that differ
	// from the shared rules, so that records of the shared rules read as
	// they always have); Info.Value fills them in.
	Rules() Rules
	// NewState returns a game's first state. Chance events (a shuffle)
	// are drawn from seed, so a game is a pure function of its rules,
	// its bots and its seed.
	NewState(seed uint64) State
}

// State is a game in progress. It is not safe for concurrent use; Clone
// returns an independent copy.
type State interface {
	// ToAct appends to dst[:0] the seats that decide now, in seat order,
	// and returns it. It is empty when the game is over, and may be empty
	// before the end when no seat can decide (two stuck NZSC players):
	// the step is then applied with every seat passing.
	ToAct(dst []int) []int
	// Legal appends to dst[:0] the legal actions of seat now, in the
	// game's canonical order, and returns it; empty when seat does not
	// decide now.
	Legal(seat int, dst []Action) []Action
	// Apply plays one step: acts[s] is seat s's action for every seat in
	// ToAct, Pass for the others. It returns an error for an action the
	// game cannot apply at all (a runner checks legality first where
	// Info.IllegalForfeits is set).
	Apply(acts []Action) error
	// Over reports whether the game has ended.
	Over() bool
	// Outcome returns the finishing order; meaningful once Over, but
	// for its Score, which holds each seat's points at any step (a
	// forfeited game's record keeps those of the step where it stopped).
	Outcome() Outcome
	// Turn returns the number of steps applied so far.
	Turn() int
	// Observe returns what seat may see now. The value is valid until
	// the state changes; Observation.Clone keeps it.
	Observe(seat int) Observation
	// Clone returns an independent copy.
	Clone() State
}

// Resampler is implemented by the states of a game with hidden
// information (Info.Hidden). Resample returns a state that seat cannot
// tell from this one (the same observation and legal actions for seat)
// with what seat may not see drawn anew from seed: in NPZR the
// opponent's hand and the order of the deck. The conformance suite
// (package gametest) checks with it that a seat's observation holds
// nothing hidden from it; search bots may determinize with it.
type Resampler interface {
	Resample(seat int, seed uint64) State
}

// Observation is what one seat may see of a state: its own information
// and the public information, nothing else. Each game has its own concrete
// type, which that game's bots read; the JSON form is the one the exec
// protocol sends and game records keep, documented with the game.
type Observation interface {
	// Seat returns the observer's seat.
	Seat() int
	// ActionString names one of the observer's actions, as the game's
	// docs spell it.
	ActionString(a Action) string
	// ParseAction reads a name as one of the observer's actions. A name
	// the game cannot read at all is an error; whether a readable action
	// is legal is a separate question (see State.Legal).
	ParseAction(s string) (Action, error)
	json.Marshaler
}

// Outcome is how a game ended: a finishing order, not only win, draw or
// loss.
type Outcome struct {
	// Seats is the number of players.
	Seats int
	// Place[s] is seat s's finishing place, 1 for first. Equal places are
	// shared: in a drawn two-player game both are first.
	Place [MaxSeats]uint8
	// Winner is the seat that won, or -1 when nobody did (a draw, the turn
	// cap). A draw may still rank the players (NZSC for 3 or 4 players
	// ranks them by score at the turn cap).
	Winner int
	// Score is each seat's final points, as the game counts them.
	Score [MaxSeats]int
}

// Draw reports whether nobody won.
func (o *Outcome) Draw() bool { return o.Winner < 0 }

// RankByScore returns an outcome with places from scores: higher scores
// finish ahead, equal scores share a place (the standard competition
// ranking "1224"). winner is recorded as given.
func RankByScore(seats int, score [MaxSeats]int, winner int) Outcome {
	o := Outcome{Seats: seats, Score: score, Winner: winner}
	for s := range seats {
		place := 1
		for t := range seats {
			if score[t] > score[s] {
				place++
			}
		}
		o.Place[s] = uint8(place)
	}
	if winner >= 0 {
		// The winner is first whatever the scores say (a two-player NZSC
		// penalty win on equal points cannot happen, but a forfeit can
		// leave the winner behind on points).
		for s := range seats {
			if s != winner && o.Place[s] <= o.Place[winner] {
				o.Place[s]++
			}
		}
		o.Place[winner] = 1
	}
	return o
}

// Forfeit returns the outcome of a game that seat forfeited: in a two-seat
// game the opponent wins; with more seats the forfeiter is last and the
// others share first place, nobody winning.
func Forfeit(seats, seat int) Outcome {
	o := Outcome{Seats: seats, Winner: -1}
	for s := range seats {
		o.Place[s] = 1
	}
	o.Place[seat] = uint8(seats)
	if seats == 2 {
		o.Place[seat] = 2
		o.Winner = 1 - seat
	}
	return o
}

// String writes the places, "1-2" or "1-3-2-3".
func (o Outcome) String() string {
	s := ""
	for i := range o.Seats {
		if i > 0 {
			s += "-"
		}
		s += fmt.Sprint(o.Place[i])
	}
	return s
}
