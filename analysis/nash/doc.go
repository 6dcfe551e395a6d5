// Package nash solves matrix games and finite games in strategic form.
// Two players: Solve, given a zero-sum
// payoff matrix whose rows the maximizing player picks and whose columns
// the minimizing player picks, it finds the game's value and an optimal
// mixed strategy for each side. AllZeroSum and AllBimatrix enumerate
// every extreme equilibrium of a small game (zero-sum, or general-sum
// with a matrix per player) by vertex enumeration, each verified by both
// sides' regrets, with the game's degeneracy and its maximal Nash
// subsets; LemkeHowson finds one equilibrium of a bimatrix game of any
// size by the Lemke–Howson path from a dropped label; ReadCSV reads a
// payoff matrix from a file. Exact makes an enumeration's equilibria
// exact in math/big.Rat arithmetic, each verified exactly (Gambit's
// fractions).
//
// Any number of players: ReadNFG reads a game from Gambit's .nfg
// format (either version; sizes bounded); PureEquilibria lists every
// pure-strategy equilibrium, exactly; LogitEquilibrium finds one mixed
// equilibrium by following the logit quantal-response path, its
// regrets then computed exactly (Regrets) and certified within an
// epsilon the caller gives (the certificate of that answer: its
// probabilities are approximate). gonum has linear programming but
// nothing for games of more than two players, and no Go module doing
// this was found, so it is written here.
//
// Every answer comes with a certificate that is checked before it is
// returned: both strategies are probability vectors (entries >= 0, tiny
// negative rounding noise clamped to 0, summing to 1), and the row
// strategy's guaranteed payoff min_j (xᵀA)_j and the column strategy's
// guaranteed cap max_i (Ay)_i lie within Tol·max(1, max|a_ij|) of each
// other. Since the value lies between those two numbers, a certified pair
// is an equilibrium up to that tolerance, whichever solver produced it.
//
// Solve uses gonum's optimize/convex/lp Simplex as its primary solver. That
// routine is known to return wrong answers with a nil error on near-tied
// float matrices and to loop forever on some small games, so it is run
// under an iteration budget (the constraint matrix it reads counts its
// accesses and aborts the run when the budget is spent: no goroutine is
// left behind) and its answer must pass the certificate; otherwise Solve
// falls back to this package's own dense simplex with Bland's rule, which
// cannot cycle. SolveWith forces either solver (for tests and comparisons).
//
// Functions in this package keep no shared state and may be called from
// any number of goroutines at once. Solve and SolveWith allocate (gonum's
// matrices and the returned strategies); Check does not. The
// enumerations are brute force over bases (MaxBases bounds them) and
// allocate freely.
package nash
