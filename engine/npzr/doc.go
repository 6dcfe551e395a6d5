// Package npzr implements the rules of Ninja Pirate Zombie Robot, the
// two-player card game, as the project settles them (docs/npzr.md): the
// 56-card deck, the seeded shuffle and deal, draw-then-play turns with
// fast wild cards, placing on any pile of either player's stacks,
// completion after every placement and move, earned moves, the reshuffle
// of scored cards, the win on either player's turn and the turn cap.
//
// A game is a State, a fixed-size value with no pointers, slices or maps,
// so search code copies it freely. Legal actions are appended to a buffer
// the caller owns; RandomAction and PlayRandom pick uniformly among them
// without listing them. Nothing here allocates while a game is played. A
// State is not safe for concurrent mutation; copies are independent.
//
// Observation is what one seat sees (its hand, counts of the opponent's
// hand and of the deck, the table, the scored cards); Determinize deals
// the cards it does not see into a State consistent with it, for bots
// that search. Game and GameState put the game behind the lab's game
// contract (package game).
package npzr
