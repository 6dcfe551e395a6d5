// Package analysis turns the counts of matches and tournaments into the
// statistics people read: scores with Wilson intervals, cross-tables,
// Bradley–Terry ratings on the Elo scale (Hunter's MM algorithm),
// Plackett–Luce ratings, average places, win shares and "finished ahead
// of" matrices for free-for-all tables of 3 or more, the meta-game's Nash
// equilibrium over the bots (at 3 or 4 seats the symmetric game of the
// tables, SeatMetagame, with its regret as certificate), the sequential probability ratio test
// that fishtest runs on pentanomial counts, and the mean of a few
// independent estimates with its standard error, Student's t quantile
// and the 95% interval they give (MeanSE, T95, MeanHalf: the exploit
// analyses' batches, positions and pick plans). It knows no game: a
// game's own tally (game.Stats) is carried, not read; a game's own
// analyses live beside it (analysis/loadouts, analysis/solve for
// two-player NZSC).
//
// Inputs are plain counts (Record, Pairing, Tournament): value types of
// fixed size whose memory does not depend on the number of games. Every
// estimate comes with its 95% interval and a Significant flag, so that
// tables can mark the others with "~" as benchstat does.
//
// Functions keep no shared state and may be called from any goroutine;
// a Tournament must not be modified while it is being analysed. The
// analyses allocate their result tables (small: bots², bots^seats for
// SeatMetagame); nothing here runs per game. A bootstrap's replicates
// (NewSeatMetagame's, EachReplicate) run on GOMAXPROCS goroutines (at
// most one a CPU), with the same answer on any number.
package analysis
