package analysis

import "math"

var nanValue = math.NaN()

// Z95 is the two-sided 95% standard normal quantile, Φ⁻¹(0.975): a
// normal estimate's 95% interval is its value ± Z95 standard errors. It
// is the one copy of the constant; other packages use it rather than
// 1.96.
const Z95 = 1.959963984540054

// Estimate is a score (win rate) with its 95% interval and the number of
// games behind it.
type Estimate struct {
	Record Record
	// Score is (wins + draws/2) / games; NaN for no games.
	Score float64
	// Lo and Hi bound the Wilson 95% score interval.
	Lo, Hi float64
	// Significant reports that the interval excludes 1/2: the side is
	// better or worse than even beyond chance. Tables mark the others
	// with "~", as benchstat does.
	Significant bool
}

// EstimateOf returns the score of r with its Wilson 95% interval. Draws
// count as half a win; the interval treats the score as a binomial
// proportion over the games, which is conservative when there are draws
// (they lower the variance).
func EstimateOf(r Record) Estimate {
	n := r.Games()
	if n == 0 {
		return Estimate{Score: nanValue, Lo: nanValue, Hi: nanValue}
	}
	lo, hi := wilsonInterval(r.Points(), float64(n), Z95)
	return Estimate{Record: r, Score: r.Points() / float64(n), Lo: lo, Hi: hi, Significant: lo > 0.5 || hi < 0.5}
}

// wilsonInterval is the Wilson score interval for x successes in n trials:
//
//	(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n),  p = x/n.
func wilsonInterval(x, n, z float64) (lo, hi float64) {
	p := x / n
	z2 := z * z
	den := 1 + z2/n
	mid := p + z2/(2*n)
	half := z * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return math.Max(0, (mid-half)/den), math.Min(1, (mid+half)/den)
}

// CrossTable is every bot's score against every other bot.
type CrossTable struct {
	Bots []string
	// Cells[i][j] is bot i's result against bot j; the diagonal and
	// pairs that never met have no games.
	Cells [][]Estimate
	// Field[i] is bot i's result over all its games.
	Field []Estimate
}

// NewCrossTable builds the cross-table of t.
func NewCrossTable(t *Tournament) *CrossTable {
	n := len(t.Bots)
	ct := &CrossTable{Bots: t.Bots, Cells: make([][]Estimate, n), Field: make([]Estimate, n)}
	recs := make([][]Record, n)
	for i := range recs {
		recs[i] = make([]Record, n)
	}
	for k := range t.Pairings {
		p := &t.Pairings[k]
		r := p.Total()
		recs[p.A][p.B] = recs[p.A][p.B].Add(r)
		recs[p.B][p.A] = recs[p.B][p.A].Add(r.Flip())
	}
	for i := range n {
		ct.Cells[i] = make([]Estimate, n)
		var field Record
		for j := range n {
			ct.Cells[i][j] = EstimateOf(recs[i][j])
			field = field.Add(recs[i][j])
		}
		ct.Field[i] = EstimateOf(field)
	}
	return ct
}
