package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

func init() {
	register(&command{
		name:    "match",
		args:    "BOT_A BOT_B [BOT_C [BOT_D]]",
		summary: "play a match of seat-swapped game pairs between two bots (at --players 3 or 4, one bot per seat in every seat order) and report score, Elo and the game's own tables (two-player NZSC: loadout pairings)",
		example: "nzsc match random classic --games 100000 --seed 42\n  nzsc match greedy random classic --players 3 --games 600\n  nzsc match greedy random --game npzr --games 200",
		flags: func(fs *pflag.FlagSet) {
			addRunFlags(fs, 20000, "number of games: positive and even (games are played in seat-swapped pairs); at --players 3 or 4 a multiple of 6 or 24 (every seat order of a seed)",
				"run directory to keep the match in (resumable, mergeable, re-rendered by 'nzsc report'); none by default")
			addFormatFlag(fs, " (see docs/formats.md)", "table", "csv", "json")
			fs.Int("top", 12, "two-player NZSC: loadout pairings to show in the table, most frequent first (csv and json list all)")
			addRatingFlag(fs)
		},
		run: runMatch,
	})
}

func runMatch(e *env, fs *pflag.FlagSet, args []string) error {
	format, err := formatOf("match", fs, "table", "csv", "json")
	if err != nil {
		return err
	}
	top, _ := fs.GetInt("top")
	if top < 0 {
		return usagef("match: --top must not be negative, got %d", top)
	}
	rd, seedPicked, err := openRun(e, "match", fs, func(g game.Game) (*newRun, error) {
		if fs.Changed("top") {
			if err := onlyNZSC2TablesRun("match", "--top", g, nil); err != nil {
				return nil, err
			}
		}
		if len(args) != g.Seats() {
			hint := ""
			if len(args) == 1 && strings.Contains(args[0], ",") {
				hint = ": a bot per argument, not a list (nzsc match greedy random)"
			}
			return nil, usagef("match: want %s bots, one per seat (got %s%s; 'nzsc bots' lists them)", numberWord(g.Seats()), nouns(len(args), "argument"), hint)
		}
		games, err := gamesOf("match", fs, "games", g)
		if err != nil {
			return nil, err
		}
		if err := checkRatingInterval("match", fs, roundrobin.SetGames(g.Seats())); err != nil {
			return nil, err
		}
		bots, err := parseBots("match", fs, g, args, true)
		if err != nil {
			return nil, err
		}
		if g.Seats() > 2 {
			if bots, err = agents.NameCopies(bots, g); err != nil {
				return nil, usagef("match: %v", err)
			}
		}
		return &newRun{cfg: &roundrobin.Config{Bots: bots, Gauntlet: -1, HeadToHead: true},
			start: roundrobin.Start{NewRun: roundrobin.NewRun{Kind: results.KindMatch}, Games: games, Chunk: roundrobin.DefaultChunk(games, g.Seats())}}, nil
	})
	if err != nil {
		return err
	}
	if fs.Changed("resume") && len(args) > 0 {
		return usagef("match: --resume takes no bots (the run directory fixes them)")
	}
	if fs.Changed("top") && fs.Changed("resume") {
		if err := onlyNZSC2TablesRun("match", "--top", nil, rd.Manifest); err != nil {
			return err
		}
	}
	if err := checkRatingInterval("match", fs, rd.Config.SetGames()); err != nil {
		return err
	}
	unlock, err := lockRun("match", fs, rd)
	if err != nil {
		return err
	}
	defer unlock()
	res, err := playRun(e, "match", fs, rd, seedPicked, roundrobin.RunOptions{Rating: ratingOf(e, fs, rd)})
	if isUsage(err) {
		return err // the run's settings, refused before a game: named already
	}
	if err != nil && !failedUnder(err) && res.Counts.Games() == 0 && rd.Manifest.GamesDone == 0 {
		// A worker could not start (a bot that cannot be built): the
		// user's bot spec is at fault.
		return asUsage(fmt.Errorf("match: %w", err))
	}
	// On failure too, what finished is reported before the error. A
	// match that ended whole with its counts saved (--out) stops at a
	// Ctrl-C during its tail (a free-for-all's meta-game bootstrap), as
	// a tournament's does (endSaved); after a stop or a failure the
	// tail runs whole, the report of what finished being all there is.
	end := report.End{Dir: rd.Dir, Manifest: rd.Manifest, Counts: rd.Total(), Format: format,
		Options: report.Options{Width: e.width, Top: top}}
	if err == nil && !res.Interrupted {
		return endSaved(e, "match", end, false)
	}
	werr := endRun(e, end)
	if werr != nil && err == nil {
		err = werr
	}
	switch {
	case errors.Is(err, results.ErrNotSaved):
		return notSaved("match", rd, err)
	case err != nil:
		return fmt.Errorf("match stopped after %d of %d games (results above): %w", rd.Manifest.GamesDone, rd.Manifest.GamesPlanned, err)
	case res.Interrupted:
		return interrupted("match", rd)
	}
	return nil
}

// addRatingFlag declares --rating-interval, the lines a match or a
// tournament prints while it plays (cutechess-cli's and fastchess's
// -ratinginterval). Off by default: a run here plays thousands of games
// a second, where their default of a line every 10 games would bury the
// terminal, and the progress bar already shows how far it is.
func addRatingFlag(fs *pflag.FlagSet) {
	fs.Uint64("rating-interval", 0, "print a line on stderr every N games, in game order and the same whatever --workers: the games so far, the score and Elo ± 95% (a match: with its pair counts; a tournament: of its leader); 0 prints none, as --quiet (cutechess-cli's -ratinginterval)")
}

// checkRatingInterval refuses a --rating-interval that falls inside a
// seat-swapped pair or set of the run's setGames games, which the run
// counts whole.
func checkRatingInterval(cmd string, fs *pflag.FlagSet, setGames int) error {
	n, _ := fs.GetUint64("rating-interval")
	if err := roundrobin.CheckRating(n, setGames); err != nil {
		return usagef("%s: --rating-interval %d: want a multiple of %d (games are counted in whole %s)", cmd, n, setGames, map[bool]string{true: "seat-swapped pairs", false: "sets of every seat order"}[setGames == 2])
	}
	return nil
}

// ratingOf returns the rating lines --rating-interval asks of rd's run,
// printed on stderr (report.RatingLine), or nil: none asked, or --quiet.
func ratingOf(e *env, fs *pflag.FlagSet, rd *roundrobin.RunDir) *roundrobin.Rating {
	n, _ := fs.GetUint64("rating-interval")
	if quiet, _ := fs.GetBool("quiet"); quiet || n == 0 {
		return nil
	}
	clear := ""
	if e.tty {
		// The progress bar's line is erased first (it is redrawn below).
		clear = "\r\x1b[K"
	}
	return &roundrobin.Rating{Every: n, Tell: func(c *analysis.Tournament) {
		if line := report.RatingLine(rd.Manifest, c, e.ctx.Done()); line != "" {
			fmt.Fprintln(e.stderr, clear+line)
		}
	}}
}

// failedUnder reports whether a run's error is no fault of its input but
// came once it had begun: a checkpoint or the games log could not be
// written (a full disk, an I/O error), or an external program that
// started no longer does (agents.GaveUp). The project's rule
// (docs/reliability.md): bad input is exit code 2, refused before
// anything is played; a failure under a run that has begun is exit code
// 1, the same in match, sprt and tournament.
func failedUnder(err error) bool {
	return errors.Is(err, results.ErrNotSaved) || errors.Is(err, roundrobin.ErrGamesLog) || agents.GaveUp(err) != nil
}

// notSaved is the error of a run whose checkpoint could not be written
// (results.ErrNotSaved: a full disk under its run directory or its games
// log): exit code 1, saying that the games since the last checkpoint
// are not saved, never that they are.
func notSaved(cmd string, rd *roundrobin.RunDir, err error) error {
	if rd.Dir == nil {
		return fmt.Errorf("%s: %w (the games after the last checkpoint, at %d games, are lost; --out DIR keeps a run that can resume)", cmd, err, rd.Manifest.GamesDone)
	}
	return fmt.Errorf("%s: %w (the games since the last checkpoint in %s are not saved; resume it once this is fixed)", cmd, err, rd.Dir.Path)
}
