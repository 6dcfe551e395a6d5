package report_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/nzscn" // NZSC's bots for 3 or 4
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/roundrobin"
)

func playConfig(t *testing.T) *roundrobin.Config {
	t.Helper()
	var bots []*agents.Bot
	for _, s := range []string{"random", "classic", "random:"} {
		b, err := agents.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	return &roundrobin.Config{Bots: bots, Gauntlet: -1, PairsPerPairing: 40, Seed: 99, Rules: nzsc.DefaultRules, ChunkPairs: 8}
}

// TestTablesParse: every CSV table parses back with a header and rows of
// the header's width, and the cross-table's counts match the pairings.
func TestTablesParse(t *testing.T) {
	cfg := playConfig(t)
	res, err := roundrobin.Play(context.Background(), cfg, roundrobin.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := analysis.Summarize(&res.Counts)
	for _, tab := range report.TournamentTables(s) {
		rows, err := csv.NewReader(bytes.NewReader(tab.CSV())).ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", tab.Name, err)
		}
		if len(rows) < 2 {
			t.Errorf("%s: %d rows", tab.Name, len(rows))
		}
		for _, r := range rows {
			if len(r) != len(tab.Header) {
				t.Errorf("%s: row %v has %d fields, header %d", tab.Name, r, len(r), len(tab.Header))
			}
		}
		if tab.Name == "crosstable.csv" {
			// random vs classic: wins in the table = wins in the pairing.
			want := res.Counts.Pairings[0].Total()
			if rows[1][0] != "random" || rows[1][1] != "classic" || rows[1][2] != fmt.Sprint(want.Wins) {
				t.Errorf("crosstable row %v, want random vs classic with %d wins", rows[1], want.Wins)
			}
		}
	}
}

// TestFFATablesParse: a free-for-all's run directory holds every table
// of its report as CSV, and their numbers agree with each other and with
// the summary: each bot's places add up to its games, each seat's to
// every game, ahead.csv's records to their games, and the game's own
// character table counts each game's three players once.
func TestFFATablesParse(t *testing.T) {
	g, err := game.Build("nzsc", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &roundrobin.Config{Game: g, Gauntlet: -1, PairsPerPairing: 5, Seed: 8, ChunkPairs: 2}
	for _, s := range []string{"random", "classic", "greedy", "random:name=r2"} {
		b, err := agents.ParseForSeats("nzsc", 3, s)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	res, err := roundrobin.Play(context.Background(), cfg, roundrobin.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	s, err := analysis.SummarizeFFA(&res.Counts, nil)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := report.FFATables(s)
	if err != nil {
		t.Fatal(err)
	}
	parsed := map[string][]map[string]string{}
	for _, tab := range tables {
		rows, err := csv.NewReader(bytes.NewReader(tab.CSV())).ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", tab.Name, err)
		}
		for _, r := range rows[1:] {
			m := map[string]string{}
			for j, h := range rows[0] {
				m[h] = r[j]
			}
			parsed[tab.Name] = append(parsed[tab.Name], m)
		}
	}
	for _, name := range []string{"ratings.csv", "places.csv", "ahead.csv", "seats.csv", "game-characters.csv", "game-loadouts.csv"} {
		if len(parsed[name]) == 0 {
			t.Errorf("no %s (tables: %v)", name, slices.Collect(maps.Keys(parsed)))
		}
	}
	num := func(s string) int64 {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return n
	}
	games := map[string]int64{}
	for i, b := range s.Counts.Bots {
		games[b] = s.Placings[i].Games
	}
	for _, r := range parsed["places.csv"] {
		if sum := num(r["place1"]) + num(r["place2"]) + num(r["place3"]); sum != num(r["games"]) || sum != games[r["bot"]] {
			t.Errorf("places.csv %v: places add up to %d, the bot played %d", r, sum, games[r["bot"]])
		}
	}
	for _, r := range parsed["seats.csv"] {
		if sum := num(r["place1"]) + num(r["place2"]) + num(r["place3"]); sum != num(r["games"]) || sum != s.Games {
			t.Errorf("seats.csv %v: places add up to %d, %d games", r, sum, s.Games)
		}
	}
	for _, r := range parsed["ahead.csv"] {
		if num(r["wins"])+num(r["draws"])+num(r["losses"]) != num(r["games"]) || num(r["games"]) == 0 {
			t.Errorf("ahead.csv %v: the record is not its games", r)
		}
	}
	var players int64
	for _, r := range parsed["game-characters.csv"] {
		players += num(r["players"])
		if r["wins n"] != r["players"] {
			t.Errorf("game-characters.csv %v: a share of %s, not of its players", r, r["wins n"])
		}
	}
	if players != 3*s.Games {
		t.Errorf("game-characters.csv counts %d players in %d games of 3", players, s.Games)
	}
}
