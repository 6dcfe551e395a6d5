package report

import (
	"encoding/json"
	"io"
	"math"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/loadouts"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/numfmt"
	"github.com/nzsclab/nzsc/results"
)

// JSONFormat names the JSON document's format and version.
//
// Version 2 lists picks and meta-game weights as arrays of objects (they
// were objects keyed by loadout and bot names), so that every key of every
// document is a snake_case field name.
const JSONFormat = "nzsc-tournament-report/2"

// num is a float that marshals NaN and infinities as null and rounds to
// 10 significant digits, so that documents are valid JSON and stable.
type num float64

func (n num) MarshalJSON() ([]byte, error) {
	return numfmt.AppendJSON(nil, float64(n), 10), nil
}

type estimateJSON struct {
	Wins        int64 `json:"wins"`
	Draws       int64 `json:"draws"`
	Losses      int64 `json:"losses"`
	Games       int64 `json:"games"`
	Score       num   `json:"score"`
	Lo95        num   `json:"lo95"`
	Hi95        num   `json:"hi95"`
	Significant bool  `json:"significant"`
}

func estimate(e analysis.Estimate) estimateJSON {
	r := e.Record
	return estimateJSON{r.Wins, r.Draws, r.Losses, r.Games(), num(e.Score), num(e.Lo), num(e.Hi), e.Significant}
}

type ratingJSON struct {
	Bot         string `json:"bot"`
	Rank        int    `json:"rank"`
	Elo         num    `json:"elo"`
	SE          num    `json:"se"`
	Lo95        num    `json:"lo95"`
	Hi95        num    `json:"hi95"`
	Games       int64  `json:"games"`
	Significant bool   `json:"significant"`
}

type winRatesJSON struct {
	Level   string           `json:"level"`
	Labels  []string         `json:"labels"`
	Cells   [][]estimateJSON `json:"cells"`
	Overall []estimateJSON   `json:"overall"`
}

func winRates(w *loadouts.WinRates) winRatesJSON {
	out := winRatesJSON{Level: w.Level.String(), Labels: w.Labels}
	for r := range w.Cells {
		var row []estimateJSON
		for c := range w.Cells[r] {
			row = append(row, estimate(w.Cells[r][c]))
		}
		out.Cells = append(out.Cells, row)
		out.Overall = append(out.Overall, estimate(w.Overall[r]))
	}
	return out
}

// pickJSON is how often a bot settled on a loadout.
type pickJSON struct {
	Loadout string `json:"loadout"`
	Games   int64  `json:"games"`
}

// weightJSON is a bot's weight in the meta-game's mix.
type weightJSON struct {
	Bot    string `json:"bot"`
	Weight num    `json:"weight"`
}

type botJSON struct {
	Bot       string                  `json:"bot"`
	Picks     []pickJSON              `json:"picks"`
	Unsettled int64                   `json:"unsettled"`
	WinRates  map[string]winRatesJSON `json:"win_rates"`
	Faults    faultsJSON              `json:"faults"`
}

// faultsJSON is a bot's forfeits, by kind, and illegal answers.
type faultsJSON struct {
	Forfeits int64            `json:"forfeits"`
	Kinds    map[string]int64 `json:"forfeit_kinds"`
	Illegal  int64            `json:"illegal"`
}

type metaJSON struct {
	Weights []weightJSON `json:"weights"`
	Value   num          `json:"value"`
	Lower   num          `json:"lower"`
	Upper   num          `json:"upper"`
	Method  string       `json:"method"`
	Missing int          `json:"missing_pairs"`
	Error   string       `json:"error,omitempty"`
}

type documentJSON struct {
	Format     string                  `json:"format"`
	Manifest   *results.Manifest       `json:"manifest,omitempty"`
	Bots       []string                `json:"bots"`
	Connected  bool                    `json:"win_graph_strongly_connected"`
	Ratings    []ratingJSON            `json:"ratings"`
	CrossTable [][]estimateJSON        `json:"crosstable"`
	Field      []estimateJSON          `json:"field"`
	Pooled     map[string]winRatesJSON `json:"pooled_win_rates"`
	PerBot     []botJSON               `json:"per_bot"`
	Metagame   metaJSON                `json:"metagame"`
	GameStats  []gameStatsJSON         `json:"game_stats,omitempty"`
	Openings   *Openings               `json:"openings,omitempty"`
}

// JSON writes the whole analysis as one JSON document (format
// JSONFormat; see docs/results-format.md). Missing values are null.
func JSON(w io.Writer, s *analysis.Summary, m *results.Manifest) error {
	levels := []loadouts.Level{loadouts.ByLoadout, loadouts.ByCharacter, loadouts.ByBooster}
	ls := loadouts.Summarize(s.Counts)
	d := documentJSON{Format: JSONFormat, Manifest: m, Bots: s.Counts.Bots, Connected: s.Ranking.Connected,
		Pooled: map[string]winRatesJSON{}, GameStats: gameStatsDoc(s.Counts), Openings: openingsOf(m, s.Counts)}
	rank := make([]int, len(s.Counts.Bots))
	for r, i := range s.Ranking.Order {
		rank[i] = r + 1
	}
	for i, r := range s.Ranking.Ratings {
		d.Ratings = append(d.Ratings, ratingJSON{r.Bot, rank[i], num(r.Elo), num(r.SE), num(r.Lo), num(r.Hi), r.Games, r.Significant})
	}
	for i := range s.Cross.Cells {
		var row []estimateJSON
		for j := range s.Cross.Cells[i] {
			row = append(row, estimate(s.Cross.Cells[i][j]))
		}
		d.CrossTable = append(d.CrossTable, row)
		d.Field = append(d.Field, estimate(s.Cross.Field[i]))
	}
	if ls != nil {
		for _, l := range levels {
			d.Pooled[l.String()] = winRates(ls.Pooled.Collapse(l))
		}
	}
	for i, b := range s.Counts.Bots {
		f := s.Faults[i]
		bj := botJSON{Bot: b, Picks: []pickJSON{}, WinRates: map[string]winRatesJSON{},
			Faults: faultsJSON{Forfeits: f.Forfeits, Kinds: map[string]int64{}, Illegal: f.Illegal}}
		for k, n := range f.Kinds {
			bj.Faults.Kinds[analysis.FaultKinds[k]] = n
		}
		if ls != nil {
			bj.Unsettled = ls.Unsettled[i]
			for x, n := range ls.Picks[i] {
				bj.Picks = append(bj.Picks, pickJSON{nzsc.LoadoutAt(x).String(), n})
			}
			for _, l := range levels {
				bj.WinRates[l.String()] = winRates(ls.PerBot[i].Collapse(l))
			}
		}
		d.PerBot = append(d.PerBot, bj)
	}
	if mg := s.Metagame; mg != nil {
		d.Metagame = metaJSON{Weights: []weightJSON{}, Value: num(mg.Value), Lower: num(mg.Lower), Upper: num(mg.Upper),
			Method: mg.Method, Missing: mg.Missing}
		for i, b := range s.Counts.Bots {
			w := num(mg.Weight[i])
			if mg.Left(i) {
				w = num(math.NaN()) // null: left out, as a bot without a meta-game
			}
			d.Metagame.Weights = append(d.Metagame.Weights, weightJSON{b, w})
		}
	} else if s.MetaError != nil {
		d.Metagame.Error = s.MetaError.Error()
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(d)
}

// CSV writes tables, every derived table of a run (its run directory's
// CSV files, runReport.Tables), to w, each preceded by a line "# NAME"
// and followed by a blank line: a run's --format csv, alike for every
// game and table size. (The run directory holds each table in its own
// file, which is what pandas should read.)
func CSV(w io.Writer, tables []CSVTable) error {
	for _, t := range tables {
		if _, err := io.WriteString(w, "# "+t.Name+"\n"); err != nil {
			return err
		}
		if _, err := w.Write(t.CSV()); err != nil {
			return err
		}
		if _, err := io.WriteString(w, "\n"); err != nil {
			return err
		}
	}
	return nil
}
