package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
)

// GameEntry is one game of `nzsc games`: its description and the names
// of the bots that play it.
type GameEntry struct {
	Info *game.Info
	Bots []string
}

// Games writes the games the lab plays (`nzsc games`) in format: a table
// of each game's players, kind, rules options and bots, or CSV and JSON
// (docs/formats.md), what OpenSpiel's registered games and game types
// tell a program.
func Games(w io.Writer, format string, width int, games []GameEntry) error {
	switch format {
	case "json":
		return gamesJSON(w, games)
	case "csv":
		return gamesCSV(w, games)
	}
	t := &Table{Header: []string{"game", "players", "rule", "default", "description"}, Left: 5, Wrap: true}
	for _, e := range games {
		g := e.Info
		t.Rows = append(t.Rows,
			[]string{g.Name, playersText(g), "", "", g.Title},
			[]string{"", "", "", "", GameKind(g)},
			[]string{"", "", "", "", "bots: " + strings.Join(e.Bots, ", ")})
		for _, r := range g.Rules {
			t.Rows = append(t.Rows, []string{"", "", r.Key, r.Default, r.Help})
		}
	}
	return t.Write(w, width)
}

// playersText is a game's table sizes, "2" or "2-4".
func playersText(g *game.Info) string {
	if g.MaxSeats > g.MinSeats {
		return fmt.Sprintf("%d-%d", g.MinSeats, g.MaxSeats)
	}
	return strconv.Itoa(g.MinSeats)
}

// GameKind says how a game is played, in a few words.
func GameKind(g *game.Info) string {
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

type gameRuleJSON struct {
	Key     string `json:"key"`
	Default string `json:"default"`
	Help    string `json:"help"`
}

type gameJSON struct {
	Name         string         `json:"name"`
	Title        string         `json:"title"`
	MinPlayers   int            `json:"min_players"`
	MaxPlayers   int            `json:"max_players"`
	Simultaneous bool           `json:"simultaneous"`
	Chance       bool           `json:"chance"`
	Hidden       bool           `json:"hidden_information"`
	Rules        []gameRuleJSON `json:"rules"`
	Bots         []string       `json:"bots"`
}

func gamesJSON(w io.Writer, games []GameEntry) error {
	doc := struct {
		Format string     `json:"format"`
		Games  []gameJSON `json:"games"`
	}{Format: "nzsc-games/1", Games: []gameJSON{}}
	for _, e := range games {
		g := e.Info
		j := gameJSON{Name: g.Name, Title: g.Title, MinPlayers: g.MinSeats, MaxPlayers: g.MaxSeats,
			Simultaneous: g.Simultaneous, Chance: g.Chance, Hidden: g.Hidden, Rules: []gameRuleJSON{}, Bots: e.Bots}
		for _, r := range g.Rules {
			j.Rules = append(j.Rules, gameRuleJSON{r.Key, r.Default, r.Help})
		}
		doc.Games = append(doc.Games, j)
	}
	return WriteJSON(w, doc)
}

// gamesCSV writes a row per game (empty rule) and a row per rules
// option, as bots' CSV has a row per bot and per parameter.
func gamesCSV(w io.Writer, games []GameEntry) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"game", "min_players", "max_players", "simultaneous", "chance", "hidden_information", "bots", "rule", "default", "description"})
	for _, e := range games {
		g := e.Info
		b := strconv.FormatBool
		cw.Write([]string{g.Name, strconv.Itoa(g.MinSeats), strconv.Itoa(g.MaxSeats), b(g.Simultaneous), b(g.Chance), b(g.Hidden),
			strings.Join(e.Bots, ";"), "", "", g.Title})
		for _, r := range g.Rules {
			cw.Write([]string{g.Name, "", "", "", "", "", "", r.Key, r.Default, r.Help})
		}
	}
	cw.Flush()
	return cw.Error()
}
