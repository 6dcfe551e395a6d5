package main

import (
	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/report"
)

func init() {
	register(&command{
		name:    "bots",
		summary: "list every bot with its parameters, their defaults and a one-line description",
		example: "nzsc bots --game nzsc",
		flags: func(fs *pflag.FlagSet) {
			fs.String("game", agents.DefaultGame, "list the bots of this game ('nzsc games' lists the games)")
			addFormatFlag(fs, " (docs/formats.md)", "table", "csv", "json")
		},
		run: func(e *env, fs *pflag.FlagSet, args []string) error {
			if len(args) > 0 {
				return usagef("bots takes no arguments (got %q)", args[0])
			}
			format, err := formatOf("bots", fs, "table", "csv", "json")
			if err != nil {
				return err
			}
			g, err := lookupGame("bots", mustString(fs, "game"))
			if err != nil {
				return err
			}
			return report.Bots(e.stdout, format, e.width, g.Name, agents.RegisteredFor(g.Name))
		},
	})
}

// lookupGame finds a game by name; an unknown name is a usage error that
// suggests the nearest.
func lookupGame(cmd, name string) (*game.Info, error) {
	g, err := game.Lookup(name)
	if err != nil {
		var names []string
		for _, r := range game.Registered() {
			names = append(names, r.Name)
		}
		return nil, usagef("%s: %v%s", cmd, err, didYouMean(name, names))
	}
	return g, nil
}
