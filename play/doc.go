// Package play is where people play: a person plays NZSC against a bot
// (by default the original game's classic computer opponent) by answering
// in lines, in the original single-player game's wording; and the
// player's reference printed by 'nzsc rules'.
//
// A Session is the game driven one answer at a time and tied to no
// terminal: Start and Answer return the transcript lines to show, the
// question with its options and the score, waits, destroyed moves and
// streaks. Run (the terminal), the web server and the static web page
// are loops over it, so all three say the same words. A Session is not
// safe for concurrent use; Run's line reader is its only goroutine;
// allocation is of no concern at human speed.
//
// The game itself is the engine's symmetric two-player API: the person is
// seat 0, the bot seat 1, answering through the agents interface.
//
// NPZR (npzr.go) plays Ninja Pirate Zombie Robot the same way, through the
// game contract: the table drawn as text and commands named as the game
// names its actions.
package play
