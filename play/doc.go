// Package play is the terminal front end for people: a person plays NZSC
// against a bot (by default the original game's classic computer
// opponent) by typing answers, in the original single-player game's
// wording; and the player's reference printed by 'nzsc rules'.
//
// The game itself is the engine's symmetric two-player API: the person is
// seat 0 and answers through the transcript, the bot is seat 1 and answers
// through the agents interface. A Session reads whole lines, so answers
// may be typed or piped. Nothing here is shared between goroutines except
// the line reader Run starts; allocation is of no concern at human speed.
//
// NPZR (npzr.go) plays Ninja Pirate Zombie Robot the same way, through the
// game contract: the table drawn as text and commands named as the game
// names its actions.
package play
