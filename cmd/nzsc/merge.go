package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

func init() {
	register(&command{
		name:    "merge",
		args:    "RUN_DIR...",
		summary: "combine the run directories of a run's shards into one run directory, exactly, and report it",
		example: "nzsc merge runs/shard-0 runs/shard-1 runs/shard-2 --out runs/merged",
		flags: func(fs *pflag.FlagSet) {
			fs.String("out", "", "directory for the merged run (required; must not hold a run)")
			fs.String("games-log", "", "merge the shards' games logs into this file, in chunk order: the log of the run played at once (gzip when it ends in .gz)")
			addFormatFlag(fs, "", "table", "csv", "json")
			fs.Bool("quiet", false, "print nothing but errors")
		},
		run: runMerge,
	})
}

// afterMergedLog is called between the merged games log's publishing and
// the run's saving: a test kills the merge there.
var afterMergedLog = func() {}

func runMerge(e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) == 0 {
		return usagef("merge: want the shards' run directories")
	}
	out := mustString(fs, "out")
	if out == "" {
		return usagef("merge: --out DIR is required")
	}
	format, err := formatOf("merge", fs, "table", "csv", "json")
	if err != nil {
		return err
	}
	quiet, _ := fs.GetBool("quiet")
	if quiet && fs.Changed("format") {
		// --quiet won without a word: --format json printed nothing.
		return usagef("merge: --quiet prints nothing, --format %s the merged run; give one of them", format)
	}
	if mustString(fs, "games-log") == "-" {
		return usagef("merge: --games-log: %v", results.ErrDash) // before it is made absolute
	}
	man, counts, err := results.Merge(args)
	if err != nil {
		return usagef("merge: %v", err)
	}
	if !man.Complete {
		// A merged directory cannot be resumed (its shards can), so an
		// incomplete one would be a dead end: write nothing. The
		// directories named are the user's input: exit code 2.
		if _, m, _, err := results.Load(args[0]); len(args) == 1 && err == nil && !m.IsShard() {
			// A run interrupted on one machine, not a shard: nothing to
			// merge it with.
			return usagef("merge: %s is an unfinished %s (%d of its %d chunks played), not a shard: there is nothing to merge it with; finish it with 'nzsc %s --resume %[1]s'; nothing written",
				args[0], man.Kind, counts.NumFinished(), man.Chunks, man.Kind)
		}
		return usagef("merge: the directories hold %d of the run's %d chunks: a shard is missing or unfinished; resume each unfinished shard (nzsc %s --resume SHARD_DIR), then merge all shards again; nothing written",
			counts.NumFinished(), man.Chunks, man.Kind)
	}
	// The merged run's games log is the one merged here, or none: a
	// shard's log holds only its share of the games.
	logPath := mustString(fs, "games-log")
	var shardLogs []string
	if logPath != "" {
		var level, levelOf string
		for _, p := range args {
			_, m, _, err := results.Load(p)
			if err != nil {
				return usagef("merge: %v", err)
			}
			if m.GamesLog == "" {
				return usagef("merge: --games-log: %s keeps no games log", p)
			}
			// One detail for the whole log: a log that says full but
			// holds some games as outcomes only would mislead its
			// readers.
			l := m.GamesLogLevel
			if l == "" {
				l = results.LevelFull
			}
			if level != "" && l != level {
				return usagef("merge: --games-log: %s logs its games at level %s, %s at %s (--games-log-level): one log cannot hold both", levelOf, level, p, l)
			}
			level, levelOf = l, p
			shardLogs = append(shardLogs, m.GamesLog)
		}
		man.GamesLogLevel = level
		if logPath, err = filepath.Abs(logPath); err != nil {
			return usagef("merge: --games-log: %v", err)
		}
		// A path the log cannot be written at (a directory, a link) is
		// the user's input, as for a run's --games-log: exit 2, before
		// any log is read.
		if err := results.CheckOutput(logPath); err != nil {
			return usagef("merge: --games-log: %v; nothing written", err)
		}
	}
	// The merged run's directory first, as a run makes it (the log may
	// be in it, beside the run's own files), then its log. It is this
	// merge's alone while it writes, as a run's is its player's: locked
	// by CreateDir before it is judged empty (two merges into one --out
	// at once each took it as empty and wrote their files over the
	// other's).
	dir, undo, err := roundrobin.CreateMergeDir(out, logPath)
	switch {
	case errors.Is(err, results.ErrExists):
		// Not the library's "use --resume": a merge is not resumed.
		return usagef("merge: --out %s already holds a run; merge into a new or empty directory", out)
	case errors.Is(err, results.ErrBusy):
		return usagef("merge: --out %s is being written by another process (a merge or a run); merge into another directory", out)
	case err != nil:
		return usagef("merge: %v", err)
	}
	unlock, err := dir.Lock()
	if err != nil {
		undo()
		return fmt.Errorf("merge: %w", err)
	}
	defer unlock()
	if err := dir.Unguarded(); err != nil && !quiet {
		fmt.Fprintf(e.stderr, "note: %v\n", err)
	}
	man.GamesLog = logPath
	if logPath != "" {
		if st, err := os.Stat(filepath.Dir(logPath)); err != nil || !st.IsDir() {
			undo()
			return usagef("merge: --games-log: no directory %s to write %s in; nothing written", filepath.Dir(logPath), filepath.Base(logPath))
		}
		// Looked at again now that --out is made: the log may name it,
		// or a parent made for it (the user's mistake, as the look
		// above refuses it when it exists).
		if err := results.CheckOutput(logPath); err != nil {
			undo()
			return usagef("merge: --games-log: %v; nothing written", err)
		}
		// A log inside --out there already is the leftover of this
		// merge killed before it saved (CreateMergeDir let nothing
		// else of the user's be there): kept only as the very bytes
		// merged now.
		n, err := roundrobin.MergeGamesLogs(e.ctx, man, logPath, shardLogs, results.LogNameIn(out, logPath) != "")
		if err == nil && (e.ctx.Err() != nil || n != man.GamesDone) {
			// A log cut short is removed by MergeGamesLogs; a whole one
			// of a merge stopped or not matching its counts is not left
			// to look like the run's.
			os.Remove(logPath)
		}
		if err != nil || e.ctx.Err() != nil || n != man.GamesDone {
			undo()
		}
		switch {
		case errors.Is(err, results.ErrExists):
			return usagef("merge: --games-log %s already exists; merge into a new file", logPath)
		case e.ctx.Err() != nil:
			// Stopped (Ctrl-C).
			return fmt.Errorf("merge interrupted; nothing written")
		case err == nil && n != man.GamesDone:
			return usagef("merge: --games-log: the shards' logs hold %d games, their counts %d (a log cut short, or of another run?); nothing written", n, man.GamesDone)
		case errors.Is(err, results.ErrBadLog):
			// The shards' logs are the user's input: exit code 2.
			return usagef("merge: %v; nothing written", err)
		case err != nil:
			return fmt.Errorf("merge: %w", err)
		}
	}
	afterMergedLog()
	if err := dir.Save(man, counts); err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	if quiet {
		format = ""
	}
	return endSaved(e, "merge", report.End{Dir: dir, Manifest: man, Counts: &counts.Tournament, Format: format,
		Options: report.Options{Width: e.width, Top: report.DefaultTop}}, false)
}
