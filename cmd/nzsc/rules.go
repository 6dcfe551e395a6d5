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
		summary: "print the player's reference, or who scores when two moves meet",
		example: `nzsc rules smash "shadow fireball"`,
		flags: func(fs *pflag.FlagSet) {
			addFormatFlag(fs, "; json and csv: every move and the 28×28 table of the points each move scores against each (docs/formats.md)", "table", "csv", "json")
		},
		run: runRules,
	})
}

func runRules(e *env, fs *pflag.FlagSet, args []string) error {
	format, err := formatOf("rules", fs, "table", "csv", "json")
	if err != nil {
		return err
	}
	if format != "table" {
		if len(args) > 0 {
			return usagef("rules: --format %s writes every move's points; it takes no moves", format)
		}
		return report.Points(e.stdout, format)
	}
	if len(args) == 0 {
		// The reference is the play package's; its lines are wrapped here
		// to the width, keeping their indentation.
		var b strings.Builder
		play.WriteReference(&b, nzsc.DefaultRules)
		_, err := io.WriteString(e.stdout, report.WrapText(b.String(), e.width))
		return err
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
