package analysis

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// This file rates bots from the finishing orders of free-for-all tables
// (3 or more players): the Plackett–Luce model, the generalization of
// Bradley–Terry to rankings, beside plain summaries (average place, win
// share, who finished ahead of whom). It knows no game: a table is bot
// indices and places.

// Finish is how often one finishing pattern happened at one table.
type Finish struct {
	// Bots are the indices (into FinishingOrders.Bots) of the table's
	// bots, each once.
	Bots []int `json:"bots"`
	// Place[k] is Bots[k]'s place, 1 for first. Equal places are shared
	// (standard competition ranking, "1-1-3"): a tie.
	Place []int `json:"place"`
	// Count is the number of games that ended so.
	Count int64 `json:"count"`
}

// FinishingOrders are the results of a free-for-all tournament.
type FinishingOrders struct {
	Bots     []string `json:"bots"`
	Finishes []Finish `json:"finishes"`
}

// Validate reports the first malformed Finish: a bot index out of range
// or repeated, places not matching the bots, a place below 1 or above
// the table size, or a negative count.
func (f *FinishingOrders) Validate() error {
	for k, x := range f.Finishes {
		if len(x.Bots) != len(x.Place) || len(x.Bots) < 2 {
			return fmt.Errorf("finish %d: %d bots and %d places (want 2 or more of each, as many places as bots)", k, len(x.Bots), len(x.Place))
		}
		if x.Count < 0 {
			return fmt.Errorf("finish %d: negative count %d", k, x.Count)
		}
		for i, b := range x.Bots {
			if b < 0 || b >= len(f.Bots) {
				return fmt.Errorf("finish %d: bot index %d out of range (%d bots)", k, b, len(f.Bots))
			}
			if slices.Contains(x.Bots[:i], b) {
				return fmt.Errorf("finish %d: bot %d seated twice", k, b)
			}
			if p := x.Place[i]; p < 1 || p > len(x.Bots) {
				return fmt.Errorf("finish %d: place %d outside 1..%d", k, p, len(x.Bots))
			}
		}
	}
	return nil
}

// ordering is one full order of a table's bots, best first, with its
// weight in games.
type ordering struct {
	order  []int
	weight float64
}

// orderings expands every finish into full orders: a group of m bots
// tied at a place becomes its m! orders, each with 1/m! of the games
// ("ties split"; a table of k bots expands to at most k! orders).
func (f *FinishingOrders) orderings() []ordering {
	var out []ordering
	for _, x := range f.Finishes {
		if x.Count == 0 {
			continue
		}
		idx := make([]int, len(x.Bots))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return x.Place[a] - x.Place[b] })
		// Tie groups: runs of equal places.
		var groups [][]int
		for i := 0; i < len(idx); {
			j := i
			for j < len(idx) && x.Place[idx[j]] == x.Place[idx[i]] {
				j++
			}
			g := make([]int, 0, j-i)
			for _, k := range idx[i:j] {
				g = append(g, x.Bots[k])
			}
			groups = append(groups, g)
			i = j
		}
		ways := 1
		for _, g := range groups {
			ways *= factorial(len(g))
		}
		w := float64(x.Count) / float64(ways)
		var expand func(gi int, prefix []int)
		expand = func(gi int, prefix []int) {
			if gi == len(groups) {
				out = append(out, ordering{order: slices.Clone(prefix), weight: w})
				return
			}
			permute(groups[gi], func(p []int) { expand(gi+1, append(prefix, p...)) })
		}
		expand(0, nil)
	}
	return out
}

func factorial(m int) int {
	r := 1
	for i := 2; i <= m; i++ {
		r *= i
	}
	return r
}

// permute calls fn with every permutation of xs (Heap's algorithm, on a
// copy).
func permute(xs []int, fn func([]int)) {
	a := slices.Clone(xs)
	var gen func(k int)
	gen = func(k int) {
		if k <= 1 {
			fn(a)
			return
		}
		for i := range k - 1 {
			gen(k - 1)
			if k%2 == 0 {
				a[i], a[k-1] = a[k-1], a[i]
			} else {
				a[0], a[k-1] = a[k-1], a[0]
			}
		}
		gen(k - 1)
	}
	gen(len(a))
}

// PlackettLuce fits the Plackett–Luce model to the finishing orders by
// maximum likelihood and returns the ratings on the Elo scale
// (400·log10 γ, mean zero) with 95% intervals. Under the model a table
// finishes in order a1, a2, …, ak with probability
//
//	Π_{i<k} γ_{ai} / Σ_{s≥i} γ_{as},
//
// each place chosen among the bots not yet placed in proportion to
// strength; between two bots it is Bradley–Terry, so its Elo means what
// BradleyTerry's does.
//
// The fit is Hunter's MM algorithm (Hunter 2004, "MM algorithms for
// generalized Bradley–Terry models", section 5):
//
//	γt ← wt / Σ_j Σ_{i<kj, t still in at stage i} 1 / Σ_{s≥i} γ_{a(j,s)}
//
// with wt the stages bot t won (its finishes, weighted, but for last
// places). Ties are split: a group of m bots sharing a place counts as
// each of its m! orders with weight 1/m! (so a two-bot tie is half a win
// each, as in BradleyTerry, and a table that all ties says nothing about
// who is stronger). Intervals come from the observed information
// Σ_stages w·(diag p − p pᵀ) over the bots still in, p their
// probabilities of taking the place, pseudo-inverted under the sum-zero
// constraint. As with BradleyTerry, when the "finished ahead of" graph is
// not strongly connected the MLE does not exist; one virtual two-bot
// draw is then added between every pair that met, Prior says so and
// Connected is false.
func PlackettLuce(f *FinishingOrders) (*Ranking, error) {
	return PlackettLuceUntil(f, nil) // a nil done never stops it
}

// PlackettLuceUntil is PlackettLuce stopped by done (closed: ErrFitStopped),
// as BradleyTerryUntil is.
func PlackettLuceUntil(f *FinishingOrders, done <-chan struct{}) (*Ranking, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	n := len(f.Bots)
	ords := f.orderings()
	ahead := make([][]float64, n)
	for i := range ahead {
		ahead[i] = make([]float64, n)
	}
	for _, o := range ords {
		for i, a := range o.order {
			for _, b := range o.order[i+1:] {
				ahead[a][b] += o.weight
			}
		}
	}
	games := make([]int64, n)
	for _, x := range f.Finishes {
		for _, b := range x.Bots {
			games[b] += x.Count
		}
	}
	rk := newRanking(ahead, games)
	if n == 0 {
		return rk, nil
	}
	if !rk.Connected {
		for i := range n {
			for j := i + 1; j < n; j++ {
				if ahead[i][j]+ahead[j][i] > 0 {
					ords = append(ords, ordering{[]int{i, j}, rk.Prior / 2}, ordering{[]int{j, i}, rk.Prior / 2})
				}
			}
		}
	}
	theta, iters := plFit(n, ords, done)
	if theta == nil {
		return nil, ErrFitStopped
	}
	rk.Iterations = iters
	rk.Cov = eloCovariance(plInformation(n, ords, theta))
	rk.rate(f.Bots, theta, games)
	return rk, nil
}

// plFit runs Hunter's MM iteration for Plackett–Luce from equal strengths
// until the largest change of ln γ is below 1e-12, and returns θ = ln γ
// with mean zero. Bots that never won a stage keep their start (they
// can only be there when the prior was added, which prevents it). Done,
// when closed, stops it at its next look (every fitPoll iterations):
// theta is then nil.
func plFit(n int, ords []ordering, done <-chan struct{}) (theta []float64, iters int) {
	gamma := make([]float64, n)
	next := make([]float64, n)
	wins := make([]float64, n)
	den := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	for _, o := range ords {
		for _, a := range o.order[:len(o.order)-1] {
			wins[a] += o.weight
		}
	}
	var suffix []float64
	const maxIters = 1_000_000
	for iters = 1; iters <= maxIters; iters++ {
		if fitStopped(done, iters) {
			return nil, iters
		}
		clear(den)
		for _, o := range ords {
			k := len(o.order)
			suffix = slices.Grow(suffix[:0], k)[:k]
			acc := 0.0
			for i := k - 1; i >= 0; i-- {
				acc += gamma[o.order[i]]
				suffix[i] = acc
			}
			// The bot at position p is in the stages 0..min(p, k-2).
			cum := 0.0
			for p, a := range o.order {
				if p < k-1 {
					cum += 1 / suffix[p]
				}
				den[a] += o.weight * cum
			}
		}
		for i := range n {
			if den[i] == 0 || wins[i] == 0 {
				next[i] = gamma[i]
				continue
			}
			next[i] = wins[i] / den[i]
		}
		change := recentre(next, gamma)
		gamma, next = next, gamma
		if change < 1e-12 {
			break
		}
	}
	return logs(gamma), iters
}

// plInformation returns the observed information of the Plackett–Luce
// log-likelihood in θ: for every stage, weight·(diag p − p pᵀ) over the
// bots still in, p_s = γs / Σ γ.
func plInformation(n int, ords []ordering, theta []float64) *mat.Dense {
	info := mat.NewDense(n, n, nil)
	var p []float64
	for _, o := range ords {
		k := len(o.order)
		for i := range k - 1 {
			in := o.order[i:]
			p = slices.Grow(p[:0], len(in))[:len(in)]
			sum := 0.0
			for s, a := range in {
				p[s] = math.Exp(theta[a])
				sum += p[s]
			}
			for s := range p {
				p[s] /= sum
			}
			for s, a := range in {
				info.Set(a, a, info.At(a, a)+o.weight*p[s])
				for t, b := range in {
					info.Set(a, b, info.At(a, b)-o.weight*p[s]*p[t])
				}
			}
		}
	}
	return info
}

// Placing summarizes one bot's finishes.
type Placing struct {
	Bot   string
	Games int64
	// MeanPlace is the average place (1 = first, shared places as
	// given), with its 95% interval PlaceLo..PlaceHi: the normal one,
	// cut to the places there are (1 to the bot's largest table), or,
	// when every game of the bot ended in one place (no spread to take a
	// normal interval from: it was that place ± 0 after six firsts), the
	// Wilson interval of the place's share of the range, as a match's Elo
	// interval is the score's Wilson interval when every pair scored
	// alike.
	MeanPlace, PlaceLo, PlaceHi float64
	// Wins counts first places, a first place shared by m bots counting
	// 1/m; WinShare = Wins/Games, with its Wilson 95% interval.
	Wins                   float64
	WinShare, WinLo, WinHi float64
}

// Placings returns every bot's average place and win share, in bot
// order. A bot without games has NaN estimates.
func Placings(f *FinishingOrders) ([]Placing, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	out := make([]Placing, len(f.Bots))
	sum := make([]float64, len(f.Bots))
	sum2 := make([]float64, len(f.Bots))
	last := make([]int, len(f.Bots)) // the largest table's last place
	for _, x := range f.Finishes {
		firsts := 0
		for _, p := range x.Place {
			if p == 1 {
				firsts++
			}
		}
		for k, b := range x.Bots {
			c := float64(x.Count)
			out[b].Games += x.Count
			last[b] = max(last[b], len(x.Bots))
			sum[b] += c * float64(x.Place[k])
			sum2[b] += c * float64(x.Place[k]*x.Place[k])
			if x.Place[k] == 1 {
				out[b].Wins += c / float64(firsts)
			}
		}
	}
	for b := range out {
		p := &out[b]
		p.Bot = f.Bots[b]
		n := float64(p.Games)
		if n == 0 {
			p.MeanPlace, p.PlaceLo, p.PlaceHi = nanValue, nanValue, nanValue
			p.WinShare, p.WinLo, p.WinHi = nanValue, nanValue, nanValue
			continue
		}
		p.MeanPlace = sum[b] / n
		variance := 0.0
		if n > 1 {
			variance = math.Max(0, (sum2[b]-n*p.MeanPlace*p.MeanPlace)/(n-1))
		}
		k := float64(last[b])
		if variance > 0 {
			half := Z95 * math.Sqrt(variance/n)
			p.PlaceLo, p.PlaceHi = math.Max(1, p.MeanPlace-half), math.Min(k, p.MeanPlace+half)
		} else {
			// The place's share of the range, 0 for first, 1 for last:
			// a proportion whose Wilson interval has a width for any n.
			s := (p.MeanPlace - 1) / (k - 1)
			lo, hi := wilsonInterval(s*n, n, Z95)
			p.PlaceLo, p.PlaceHi = 1+(k-1)*lo, 1+(k-1)*hi
			// Exactly the place at the end it is at (Wilson's rounding
			// leaves 1e-16 there).
			if s == 0 {
				p.PlaceLo = 1
			}
			if s == 1 {
				p.PlaceHi = k
			}
		}
		p.WinShare = p.Wins / n
		p.WinLo, p.WinHi = wilsonInterval(p.Wins, n, Z95)
	}
	return out, nil
}

// AheadMatrix returns, for every pair of bots that shared a table, how
// often bot i finished ahead of bot j: Ahead[i][j].Score is (games with i
// ahead + half the games they tied) / games together, with its Wilson
// 95% interval, as an Estimate whose Record holds i's wins (ahead),
// draws (tied) and losses (behind). Pairs that never met have NaN scores.
func AheadMatrix(f *FinishingOrders) ([][]Estimate, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	n := len(f.Bots)
	rec := make([][]Record, n)
	for i := range rec {
		rec[i] = make([]Record, n)
	}
	for _, x := range f.Finishes {
		for a, i := range x.Bots {
			for b, j := range x.Bots {
				switch {
				case a == b:
				case x.Place[a] < x.Place[b]:
					rec[i][j].Wins += x.Count
				case x.Place[a] == x.Place[b]:
					rec[i][j].Draws += x.Count
				default:
					rec[i][j].Losses += x.Count
				}
			}
		}
	}
	out := make([][]Estimate, n)
	for i := range out {
		out[i] = make([]Estimate, n)
		for j := range out[i] {
			out[i][j] = EstimateOf(rec[i][j])
		}
	}
	return out, nil
}
