package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/report"
)

func init() {
	register(&command{
		name:    "rules",
		args:    "[MOVE MOVE]",
		summary: "print the player's reference of any game (--game, --players, --rule), or who scores when two NZSC moves meet",
		example: "nzsc rules smash \"shadow fireball\"\n  nzsc rules --game npzr\n  nzsc rules --players 3\n  nzsc rules --rule points=7 --rule waits=2",
		flags: func(fs *pflag.FlagSet) {
			addGameFlags(fs)
			fs.Lookup("game").Usage = "the game whose reference to print ('nzsc games' lists them)"
			fs.Lookup("players").Usage = "players at the table (NZSC: 2 to 4)"
			addFormatFlag(fs, "; json and csv: every NZSC move and the 28×28 table of the points each move scores against each (docs/formats.md)", "table", "csv", "json")
		},
		run: runRules,
	})
}

func runRules(e *env, fs *pflag.FlagSet, args []string) error {
	format, err := formatOf("rules", fs, "table", "csv", "json")
	if err != nil {
		return err
	}
	g, err := gameOf("rules", fs)
	if err != nil {
		return err
	}
	// Moves that meet, and their table, are NZSC's (at any number of
	// players: each pair of moves meets as at two); another game has
	// only its reference.
	nzscGame := g.Info().Name == nzsc.Info.Name
	if format != "table" {
		if !nzscGame {
			return usagef("rules: --format %s is NZSC's table of moves and points; %s has none ('nzsc rules --game %[2]s' prints its reference)", format, g.Info().Name)
		}
		if len(args) > 0 {
			return usagef("rules: --format %s writes every move's points; it takes no moves", format)
		}
		return report.Points(e.stdout, format)
	}
	if len(args) == 0 {
		// The reference is the play package's, the game's teller's (what
		// the rules command answers while playing); its lines are
		// wrapped here to the width, keeping their indentation.
		ref, err := play.Reference(g)
		if err != nil {
			return usagef("rules: %v", err)
		}
		_, err = io.WriteString(e.stdout, report.WrapText(ref, e.width))
		return err
	}
	if !nzscGame {
		return usagef("rules: two moves meet only in NZSC; %s has no moves that meet ('nzsc rules --game %[1]s' prints its reference)", g.Info().Name)
	}
	a, b, err := twoMoves(args)
	if err != nil {
		return err
	}
	for _, l := range play.Meet(a, b) {
		fmt.Fprintln(e.stdout, report.WrapText(l, e.width))
	}
	return nil
}

// twoMoves reads two move names from the arguments. Names may be quoted
// ("big hairy deal") or not (big hairy deal regenerate): every split of
// the words into two names is tried.
func twoMoves(args []string) (nzsc.Move, nzsc.Move, error) {
	if len(args) == 2 {
		for _, a := range args {
			if _, ok := nzsc.ParseMove(a); !ok {
				return 0, 0, usagef("rules: %q is not a move (run 'nzsc rules' for the list)", a)
			}
		}
	}
	for k := 1; k < len(args); k++ {
		a, okA := nzsc.ParseMove(strings.Join(args[:k], " "))
		b, okB := nzsc.ParseMove(strings.Join(args[k:], " "))
		if okA && okB {
			return a, b, nil
		}
	}
	return 0, 0, usagef("rules: want two move names, got %q (run 'nzsc rules' for the list)", strings.Join(args, " "))
}
