// Package agents defines what a bot is (Agent), the registry that builds
// bots from spec strings such as "mcts:iters=5000,c=1.2", the built-in
// bots, and Play, the loop that plays one NZSC game between two agents.
//
// An Agent instance belongs to one goroutine; runners build one instance
// per worker from a Bot. Agents get their randomness from the *rand.Rand
// handed to NewGame, never from a global source, so a game is a pure
// function of its seed.
package agents
