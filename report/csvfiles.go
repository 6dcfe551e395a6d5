package report

import (
	"bytes"
	"encoding/csv"
	"strconv"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/loadouts"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/numfmt"
)

// This file holds the run directory's CSV tables, the derived files
// that pandas or a spreadsheet reads (docs/results-format.md): computed
// from a summary, written by the run's tail (tail.go), never read back.

// CSVTable is a CSV table: a header and rows of equal length.
type CSVTable struct {
	// Name is the file name in a run directory ("ratings.csv").
	Name   string
	Header []string
	Rows   [][]string
}

// CSV returns the table in RFC 4180 form.
func (t *CSVTable) CSV() []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(t.Header)
	w.WriteAll(t.Rows)
	return b.Bytes()
}

func estimateCols(e analysis.Estimate) []string {
	r := e.Record
	return []string{count(r.Wins), count(r.Draws), count(r.Losses), count(r.Games()),
		numfmt.CSV(e.Score, 6), numfmt.CSV(e.Lo, 6), numfmt.CSV(e.Hi, 6), strconv.FormatBool(e.Significant)}
}

var estimateHeader = []string{"wins", "draws", "losses", "games", "score", "lo95", "hi95", "significant"}

// TournamentTables returns every CSV table of a two-player tournament's
// summary. Their columns are part of
// the documented format (docs/results-format.md): new columns may be
// appended, existing ones keep their names and meaning.
func TournamentTables(s *analysis.Summary) []CSVTable {
	bots := s.Counts.Bots
	var out []CSVTable

	// Ratings, strongest first.
	rt := CSVTable{Name: "ratings.csv", Header: []string{"rank", "bot", "elo", "se", "lo95", "hi95", "games", "significant", "metagame_weight"}}
	for rank, i := range s.Ranking.Order {
		r := s.Ranking.Ratings[i]
		w := ""
		if !metaLeft(s.Metagame, i) {
			w = numfmt.CSV(s.Metagame.Weight[i], 6)
		}
		se := numfmt.CSV(r.SE, 2)
		if unrated(r) {
			se = "" // no rating, no standard error (an unknown one, +Inf)
		}
		rt.Rows = append(rt.Rows, []string{strconv.Itoa(rank + 1), r.Bot, numfmt.CSV(r.Elo, 2), se, numfmt.CSV(r.Lo, 2), numfmt.CSV(r.Hi, 2),
			count(r.Games), strconv.FormatBool(r.Significant), w})
	}
	out = append(out, rt)

	// Cross-table in long form: one row per (bot, opponent) that met,
	// plus each bot against the field ("*").
	ct := CSVTable{Name: "crosstable.csv", Header: append([]string{"bot", "opponent"}, estimateHeader...)}
	for i := range bots {
		for j := range bots {
			if e := s.Cross.Cells[i][j]; e.Record.Games() > 0 {
				ct.Rows = append(ct.Rows, append([]string{bots[i], bots[j]}, estimateCols(e)...))
			}
		}
		ct.Rows = append(ct.Rows, append([]string{bots[i], "*"}, estimateCols(s.Cross.Field[i])...))
	}
	out = append(out, ct)

	// Two-player NZSC's loadout tables (header only for another game).
	out = append(out, loadoutTables(bots, loadouts.Summarize(s.Counts))...)

	// Raw pairing counts.
	pr := CSVTable{Name: "pairings.csv", Header: []string{"a", "b", "games", "a_wins", "draws", "a_losses",
		"a_seat0_wins", "a_seat0_draws", "a_seat0_losses", "a_seat1_wins", "a_seat1_draws", "a_seat1_losses",
		"penta0", "penta1", "penta2", "penta3", "penta4", "unsettled", "a_forfeits", "b_forfeits", "a_illegal", "b_illegal", "turns"}}
	for _, p := range s.Counts.Pairings {
		t := p.Total()
		row := []string{bots[p.A], bots[p.B], count(t.Games()), count(t.Wins), count(t.Draws), count(t.Losses)}
		for _, r := range p.Seat {
			row = append(row, count(r.Wins), count(r.Draws), count(r.Losses))
		}
		for _, n := range p.Pentanomial {
			row = append(row, count(n))
		}
		row = append(row, count(loadouts.Unsettled(s.Counts, &p).Games()), count(p.Forfeits[0]), count(p.Forfeits[1]),
			count(p.Illegal[0]), count(p.Illegal[1]), count(p.Turns))
		pr.Rows = append(pr.Rows, row)
	}
	out = append(out, pr)

	mt := CSVTable{Name: "metagame.csv", Header: []string{"bot", "weight"}}
	if s.Metagame != nil {
		for i := range bots {
			w := ""
			if !s.Metagame.Left(i) {
				w = numfmt.CSV(s.Metagame.Weight[i], 6)
			}
			mt.Rows = append(mt.Rows, []string{bots[i], w})
		}
	}
	out = append(out, mt)
	return out
}

// loadoutTables returns loadouts.csv, the loadout matchups at every
// level, pooled ("*") and per bot, and picks.csv, each bot's loadout
// picks; only their headers when ls is nil (a game other than two-player
// NZSC).
func loadoutTables(bots []string, ls *loadouts.Summary) []CSVTable {
	lt := CSVTable{Name: "loadouts.csv", Header: append([]string{"bot", "level", "row", "column"}, estimateHeader...)}
	pt := CSVTable{Name: "picks.csv", Header: []string{"bot", "loadout", "games", "share"}}
	if ls == nil {
		return []CSVTable{lt, pt}
	}
	add := func(scope string, m *loadouts.Matrix) {
		for _, level := range []loadouts.Level{loadouts.ByLoadout, loadouts.ByCharacter, loadouts.ByBooster} {
			w := m.Collapse(level)
			for r := range w.Labels {
				for c := range w.Labels {
					if e := w.Cells[r][c]; e.Record.Games() > 0 {
						lt.Rows = append(lt.Rows, append([]string{scope, level.String(), w.Labels[r], w.Labels[c]}, estimateCols(e)...))
					}
				}
				if e := w.Overall[r]; e.Record.Games() > 0 {
					lt.Rows = append(lt.Rows, append([]string{scope, level.String(), w.Labels[r], "*"}, estimateCols(e)...))
				}
			}
		}
	}
	add("*", ls.Pooled)
	for i := range bots {
		add(bots[i], ls.PerBot[i])
	}
	for i := range bots {
		var total int64
		for _, n := range ls.Picks[i] {
			total += n
		}
		total += ls.Unsettled[i]
		for x, n := range ls.Picks[i] {
			pt.Rows = append(pt.Rows, []string{bots[i], nzsc.LoadoutAt(x).String(), count(n), numfmt.CSV(float64(n)/float64(total), 6)})
		}
		pt.Rows = append(pt.Rows, []string{bots[i], "unsettled", count(ls.Unsettled[i]), numfmt.CSV(float64(ls.Unsettled[i])/float64(total), 6)})
	}
	return []CSVTable{lt, pt}
}
