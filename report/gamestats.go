package report

import (
	"math"
	"strconv"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/loadouts"
	"github.com/nzsclab/nzsc/engine/game"
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
// marks and heatmaps, which the game's plain tables (engine.Stats.Tables)
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
		return strconv.FormatFloat(100*e.value, 'f', prec, 64) + "±" + strconv.FormatFloat(half, 'f', prec, 64)
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
