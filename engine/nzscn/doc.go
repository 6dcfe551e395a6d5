// Package nzscn implements NZSC for 2, 3 or 4 players (free-for-all), as
// the project's rulebook states it: unique characters with everyone
// repicking on a clash, headstarts against each opponent, rounds scored
// against every opponent pair by pair, destructive moves that destroy the
// move of every other player, penalties that pay every opponent, stuck
// players whose pass leaves the others' round standing (with 3 or more
// players), the end-of-turn deduction rule, finishing orders with shared
// places, and the turn cap.
//
// It plays by package nzsc's rules code (engine/nzsc) (outcome table, Smash against
// Shadow Fireball, headstarts, penalty clauses, move sets, the
// three-in-a-row rule); only what differs with more players lives here.
// With 2 players it plays exactly nzsc's game, but nzsc.State stays the
// two-player fast path.
//
// A game is a State, a small value type with no pointers, slices or maps.
// Legal choices are written into an array the caller owns, and nothing in
// this package allocates while a game is played. A State is not safe for
// concurrent mutation; copies are independent.
package nzscn
