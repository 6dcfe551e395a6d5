package dynamics

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"
)

// Counts is one side's games against one opponent: wins, draws, losses.
type Counts [3]int64

// Games returns the number of games counted.
func (c Counts) Games() int64 { return c[0] + c[1] + c[2] }

// score returns (wins + draws/2) / games.
func (c Counts) score() float64 {
	return (float64(c[0]) + float64(c[1])/2) / float64(c.Games())
}

// Payoff is what the analyses read: K strategies and the score share of
// each against each other.
type Payoff struct {
	Names []string
	// Score[i][j] is i's expected share of the points against j, in
	// [0, 1]: (wins + draws/2) per game. The diagonal is 1/2 (a strategy
	// against itself, seats swapped, is even).
	Score [][]float64
	// Counts[i][j] is i's games against j, and Counts[j][i] the same
	// games from j's side; nil for an exact payoff (no bootstrap).
	Counts [][]Counts
	// Missing counts the pairs that never met (a gauntlet): their score
	// is taken as 1/2.
	Missing int
}

// FromCounts builds a Payoff from the counts of every pair:
// counts[i][j] is i's record against j (counts[j][i] must be its
// mirror; the diagonal is ignored).
func FromCounts(names []string, counts [][]Counts) (*Payoff, error) {
	k := len(names)
	if k < 2 {
		return nil, fmt.Errorf("dynamics: need at least 2 strategies, got %d", k)
	}
	if len(counts) != k {
		return nil, fmt.Errorf("dynamics: %d names but %d rows of counts", k, len(counts))
	}
	p := &Payoff{Names: names, Score: square(k), Counts: make([][]Counts, k)}
	for i := range k {
		if len(counts[i]) != k {
			return nil, fmt.Errorf("dynamics: row %d of the counts has %d entries, want %d", i, len(counts[i]), k)
		}
		p.Counts[i] = append([]Counts(nil), counts[i]...)
	}
	for i := range k {
		p.Counts[i][i] = Counts{}
		for j := range i {
			c, m := counts[i][j], counts[j][i]
			if c[0] < 0 || c[1] < 0 || c[2] < 0 {
				return nil, fmt.Errorf("dynamics: negative count %v for %s against %s", c, names[i], names[j])
			}
			if m != (Counts{c[2], c[1], c[0]}) {
				return nil, fmt.Errorf("dynamics: %s against %s is %v but the mirror is %v", names[i], names[j], c, m)
			}
			if c.Games() == 0 {
				p.Missing++
			}
		}
	}
	p.fill()
	return p, nil
}

// NewPayoff returns an exact payoff (no counts, so no bootstrap): score
// must be K×K with entries in [0, 1].
func NewPayoff(names []string, score [][]float64) (*Payoff, error) {
	k := len(names)
	if k < 2 {
		return nil, fmt.Errorf("dynamics: need at least 2 strategies, got %d", k)
	}
	if len(score) != k {
		return nil, fmt.Errorf("dynamics: %d names but %d rows of scores", k, len(score))
	}
	p := &Payoff{Names: names, Score: square(k)}
	for i := range k {
		if len(score[i]) != k {
			return nil, fmt.Errorf("dynamics: row %d of the scores has %d entries, want %d", i, len(score[i]), k)
		}
		for j, s := range score[i] {
			if !(s >= 0 && s <= 1) {
				return nil, fmt.Errorf("dynamics: score of %s against %s is %v, not in [0, 1]", names[i], names[j], s)
			}
			p.Score[i][j] = s
		}
	}
	return p, nil
}

// fill computes Score from Counts.
func (p *Payoff) fill() {
	for i := range p.Score {
		for j := range p.Score {
			c := p.Counts[i][j]
			if i == j || c.Games() == 0 {
				p.Score[i][j] = 0.5
				continue
			}
			p.Score[i][j] = c.score()
		}
	}
}

// resample returns a payoff whose every pair's games are drawn again from
// the multinomial of its observed win, draw and loss shares: one
// replicate of the parametric bootstrap (equivalent to resampling the
// pair's games with replacement). Pairs are drawn in a fixed order from
// src, so a replicate depends only on its source.
func (p *Payoff) resample(src rand.Source) *Payoff {
	k := len(p.Names)
	q := &Payoff{Names: p.Names, Score: square(k), Counts: make([][]Counts, k), Missing: p.Missing}
	for i := range k {
		q.Counts[i] = make([]Counts, k)
	}
	for i := range k {
		for j := range i {
			c := p.Counts[i][j]
			n := c.Games()
			if n == 0 {
				continue
			}
			wins := binomial(n, float64(c[0])/float64(n), src)
			rest := n - wins
			draws := int64(0)
			if left := c[1] + c[2]; left > 0 {
				draws = binomial(rest, float64(c[1])/float64(left), src)
			}
			d := Counts{wins, draws, rest - draws}
			q.Counts[i][j], q.Counts[j][i] = d, Counts{d[2], d[1], d[0]}
		}
	}
	q.fill()
	return q
}

// binomial draws from Binomial(n, p); gonum's sampler is exact and runs
// in constant expected time for large n.
func binomial(n int64, p float64, src rand.Source) int64 {
	if p <= 0 || n == 0 {
		return 0
	}
	if p >= 1 {
		return n
	}
	return int64(math.Round(distuv.Binomial{N: float64(n), P: p, Src: src}.Rand()))
}

func square(k int) [][]float64 {
	m := make([][]float64, k)
	for i := range m {
		m[i] = make([]float64, k)
	}
	return m
}
