package dynamics

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/nzsclab/nzsc/analysis"
)

// Options set the analyses of Analyze; zero values take the defaults.
type Options struct {
	Replicator ReplicatorOptions
	// Population is N for the Moran process and m for α-Rank
	// (DefaultPopulation when 0).
	Population int
	// Selection is the Moran process's intensity w (DefaultSelection
	// when 0).
	Selection float64
	// Alpha is α-Rank's ranking intensity (DefaultAlpha when 0).
	Alpha float64
	// Replicates is the number of bootstrap replicates
	// (DefaultReplicates when 0; negative: none).
	Replicates int
	// Seed seeds the bootstrap: replicate r draws from
	// rand.NewPCG(Seed, r), so the answer does not depend on the order
	// replicates are computed in.
	Seed uint64
	// Done, when not nil, stops Analyze between two bootstrap
	// replicates once it is closed (a context's Done): Analyze then
	// returns ErrStopped. Many replicates take minutes.
	Done <-chan struct{}
}

// ErrStopped is Analyze's error when Options.Done was closed before it
// finished, and SimulateMoran's when MoranRunOptions.Done was.
var ErrStopped = errors.New("dynamics: stopped before the end")

// Limits of Options for callers that take them from users: beyond them
// the memory (the Moran process's and α-Rank's chains grow with the
// population) or the time (each replicate solves every analysis again)
// is out of proportion to what the answer gains.
const (
	MaxPopulation = 100000
	MaxReplicates = 100000
)

// Defaults of Options. α = 10 on score shares is a strong selection: a
// 1-point edge (0.01) in a population of 50 makes invasion about 150
// times likelier one way than the other, so the ranking follows who
// beats whom, as α-Rank intends, while a dead heat stays smooth; the
// bootstrap then says which of those edges the data can tell.
const (
	DefaultPopulation = 50
	DefaultSelection  = 1
	DefaultAlpha      = 10
	DefaultReplicates = 200
)

// separable is the share of replicates that must keep a pair's order (a
// strict inequality the same way as the point estimate) for the pair to
// be called separated: 97.5%, a two-sided 95% criterion like the
// intervals', so that two bots whose rank ranges overlap are seldom
// called separated.
const separable = 0.975

// tie is the relative difference of weights below which two strategies
// are called tied. It is relative because the stationary distributions
// keep full relative precision (stationary): a mass of 1e-30 against one
// of 1e-40 is still an order evolution sees.
const tie = 1e-9

// above reports a > b beyond a tie.
func above(a, b float64) bool { return a-b > tie*math.Max(math.Abs(a), math.Abs(b)) }

// Weight is one strategy's weight under one analysis: the point estimate
// from the observed payoff and the bootstrap's 95% percentile interval,
// with the 95% range of its rank (1 the heaviest).
type Weight struct {
	Point, Lo, Hi  float64
	RankLo, RankHi int
}

// Ranking is one analysis's weights with their uncertainty.
type Ranking struct {
	Weights []Weight
	// Order lists the strategies by point weight, heaviest first.
	Order []int
	// Inseparable[i] lists, in Order, the strategies whose order against
	// i the bootstrap reverses or ties in more than 2.5% of replicates
	// (every tie of the point estimate included).
	Inseparable [][]int
}

// Analysis is every dynamic of one payoff, with its uncertainty.
type Analysis struct {
	Payoff     *Payoff
	Replicator *Replicator
	Moran      *Moran
	AlphaRank  *AlphaRank
	// The rankings: the replicator's by its final population, the
	// Moran process's and α-Rank's by their stationary distributions.
	ReplicatorRank, MoranRank, AlphaRankRank Ranking
	// Replicates is the number of bootstrap replicates behind the
	// intervals (0 for an exact payoff: intervals are the point).
	Replicates int
	Options    Options
}

// weights computes the three weight vectors of a payoff.
func weights(p *Payoff, opt Options) (*Replicator, *Moran, *AlphaRank, error) {
	rep, err := ReplicatorOf(p.Score, opt.Replicator)
	if err != nil {
		return nil, nil, nil, err
	}
	mo, err := MoranOf(p.Score, opt.Population, opt.Selection)
	if err != nil {
		return nil, nil, nil, err
	}
	ar, err := AlphaRankOf(p.Score, opt.Population, opt.Alpha)
	if err != nil {
		return nil, nil, nil, err
	}
	return rep, mo, ar, nil
}

// Analyze runs the replicator dynamics, the Moran process and α-Rank on
// p and, when p has counts, bootstraps them over the pair counts.
func Analyze(p *Payoff, opt Options) (*Analysis, error) {
	if opt.Population == 0 {
		opt.Population = DefaultPopulation
	}
	if opt.Selection == 0 {
		opt.Selection = DefaultSelection
	}
	if opt.Alpha == 0 {
		opt.Alpha = DefaultAlpha
	}
	if opt.Replicates == 0 {
		opt.Replicates = DefaultReplicates
	}
	if len(p.Names) < 2 {
		return nil, fmt.Errorf("dynamics: need at least 2 strategies, got %d", len(p.Names))
	}
	rep, mo, ar, err := weights(p, opt)
	if err != nil {
		return nil, err
	}
	an := &Analysis{Payoff: p, Replicator: rep, Moran: mo, AlphaRank: ar, Options: opt}
	reps := max(opt.Replicates, 0)
	if p.Counts == nil {
		reps = 0
	}
	an.Replicates = reps
	// Per analysis, per replicate, the weights: replicate r draws from
	// its own source, so they are computed on several goroutines at once
	// (analysis.EachReplicate) and read in replicate order.
	reps3, err := analysis.EachReplicate(reps, opt.Done, func(r int) ([3][]float64, error) {
		q := p.resample(rand.NewPCG(opt.Seed, uint64(r)))
		rep, mo, ar, err := weights(q, opt)
		if err != nil {
			return [3][]float64{}, fmt.Errorf("dynamics: bootstrap replicate %d: %w", r, err)
		}
		return [3][]float64{rep.Final, mo.Stationary, ar.Stationary}, nil
	})
	if errors.Is(err, analysis.ErrStopped) {
		return nil, ErrStopped
	}
	if err != nil {
		return nil, err
	}
	var boot [3][][]float64
	for _, w := range reps3 {
		for a := range boot {
			boot[a] = append(boot[a], w[a])
		}
	}
	an.ReplicatorRank = rankingOf(rep.Final, boot[0])
	an.MoranRank = rankingOf(mo.Stationary, boot[1])
	an.AlphaRankRank = rankingOf(ar.Stationary, boot[2])
	return an, nil
}

// rankingOf summarises the point weights and the replicates' weights.
func rankingOf(point []float64, boot [][]float64) Ranking {
	k := len(point)
	rk := Ranking{Weights: make([]Weight, k), Order: order(point), Inseparable: make([][]int, k)}
	pointRank := ranks(point)
	ranksOf := make([][]int, len(boot))
	for r, w := range boot {
		ranksOf[r] = ranks(w)
	}
	for i := range k {
		ws, rs := make([]float64, len(boot)), make([]float64, len(boot))
		for r, w := range boot {
			ws[r], rs[r] = w[i], float64(ranksOf[r][i])
		}
		wt := Weight{Point: point[i], Lo: point[i], Hi: point[i], RankLo: pointRank[i], RankHi: pointRank[i]}
		if len(boot) > 0 {
			wt.Lo, wt.Hi = percentile(ws, 0.025), percentile(ws, 0.975)
			wt.RankLo, wt.RankHi = int(math.Floor(percentile(rs, 0.025))), int(math.Ceil(percentile(rs, 0.975)))
		}
		rk.Weights[i] = wt
	}
	for _, i := range rk.Order {
		for _, j := range rk.Order {
			if i == j {
				continue
			}
			kept := 0
			for _, w := range boot {
				if above(point[i], point[j]) && above(w[i], w[j]) || above(point[j], point[i]) && above(w[j], w[i]) {
					kept++
				}
			}
			// An exact payoff has no replicates: only ties are inseparable.
			tied := !above(point[i], point[j]) && !above(point[j], point[i])
			if tied || (len(boot) > 0 && float64(kept) < separable*float64(len(boot))) {
				rk.Inseparable[i] = append(rk.Inseparable[i], j)
			}
		}
	}
	return rk
}

// order returns the indices by weight, heaviest first (ties by index).
func order(w []float64) []int {
	idx := make([]int, len(w))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return w[idx[a]] > w[idx[b]] })
	return idx
}

// ranks returns each strategy's rank by weight, 1 the heaviest; tied
// weights share the best of their ranks.
func ranks(w []float64) []int {
	out := make([]int, len(w))
	for i := range w {
		out[i] = 1
		for j := range w {
			if above(w[j], w[i]) {
				out[i]++
			}
		}
	}
	return out
}

// percentile returns the q-quantile of x by linear interpolation between
// order statistics (type 7, R's default).
func percentile(x []float64, q float64) float64 {
	s := slices.Clone(x)
	slices.Sort(s)
	h := q * float64(len(s)-1)
	lo := int(h)
	if lo+1 >= len(s) {
		return s[len(s)-1]
	}
	return s[lo] + (h-float64(lo))*(s[lo+1]-s[lo])
}
