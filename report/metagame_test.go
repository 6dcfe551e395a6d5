package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// unplayedShown checks a report of a run whose bot "unplayed" played no
// game: its Nash cell is "-" in the text's ranking (the row's last
// field), its metagame_weight and metagame.csv weight empty, its JSON
// weight null, and text and page name it as left out.
func unplayedShown(t *testing.T, text, page string, tables []CSVTable, weights []map[string]any) {
	t.Helper()
	const left = "unplayed played no game and is left out of the meta-game."
	if !strings.Contains(strings.Join(strings.Fields(text), " "), left) {
		t.Errorf("the text does not say %q:\n%s", left, text)
	}
	if !strings.Contains(page, left) {
		t.Errorf("the page does not say %q", left)
	}
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) > 2 && f[0] != "unplayed" && f[1] == "unplayed" && f[len(f)-1] != "-" {
			t.Errorf("ranking row %q: want '-' for its Nash weight", l)
		}
		if f := strings.Fields(l); len(f) > 3 && f[1] == "unplayed" && (f[2] != "-" || strings.Contains(l, "Inf")) {
			t.Errorf("ranking row %q: want '-' for its Elo", l)
		}
	}
	for _, tb := range tables {
		col := map[string]int{"ratings.csv": len(tb.Header) - 1, "metagame.csv": 1}
		c, ok := col[tb.Name]
		if !ok {
			continue
		}
		found := false
		for _, r := range tb.Rows {
			if r[0] == "unplayed" || (len(r) > 1 && r[1] == "unplayed" && tb.Name == "ratings.csv") {
				found = true
				if r[c] != "" {
					t.Errorf("%s row %v: want the weight empty", tb.Name, r)
				}
				// No rating either: its Elo and interval were a
				// place-holder, ±inf, and its places NaN.
				if cells := strings.ToLower(strings.Join(r, ",")); tb.Name == "ratings.csv" && (r[2] != "" || strings.Contains(cells, "inf") || strings.Contains(cells, "nan")) {
					t.Errorf("ratings.csv row %v: want no Elo, no inf, no NaN", r)
				}
			}
		}
		if !found {
			t.Errorf("%s has no row for the unplayed bot: %v", tb.Name, tb.Rows)
		}
	}
	seen := false
	for _, w := range weights {
		if w["bot"] == "unplayed" {
			seen = true
			if v, ok := w["weight"]; !ok || v != nil {
				t.Errorf("JSON weight %v: want null", w)
			}
		}
	}
	if !seen {
		t.Errorf("JSON weights %v: no unplayed bot", weights)
	}
}

// jsonWeights returns the "metagame"."weights" of a JSON report.
func jsonWeights(t *testing.T, b []byte) []map[string]any {
	t.Helper()
	var d struct {
		Metagame struct {
			Weights []map[string]any `json:"weights"`
		} `json:"metagame"`
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	return d.Metagame.Weights
}

// TestMetagameUnplayedShown: a two-player run stopped before one bot's
// games leaves it out of the meta-game, and says so; it showed the
// weight imputed play gave it.
func TestMetagameUnplayedShown(t *testing.T) {
	tt := &analysis.Tournament{Bots: []string{"unplayed", "alpha", "beta", "gamma"}}
	wins := [][]int64{{0, 0, 0, 0}, {0, 0, 6, 7}, {0, 4, 0, 6}, {0, 3, 4, 0}}
	for i := range 4 {
		for j := i + 1; j < 4; j++ {
			p := analysis.Pairing{A: i, B: j}
			p.Seat[0] = analysis.Record{Wins: wins[i][j], Losses: wins[j][i]}
			tt.Pairings = append(tt.Pairings, p)
		}
	}
	s := analysis.Summarize(tt)
	if s.Metagame == nil {
		t.Fatalf("no meta-game: %v", s.MetaError)
	}
	m := &results.Manifest{Kind: "tournament", Seed: 9}
	var text, page, js bytes.Buffer
	if err := Text(&text, s, m, Options{Width: 200}); err != nil {
		t.Fatal(err)
	}
	if err := HTML(&page, s, m); err != nil {
		t.Fatal(err)
	}
	if err := JSON(&js, s, m); err != nil {
		t.Fatal(err)
	}
	unplayedShown(t, text.String(), page.String(), TournamentTables(s), jsonWeights(t, js.Bytes()))
}

// TestSeatMetagameUnplayedShown: the same at three seats, a gauntlet
// stopped before the unplayed bot's tables.
func TestSeatMetagameUnplayedShown(t *testing.T) {
	tc := analysis.TableCounts{Bots: []int{0, 1, 2}}
	tc.Finishes[analysis.FinishKey([]int{1, 2, 3})] = 20
	tc.Finishes[analysis.FinishKey([]int{2, 1, 3})] = 10
	s, err := analysis.SummarizeFFA(&analysis.Tournament{Bots: []string{"alpha", "beta", "gamma", "unplayed"}, Tables: []analysis.TableCounts{tc}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s.Metagame == nil {
		t.Fatalf("no meta-game: %v", s.MetaError)
	}
	m := &results.Manifest{Kind: "tournament", Seats: 3, Seed: 9}
	var text, page, js bytes.Buffer
	if err := FFAText(&text, s, m, Options{Width: 200}); err != nil {
		t.Fatal(err)
	}
	if err := FFAHTML(&page, s, m); err != nil {
		t.Fatal(err)
	}
	if err := FFAJSON(&js, s, m); err != nil {
		t.Fatal(err)
	}
	tables, err := FFATables(s)
	if err != nil {
		t.Fatal(err)
	}
	unplayedShown(t, text.String(), page.String(), tables, jsonWeights(t, js.Bytes()))
}
