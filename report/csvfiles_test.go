package report_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine"
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
	return &roundrobin.Config{Bots: bots, Gauntlet: -1, PairsPerPairing: 40, Seed: 99, Rules: engine.DefaultRules, ChunkPairs: 8}
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
