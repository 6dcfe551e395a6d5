package analysis

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// eloPerNat converts a natural-log strength to Elo: 400/ln 10.
const eloPerNat = 400 / math.Ln10

// Rating is one bot's Bradley–Terry strength on the Elo scale.
type Rating struct {
	Bot string
	// Elo is relative to the average bot (the ratings sum to zero).
	Elo float64
	// SE is the standard error of Elo; Lo and Hi the 95% interval.
	SE, Lo, Hi float64
	Games      int64
	// Significant reports that the interval excludes 0: the bot differs
	// from the average bot beyond chance.
	Significant bool
}

// Ranking is the Bradley–Terry fit of a tournament.
type Ranking struct {
	// Ratings are in the tournament's bot order.
	Ratings []Rating
	// Order lists bot indices from strongest to weakest.
	Order []int
	// Cov is the covariance of the Elo ratings (Elo²); the standard
	// error of a difference i-j is sqrt(Cov[i][i]+Cov[j][j]-2Cov[i][j]).
	Cov [][]float64
	// Connected reports whether the win graph (an edge i→j when i scored
	// at least a draw against j) is strongly connected, the condition
	// for the maximum likelihood estimate to exist (Hunter 2004).
	Connected bool
	// Components are the strongly connected components of the win
	// graph, when there are several.
	Components [][]int
	// Prior is the number of virtual draws added to every pairing that
	// was played, to make the estimate finite when the graph is not
	// strongly connected (0 otherwise).
	Prior float64
	// Iterations is the number of MM iterations until convergence.
	Iterations int
}

// rate fills the ratings and the order from the fitted strengths θ (in
// nats, mean zero) and rk.Cov: the one way both fits, Bradley–Terry and
// Plackett–Luce, put their strengths on the Elo scale.
func (rk *Ranking) rate(bots []string, theta []float64, games []int64) {
	n := len(theta)
	rk.Ratings = make([]Rating, n)
	for i := range n {
		se := math.Sqrt(math.Max(rk.Cov[i][i], 0))
		e := theta[i] * eloPerNat
		rk.Ratings[i] = Rating{
			Bot: bots[i], Elo: e, SE: se, Lo: e - Z95*se, Hi: e + Z95*se,
			Games: games[i], Significant: math.Abs(e) > Z95*se,
		}
		if games[i] == 0 {
			// No game, no rating: the fit's θ for such a bot is only its
			// starting point (its variance is infinite, SE +Inf), and
			// every surface (text, page, CSV, JSON) shows NaN as "no
			// figure".
			nan := math.NaN()
			rk.Ratings[i].Elo, rk.Ratings[i].Lo, rk.Ratings[i].Hi, rk.Ratings[i].Significant = nan, nan, nan, false
		}
	}
	rk.Order = make([]int, n)
	for i := range rk.Order {
		rk.Order[i] = i
	}
	// A bot that has played no game (a run stopped before its first
	// table) has a rating only from the fit's start: it goes last, after
	// every bot the games rate, not between them as if it had played.
	slices.SortStableFunc(rk.Order, func(a, b int) int {
		if c := cmp.Compare(min(rk.Ratings[b].Games, 1), min(rk.Ratings[a].Games, 1)); c != 0 {
			return c
		}
		return cmp.Compare(rk.Ratings[b].Elo, rk.Ratings[a].Elo)
	})
}

// newRanking starts the Ranking of both fits, Bradley–Terry and
// Plackett–Luce, from who beat whom (beat[i][j]: how much i beat or
// finished ahead of j) and each bot's games: the strongly connected
// components of that graph among the bots that played and, when there
// are several, Connected false and Prior 1, the virtual draws a pairing
// that met which the caller's model then adds in its own terms.
func newRanking(beat [][]float64, games []int64) *Ranking {
	rk := &Ranking{Connected: true}
	if len(beat) == 0 {
		return rk
	}
	rk.Components = playedComponents(stronglyConnected(beat), games)
	if len(rk.Components) > 1 {
		rk.Connected = false
		rk.Prior = 1
	}
	return rk
}

// playedComponents drops from the strongly connected components comps
// those of one bot that has played no game: such a bot tells nothing
// about the others, and counting it made every ranking of a stopped run
// "not connected" (virtual draws added between the bots that did play).
func playedComponents(comps [][]int, games []int64) [][]int {
	var out [][]int
	for _, c := range comps {
		if len(c) == 1 && games[c[0]] == 0 {
			continue
		}
		out = append(out, c)
	}
	return out
}

// BradleyTerry fits the Bradley–Terry model P(i beats j) = γi/(γi+γj) by
// maximum likelihood with Hunter's MM algorithm (Hunter 2004, "MM
// algorithms for generalized Bradley–Terry models", eq. 3):
//
//	γi ← Wi / Σj nij/(γi+γj)
//
// where Wi is i's points (a draw is half a win for each side) and nij
// the games between i and j. Ratings are 400·log10(γi) with mean zero.
//
// Intervals come from the observed information: in θ = ln γ the negative
// Hessian of the log-likelihood is the weighted Laplacian
// Iij = -nij·pij·pji, Iii = Σj nij·pij·pji; its Moore–Penrose inverse is
// the covariance of θ under the sum-zero constraint. Treating draws as
// half wins overstates the variance when there are many draws, so the
// intervals are conservative.
//
// When the win graph is not strongly connected the MLE does not exist
// (some ratings go to ±∞); BradleyTerry then adds one virtual draw to
// every pairing that was played, reports it in Prior and sets Connected
// false: ratings across components are then only indicative.
func BradleyTerry(t *Tournament) *Ranking {
	rk, _ := BradleyTerryUntil(t, nil) // a nil done never stops it
	return rk
}

// ErrFitStopped is the error (wrapping ErrStopped) of a Bradley–Terry
// or Plackett–Luce fit whose done channel was closed before it converged
// (SummarizeUntil, SummarizeFFA).
var ErrFitStopped = fmt.Errorf("ratings: the fit %w", ErrStopped)

// BradleyTerryUntil is BradleyTerry stopped by done (closed: ErrFitStopped).
// Its MM iteration takes minutes where the ratings are far apart (100
// bots 2 nats apart in turn: a million iterations of 10^4 terms).
func BradleyTerryUntil(t *Tournament, done <-chan struct{}) (*Ranking, error) {
	n := len(t.Bots)
	w := make([][]float64, n) // w[i][j]: i's points against j
	for i := range w {
		w[i] = make([]float64, n)
	}
	games := make([]int64, n)
	for k := range t.Pairings {
		p := &t.Pairings[k]
		r := p.Total()
		w[p.A][p.B] += r.Points()
		w[p.B][p.A] += r.Flip().Points()
		games[p.A] += r.Games()
		games[p.B] += r.Games()
	}
	rk := newRanking(w, games)
	if n == 0 {
		return rk, nil
	}
	if !rk.Connected {
		for i := range w {
			for j := range w {
				if i != j && w[i][j]+w[j][i] > 0 {
					w[i][j] += rk.Prior / 2
				}
			}
		}
	}
	theta, iters := mmFit(w, done)
	if theta == nil {
		return nil, ErrFitStopped
	}
	rk.Iterations = iters
	rk.Cov = bradleyTerryCov(w, theta)
	rk.rate(t.Bots, theta, games)
	return rk, nil
}

// mmFit runs Hunter's MM iteration from equal strengths until the
// largest change of ln γ is below 1e-12 and returns θ = ln γ with mean
// zero. Players without games keep θ = 0. Done, when closed, stops it
// at its next look (every fitPoll iterations): theta is then nil.
func mmFit(w [][]float64, done <-chan struct{}) (theta []float64, iters int) {
	n := len(w)
	gamma := make([]float64, n)
	next := make([]float64, n)
	wins := make([]float64, n)
	for i := range n {
		gamma[i] = 1
		for j := range n {
			wins[i] += w[i][j]
		}
	}
	const maxIters = 1_000_000
	for iters = 1; iters <= maxIters; iters++ {
		if fitStopped(done, iters) {
			return nil, iters
		}
		for i := range n {
			den := 0.0
			for j := range n {
				if nij := w[i][j] + w[j][i]; j != i && nij > 0 {
					den += nij / (gamma[i] + gamma[j])
				}
			}
			if den == 0 || wins[i] == 0 {
				next[i] = gamma[i]
				continue
			}
			next[i] = wins[i] / den
		}
		change := recentre(next, gamma)
		gamma, next = next, gamma
		if change < 1e-12 {
			break
		}
	}
	return logs(gamma), iters
}

// fitPoll is how many MM iterations pass between two looks at a fit's
// done channel: 64 iterations of 100 bots are about 7 ms of CPU. A fit
// that converges sooner (a few bots, milliseconds) is not stopped, so a
// page's dynamics after it still see the stop themselves.
const fitPoll = 64

// fitStopped reports whether done is closed, looking at it only at every
// fitPoll-th iteration (a nil done is never closed).
func fitStopped(done <-chan struct{}, iters int) bool {
	if iters%fitPoll != 0 {
		return false
	}
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// recentre fixes the scale of an MM step's strengths next (geometric
// mean 1, so that ratings average zero) and returns the largest change
// of ln γ from gamma, the step's convergence measure.
func recentre(next, gamma []float64) (change float64) {
	mean := 0.0
	for _, v := range next {
		mean += math.Log(v)
	}
	mean /= float64(len(next))
	for i := range next {
		next[i] *= math.Exp(-mean)
		change = math.Max(change, math.Abs(math.Log(next[i])-math.Log(gamma[i])))
	}
	return change
}

// logs returns θ = ln γ.
func logs(gamma []float64) []float64 {
	theta := make([]float64, len(gamma))
	for i, g := range gamma {
		theta[i] = math.Log(g)
	}
	return theta
}

// bradleyTerryCov returns the covariance of the Elo ratings, the
// pseudo-inverse of the observed information (scaled to Elo²). For a
// Laplacian L of a connected graph, L⁺ = (L + J/n)⁻¹ - J/n with J the
// all-ones matrix.
func bradleyTerryCov(w [][]float64, theta []float64) [][]float64 {
	n := len(w)
	info := mat.NewDense(n, n, nil)
	for i := range n {
		for j := range n {
			nij := w[i][j] + w[j][i]
			if i == j || nij == 0 {
				continue
			}
			pij := 1 / (1 + math.Exp(theta[j]-theta[i]))
			v := nij * pij * (1 - pij)
			info.Set(i, j, info.At(i, j)-v)
			info.Set(i, i, info.At(i, i)+v)
		}
	}
	return eloCovariance(info)
}

// eloCovariance returns the Moore–Penrose inverse of the observed
// information info (in θ = ln γ, a Laplacian-like matrix whose rows sum
// to zero), scaled to Elo²: the covariance of ratings under the sum-zero
// constraint. It adds J/n to info in place.
func eloCovariance(info *mat.Dense) [][]float64 {
	n, _ := info.Dims()
	// A bot with no information (no game played) has an unknown rating
	// (an infinite variance) but leaves the others' covariance alone:
	// it is taken from the bots that played, which an all-infinite
	// covariance (the singular whole) hid.
	var live []int
	for i := range n {
		if info.At(i, i) > 0 {
			live = append(live, i)
		}
	}
	if len(live) > 0 && len(live) < n {
		sub := mat.NewDense(len(live), len(live), nil)
		for a, i := range live {
			for b, j := range live {
				sub.Set(a, b, info.At(i, j))
			}
		}
		c := eloCovariance(sub)
		cov := make([][]float64, n)
		for i := range cov {
			cov[i] = make([]float64, n)
			for j := range cov[i] {
				cov[i][j] = math.Inf(1)
			}
		}
		for a, i := range live {
			for b, j := range live {
				cov[i][j] = c[a][b]
			}
		}
		return cov
	}
	for i := range n {
		for j := range n {
			info.Set(i, j, info.At(i, j)+1/float64(n))
		}
	}
	var inv mat.Dense
	cov := make([][]float64, n)
	ok := inv.Inverse(info) == nil
	for i := range n {
		cov[i] = make([]float64, n)
		for j := range n {
			if !ok {
				cov[i][j] = math.Inf(1)
				continue
			}
			cov[i][j] = (inv.At(i, j) - 1/float64(n)) * eloPerNat * eloPerNat
		}
	}
	return cov
}

// stronglyConnected returns the strongly connected components of the
// graph with an edge i→j when w[i][j] > 0 (Tarjan's algorithm), each
// sorted, in order of their smallest member.
func stronglyConnected(w [][]float64) [][]int {
	n := len(w)
	index := make([]int, n)
	low := make([]int, n)
	on := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	var comps [][]int
	next := 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = next, next
		next++
		stack = append(stack, v)
		on[v] = true
		for u := range n {
			if u == v || w[v][u] <= 0 {
				continue
			}
			if index[u] < 0 {
				visit(u)
				low[v] = min(low[v], low[u])
			} else if on[u] {
				low[v] = min(low[v], index[u])
			}
		}
		if low[v] == index[v] {
			var c []int
			for {
				u := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				on[u] = false
				c = append(c, u)
				if u == v {
					break
				}
			}
			slices.Sort(c)
			comps = append(comps, c)
		}
	}
	for v := range n {
		if index[v] < 0 {
			visit(v)
		}
	}
	slices.SortFunc(comps, func(a, b []int) int { return a[0] - b[0] })
	return comps
}
