// Package play is where people play: a person plays any game of the lab
// (two-player NZSC against the original game's classic computer by
// default, NZSC for 3 or 4 players, Ninja Pirate Zombie Robot) against
// bots in the other seats, by answering in lines, in each game's own
// words (its teller's, which also write the player's reference that
// 'nzsc rules' prints).
//
// A Session is a person's games driven one answer at a time and tied to
// no terminal: Start and Answer return the transcript lines to show, the
// question with its options and the state of the game. Run (the
// terminal), the web server and the static web page are loops over it,
// so all three say the same words in every game. The session is one loop
// over the game contract (engine/game): whose decision it is, the legal
// actions, the bots' actions, the step applied, the record kept. What a
// game says (the question, how an answer reads, how a step is told, the
// score, the rules, the board a page draws) is the game's teller, one
// per game in this package (nzsc.go, nzscn.go, npzr.go), which the
// session looks up by the game it is given. The commands help, rules,
// score, legal and quit never cost a turn in any game.
//
// Two-player NZSC speaks in the original single-player game's words (the
// one narration, Voice.Narrate, which rooms and replay use too), the
// person in seat 0 as "you" and the bot as "the computer".
//
// A Session is not safe for concurrent use; Run's line reader is its only
// goroutine; allocation is of no concern at human speed.
package play
