package main

import (
	"encoding/csv"
	"io"
	"strconv"

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
			bots := agents.RegisteredFor(g.Name)
			switch format {
			case "json":
				return writeBotsJSON(e.stdout, g.Name, bots)
			case "csv":
				return writeBotsCSV(e.stdout, bots)
			}
			return writeBots(e.stdout, e.width, bots)
		},
	})
}

// specForm is how a bot's spec is written: "exec:ARG", "mcts[:k=v,...]".
func specForm(b agents.Info) string {
	switch {
	case b.Prefix:
		return b.Name + ":ARG"
	case len(b.Params) > 0:
		return b.Name + "[:k=v,...]"
	}
	return b.Name
}

// writeBots prints one row per bot (its spec form and description), then
// one row per parameter (name, default, description), as a table.
func writeBots(w io.Writer, width int, bots []agents.Info) error {
	t := &report.Table{Header: []string{"bot", "parameter", "default", "description"}, Left: 4, Wrap: true}
	for _, b := range bots {
		t.Rows = append(t.Rows, []string{specForm(b), "", "", b.Help})
		for _, p := range b.Params {
			def := p.Default
			if def == "" {
				def = `""`
			}
			t.Rows = append(t.Rows, []string{"", p.Name, def, p.Help})
		}
	}
	if err := t.Write(w, width); err != nil {
		return err
	}
	_, err := io.WriteString(w, report.WrapText("Any bot spec also takes name=ALIAS, the bot's name in tables (mcts:iters=100,name=m100; exec:bot.py;name=py).", width)+"\n")
	return err
}

// botsJSON is the document of 'nzsc bots --format json' (docs/formats.md).
type botsJSON struct {
	Format string    `json:"format"`
	Game   string    `json:"game"`
	Bots   []botJSON `json:"bots"`
}

type botJSON struct {
	Name     string      `json:"name"`
	Spec     string      `json:"spec"`
	MinSeats int         `json:"min_seats"`
	MaxSeats int         `json:"max_seats"`
	Help     string      `json:"help"`
	Params   []paramJSON `json:"params"`
}

type paramJSON struct {
	Name    string `json:"name"`
	Default string `json:"default"`
	Help    string `json:"help"`
}

func writeBotsJSON(w io.Writer, gameName string, bots []agents.Info) error {
	doc := botsJSON{Format: "nzsc-bots/1", Game: gameName, Bots: []botJSON{}}
	for _, b := range bots {
		bj := botJSON{Name: b.Name, Spec: specForm(b), MinSeats: b.MinSeats, MaxSeats: b.MaxSeats, Help: b.Help, Params: []paramJSON{}}
		for _, p := range b.Params {
			bj.Params = append(bj.Params, paramJSON{p.Name, p.Default, p.Help})
		}
		doc.Bots = append(doc.Bots, bj)
	}
	return report.WriteJSON(w, doc)
}

// writeBotsCSV writes a row per bot and a row per parameter.
func writeBotsCSV(w io.Writer, bots []agents.Info) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"bot", "spec", "min_seats", "max_seats", "parameter", "default", "description"})
	for _, b := range bots {
		lo, hi := strconv.Itoa(b.MinSeats), strconv.Itoa(b.MaxSeats)
		cw.Write([]string{b.Name, specForm(b), lo, hi, "", "", b.Help})
		for _, p := range b.Params {
			cw.Write([]string{b.Name, specForm(b), lo, hi, p.Name, p.Default, p.Help})
		}
	}
	cw.Flush()
	return cw.Error()
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
