// Package nzsc holds the bots of two-player NZSC (package engine/nzsc,
// imported here as nz), registered with package agents for game "nzsc"
// at 2 seats: random, classic (the original game's computer), greedy,
// nash (each round's one-shot equilibrium), mcts (simultaneous-move MCTS
// on agents.SMSearch, shared with agents/nzscn), optimal (the solved
// game's equilibrium, analysis/solve), resolve (the same equilibrium
// solved online, piece by piece, from no stored solution) and exploiter
// (safe exploitation: it tells the opponent's bot apart from its choices
// and plays against it only as far as what it has won covers the risk,
// on analysis/solve's values). Import it for its registrations.
//
// Every bot is an agents.Agent: it sees the whole public state (NZSC has
// no hidden information) on agents.Table's fast loop. Agents get their
// randomness from the *rand.Rand handed to NewGame, never from a global
// source, so a game is a pure function of its seed.
package nzsc
