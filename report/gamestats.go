package report

import (
	"math"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/loadouts"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/numfmt"
)

// gameStats writes the game's own analysis (game.Stats) after the
// general report: the game lays out its tables, the report formats their
// cells and computes every interval.
func (p *printer) gameStats(t *analysis.Tournament) {
	for _, tb := range gameTables(t) {
		title := tb.Title
		if tb.Note != "" {
			title += ": " + tb.Note
		}
		p.section(title)
		rows := make([][]string, len(tb.Rows))
		for i, r := range tb.Rows {
			rows[i] = make([]string, len(r))
			for j, c := range r {
				rows[i][j] = cellText(c)
			}
		}
		p.table(tb.Columns, rows)
	}
}

// gameTables returns the tables of t's game tally for the generic
// renderers; none when the game keeps no tally or when the report shows
// it in its own sections: two-player NZSC's loadouts (package
// analysis/loadouts) get tables ordered by the bots' rank, significance
// marks and heatmaps, which the game's plain tables (nzsc.Stats.Tables)
// only summarize.
func gameTables(t *analysis.Tournament) []game.StatsTable {
	if t.Game == nil || loadouts.Stats(t) != nil {
		return nil
	}
	return t.Game.Tables(t.Bots)
}

// cellText formats a cell as the rest of the report does: a share as a
// percentage with the half-width of its 95% (Wilson) interval, "-"
// where there is nothing to show.
func cellText(c game.Cell) string {
	switch c.Kind {
	case game.CellCount:
		return strconv.FormatInt(int64(c.Value), 10)
	case game.CellMean:
		if c.Of == 0 {
			return "-"
		}
		return strconv.FormatFloat(c.Value/c.Of, 'f', 2, 64)
	case game.CellShare:
		e := shareEstimate(c)
		if math.IsNaN(e.value) {
			return "-"
		}
		// One decimal, more when the interval is narrower than that
		// shows (33 games in 600 000 is not "0.0±0.0").
		half := 100 * math.Max(e.hi-e.value, e.value-e.lo)
		prec := 1
		for p := 0.1; half < p && prec < 4; p /= 10 {
			prec++
		}
		f := func(x float64) string { return strconv.FormatFloat(x, 'f', prec, 64) }
		if 100*e.value-half < 0 || 100*e.value+half > 100 {
			// As pct: near 0 or 100% the Wilson interval is lopsided,
			// and "0.0±0.6" would read as reaching -0.6%.
			return f(100*e.value) + " [" + f(100*e.lo) + ", " + f(100*e.hi) + "]"
		}
		return f(100*e.value) + "±" + f(half)
	}
	return c.Text
}

type shareEst struct{ value, lo, hi float64 }

func shareEstimate(c game.Cell) shareEst {
	if c.Of <= 0 {
		return shareEst{math.NaN(), math.NaN(), math.NaN()}
	}
	lo, hi := analysis.Wilson(c.Value, c.Of)
	return shareEst{c.Value / c.Of, lo, hi}
}

// gameStatsJSON is a game table in the JSON report: each cell a string
// (a label), a number, or for a share {"value", "lo", "hi", "n"}.
type gameStatsJSON struct {
	Title   string   `json:"title"`
	Note    string   `json:"note,omitempty"`
	Columns []string `json:"columns"`
	Rows    [][]any  `json:"rows"`
}

type shareJSON struct {
	Value num `json:"value"`
	Lo    num `json:"lo"`
	Hi    num `json:"hi"`
	N     num `json:"n"`
}

// gameStatsOf is gameStatsDoc of t, nil for no counts.
func gameStatsOf(t *analysis.Tournament) []gameStatsJSON {
	if t == nil {
		return nil
	}
	return gameStatsDoc(t)
}

// gameStatsDoc lays the game's own tables out for JSON; nil when the game
// keeps none.
func gameStatsDoc(t *analysis.Tournament) []gameStatsJSON {
	var out []gameStatsJSON
	for _, tb := range gameTables(t) {
		j := gameStatsJSON{Title: tb.Title, Note: tb.Note, Columns: tb.Columns, Rows: make([][]any, len(tb.Rows))}
		for i, r := range tb.Rows {
			j.Rows[i] = make([]any, len(r))
			for k, c := range r {
				j.Rows[i][k] = cellJSON(c)
			}
		}
		out = append(out, j)
	}
	return out
}

func cellJSON(c game.Cell) any {
	switch c.Kind {
	case game.CellCount:
		return num(c.Value)
	case game.CellMean:
		if c.Of == 0 {
			return num(math.NaN())
		}
		return num(c.Value / c.Of)
	case game.CellShare:
		e := shareEstimate(c)
		return shareJSON{Value: num(e.value), Lo: num(e.lo), Hi: num(e.hi), N: num(c.Of)}
	}
	return c.Text
}

// gameCSVTables returns the game's own tables as the run directory's CSV
// files, game-<title>.csv: a column per column of the table, a share as
// four (its value, the bounds of its Wilson 95% interval and the number
// it is a share of), a mean as its value; empty where the table shows
// "-".
func gameCSVTables(t *analysis.Tournament) []CSVTable {
	var out []CSVTable
	seen := map[string]bool{}
	for _, tb := range gameTables(t) {
		name := "game-" + strings.TrimPrefix(slug(tb.Title), "game-")
		for k := 2; seen[name]; k++ {
			name = "game-" + strings.TrimPrefix(slug(tb.Title), "game-") + "-" + strconv.Itoa(k)
		}
		seen[name] = true
		shares := make([]bool, len(tb.Columns))
		for _, r := range tb.Rows {
			for j, c := range r {
				if j < len(shares) && c.Kind == game.CellShare {
					shares[j] = true
				}
			}
		}
		ct := CSVTable{Name: name + ".csv"}
		for j, col := range tb.Columns {
			ct.Header = append(ct.Header, col)
			if shares[j] {
				ct.Header = append(ct.Header, col+" lo95", col+" hi95", col+" n")
			}
		}
		for _, r := range tb.Rows {
			var row []string
			for j := range tb.Columns {
				var c game.Cell
				if j < len(r) {
					c = r[j]
				}
				row = append(row, cellCSV(c)...)
				if shares[j] && c.Kind != game.CellShare {
					row = append(row, "", "", "")
				}
			}
			ct.Rows = append(ct.Rows, row)
		}
		out = append(out, ct)
	}
	return out
}

// cellCSV is a cell in CSV: a share as its value, interval and n.
func cellCSV(c game.Cell) []string {
	f := func(x float64) string {
		if math.IsNaN(x) {
			return ""
		}
		return numfmt.CSV(x, 6)
	}
	switch c.Kind {
	case game.CellCount:
		return []string{strconv.FormatInt(int64(c.Value), 10)}
	case game.CellMean:
		if c.Of == 0 {
			return []string{""}
		}
		return []string{f(c.Value / c.Of)}
	case game.CellShare:
		e := shareEstimate(c)
		return []string{f(e.value), f(e.lo), f(e.hi), strconv.FormatFloat(c.Of, 'f', -1, 64)}
	}
	return []string{c.Text}
}

// slug turns a title into a file name's part: lower case letters and
// digits, other runs of characters a single '-'.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	if b.Len() == 0 {
		return "table"
	}
	return b.String()
}
