package analysis

import (
	"fmt"
	"math"
	"slices"
)

// Spread is the five-number summary of a bot's scores over the
// opponents it met: what Axelrod's tournament plots show as one box per
// player, a bot that beats everyone a little differing from one that
// crushes some and loses to others with the same overall score.
type Spread struct {
	// Opponents is the number of opponents met; the other fields are
	// NaN when it is 0.
	Opponents int
	// Min, Q1, Median, Q3 and Max are the scores' order statistics,
	// quartiles interpolated linearly between them (Hyndman and Fan's
	// type 7, the default of R and NumPy).
	Min, Q1, Median, Q3, Max float64
}

// Spread returns bot i's spread of scores over the opponents it met
// (each opponent counts once, whatever the number of games).
func (ct *CrossTable) Spread(i int) Spread {
	var x []float64
	for j, e := range ct.Cells[i] {
		if j != i && e.Record.Games() > 0 {
			x = append(x, e.Score)
		}
	}
	if len(x) == 0 {
		return Spread{Min: nanValue, Q1: nanValue, Median: nanValue, Q3: nanValue, Max: nanValue}
	}
	slices.Sort(x)
	return Spread{Opponents: len(x), Min: x[0], Q1: quantile7(x, 0.25), Median: quantile7(x, 0.5),
		Q3: quantile7(x, 0.75), Max: x[len(x)-1]}
}

// quantile7 is the p-quantile of sorted x by linear interpolation:
// h = (n−1)p, x[⌊h⌋] + (h−⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋]).
func quantile7(x []float64, p float64) float64 {
	h := float64(len(x)-1) * p
	lo := math.Floor(h)
	i := int(lo)
	if i+1 >= len(x) {
		return x[len(x)-1]
	}
	return x[i] + (h-lo)*(x[i+1]-x[i])
}

// PlaceCounts returns how often each bot finished in each place:
// out[b][p] counts bot b's games in place p+1 (a shared place counts at
// that place for each bot sharing it), the finishing-place distribution
// that average places summarize.
func PlaceCounts(f *FinishingOrders) ([][MaxTableSeats]int64, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	out := make([][MaxTableSeats]int64, len(f.Bots))
	for k, x := range f.Finishes {
		if len(x.Bots) > MaxTableSeats {
			return nil, fmt.Errorf("finish %d: %d bots at a table (at most %d)", k, len(x.Bots), MaxTableSeats)
		}
		for k, b := range x.Bots {
			out[b][x.Place[k]-1] += x.Count
		}
	}
	return out, nil
}
