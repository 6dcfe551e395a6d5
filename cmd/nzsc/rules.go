package main

import (
	"fmt"

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
	switch len(args) {
	case 0:
		play.WriteReference(e.stdout, engine.DefaultRules)
		return nil
	case 2:
		var m [2]engine.Move
		for i, a := range args {
			v, ok := engine.ParseMove(a)
			if !ok {
				return usagef("rules: %q is not a move (run 'nzsc rules' for the list)", a)
			}
			m[i] = v
		}
		for _, l := range play.Meet(m[0], m[1]) {
			fmt.Fprintln(e.stdout, l)
		}
		return nil
	}
	return usagef("rules takes no arguments or two moves (quote names with spaces), got %d arguments", len(args))
}
