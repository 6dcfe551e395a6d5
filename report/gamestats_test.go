package report

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
)

// A share is shown as a percentage with the half-width of its Wilson
// interval, computed here from the textbook formula.
func TestCellText(t *testing.T) {
	wilsonHalf := func(k, n float64) float64 {
		z := 1.959963984540054
		p := k / n
		centre := (p + z*z/(2*n)) / (1 + z*z/n)
		half := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
		return 100 * math.Max(centre+half-p, p-(centre-half))
	}
	for _, c := range []struct {
		cell game.Cell
		want string
	}{
		{game.Count(42), "42"},
		{game.Mean(7, 2), "3.50"},
		{game.Mean(7, 0), "-"},
		{game.Share(1, 0), "-"},
		{game.Text("Ninja"), "Ninja"},
		{game.Share(33, 600000), "0.006±0.002"}, // 0.0055%, Wilson half-width 0.0019–0.0021%
		{game.Share(30, 40), ""},
	} {
		got := cellText(c.cell)
		if c.cell.Kind == game.CellShare && c.want == "" {
			// compare with one decimal, as shown
			want := "75.0±" + formatOne(wilsonHalf(30, 40))
			if got != want {
				t.Errorf("cellText(%+v) = %q, want %q", c.cell, got, want)
			}
			continue
		}
		if got != c.want {
			t.Errorf("cellText(%+v) = %q, want %q", c.cell, got, c.want)
		}
	}
}

func formatOne(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// stubStats is a game tally with one table of each kind of cell.
type stubStats struct{ game.Stats }

func (stubStats) Tables(names []string) []game.StatsTable {
	return []game.StatsTable{{Title: "Stub", Note: "what the stub counts", Columns: []string{"bot", "games", "score"},
		Rows: [][]game.Cell{{game.Text(names[0]), game.Count(10), game.Share(5, 10)}}}}
}

// The game's tables follow the general report, their cells formatted;
// JSON carries a share with its interval.
func TestGameStatsSections(t *testing.T) {
	tour := &analysis.Tournament{Bots: []string{"alpha", "beta"}, Game: stubStats{}}
	var b strings.Builder
	p := &printer{w: &b}
	p.gameStats(tour)
	out := b.String()
	for _, want := range []string{"Stub: what the stub counts", "alpha", "50.0±"} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	doc := gameStatsDoc(tour)
	if len(doc) != 1 || len(doc[0].Rows) != 1 {
		t.Fatalf("JSON tables %+v", doc)
	}
	sh, ok := doc[0].Rows[0][2].(shareJSON)
	if !ok || sh.Value != 0.5 || !(sh.Lo < 0.5 && sh.Hi > 0.5) || sh.N != 10 {
		t.Errorf("share cell %+v", doc[0].Rows[0][2])
	}
	if gameStatsDoc(&analysis.Tournament{}) != nil {
		t.Error("a run without a game tally has game tables")
	}
}
