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
		example: "nzsc match classic greedy --games 100 --games-log games.jsonl.gz\n  nzsc replay games.jsonl.gz --list\n  nzsc replay games.jsonl.gz --index 3",
		flags: func(fs *pflag.FlagSet) {
			fs.Int("index", -1, "replay only record `N` of the file (0 first); default every record")
			fs.Bool("list", false, "list the file's games instead, one line each (the N of --index, bots by seat, winner, score, steps, seed), as a PGN viewer's game list; for logs of either --games-log-level")
		},
		run: runReplay,
	})
}

// errDone stops reading a file of records once the wanted one is done.
var errDone = errors.New("done")

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
	i, shown := -1, 0
	err := results.ReadRecords(args[0], func(r *game.Record) error {
		if err := e.ctx.Err(); err != nil {
			return err // Ctrl-C: a log of a million games is minutes of reading
		}
		i++
		if index >= 0 && i != index {
			return nil
		}
		if r.Turns == nil {
			// Said before the heading: "Game 0" and then no game.
			return fmt.Errorf("game %d: the log keeps only the outcome of its games (--games-log-level outcome), no turns to replay; 'nzsc replay %s --list' lists them", i, args[0])
		}
		g, err := game.Build(r.Game, r.Seats, r.Rules)
		if err != nil {
			return fmt.Errorf("game %d: %v", i, err)
		}
		if shown > 0 {
			fmt.Fprintln(e.stdout)
		}
		fmt.Fprintf(e.stdout, "Game %d\n", i)
		if err := play.Replay(e.stdout, g, r); err != nil {
			return fmt.Errorf("game %d: %v", i, err)
		}
		shown++
		if index >= 0 {
			return errDone
		}
		return nil
	})
	switch {
	case errors.Is(err, errDone):
	case e.ctx.Err() != nil:
		return e.ctx.Err()
	case err != nil:
		return usagef("replay: %v", err)
	case index >= 0:
		return usagef("replay: %s holds %s, numbered from 0: there is no record %d", args[0], nouns(i+1, "record"), index)
	case shown == 0:
		return usagef("replay: %s holds no game records", args[0])
	}
	return nil
}

// listRecords writes replay --list: the table of contents of a file of
// game records.
func listRecords(e *env, path string) error {
	l := report.NewRecordList(e.stdout, e.width)
	n := 0
	err := results.ReadRecords(path, func(r *game.Record) error {
		if err := e.ctx.Err(); err != nil {
			return err
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
		l.Close() // the games before the damaged one, then the error
		return usagef("replay: %v", err)
	case n == 0:
		return usagef("replay: %s holds no game records", path)
	}
	return l.Close()
}

// writeErr is a failure to write the list (a closed pipe), told apart
// from a damaged log, which is bad input.
type writeErr struct{ err error }

func (e writeErr) Error() string { return e.err.Error() }
