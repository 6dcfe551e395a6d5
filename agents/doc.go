// Package agents defines what a bot is (Agent for two-player NZSC's fast
// table, Player for any game), the registry that builds bots from spec
// strings such as "mcts:iters=5000,c=1.2", the machinery every game's bots
// share (exec bots speaking the protocol, noise, clocks, budgets, the
// run's stop, the simultaneous-move MCTS of agents/nzsc and agents/nzscn),
// and the tables that play one game: Table.Play, two-player NZSC's
// between two agents, and PlayerTable.Play, any game's through the game
// contract. The bots themselves live in one package per game
// (agents/nzsc, agents/nzscn, agents/npzr), each registering itself when
// imported.
//
// An Agent instance belongs to one goroutine; runners build one instance
// per worker from a Bot. Agents get their randomness from the *rand.Rand
// handed to NewGame, never from a global source, so a game is a pure
// function of its seed.
package agents
