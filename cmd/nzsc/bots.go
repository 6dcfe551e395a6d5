package main

import (
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
)

func init() {
	register(&command{
		name:    "bots",
		summary: "list every bot with its parameters, their defaults and a one-line description",
		example: "nzsc bots --game nzsc",
		flags: func(fs *pflag.FlagSet) {
			fs.String("game", agents.DefaultGame, "list the bots of this game ('nzsc games' lists the games)")
		},
		run: func(e *env, fs *pflag.FlagSet, args []string) error {
			if len(args) > 0 {
				return usagef("bots takes no arguments (got %q)", args[0])
			}
			g, err := game.Lookup(mustString(fs, "game"))
			if err != nil {
				return usagef("bots: %v", err)
			}
			return writeBots(e.stdout, agents.RegisteredFor(g.Name))
		},
	})
}

// writeBots prints one row per bot (its spec form and description), then
// one row per parameter (name, default, description), as a table.
func writeBots(w io.Writer, bots []agents.Info) error {
	t := tablewriter.NewTable(w,
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignment(tw.AlignLeft),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
	)
	t.Header("BOT", "PARAMETER", "DEFAULT", "DESCRIPTION")
	for _, b := range bots {
		name := b.Name
		if b.Prefix {
			name += ":ARG"
		} else if len(b.Params) > 0 {
			name += "[:k=v,...]"
		}
		if err := t.Append(name, "", "", b.Help); err != nil {
			return err
		}
		for _, p := range b.Params {
			def := p.Default
			if def == "" {
				def = `""`
			}
			if err := t.Append("", p.Name, def, p.Help); err != nil {
				return err
			}
		}
	}
	return t.Render()
}
