package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/results"
)

func init() {
	register(&command{
		name:    "play",
		summary: "play NZSC in the terminal against the original game's computer opponent or any bot",
		more:    "While playing NZSC:\n" + play.Help,
		example: "nzsc play --seed 0xbabecaf3",
		flags: func(fs *pflag.FlagSet) {
			fs.String("opponent", "classic", "the bot to play against (a bot spec, as in matches)")
			fs.String("seed", "", "replay a game: decimal or 0x-hex; against classic its 32-bit generator state (1..0xffffffff), otherwise the 64-bit game seed (default: picked and printed)")
			fs.String("game", agents.DefaultGame, "the game: nzsc or npzr ('nzsc games' lists them)")
			fs.Int("players", 2, "NZSC players at the table, you included: 2 to 4 (the others are all --opponent)")
			fs.String("record", "", "save each game as a game record (JSON line) to this new file, gzip when it ends in .gz ('nzsc replay' reads it)")
			fs.StringArray("rule", nil, "a rules option key=value to play a variant (repeatable; 'nzsc games' lists them), such as points=7")
		},
		run: runPlay,
	})
}

func runPlay(e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) > 0 {
		return usagef("play: takes no arguments (got %q)", args[0])
	}
	spec, _ := fs.GetString("opponent")
	players, _ := fs.GetInt("players")
	if g := mustString(fs, "game"); g != agents.DefaultGame || players != 2 {
		return playTable(e, fs, g, players, spec)
	}
	rules, err := nzscRulesOf("play", fs)
	if err != nil {
		return err
	}
	bot, err := agents.Parse(spec)
	if err != nil {
		return usagef("play: %v", err)
	}
	seedFlag, _ := fs.GetString("seed")
	seed, err := playSeed(bot, seedFlag, fs.Changed("seed"))
	if err != nil {
		return usagef("play: %v", err)
	}
	// An external opponent that cannot start or answer its handshake is
	// bad input, as in match.
	if err := probeBots("play", nil, bot); err != nil {
		return err
	}
	opts := play.Options{Rules: rules, Bot: bot, Seed: seed, Echo: echoes(e)}
	if path := mustString(fs, "record"); path != "" {
		log, err := results.CreateGamesLog(path, results.LevelFull)
		if err != nil {
			return usagef("play: --record: %v", err)
		}
		defer log.Close()
		opts.Record = log.Record
	}
	err = play.Run(e.ctx, e.stdin, e.stdout, opts)
	if errors.Is(err, play.ErrLineTooLong) {
		// The session ended at the long line as at the end of the
		// input; it is the user's bad input.
		return usagef("play: %v", err)
	}
	return err
}

// echoes reports whether a session should echo what it reads: not on a
// terminal, which already shows what is typed.
func echoes(e *env) bool {
	f, ok := e.stdin.(*os.File)
	return !ok || !term.IsTerminal(int(f.Fd()))
}

// playSeed validates --seed for the opponent, or picks one (play.Seed).
func playSeed(bot *agents.Bot, flag string, given bool) (uint64, error) {
	return play.Seed(bot, flag, given, game.NewSeed)
}

// playTable plays a game other than two-player NZSC in the terminal:
// NPZR against one bot, or NZSC for 3 or 4 players against bots.
func playTable(e *env, fs *pflag.FlagSet, gameName string, players int, spec string) error {
	opts, err := rulesOf("play", fs)
	if err != nil {
		return err
	}
	g, err := game.Build(gameName, players, opts)
	if err != nil {
		return usagef("play: %v", err)
	}
	if !fs.Changed("opponent") {
		spec = "greedy" // the classic computer plays only two-player NZSC
	}
	if fs.Changed("record") {
		return usagef("play: --record is for two-player NZSC so far")
	}
	seed := game.NewSeed()
	if fs.Changed("seed") {
		if seed, err = game.ParseSeed(mustString(fs, "seed")); err != nil {
			return usagef("play: --seed: %v", err)
		}
	}
	var bots []agents.Player
	var names []string
	for range g.Seats() - 1 {
		b, err := agents.ParseForSeats(g.Info().Name, g.Seats(), spec)
		if err != nil {
			return usagef("play: %v", err)
		}
		p, err := b.NewPlayer()
		if err != nil {
			return usagef("play: %v", err)
		}
		if c := agents.CloserOf(p); c != nil {
			defer c.Close()
		}
		bots = append(bots, p)
		names = append(names, fmt.Sprintf("%s (seat %d)", b.Name(), len(bots)))
	}
	echo := echoes(e)
	if gameName == "npzr" {
		rules, err := npzr.ParseRules(opts)
		if err != nil {
			return usagef("play: %v", err)
		}
		_, _, err = play.NPZR(e.ctx, e.stdin, e.stdout, play.NPZROptions{Rules: rules, Bot: bots[0], Name: spec, Seed: seed, Echo: echo})
		return err
	}
	rules, err := engine.ParseRules(opts)
	if err != nil {
		return usagef("play: %v", err)
	}
	_, err = play.Table(e.ctx, e.stdin, e.stdout, play.TableOptions{Rules: rules, Bots: bots, Names: names, Seed: seed, Echo: echo})
	return err
}
