// Package loadouts is two-player NZSC's loadout analysis: it turns the
// game's own tally of a run (nzsc.Stats: each pairing's games by the
// loadouts both bots played) into the win-rate tables the reports show,
// by loadout, character and booster, pooled and per bot, and a match's
// results per loadout pairing. It sits beside analysis/solve as one of
// NZSC's own analyses: package analysis, below it, knows no game; the
// reports (package report, results' CSV files) call it when a run's
// tally is NZSC's.
//
// Functions keep no shared state and may be called from any goroutine;
// they allocate their result tables (12×12 at most) and run once per
// report, never per game.
package loadouts
