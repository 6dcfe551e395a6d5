// Package nzscn holds the bots for NZSC at 3 or 4 seats (package
// engine/nzscn): random, classic, greedy, mcts, paranoid and cce. They are
// registered under the game name "nzsc" with MinSeats 3 and MaxSeats 4,
// beside the two-player bots of the same names (package agents/nzsc), and are
// picked by agents.ParseForSeats from the table's size.
//
// Every bot is an agents.Player reading *nzscn.Observation, which shows
// every player. A bot instance belongs to one goroutine; its randomness
// comes only from the source NewGame gives it, so a game is a pure
// function of its seed. Act does not allocate once a bot's buffers have
// grown.
package nzscn

import (
	"fmt"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

// Seat range of every bot of this package.
const (
	minSeats = 3
	maxSeats = nzscn.MaxPlayers
)

// observed returns the N-player NZSC observation behind obs; any other is
// a programmer error (a bot seated at the wrong game).
func observed(obs game.Observation) *nzscn.Observation {
	o, ok := obs.(*nzscn.Observation)
	if !ok {
		panic(fmt.Sprintf("agents/nzscn: an N-player NZSC bot was given a %T observation", obs))
	}
	return o
}
