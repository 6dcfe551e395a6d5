package report

import (
	"fmt"
	"math"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// Openings is what a run's openings (--openings) did to its intervals:
// the design, and the stratified estimate of how much narrower its
// intervals are than free play's at the same number of games
// (analysis.OpeningSpread).
type Openings struct {
	// Design is "loadouts", "characters", "records" or "seeds"; Count
	// the number of openings.
	Design string `json:"design"`
	Count  int    `json:"count"`
	// Tallied says the run kept per-opening tallies (at most
	// results.MaxOpeningTallies openings); the rest is set only then.
	Tallied bool `json:"tallied"`
	// Pairs is the number of game pairs; WithinVariance and
	// TotalVariance the variance of a pair's score (A's points over 2)
	// within openings and overall, null when the counts cannot tell. At
	// 3 or 4 seats the units are sets (a table's games from one seed),
	// counted once for each pair of the table's bots, and the score one
	// bot's finished-ahead share over the other in a set.
	Pairs          int64 `json:"pairs,omitempty"`
	WithinVariance num   `json:"within_variance"`
	TotalVariance  num   `json:"total_variance"`
	// Ratio is the design's interval half-width over free play's:
	// sqrt(within/total); Narrower is 1 − Ratio.
	Ratio    num `json:"ratio"`
	Narrower num `json:"narrower"`
	// seats is the run's players a table, for the words; paired says
	// the run played seat-swapped pairs of two bots at a table of 3 or
	// 4 (a sequential test) rather than sets of every seat order.
	seats  int
	paired bool
}

// openingsOf returns the openings of the run man describes with its
// counts, nil for a run without openings: at two seats the spread of
// its pairings' game pairs (analysis.SpreadOf), at 3 or 4 that of its
// tables' sets (analysis.TableSpreadOf).
func openingsOf(man *results.Manifest, counts *analysis.Tournament) *Openings {
	if man == nil || man.NumOpenings() == 0 {
		return nil
	}
	o := &Openings{Design: man.OpeningDesign, Count: man.NumOpenings(), seats: man.NumSeats()}
	if o.Design == "" {
		o.Design = "seeds"
	}
	// A test at 3 or 4 seats plays seat-swapped pairs of NEW and BASE:
	// its openings are a match's, told as such.
	o.paired = man.Kind == results.KindSPRT && o.seats > 2
	if counts == nil {
		return o
	}
	s, ok := analysis.SpreadOf(counts.Pairings)
	switch {
	case o.paired:
		s, ok = analysis.SpreadOf(pairedTable(counts.Tables))
	case o.seats > 2:
		s, ok = analysis.TableSpreadOf(counts.Tables)
	}
	if !ok {
		return o
	}
	r := s.Ratio()
	o.Tallied, o.Pairs = true, s.Pairs
	o.WithinVariance, o.TotalVariance, o.Ratio, o.Narrower = num(s.Within), num(s.Total), num(r), num(1-r)
	return o
}

// pairedTable returns the one table of a sequential test at 3 or 4
// seats as the pairing of its bots 0 and 1 (NEW and BASE) that
// SpreadOf reads: its pentanomial and, per opening, its pairs and
// bots 0's half-points against bot 1 (the first pair of the table's
// tallies, a set being a pair).
func pairedTable(tables []analysis.TableCounts) []analysis.Pairing {
	if len(tables) != 1 || tables[0].Openings == nil {
		return nil
	}
	t := &tables[0]
	p := analysis.Pairing{Pentanomial: t.Pentanomial}
	for _, tl := range t.Openings {
		p.Openings = append(p.Openings, [2]int64{tl[0], tl[1]})
	}
	return []analysis.Pairing{p}
}

// what names the openings for people.
func (o *Openings) what() string {
	sets := "pairing"
	if o.seats > 2 {
		sets = "combination"
	}
	if o.Count != 1 {
		// At 4 seats the character design is one combination, all four
		// characters, dealt in every order of the bots.
		sets += "s"
	}
	switch o.Design {
	case "loadouts":
		return fmt.Sprintf("the %d loadout %s (--openings loadouts)", o.Count, sets)
	case "characters":
		return fmt.Sprintf("the %d character %s (--openings characters)", o.Count, sets)
	case "records":
		return fmt.Sprintf("%d record prefixes (--openings FILE)", o.Count)
	}
	return fmt.Sprintf("%d deal seeds", o.Count)
}

// Text returns the report's sentence on the openings: what they were
// and how much they narrowed the intervals. pairs > 0 adds a match's
// own half-widths (A's score in points of 100) at that many game pairs.
func (o *Openings) Text(pairs int64) string {
	if o.seats > 2 && !o.paired {
		return fmt.Sprintf("Openings: %s, every set's games from one, each bot in every seat.", o.what()) +
			o.narrowing("intervals of who finished ahead of whom", "a pair of bots' finished-ahead share in a set")
	}
	s := fmt.Sprintf("Openings: %s, cycled through by every pairing's game pairs, seats swapped.", o.what()) +
		o.narrowing("intervals", "a pair's score")
	if r := float64(o.Ratio); pairs > 0 && o.Tallied && !math.IsNaN(r) {
		free := analysis.Z95 * math.Sqrt(float64(o.TotalVariance)/float64(pairs)) * 100
		s += fmt.Sprintf(" A's score: ± %.2f with the openings as strata, ± %.2f free.", free*r, free)
	}
	return s
}

// narrowing is the sentence on how much the openings narrowed the
// intervals named, from the spread of the score named.
func (o *Openings) narrowing(intervals, score string) string {
	r := float64(o.Ratio)
	switch {
	case !o.Tallied:
		return fmt.Sprintf(" The counts keep no tally per opening (runs of more than %d openings, and counts written before tallies were kept), so the narrowing is not estimated.", results.MaxOpeningTallies)
	case math.IsNaN(r):
		return " Too few " + o.units() + " per opening to estimate how much they narrowed the intervals."
	}
	change := fmt.Sprintf("%.0f%% narrower", 100*(1-r))
	if r > 1 {
		// Sampling noise: the design cannot widen them in expectation.
		change = fmt.Sprintf("no narrower (the estimate, %.0f%% wider, is noise)", 100*(r-1))
	}
	return fmt.Sprintf(" Taken as strata, they make the %s %s than free play over the same openings at the same number of games (%s varies %.3f within openings, %.3f in all; stratified estimate).",
		intervals, change, score, float64(o.WithinVariance), float64(o.TotalVariance))
}

// units names the run's units of play: game pairs at two seats, sets of
// games (every order of a table's bots) at more.
func (o *Openings) units() string {
	if o.seats > 2 {
		return "sets"
	}
	return "pairs"
}
