// Package nzsc implements the rules of two-player NZSC (Ninja Zombie Samurai
// Clown) exactly as the project's rulebook states them: character picks with repicks
// and the three-in-a-row rule, headstarts, boosters, rounds scored from the
// 28×28 outcome table, single-use and destructive moves, move streaks, the
// 5-5 setback, every penalty clause with waits and the penalty point, stuck
// players, and the turn cap. Rules also plays the variants game designers
// ask about (points to win, streak limits, starting waits, headstarts off,
// No Booster forbidden); a State carries its rules, and the shared rules
// keep the fast paths (PlayRandom's register-resident rounds).
//
// A game is a State, a small value type with no pointers, slices or maps, so
// it can be copied freely (search code copies it at every node). Both seats
// are symmetric: each turn both players' choices are given to Step at once.
// Legal choices are written into an array the caller owns. Nothing in this
// package allocates while a game is played, and a State is not safe for
// concurrent mutation (copy it instead: copies are independent).
//
// Beside the rules, the package adapts them to the game contract
// (contract.go, game.Info) and keeps the game's own tally of a run
// (Stats: each pairing's games by the loadouts played), which the fast
// loops feed on the value-type State without allocating per game; a
// Stats is one goroutine's (the pipeline keeps one per chunk and merges
// them).
package nzsc
