package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/report"
)

func init() {
	register(&command{
		name:    "games",
		summary: "list the games the lab plays, with their players, kind, rules options (--rule key=value) and bots",
		example: "nzsc games",
		run: func(e *env, _ *pflag.FlagSet, args []string) error {
			if len(args) > 0 {
				return usagef("games takes no arguments (got %q)", args[0])
			}
			t := &report.Table{Header: []string{"game", "players", "rule", "default", "description"}, Left: 5, Wrap: true}
			for _, g := range game.Registered() {
				players := fmt.Sprint(g.MinSeats)
				if g.MaxSeats > g.MinSeats {
					players += fmt.Sprintf("-%d", g.MaxSeats)
				}
				var bots []string
				for _, b := range agents.RegisteredFor(g.Name) {
					if !slices.Contains(bots, b.Name) {
						bots = append(bots, b.Name)
					}
				}
				t.Rows = append(t.Rows,
					[]string{g.Name, players, "", "", g.Title},
					[]string{"", "", "", "", kindOf(g)},
					[]string{"", "", "", "", "bots: " + strings.Join(bots, ", ")})
				for _, r := range g.Rules {
					t.Rows = append(t.Rows, []string{"", "", r.Key, r.Default, r.Help})
				}
			}
			return t.Write(e.stdout, e.width)
		},
	})
}

// kindOf says how a game is played, in a few words.
func kindOf(g *game.Info) string {
	var k []string
	if g.Simultaneous {
		k = append(k, "simultaneous moves")
	} else {
		k = append(k, "turns")
	}
	if g.Chance {
		k = append(k, "chance")
	}
	if g.Hidden {
		k = append(k, "hidden information")
	} else {
		k = append(k, "perfect information")
	}
	return strings.Join(k, ", ")
}
