package report

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/nzsclab/nzsc/agents"
)

// Bots writes the bots of game gameName (`nzsc bots`) in format: a table
// of each bot's spec form, parameters, defaults and descriptions, or CSV
// and JSON (docs/formats.md).
func Bots(w io.Writer, format string, width int, gameName string, bots []agents.Info) error {
	switch format {
	case "json":
		return botsJSON(w, gameName, bots)
	case "csv":
		return botsCSV(w, bots)
	}
	return botsText(w, width, bots)
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

// botsText prints one row per bot (its spec form, the players it can
// sit with and its description), then one row per parameter (name,
// default, description), as a table. A bot with a kind for two players
// and another for three or four has a row for each, told apart by the
// players column.
// maxDefaultWidth is the widest default shown in its own column: a
// longer one (exploiter's models list) would squeeze every description
// of the table into a narrow column, so it is told in its description.
const maxDefaultWidth = 14

func botsText(w io.Writer, width int, bots []agents.Info) error {
	t := &Table{Header: []string{"bot", "players", "parameter", "default", "description"}, Left: 5, Wrap: true}
	for _, b := range bots {
		t.Rows = append(t.Rows, []string{specForm(b), seatsText(b), "", "", b.Help})
		for _, p := range b.Params {
			def, help := p.Default, p.Help
			switch {
			case def == "":
				def = `""`
			case len(def) > maxDefaultWidth:
				def, help = "(below)", help+"; default: "+def
			}
			t.Rows = append(t.Rows, []string{"", "", p.Name, def, help})
		}
	}
	if err := t.Write(w, width); err != nil {
		return err
	}
	_, err := io.WriteString(w, WrapText("Any bot spec also takes name=ALIAS, the bot's name in tables (mcts:iters=100,name=m100; exec:bot.py;name=py), and noise=P, the chance that each of its decisions is replaced by a uniformly random legal one (greedy:noise=0.1; docs/noise.md), and tc=TIME+INC, a clock per game in seconds on which the bot loses on time (mcts:tc=10+0.1; docs/clocks.md).", width)+"\n")
	return err
}

// botsDoc is the document of 'nzsc bots --format json' (docs/formats.md).
type botsDoc struct {
	Format string        `json:"format"`
	Game   string        `json:"game"`
	Bots   []botInfoJSON `json:"bots"`
}

type botInfoJSON struct {
	Name     string         `json:"name"`
	Spec     string         `json:"spec"`
	MinSeats int            `json:"min_seats"`
	MaxSeats int            `json:"max_seats"`
	Help     string         `json:"help"`
	Params   []botParamJSON `json:"params"`
}

type botParamJSON struct {
	Name    string `json:"name"`
	Default string `json:"default"`
	Help    string `json:"help"`
}

func botsJSON(w io.Writer, gameName string, bots []agents.Info) error {
	doc := botsDoc{Format: "nzsc-bots/1", Game: gameName, Bots: []botInfoJSON{}}
	for _, b := range bots {
		bj := botInfoJSON{Name: b.Name, Spec: specForm(b), MinSeats: b.MinSeats, MaxSeats: b.MaxSeats, Help: b.Help, Params: []botParamJSON{}}
		for _, p := range b.Params {
			bj.Params = append(bj.Params, botParamJSON{p.Name, p.Default, p.Help})
		}
		doc.Bots = append(doc.Bots, bj)
	}
	return WriteJSON(w, doc)
}

// writeBotsCSV writes a row per bot and a row per parameter.
func botsCSV(w io.Writer, bots []agents.Info) error {
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

// seatsText is the number of players a bot kind plays with: "2", "3-4".
func seatsText(b agents.Info) string {
	if b.MinSeats == b.MaxSeats {
		return strconv.Itoa(b.MinSeats)
	}
	return strconv.Itoa(b.MinSeats) + "-" + strconv.Itoa(b.MaxSeats)
}
