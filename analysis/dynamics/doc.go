// Package dynamics asks what evolution would make of a population of
// strategies whose pairwise payoffs were measured: which strategies a
// population drifts to, which ones a single mutant can take over, and
// where the population spends its time. It is the evolutionary companion
// of the static meta-game (analysis.Metagame): an equilibrium says which
// mix cannot be exploited, dynamics say which strategies win out and
// whether they cycle.
//
// The input is a Payoff: the score shares between K strategies
// (Score[i][j] is i's expected share of the points against j, in [0, 1])
// and, when they were measured, the counts of wins, draws and losses
// behind them. The package knows no game: a tournament's cross-table, a
// hand-written rock–paper–scissors matrix and an exact solution's values
// are all the same to it. Three analyses:
//
//   - Replicator dynamics (Taylor & Jonker 1978; nashpy's
//     replicator_dynamics): ẋ_i = x_i((Ax)_i − xᵀAx) integrated with a
//     fixed-step fourth-order Runge–Kutta from the centre of the simplex;
//     the trajectory, its end point, its time average (which in a
//     constant-sum game converges to the equilibrium set even when the
//     trajectory cycles) and how fast it still moves at the end.
//   - The Moran process of a finite population of N (Nowak et al. 2004;
//     Axelrod's MoranProcess): frequency-dependent fitness 1 − w + w·f
//     from the payoffs, the exact fixation probability of one mutant in
//     closed form, and for K strategies the embedded Markov chain over the
//     monomorphic populations in the limit of rare mutations (Fudenberg &
//     Imhof 2006) with its stationary distribution; and one seeded
//     history of the process (SimulateMoran, as Axelrod's
//     MoranProcess.play), with mutations if asked.
//   - α-Rank (Omidshafiei et al. 2019, single population): the same chain
//     with the Fermi (logit) selection of intensity α and population size
//     m, as OpenSpiel's alpharank.py computes it, its stationary
//     distribution and the ranking by it.
//
// Each analysis answers with the run's own sampling error: Analyze
// redraws every pair's games from their observed multinomial (a
// parametric bootstrap over the pair counts, seeded, so a report is
// reproducible), recomputes everything on each replicate, and gives each
// strategy's weight a percentile interval, its rank a range, and the
// strategies it is not separable from: those whose order against it the
// replicates reverse or tie too often (more than 2.5%, as a two-sided
// 95% test).
//
// Two seats only: every method here needs a payoff of one strategy
// against one other. The replicator equation and α-Rank extend to games of
// 3 or 4 seats with the payoff of a strategy against each multiset of
// opponents (a heuristic payoff table), and the Moran process with groups
// drawn from the population; that needs per-table counts this package
// does not read (analysis.SeatMetagame reads them for the many-seat
// meta-game's equilibrium).
//
// Functions keep no shared state and may be called from any goroutine.
// They allocate their results (small: K² and the trajectory's samples);
// Analyze's cost grows with the bootstrap's replicates times the
// replicator's steps times K²; it solves the replicates on GOMAXPROCS
// goroutines, at most one a CPU (analysis.EachReplicate), with the same
// answer on any number.
package dynamics
