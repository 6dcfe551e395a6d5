package report

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// RatingLine is the line a match or a tournament prints every N games
// while it plays (--rating-interval, cutechess-cli's and fastchess's
// -ratinginterval), from the run's counts so far: the games, then what
// the final table says, computed by the functions it uses, so that the
// last line of a run that ends on a multiple of N reads as its table.
//
//   - a two-player match: A's score, its Elo ± 95% from the pairs
//     (analysis.SummarizeMatch) and the pentanomial counts;
//   - a two-player tournament: the leader(s) by Bradley–Terry Elo, with
//     the score against the field and the Elo ± 95%;
//   - tables of three or four: the leader(s) by Plackett–Luce Elo, with
//     the win share and the Elo ± 95%.
//
// The leaders are the bots whose Elo reads as the top one's. Done, when
// closed (the run's stop), stops a rating fit that has not converged:
// the line is then "", for there is nothing to tell. (The run's
// collector waits for the line, so a fit of hundreds of bots far apart
// would hold up the stop.)
func RatingLine(man *results.Manifest, counts *analysis.Tournament, done <-chan struct{}) string {
	head := fmt.Sprintf("%d of %d games:", counts.Games(), man.GamesPlanned)
	switch {
	case len(counts.Tables) > 0:
		f := counts.FinishingOrders()
		rk, err := analysis.PlackettLuceUntil(f, done)
		if errors.Is(err, analysis.ErrFitStopped) {
			return ""
		}
		if err != nil {
			return head + " " + err.Error()
		}
		pl, err := analysis.Placings(f)
		if err != nil {
			return head + " " + err.Error()
		}
		return head + leaders(rk, func(i int) string {
			return fmt.Sprintf("%s win share %s%%, Elo %s", rk.Ratings[i].Bot, pctPlain(pl[i].WinShare), ffaEloText(rk.Ratings[i]))
		})
	case man.Kind == results.KindMatch:
		s := analysis.SummarizeMatch(&counts.Pairings[0])
		pt := s.Pentanomial
		return fmt.Sprintf("%s %s vs %s %s, Elo %s, pairs [%d, %d, %d, %d, %d]", head, counts.Bots[0], counts.Bots[1],
			fmtPct(s.Total.Score), fmtElo(&s.Total), pt[0], pt[1], pt[2], pt[3], pt[4])
	}
	rk, err := analysis.BradleyTerryUntil(counts, done)
	if err != nil {
		return "" // stopped: BradleyTerry has no other error
	}
	cross := analysis.NewCrossTable(counts)
	return head + leaders(rk, func(i int) string {
		r := rk.Ratings[i]
		half := "± inf" // no interval yet: a win graph not connected
		if h := analysis.Z95 * r.SE; !math.IsInf(h, 0) && !math.IsNaN(h) {
			half = fmt.Sprintf("± %.1f", h)
		}
		return fmt.Sprintf("%s score %s%%, Elo %s %s", r.Bot, pctPlain(cross.Field[i].Score), eloText(r), half)
	})
}

// leaders names the bots of rk whose Elo reads as the top one's, each
// as say has it: " leader X" or " leaders X; Y".
func leaders(rk *analysis.Ranking, say func(i int) string) string {
	top := fmt.Sprintf("%+.1f", rk.Ratings[rk.Order[0]].Elo)
	var out []string
	for _, i := range rk.Order {
		if fmt.Sprintf("%+.1f", rk.Ratings[i].Elo) != top {
			break
		}
		out = append(out, say(i))
	}
	if len(out) == 1 {
		return " leader " + out[0]
	}
	return " leaders " + strings.Join(out, "; ")
}
