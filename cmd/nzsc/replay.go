package main

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
)

func init() {
	register(&command{
		name:    "replay",
		args:    "FILE",
		summary: "re-play game records (a games log, or a game saved by 'nzsc play --record') through the engine and narrate them",
		more:    "FILE is read as gzip when its name ends in .gz; FILE - reads standard input, gzip or not (zcat games.jsonl.gz | nzsc replay - --list).",
		example: "nzsc match classic greedy --games 100 --games-log games.jsonl.gz\n  nzsc replay games.jsonl.gz --list\n  nzsc replay games.jsonl.gz --index 3",
		flags: func(fs *pflag.FlagSet) {
			// Default 0 and fs.Changed, not -1: the help read "default
			// every record (default -1)".
			fs.Int("index", 0, "replay only record `N` of the file (0 first); default every record")
			fs.Bool("list", false, "list the file's games instead, one line each (the N of --index, bots by seat, winner, score, steps, seed), as a PGN viewer's game list; for logs of either --games-log-level")
		},
		run: runReplay,
	})
}

func runReplay(e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) != 1 {
		return usagef("replay: want one file of game records, got %d arguments", len(args))
	}
	index, _ := fs.GetInt("index")
	if fs.Changed("index") && index < 0 {
		return usagef("replay: --index must not be negative, got %d", index)
	}
	if list, _ := fs.GetBool("list"); list {
		if fs.Changed("index") {
			return usagef("replay: --list lists every record; --index N narrates one (give one of them)")
		}
		return listRecords(e, args[0])
	}
	if fs.Changed("index") {
		return replayOne(e, args[0], index)
	}
	i, shown := -1, 0
	err := readRecords(e, args[0], func(r *game.Record) error {
		if err := e.ctx.Err(); err != nil {
			return err // Ctrl-C: a log of a million games is minutes of reading
		}
		i++
		if err := narrate(e, args[0], i, r, shown > 0); err != nil {
			return err
		}
		shown++
		return nil
	})
	switch {
	case e.ctx.Err() != nil:
		return e.ctx.Err()
	case err != nil:
		return usagef("replay: %v", err)
	case shown == 0:
		return usagef("replay: %s holds no game records", fileName(args[0]))
	}
	return nil
}

// stdinName is "-", the file of records read from standard input (a
// pipe: zcat log.gz | nzsc replay - --list), gzip or not.
const stdinName = "-"

// fileName is how errors name the file at path.
func fileName(path string) string {
	if path == stdinName {
		return "standard input"
	}
	return path
}

// readRecords is results.ReadRecords, or the same on standard input
// when path is "-".
func readRecords(e *env, path string, visit func(r *game.Record) error) error {
	if path != stdinName {
		return results.ReadRecords(path, visit)
	}
	rd, err := results.Gunzipped(e.stdin, fileName(path))
	if err != nil {
		return err
	}
	return results.ReadRecordsFrom(rd, fileName(path), visit)
}

// replayOne narrates record index of the file at path; the records
// before it are only counted (a log of 850 000 games decoded and checked
// every one before its last: 17 s of CPU where gunzip takes 1.6 s).
func replayOne(e *env, path string, index int) error {
	var r *game.Record
	var n int
	var err error
	if path == stdinName {
		// A pipe is read once: each record decoded up to the one asked.
		found := errors.New("found")
		err = readRecords(e, path, func(rec *game.Record) error {
			if n == index {
				r = rec
				return found
			}
			n++
			return e.ctx.Err()
		})
		if err == found {
			err = nil
		}
	} else {
		r, n, err = results.ReadRecord(e.ctx, path, index)
	}
	switch {
	case e.ctx.Err() != nil:
		return e.ctx.Err()
	case err != nil:
		return usagef("replay: %v", err)
	case r == nil && n == 0:
		return usagef("replay: %s holds no game records", fileName(path)) // as replay and --list say
	case r == nil:
		return usagef("replay: %s holds %s, numbered from 0: there is no record %d", fileName(path), nouns(n, "record"), index)
	}
	if err := narrate(e, path, index, r, false); err != nil {
		return usagef("replay: %v", err)
	}
	return nil
}

// narrate re-plays record r, number i of the file at path, under its
// heading (after a blank line when it is not the first shown).
func narrate(e *env, path string, i int, r *game.Record, blank bool) error {
	if r.Turns == nil {
		// Said before the heading: "Game 0" and then no game.
		return fmt.Errorf("game %d: the log keeps only the outcome of its games (--games-log-level outcome), no turns to replay; 'nzsc replay %s --list' lists them", i, path)
	}
	g, err := game.Build(r.Game, r.Seats, r.Rules)
	if err != nil {
		return fmt.Errorf("game %d: %v", i, err)
	}
	if blank {
		fmt.Fprintln(e.stdout)
	}
	fmt.Fprintf(e.stdout, "Game %d\n", i)
	if err := play.Replay(e.stdout, g, r); err != nil {
		return fmt.Errorf("game %d: %v", i, err)
	}
	return nil
}

// listRecords writes replay --list: the table of contents of a file of
// game records.
func listRecords(e *env, path string) error {
	l := report.NewRecordList(e.stdout)
	n := 0
	err := readRecords(e, path, func(r *game.Record) error {
		if err := e.ctx.Err(); err != nil {
			return err
		}
		// A game the lab does not play is refused as replaying it is
		// (the list reads no turn, so nothing else would notice).
		if _, err := game.Lookup(r.Game); err != nil {
			return fmt.Errorf("game %d: %w", n, err)
		}
		if err := l.Add(n, r); err != nil {
			return writeErr{err}
		}
		n++
		return nil
	})
	var we writeErr
	switch {
	case e.ctx.Err() != nil:
		return e.ctx.Err()
	case errors.As(err, &we):
		return we.err
	case err != nil:
		if n > 0 {
			l.Close() // the games before the damaged one, then the error
		}
		// (With none, no table: a heading over nothing, then "is a
		// directory" or "line 1: not a game record", was a listing.)
		return usagef("replay: %v", err)
	case n == 0:
		return usagef("replay: %s holds no game records", fileName(path))
	}
	return l.Close()
}

// writeErr is a failure to write the list (a closed pipe), told apart
// from a damaged log, which is bad input.
type writeErr struct{ err error }

func (e writeErr) Error() string { return e.err.Error() }
