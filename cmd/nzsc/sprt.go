package main

import (
	"errors"
	"fmt"

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
		name:    "sprt",
		args:    "NEW BASE",
		summary: "sequential test (fishtest's GSPRT on pentanomial pair counts), at 2-4 players: is NEW at least elo1 stronger than BASE, or at most elo0?",
		more: "Each seed plays a pair of games in which NEW and BASE swap seats. At --players 3 or 4 the other seats hold the --field bots " +
			"(copies of BASE by default), a game scores 1 for NEW when it finishes ahead of BASE, 1/2 when they share a place, 0 behind, " +
			"and the pairs cycle through every order of the seats (docs/sprt.md): nzsc sprt greedy random --players 3 --elo0 0 --elo1 50 --seed 1",
		example: "nzsc sprt nash greedy --elo0 0 --elo1 20 --seed 1",
		flags: func(fs *pflag.FlagSet) {
			fs.String("field", "", "at --players 3 or 4: the bots in the other seats, one spec for every such seat or one per seat, separated by ',' or ';' (default: copies of BASE, so that NEW is tested where it would play, in BASE's place among its peers, and the result depends on no third bot)")
			fs.Float64("elo0", 0, "H0: NEW is elo0 stronger than BASE (Elo, see --model)")
			fs.Float64("elo1", 10, "H1: NEW is elo1 stronger than BASE; must exceed elo0")
			fs.Float64("alpha", 0.05, "false positive rate (accepting H1 when H0 holds)")
			fs.Float64("beta", 0.05, "false negative rate (accepting H0 when H1 holds)")
			fs.String("model", "logistic", "Elo model of the bounds: logistic (score = 1/(1+10^(-elo/400))) or normalized (fishtest's)")
			fs.Int64("max-games", 200000, "stop without a verdict after this many games (positive, even)")
			fs.Int64("batch", roundrobin.DefaultSPRTBatch, "games between two recorded looks at the LLR, progress lines and checkpoints (positive, even); the test decides after every pair whatever the batch (docs/sprt.md)")
			addRunFlags(fs, 0, "(not used by sprt: see --max-games)", "run directory to keep the test in (resumable with --resume, re-rendered by 'nzsc report'); none by default")
			fs.MarkHidden("games")
			fs.MarkHidden("shard")
			addFormatFlag(fs, " (table: progress lines, then the result; csv: the looks, games and LLR, as looks.csv)", "table", "csv", "json")
		},
		run: runSPRT,
	})
}

func runSPRT(e *env, fs *pflag.FlagSet, args []string) error {
	format, err := formatOf("sprt", fs, "table", "csv", "json")
	if err != nil {
		return err
	}
	if fs.Changed("shard") {
		return usagef("sprt: --shard: a sequential test looks at its games in order and cannot be split")
	}
	if fs.Changed("games") {
		// A hidden flag of the shared run flags, taken and ignored: the
		// test played 246 games after --games 10.
		return usagef("sprt: --games: a sequential test plays until it decides; --max-games N bounds it")
	}
	quiet, _ := fs.GetBool("quiet")
	rd, seedPicked, err := openRun(e, "sprt", fs, func(g game.Game) (*newRun, error) { return newSPRT(fs, g, args) })
	if err != nil {
		return err
	}
	if fs.Changed("resume") && len(args) > 0 {
		return usagef("sprt: --resume takes no bots (the run directory fixes them)")
	}
	st := rd.Manifest.SPRT
	if st == nil {
		return usagef("sprt: --resume: %s holds no sequential test", rd.Dir.Path)
	}
	unlock, err := lockRun("sprt", fs, rd)
	if err != nil {
		return err
	}
	defer unlock()
	t, err := report.SPRTTest(st)
	if err != nil {
		return usagef("sprt: %v", err)
	}
	names := rd.Total().Bots
	if len(names) == 0 {
		for _, b := range rd.Config.Bots {
			names = append(names, b.Name())
		}
	}
	verdict := t.Final(st.Last())
	var tell func(results.SPRTLook)
	if format == "table" && !quiet {
		shown := st
		if verdict != analysis.Continue && len(st.Looks) > 1 {
			// A test that had decided: its last look, not every look
			// again (a long test had hundreds of lines).
			last := *st
			last.Looks = st.Looks[len(st.Looks)-1:]
			shown = &last
		}
		base := names[1]
		if len(names) > 2 {
			base = fmt.Sprintf("%s at %d seats (%s)", base, len(names), report.FieldText(names[2:]))
		}
		tell = report.SPRTProgress(e.stdout, e.width, names[0], base, t, shown)
	}
	var res roundrobin.Result
	if verdict == analysis.Continue {
		// The test's looks, one batch per segment (as the Runs page
		// plays a test).
		if res, err = playRun(e, "sprt", fs, rd, seedPicked, rd.SPRTOptions(t, &verdict, tell)); errors.Is(err, results.ErrNotSaved) {
			// A full disk is no bad input: exit code 1.
			return notSaved("sprt", rd, err)
		} else if isUsage(err) {
			return err // named "sprt: ..." already
		} else if failedUnder(err) {
			return fmt.Errorf("sprt: %w", err)
		} else if err != nil {
			return asUsage(fmt.Errorf("sprt: %w", err))
		}
	}
	if err := endRun(e, report.End{Dir: rd.Dir, Manifest: rd.Manifest, Counts: rd.Total(), Format: format,
		Options: report.Options{Width: e.width}}); err != nil {
		return fmt.Errorf("sprt: %w", err)
	}
	if res.Interrupted {
		if rd.Dir == nil {
			// Nothing was written: no run directory to resume.
			return fmt.Errorf("sprt interrupted before a verdict after %d games, read by the test; nothing saved (give --out DIR to keep a test that --resume continues)", rd.Manifest.GamesDone)
		}
		if st.EveryPair {
			// Every pair saved was read by the test, in order: the
			// result above is theirs (report.SPRT.ReadTo).
			return fmt.Errorf("sprt interrupted before a verdict after %d games, read by the test and saved; continue with 'nzsc sprt --resume %s'", rd.Manifest.GamesDone, rd.Dir.Path)
		}
		// An older test decides at batch ends: its games are those of
		// its last look (a batch cut short is kept for --resume, not
		// yet part of the test).
		var games uint64
		if n := len(st.Looks); n > 0 {
			games = st.Looks[n-1].Games
		}
		saved := ""
		if done := rd.Manifest.GamesDone; done > games {
			saved = fmt.Sprintf(" (%d played and saved, the rest of a batch)", done)
		}
		return fmt.Errorf("sprt interrupted after %d games looked at%s, before a verdict; continue with 'nzsc sprt --resume %s'", games, saved, rd.Dir.Path)
	}
	return nil
}

// newSPRT reads the test's settings and bots into a match of at most
// --max-games, looked at every --batch games.
//
// At three or four seats NEW and BASE play seat-swapped pairs among the
// field (--field, copies of BASE by default), bots 2 and on of the run,
// which the manifest lists after NEW and BASE (roundrobin.Config.SwapPairs).
func newSPRT(fs *pflag.FlagSet, g game.Game, args []string) (*newRun, error) {
	// NEW, BASE and the field, read as the Runs page reads them
	// (roundrobin.SPRTSpecs); nil: no --field, copies of BASE.
	var field []string
	if fs.Changed("field") {
		if field = agents.SplitSpecs(mustString(fs, "field")); field == nil {
			field = []string{""}
		}
	}
	specs, err := roundrobin.SPRTSpecs(g.Seats(), args, field)
	if err != nil {
		return nil, usagef("sprt: %v", err)
	}
	st := &results.SPRTState{Model: mustString(fs, "model")}
	st.Elo0, _ = fs.GetFloat64("elo0")
	st.Elo1, _ = fs.GetFloat64("elo1")
	st.Alpha, _ = fs.GetFloat64("alpha")
	st.Beta, _ = fs.GetFloat64("beta")
	if _, err := report.SPRTTest(st); err != nil {
		return nil, usagef("sprt: %v", err)
	}
	maxGames, _ := fs.GetInt64("max-games")
	batch, _ := fs.GetInt64("batch")
	// Before the bots are read: reading probes external ones.
	if err := roundrobin.CheckSPRTGames(maxGames, batch); err != nil {
		// The library names the settings; here they are flags.
		if ge := (*roundrobin.SPRTGamesError)(nil); errors.As(err, &ge) {
			return nil, usagef("sprt: %s", ge.Named("--max-games", "--batch"))
		}
		return nil, usagef("sprt: %v", err)
	}
	bots, err := parseBots("sprt", fs, g, specs, true)
	if err != nil {
		return nil, err
	}
	cfg := &roundrobin.Config{Game: g, Bots: bots}
	start, err := roundrobin.NewSPRT(cfg, st, maxGames, batch)
	if err != nil {
		return nil, usagef("sprt: %v", err)
	}
	return &newRun{cfg: cfg, start: start}, nil
}
