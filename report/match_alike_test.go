package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
)

// TestMatchPairsAlike: a mirror match whose every pair was split 1–1 (2
// pairs) prints an Elo interval, the games' Wilson interval in Elo
// (±301.3: Wilson's 0.1500, 0.8500 for 2 of 4, analysis.TestEloAlike),
// and says why, in text and on the page; it printed "+0.0 ± 0.0", a
// certainty two pairs cannot give. A match whose pairs vary keeps the
// pairs' own interval and no such sentence.
func TestMatchPairsAlike(t *testing.T) {
	split := analysis.Pairing{Seat: [2]analysis.Record{{Wins: 1, Losses: 1}, {Wins: 1, Losses: 1}}, Pentanomial: [5]int64{0, 0, 2, 0, 0}}
	varied := analysis.Pairing{Seat: [2]analysis.Record{{Wins: 2}, {Wins: 1, Losses: 1}}, Pentanomial: [5]int64{0, 0, 1, 0, 1}}
	for _, c := range []struct {
		p     analysis.Pairing
		elo   string
		alike bool
	}{
		{split, "+0.0 ± 301.3", true},
		{varied, "+190.8 ± ", false},
	} {
		m := &Match{A: "random", B: "random2", Seed: 1, GamesPlanned: 4, Summary: analysis.SummarizeMatch(&c.p)}
		var text, page bytes.Buffer
		if err := MatchText(&text, m); err != nil {
			t.Fatal(err)
		}
		if err := MatchHTML(&page, m); err != nil {
			t.Fatal(err)
		}
		out := text.String()
		if !strings.Contains(out, c.elo) || strings.Contains(out, "± 0.0 ") {
			t.Errorf("pairs %v: the text's Elo is not %q:\n%s", c.p.Pentanomial, c.elo, out)
		}
		flat := strings.Join(strings.Fields(out), " ")
		if got := strings.Contains(flat, "Every pair scored alike"); got != c.alike {
			t.Errorf("pairs %v: the text says every pair scored alike: %v, want %v", c.p.Pentanomial, got, c.alike)
		}
		if got := strings.Contains(page.String(), "Every pair scored alike"); got != c.alike {
			t.Errorf("pairs %v: the page says every pair scored alike: %v, want %v", c.p.Pentanomial, got, c.alike)
		}
	}
}
