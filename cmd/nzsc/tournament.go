package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
	"github.com/nzsclab/nzsc/tournament"
)

// defaultTournamentBots is the tournament that 'nzsc tournament' plays
// without flags: every built-in bot, mcts on a small budget so that the
// whole run takes seconds.
const defaultTournamentBots = "random,classic,greedy,nash,mcts:iters=100"

func init() {
	register(&command{
		name:    "tournament",
		args:    "",
		summary: "play a round robin (or gauntlet) of bots of any game, rank them and give the game's own tables (NZSC: characters and loadouts); results go to a run directory",
		example: "nzsc tournament --bots random,greedy,nash --games 20000 --seed 7\n  nzsc tournament --players 3 --bots random,classic,greedy,paranoid --games 600\n  nzsc tournament --game npzr --bots random,greedy,pimc --games 200",
		flags: func(fs *pflag.FlagSet) {
			fs.String("bots", defaultTournamentBots, "bot specs separated by ',' or ';', which a spec's parameters and exec options may hold too: 'greedy,mcts:iters=100,c=2' or 'exec:bot.py;timeout=1s'; name=ALIAS in any spec names the bot, and a bot listed twice is numbered (random, random2)")
			fs.String("gauntlet", "", "play this bot against each of --bots instead of a round robin")
			fs.Int("tables", 0, "with --players 3 or 4: play this many tables drawn from the seed instead of every combination of the bots (at most their number)")
			addRunFlags(fs, 2000, "games per pairing: positive and even (seat-swapped pairs); at --players 3 or 4 per table, a multiple of 6 or 24 (every seat order of a seed)", "run directory (default runs/<UTC time>-<seed>)")
			addFormatFlag(fs, "", "table", "csv", "json")
			fs.Bool("full", false, "table format, two-player NZSC: also print every loadout and booster matrix and per-bot tables")
			addRatingFlag(fs)
		},
		run: runTournament,
	})
}

func runTournament(e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) > 0 {
		return usagef("tournament: unexpected argument %q (bots go in --bots a,b,c)", args[0])
	}
	format, err := formatOf("tournament", fs, "table", "csv", "json")
	if err != nil {
		return err
	}
	full, err := fullOf("tournament", fs, format)
	if err != nil {
		return err
	}
	rd, seedPicked, err := openRun(e, "tournament", fs, func(g game.Game) (*newRun, error) {
		if full {
			if err := onlyNZSC2TablesRun("tournament", "--full", g, nil); err != nil {
				return nil, err
			}
		}
		return newTournament(fs, g)
	})
	if err != nil {
		return err
	}
	if full && fs.Changed("resume") {
		if err := onlyNZSC2TablesRun("tournament", "--full", nil, rd.Manifest); err != nil {
			return err
		}
	}
	if err := checkRatingInterval("tournament", fs, rd.Config.SetGames()); err != nil {
		return err
	}
	unlock, err := lockRun("tournament", fs, rd)
	if err != nil {
		return err
	}
	defer unlock()
	res, err := playRun(e, "tournament", fs, rd, seedPicked, roundrobin.RunOptions{Rating: ratingOf(e, fs, rd)})
	if errors.Is(err, results.ErrNotSaved) {
		// The games since the last checkpoint were lost with the save
		// (a full disk): saying they were saved would be false.
		return notSaved("tournament", rd, err)
	}
	if isUsage(err) {
		return err // the run's settings, refused before a game: named already
	}
	if err != nil {
		return fmt.Errorf("tournament: %w (finished games are saved in %s)", err, rd.Dir.Path)
	}
	if err := endSaved(e, "tournament", report.End{Dir: rd.Dir, Manifest: rd.Manifest, Counts: rd.Total(), Format: format,
		Options: report.Options{Full: full, Width: e.width}}, res.Interrupted); err != nil {
		return err
	}
	if res.Interrupted {
		return interrupted("tournament", rd)
	}
	return nil
}

// newTournament reads --bots and --gauntlet into a round robin or
// gauntlet.
func newTournament(fs *pflag.FlagSet, g game.Game) (*newRun, error) {
	specs := agents.SplitSpecs(mustString(fs, "bots"))
	if slices.Contains(specs, "") {
		return nil, usagef("tournament: --bots %q has an empty bot name (two commas in a row, or one at an end)", mustString(fs, "bots"))
	}
	gauntlet := strings.TrimSpace(mustString(fs, "gauntlet"))
	cfg := &roundrobin.Config{Gauntlet: -1}
	if gauntlet != "" {
		if i := slices.Index(specs, gauntlet); i >= 0 {
			specs = slices.Delete(specs, i, i+1)
		}
		specs = append([]string{gauntlet}, specs...)
		cfg.Gauntlet = 0
	}
	if len(specs) < g.Seats() {
		return nil, usagef("tournament: need at least %s bots, got %d (--bots a,b,c)", numberWord(g.Seats()), len(specs))
	}
	tables, _ := fs.GetInt("tables")
	switch {
	case tables < 0 || tables == 0 && fs.Changed("tables"):
		return nil, usagef("tournament: --tables %d: want a positive number of tables (leave --tables out to play every one)", tables)
	case tables > 0 && g.Seats() == 2:
		return nil, usagef("tournament: --tables draws tables of 3 or 4 players (--players 3); at 2 every pairing plays")
	}
	if all := tournament.NumTables(len(specs), g.Seats(), cfg.Gauntlet); tables > 0 && uint64(tables) > all {
		// Refused like every other count out of range: lowered to every
		// table without a word, the run was not the one asked for.
		of := ""
		if cfg.Gauntlet >= 0 {
			of = " with the gauntlet bot"
		}
		return nil, usagef("tournament: --tables %d: %d bots at %d seats make only %s%s (leave --tables out to play every one)", tables, len(specs), g.Seats(), nouns(int(all), "table"), of)
	}
	cfg.DrawTables = tables
	// A bot listed twice is numbered (random, random2: the names
	// nzsc match gives copies), its copy's name in its spec, so the
	// run's tables, manifest and games log name each bot once and a
	// resume keeps the names; two specs of one name stay refused.
	bots, err := parseBots("tournament", fs, g, specs, true)
	if err != nil {
		return nil, err
	}
	if cfg.Bots, err = agents.NumberCopies(bots, g); err != nil {
		return nil, usagef("tournament: %v", err)
	}
	games, err := gamesOf("tournament", fs, "games", g)
	if err != nil {
		return nil, err
	}
	if err := checkRatingInterval("tournament", fs, roundrobin.SetGames(g.Seats())); err != nil {
		return nil, err
	}
	return &newRun{cfg: cfg, start: roundrobin.Start{NewRun: roundrobin.NewRun{Kind: results.KindTournament}, Games: games, KeepDir: true, Chunk: roundrobin.DefaultChunk(games, g.Seats())}}, nil
}

func mustString(fs *pflag.FlagSet, name string) string {
	s, _ := fs.GetString(name)
	return s
}
