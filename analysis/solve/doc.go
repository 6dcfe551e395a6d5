// Package solve solves two-player NZSC exactly: the one-round sub-games of every
// loadout pairing (Rounds), the move phase of every pairing as a
// zero-sum stochastic game (SolveMoves), and on top of it the booster and
// character phases (Solve). The move phase of B against A is that of A
// against B with the seats swapped, so Solve solves one of the two, in
// whichever order needs no extended precision if either does, and keeps
// the other as its mirror image (Pairing.Mirror). It also computes how far a fixed bot is from
// optimal play: the exact best response to it (BestResponse), and what a
// response so computed is worth against another policy of the bot
// (Exploit.Evaluate: against fresh draws of a sampled bot). The bots
// read it too: optimal plays a whole Solution, resolve solves the
// pieces it reaches online (NewPartial, SolvePairingInto,
// SolveBoostersOf, SolveCharacters), and exploiter values states and
// turns (Solution.StateValue, Solution.TurnMatrix).
//
// The move phase is a recursive game: payoff +1, -1 or 0 only at the end,
// 0 for endless play. States (scores, destroyed moves, move streaks) are
// enumerated from nzsc.NewRound with nzsc.Step; strongly connected
// components (Tarjan) are solved in dependency order, each by
// Hoffman–Karp strategy iteration (matrix games solved by a fixed-size
// simplex, strategy pairs evaluated exactly by a linear solve). Every
// answer is certified: each side's exact best-response value against the
// other's stationary strategies (a Markov decision process, solved with
// end components collapsed so that endless play is valued correctly)
// bounds the true value from below and above; the gap between the bounds
// is reported. Some components are of Everett's kind, where stationary
// strategies only approach the value by taking ever smaller risks over
// ever longer play; float64 can neither find nor certify such strategies
// to 1e-9. When a pairing's gap exceeds CertificateTol it is solved again
// with those components (the ones whose certificate is wider than what
// they inherit) solved in extended precision (math/big.Float, bigPrec
// bits): a game discounted by 1e-40 whose strategies risk ~1e-20 per
// turn, certified by best responses computed in extended precision too
// (bigBR), with outward rounding. Whatever gap remains is reported, not
// hidden.
//
// A solved pairing keeps two numbers per state (a discounted and an
// undiscounted value) and a rule byte, from which a player recomputes the
// certified strategies exactly (Graph.Strategies); in components solved
// in extended precision the strategies are stored instead
// (Pairing.Explicit). The package owns the solution's file format
// (SavedSolution, format.go): a Solution converts to and from it
// (Export, Import) and is saved and loaded with Save and Load.
//
// Values of this package are not safe for concurrent mutation; a solved
// Solution may be read from any number of goroutines. SolveMatrix and
// SolvePure do not allocate (except the rare exact-arithmetic fallback);
// graph building and solving allocate freely.
package solve
