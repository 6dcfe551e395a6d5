package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/pflag"
	"golang.org/x/term"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/results"
)

func init() {
	register(&command{
		name:    "play",
		summary: "play NZSC (2 to 4 players) or NPZR (--game npzr) in the terminal against the original game's computer opponent or any bot",
		more:    "While playing NZSC (in NPZR, help lists the actions, a number answers with the action 'legal' numbers, and the commands are the same):\n" + play.Help + "\nAnswers are read a line at a time, so a script can play (the printf example).",
		example: "nzsc play --seed 0xbabecaf3\n  nzsc play --players 3 --opponent greedy\n  nzsc play --game npzr --seat 1\n  printf '1\\n%.0s' $(seq 300) | nzsc play --game npzr --seed 7 --record game.jsonl\n  nzsc replay game.jsonl",
		flags: func(fs *pflag.FlagSet) {
			fs.String("opponent", "", "the bot in every other seat (a bot `SPEC`, as in matches; default: classic in NZSC, greedy in NPZR)")
			fs.String("seed", "", "replay a game: the `SEED`, decimal or 0x-hex; against classic its 32-bit generator state (1..0xffffffff), otherwise the 64-bit game seed (default: picked and printed)")
			fs.String("game", agents.DefaultGame, "the game: nzsc or npzr ('nzsc games' lists them)")
			fs.Int("players", 2, "players at the table, you included: NZSC 2 to 4 (the others are all --opponent)")
			fs.Int("seat", 0, "your seat, from 0 (NPZR: seat 0 moves first; in NZSC the seats are alike)")
			fs.String("record", "", "save each game as a game record (JSON line) to this new `FILE`, gzip when it ends in .gz ('nzsc replay' reads it)")
			fs.StringArray("rule", nil, "a rules option `KEY=VALUE` to play a variant (repeatable; 'nzsc games' lists them), such as points=7")
		},
		run: runPlay,
	})
}

func runPlay(e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) > 0 {
		hint := ""
		for _, i := range game.Registered() {
			if strings.EqualFold(args[0], i.Name) {
				hint = fmt.Sprintf("; the game is a flag: nzsc play --game %s", i.Name)
			}
		}
		return usagef("play: takes no arguments (got %q)%s", args[0], hint)
	}
	g, err := gameOf("play", fs)
	if err != nil {
		return err
	}
	spec := mustString(fs, "opponent")
	if !fs.Changed("opponent") {
		spec = play.DefaultOpponent(g.Info().Name, g.Seats())
	}
	bot, err := parseTyped(g.Info().Name, g.Seats(), spec)
	if err != nil {
		return usagef("play: %v", err)
	}
	seedFlag, _ := fs.GetString("seed")
	seed, err := play.Seed(bot, seedFlag, fs.Changed("seed"), game.NewSeed)
	if err != nil {
		return usagef("play: %v", err)
	}
	// An external opponent that cannot start or answer its handshake is
	// bad input, as in match.
	if err := probeBots("play", g, bot); err != nil {
		return probeStopped(e.ctx, err)
	}
	seat, _ := fs.GetInt("seat")
	opts := play.Options{Game: g, Seat: seat, Bot: bot, Seed: seed, Echo: echoes(e)}
	// A seat the game does not have is bad input (NewSession starts no
	// bot: nothing to stop but the check).
	s, err := play.NewSession(opts)
	if err != nil {
		return usagef("%v", err)
	}
	s.Close()
	if path := mustString(fs, "record"); path != "" {
		log, err := results.CreateGamesLog(path, results.LevelFull)
		if errors.Is(err, results.ErrExists) {
			// Not the library's "--resume its run": play resumes nothing.
			return usagef("play: --record %s already exists; it is not written over (name a new file)", path)
		}
		if err != nil {
			return usagef("play: --record: %v", err)
		}
		written := 0
		opts.Record = func(r *game.Record) error { written++; return log.Record(r) }
		defer func() {
			log.Close()
			if written == 0 {
				// No game finished: an empty log left behind made
				// 'nzsc replay FILE' fail and, gzipped, a second
				// --record FILE refuse to write over it.
				os.Remove(path)
				fmt.Fprintf(e.stderr, "No game finished: %s was not written.\n", path)
			}
		}()
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
