package report

import (
	"fmt"
	"html/template"
	"math"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/numfmt"
)

// This file renders a free-for-all run's meta-game (analysis.SeatMetagame)
// where a two-player run's shows: the ranking's Nash column, a paragraph
// after the finished-ahead table, metagame.csv, the JSON's "metagame" and
// the page's Meta-game section.

// seatNashText is a bot's Nash cell in the ranking: its weight, "-"
// without a meta-game or when the bot is left out of it.
func seatNashText(s *analysis.FFASummary, i int) string {
	if seatMetaLeft(s.Metagame, i) {
		return "-"
	}
	return weightText(s.Metagame.Weight[i])
}

// seatWeightCSV is a bot's metagame_weight in ratings.csv: empty without
// a meta-game or left out of it, as a two-player run's.
func seatWeightCSV(s *analysis.FFASummary, i int) string {
	if seatMetaLeft(s.Metagame, i) {
		return ""
	}
	return numfmt.CSV(s.Metagame.Weight[i], 6)
}

// seatNashCell is seatNashText as the page's cell.
func seatNashCell(s *analysis.FFASummary, i int) hcell {
	if seatMetaLeft(s.Metagame, i) {
		return numCell("-", math.NaN())
	}
	return numCell(weightText(s.Metagame.Weight[i]), s.Metagame.Weight[i])
}

// seatIntervalText formats a weight and its interval: "0.612 [0.41, 0.80]".
func seatIntervalText(mg *analysis.SeatMetagame, i int) string {
	return weightText(mg.Weight[i]) + " [" + weightText(mg.Lo[i]) + ", " + weightText(mg.Hi[i]) + "]"
}

// seatRegretText formats the meta-game's certificate: "below 1e-9" at an exact
// equilibrium (rounding aside), else its value.
func seatRegretText(r float64) string {
	if r <= analysis.SeatTolerance {
		return "below 1e-9"
	}
	return strconv.FormatFloat(r, 'g', 2, 64)
}

// seatMetagameSentences are the text's and the page's words on the
// meta-game: the mix with its intervals, the certificate, the imputed
// share.
func seatMetagameSentences(s *analysis.FFASummary) []string {
	mg := s.Metagame
	if mg == nil {
		return []string{fmt.Sprintf("Meta-game (symmetric Nash equilibrium over the bots): not solved: %v.", s.MetaError)}
	}
	var mix []string
	for _, i := range s.Ranking.Order {
		switch {
		case mg.Replicates == 0 && mg.Weight[i] > 5e-7:
			mix = append(mix, s.Counts.Bots[i]+" "+weightText(mg.Weight[i]))
		case mg.Replicates > 0 && (mg.Weight[i] > 5e-7 || mg.Hi[i] > 5e-7):
			mix = append(mix, s.Counts.Bots[i]+" "+seatIntervalText(mg, i))
		}
	}
	out := []string{fmt.Sprintf("Meta-game (symmetric Nash equilibrium of the %d-seat game, a seat scoring its share of the other seats it finished ahead of, ties half): %s. No bot gains by taking a seat alone at a table whose other seats are drawn from this mix: the largest gain, the certificate, is %s.",
		mg.Seats, strings.Join(mix, ", "), seatRegretText(mg.Regret))}
	if left := leftOutSentence(mg.Bots, mg.Unplayed); left != "" {
		out = append(out, left)
	}
	if mg.Regret > analysis.SeatTolerance {
		out = append(out, "The solver found no exact equilibrium: this mix is an approximate one, within that gain.")
	}
	// Why there are fewer replicates than asked, or none: the bootstrap
	// rebuilds every payoff (bots^seats) per replicate, within a budget.
	played := len(mg.Bots) - len(mg.Unplayed) // the unplayed are not in the game
	payoffs := math.Pow(float64(played), float64(mg.Seats))
	switch {
	case mg.Replicates > 0 && mg.Replicates < mg.Asked:
		out = append(out, fmt.Sprintf("95%% intervals from %d bootstrap replicates over whole tables, fewer than the %d asked: each rebuilds the %.0f payoffs (%d bots, %d seats), and more would take minutes (seed %s; the replicates' largest regret %s).",
			mg.Replicates, mg.Asked, payoffs, played, mg.Seats, game.FormatSeed(mg.Seed), seatRegretText(mg.RegretHi)))
	case mg.Replicates > 0:
		out = append(out, fmt.Sprintf("95%% intervals from %d bootstrap replicates over whole tables (seed %s; the replicates' largest regret %s).",
			mg.Replicates, game.FormatSeed(mg.Seed), seatRegretText(mg.RegretHi)))
	case mg.Asked > 0:
		out = append(out, fmt.Sprintf("No intervals: a bootstrap replicate rebuilds the %.0f payoffs (%d bots, %d seats), and even one would take minutes.",
			payoffs, played, mg.Seats))
	default:
		out = append(out, "No intervals: no bootstrap replicates were asked for.")
	}
	out = append(out, fmt.Sprintf("%s%% of the tables this mix seats were never played (a bot twice, or bots never seated together): their scores are imputed from pairwise finishes (docs/dynamics.md).",
		pctPlain(mg.Unmeasured)))
	return out
}

// seatMetagameText writes the meta-game's paragraph.
func seatMetagameText(p *printer, s *analysis.FFASummary) {
	p.f("\n")
	p.para(strings.Join(seatMetagameSentences(s), " "))
}

// seatMetagameCSV is a free-for-all run's metagame.csv: a two-player
// run's columns (bot, weight) and the interval and each bot's score
// against the mix; bots in ranking order. No rows without a meta-game.
func seatMetagameCSV(s *analysis.FFASummary) CSVTable {
	mt := CSVTable{Name: "metagame.csv", Header: []string{"bot", "weight", "lo95", "hi95", "score"}}
	if mg := s.Metagame; mg != nil {
		for _, i := range s.Ranking.Order {
			if mg.Left(i) {
				mt.Rows = append(mt.Rows, []string{s.Counts.Bots[i], "", "", "", ""})
				continue
			}
			mt.Rows = append(mt.Rows, []string{s.Counts.Bots[i], numfmt.CSV(mg.Weight[i], 6), numfmt.CSV(mg.Lo[i], 6), numfmt.CSV(mg.Hi[i], 6), numfmt.CSV(mg.Score[i], 6)})
		}
	}
	return mt
}

// seatMetaJSON is the JSON's "metagame" of a free-for-all run.
type seatMetaJSON struct {
	Seats      int              `json:"seats"`
	Weights    []seatWeightJSON `json:"weights"`
	Regret     analysis.Number  `json:"regret"`
	RegretHi   analysis.Number  `json:"regret_replicates"`
	Unmeasured analysis.Number  `json:"unplayed_share"`
	Replicates int              `json:"bootstrap_replicates"`
	Seed       string           `json:"seed"`
	Error      string           `json:"error,omitempty"`
}

type seatWeightJSON struct {
	Bot    string          `json:"bot"`
	Weight analysis.Number `json:"weight"`
	Lo     analysis.Number `json:"lo95"`
	Hi     analysis.Number `json:"hi95"`
	Score  analysis.Number `json:"score"`
}

// seatMetagameJSON returns the JSON's "metagame" (nil when the run has
// no games).
func seatMetagameJSON(s *analysis.FFASummary) *seatMetaJSON {
	mg := s.Metagame
	if mg == nil {
		if s.MetaError == nil {
			return nil
		}
		return &seatMetaJSON{Weights: []seatWeightJSON{}, Error: s.MetaError.Error()}
	}
	d := &seatMetaJSON{Seats: mg.Seats, Weights: []seatWeightJSON{}, Regret: analysis.Number(mg.Regret), RegretHi: analysis.Number(mg.RegretHi),
		Unmeasured: analysis.Number(mg.Unmeasured), Replicates: mg.Replicates, Seed: game.FormatSeed(mg.Seed)}
	for _, i := range s.Ranking.Order {
		if mg.Left(i) {
			nan := analysis.Number(math.NaN())
			d.Weights = append(d.Weights, seatWeightJSON{s.Counts.Bots[i], nan, nan, nan, nan})
			continue
		}
		d.Weights = append(d.Weights, seatWeightJSON{s.Counts.Bots[i], analysis.Number(mg.Weight[i]), analysis.Number(mg.Lo[i]), analysis.Number(mg.Hi[i]), analysis.Number(mg.Score[i])})
	}
	return d
}

// seatMetagameSection is the page's Meta-game section: each bot's weight
// with its interval as a chart and a table.
func seatMetagameSection(s *analysis.FFASummary, dl hlink) *hsection {
	words := seatMetagameSentences(s)
	sec := &hsection{ID: "metagame", Title: "Meta-game", Downloads: []hlink{dl}, Intro: strings.Join(words, " ")}
	mg := s.Metagame
	if mg == nil {
		return sec
	}
	tb := &htable{ID: "t-metagame", Head: heads(true, "bot", "weight", "95% low", "95% high", "score against the mix")}
	tb.Head[0].Num = false
	var rows []intervalRow
	for _, i := range s.Ranking.Order {
		b := s.Counts.Bots[i]
		if mg.Left(i) {
			dash := numCell("-", math.NaN())
			tb.Rows = append(tb.Rows, []hcell{textCell(b), dash, dash, dash, dash})
			continue
		}
		rows = append(rows, intervalRow{Label: b, X: mg.Weight[i], Lo: mg.Lo[i], Hi: mg.Hi[i], Significant: mg.Lo[i] > 0,
			Tip: fmt.Sprintf("%s: weight %s, 95%% interval [%s, %s]; scores %s against the mix", b, weightText(mg.Weight[i]), weightText(mg.Lo[i]), weightText(mg.Hi[i]), weightText(mg.Score[i]))})
		tb.Rows = append(tb.Rows, []hcell{textCell(b), numCell(weightText(mg.Weight[i]), mg.Weight[i]), numCell(weightText(mg.Lo[i]), mg.Lo[i]),
			numCell(weightText(mg.Hi[i]), mg.Hi[i]), numCell(weightText(mg.Score[i]), mg.Score[i])})
	}
	sec.Charts = append(sec.Charts, template.HTML(intervalSVG("c-metagame", "Meta-game: each bot's weight in the equilibrium (95% interval)", "bot", "weight", 1/float64(len(rows)), rows)))
	sec.Tables = append(sec.Tables, tb)
	return sec
}
