// Package results keeps runs on disk: a run directory holds a manifest
// (how the run was made) and the aggregated counts in a versioned JSON
// format that also serves as the resume checkpoint; beside them a run
// keeps its games log. It merges the partial run directories of shards
// into one, exactly, and writes the files a command is told to write
// (CheckOutput, WriteOutput, CreateOutput: a new file renamed over the
// old, never through a link).
//
// # Layout of a run directory
//
//	manifest.json   Manifest: command line, program version, master seed,
//	                bots and parameters, rules, schedule, shard, times,
//	                games done, whether the run is complete
//	counts.json     Counts: format version, bots, one record set per
//	                pairing, and the finished chunks (the checkpoint)
//	*.csv           tables derived from counts.json by package report
//	                (rewritten by 'nzsc report'; never read back)
//
// counts.json is the only source of numbers: every table and plot is
// computed from it, so a report re-renders without replaying games.
// Files are written to a temporary name and renamed, so a run killed
// while writing keeps its previous checkpoint.
//
// Storage knows no game and renders nothing: a game's own tally is kept
// in the game's JSON (game_stats) and read through the game registry
// (engine/game), so a program that loads run directories registers the
// games it knows (cmd/nzsc imports engine/games).
//
// Functions here do file I/O and allocate; values are not shared between
// goroutines.
package results
