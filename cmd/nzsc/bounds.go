package main

import "github.com/nzsclab/nzsc/tournament"

// The bounds of counts a user gives that no library checks itself (the
// libraries bound the rest: tournament.Plan.Check, roundrobin's tables,
// bot parameters, exec time limits).

// checkWorkers refuses a --workers count outside 1 to
// tournament.MaxWorkers(), the bound every command's workers share: more
// goroutines than cores only cost memory.
func checkWorkers(cmd string, workers int) error {
	if workers < 1 {
		return usagef("%s: --workers must be at least 1, got %d", cmd, workers)
	}
	if workers > tournament.MaxWorkers() {
		return usagef("%s: --workers %d: want 1 to %d (4 per core, at least 16)", cmd, workers, tournament.MaxWorkers())
	}
	return nil
}

// The bounds of exploit's counts, far past any useful value (the
// defaults are 2000 games, 16 samples, 200 visit games, 2 rounds).
const (
	maxExploitGames   = 100_000_000
	maxExploitSamples = 100_000
	maxExploitRefine  = 100
)
