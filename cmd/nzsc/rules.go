package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/play"
)

func init() {
	register(&command{
		name:    "rules",
		args:    "[MOVE MOVE]",
		summary: "print the player's reference, or who scores when two moves meet",
		example: `nzsc rules smash "shadow fireball"`,
		run:     runRules,
	})
}

func runRules(e *env, _ *pflag.FlagSet, args []string) error {
	if len(args) == 0 {
		play.WriteReference(e.stdout, engine.DefaultRules)
		return nil
	}
	a, b, err := twoMoves(args)
	if err != nil {
		return err
	}
	for _, l := range play.Meet(a, b) {
		fmt.Fprintln(e.stdout, l)
	}
	return nil
}

// twoMoves reads two move names from the arguments. Names may be quoted
// ("big hairy deal") or not (big hairy deal regenerate): every split of
// the words into two names is tried.
func twoMoves(args []string) (engine.Move, engine.Move, error) {
	if len(args) == 2 {
		for _, a := range args {
			if _, ok := engine.ParseMove(a); !ok {
				return 0, 0, usagef("rules: %q is not a move (run 'nzsc rules' for the list)", a)
			}
		}
	}
	for k := 1; k < len(args); k++ {
		a, okA := engine.ParseMove(strings.Join(args[:k], " "))
		b, okB := engine.ParseMove(strings.Join(args[k:], " "))
		if okA && okB {
			return a, b, nil
		}
	}
	return 0, 0, usagef("rules: want two move names, got %q (run 'nzsc rules' for the list)", strings.Join(args, " "))
}
