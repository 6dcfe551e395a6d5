package analysis

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"gonum.org/v1/gonum/stat/combin"
	"gonum.org/v1/gonum/stat/distuv"
)

// SeatMetagame is the meta-game of a free-for-all run (tables of three or
// four seats): the symmetric game in which each of the N seats picks a
// bot, and a seat scores its place score at the table so formed (the
// share of the other seats it finished ahead of, ties half: 1 first
// alone, 0 last alone, (N − place)/(N − 1) without ties). Weight is a
// symmetric Nash equilibrium of it: the mix of bots such that no bot,
// sitting at a table whose other N − 1 seats are drawn independently
// from the mix, scores more than the mix itself does. Every table's place
// scores sum to N/2, so the mix's own score is 1/2 and Regret is the
// largest gain of a bot deviating alone: max over bots of its score
// against the mix, minus 1/2 (0 at an exact equilibrium; the
// certificate, computed from the payoffs, not taken from the solver).
//
// The payoff of a table the run played, N different bots, is its measured
// place scores. A table it never played (a bot twice, which a run never
// schedules, or a set of bots never seated together) is imputed pair by
// pair: a seat's place score is the average over the other seats of its
// finished-ahead share against each, 1/2 against a copy of itself, and
// against another bot the share measured at the played tables that hold
// every bot of the table (at four seats, {a, a, b, c} reads a against b at
// every played table with a, b and c; {a, a, b} reads every table with a
// and b), or 1/2 if they never met. For a played table the rule gives its
// measured scores back (a place score is the average of the pairwise
// finished-ahead shares), so it is one rule for every table; where the
// other seats do not matter it makes the game the two-player game of the
// finished-ahead shares. Unmeasured is the probability that a table drawn
// from the mix is one the run never played.
type SeatMetagame struct {
	Bots  []string
	Seats int
	// Weight[i] is bot i's probability in the equilibrium mix; Lo[i] and
	// Hi[i] its bootstrap 95% percentile interval (Weight when there
	// are no replicates).
	Weight, Lo, Hi []float64
	// Score[i] is bot i's expected place score at a table whose other
	// seats are drawn from the mix (1/2 on the mix's support at an
	// exact equilibrium).
	Score []float64
	// Regret is max_i Score[i] − 1/2, the certificate; RegretHi the
	// largest regret of the replicates' own solutions (how exact the
	// solver was on each, not a sampling error).
	Regret, RegretHi float64
	// Unmeasured is the probability that a table of N seats drawn from
	// the mix was never played (imputed as above).
	Unmeasured float64
	// Replicates is the number of bootstrap replicates behind Lo and Hi:
	// each played table's games drawn again from its own finishing
	// patterns (a multinomial), the game rebuilt and solved again. Fewer
	// than asked for when the payoffs are many (seatWorkBudget).
	Replicates int
	// Asked is the number of replicates asked for: Replicates is less
	// when the budget cut it (to 0 when one replicate is too much), and
	// the report says why its intervals are fewer or missing.
	Asked int
	Seed  uint64
	// Unplayed lists the bots (indices into Bots) that played no game,
	// ascending: a run stopped before their tables. They are left out of
	// the game, which is solved over the others (imputing them 1/2
	// against everyone would give them weight for nothing measured):
	// their Weight, Lo and Hi are 0 and their Score NaN.
	Unplayed []int
}

// Left reports whether bot i is left out of the meta-game (Unplayed).
func (mg *SeatMetagame) Left(i int) bool { return slices.Contains(mg.Unplayed, i) }

// playedOnly returns t restricted to the bots that played a game, their
// indices in t (in, ascending) and the others' (out); t itself when
// every bot, or none, played.
func playedOnly(t *Tournament) (sub *Tournament, in, out []int) {
	seen := make([]bool, len(t.Bots))
	for i := range t.Tables {
		if t.Tables[i].Games() > 0 {
			for _, b := range t.Tables[i].Bots {
				seen[b] = true
			}
		}
	}
	at := make([]int, len(t.Bots))
	for i, ok := range seen {
		if ok {
			at[i] = len(in)
			in = append(in, i)
		} else {
			out = append(out, i)
		}
	}
	if len(out) == 0 || len(in) == 0 {
		return t, in, nil
	}
	sub = &Tournament{}
	for _, i := range in {
		sub.Bots = append(sub.Bots, t.Bots[i])
	}
	for i := range t.Tables {
		if t.Tables[i].Games() == 0 {
			continue
		}
		tc := t.Tables[i]
		tc.Bots = make([]int, len(tc.Bots))
		for p, b := range t.Tables[i].Bots {
			tc.Bots[p] = at[b]
		}
		sub.Tables = append(sub.Tables, tc)
	}
	return sub, in, out
}

// spread returns x, one number per bot played (in), as one per bot of
// k, with fill for the others.
func spread(x []float64, in []int, k int, fill float64) []float64 {
	out := make([]float64, k)
	for i := range out {
		out[i] = fill
	}
	for r, i := range in {
		out[i] = x[r]
	}
	return out
}

// Limits of NewSeatMetagame: the payoff tensor holds K^N numbers.
const maxSeatPayoffs = 1 << 21

// seatWorkBudget bounds the bootstrap's rebuilding of the payoffs
// (payoffs × seats × tables a pair shares, summed over replicates): a
// count of work, not a time, so that a run's replicates are the same on
// every machine.
const seatWorkBudget = 1 << 31

// SeatTolerance is the regret below which a mix is called an exact
// equilibrium (rounding aside): scores are shares, shown to 3 decimals.
const SeatTolerance = 1e-9

// ErrStopped is the error NewSeatMetagame (and SummarizeFFA) wrap when
// their done channel was closed before the bootstrap finished.
var ErrStopped = errors.New("stopped before the end")

// NewSeatMetagame solves the meta-game of a free-for-all run's tables
// and bootstraps it over replicates redraws of their games, seeded by
// seed (replicate r draws from rand.NewPCG(seed, r)). Done, when closed,
// stops it between replicates with an error wrapping ErrStopped.
func NewSeatMetagame(t *Tournament, replicates int, seed uint64, done <-chan struct{}) (*SeatMetagame, error) {
	sub, in, out := playedOnly(t)
	mg, err := newSeatMetagame(sub, replicates, seed, done, replicateWorkers())
	if err != nil || len(out) == 0 {
		return mg, err
	}
	k := len(t.Bots)
	mg.Bots, mg.Unplayed = t.Bots, out
	mg.Weight, mg.Lo, mg.Hi = spread(mg.Weight, in, k, 0), spread(mg.Lo, in, k, 0), spread(mg.Hi, in, k, 0)
	mg.Score = spread(mg.Score, in, k, math.NaN())
	return mg, nil
}

// newSeatMetagame is NewSeatMetagame over bots that all played, its
// replicates solved on up to workers goroutines: each replicate's draws
// come from its own source and its solve starts from the point
// estimate's mix, so the answer does not depend on their number.
func newSeatMetagame(t *Tournament, replicates int, seed uint64, done <-chan struct{}, workers int) (*SeatMetagame, error) {
	g, err := newSeatGame(t)
	if err != nil {
		return nil, err
	}
	x, err := g.solve(nil)
	if err != nil {
		return nil, err
	}
	mg := &SeatMetagame{Bots: t.Bots, Seats: g.n, Weight: x, Score: g.fitness(x), Seed: seed, Asked: max(replicates, 0)}
	// Each replicate rebuilds the payoffs, reading each pair's tables
	// for each of them: beyond the budget (minutes), fewer replicates.
	most := 1
	for _, ts := range g.pairs {
		most = max(most, len(ts))
	}
	if work := len(g.pay) * (g.n - 1) * most; work*(replicates+1) > seatWorkBudget {
		replicates = max(seatWorkBudget/work-1, 0)
	}
	mg.Regret = g.regret(x)
	mg.RegretHi = mg.Regret
	mg.Unmeasured = g.unmeasured(x)
	type replicate struct {
		y      []float64
		regret float64
	}
	reps, err := eachReplicate(max(replicates, 0), workers, done, func(r int) (replicate, error) {
		q := g.resample(rand.NewPCG(seed, uint64(r)))
		y, err := q.solve(x)
		if err != nil {
			return replicate{}, fmt.Errorf("metagame: bootstrap replicate %d: %w", r, err)
		}
		return replicate{y, q.regret(y)}, nil
	})
	if errors.Is(err, ErrStopped) {
		return nil, fmt.Errorf("metagame: the bootstrap %w", ErrStopped)
	}
	if err != nil {
		return nil, err
	}
	boot := make([][]float64, len(reps))
	for r, rep := range reps {
		boot[r] = rep.y
		mg.RegretHi = math.Max(mg.RegretHi, rep.regret)
	}
	mg.Replicates = len(boot)
	mg.Lo, mg.Hi = slices.Clone(x), slices.Clone(x)
	for i := range x {
		if len(boot) == 0 {
			break
		}
		w := make([]float64, len(boot))
		for r, y := range boot {
			w[r] = y[i]
		}
		slices.Sort(w)
		mg.Lo[i], mg.Hi[i] = quantile7(w, 0.025), quantile7(w, 0.975)
	}
	return mg, nil
}

// EachReplicate returns replicate(r) for r in [0, n), a bootstrap's
// replicates, in order, computed on up to replicateWorkers goroutines:
// replicates that draw from their own sources (rand.NewPCG(seed, r))
// and share nothing they write give the same answer however many run at
// once. Done, when closed, stops it between replicates (the ones running
// finish) with ErrStopped; a failure returns the error of the lowest
// replicate that failed, the one replicates in order stop at (no
// replicate begins after a failure, and every lower one had begun). A
// replicate that panics fails so too, and its panic is raised again on
// the caller's goroutine (with its value, not its stack): a panic on a
// goroutine of its own would end the program past any recover of the
// caller's (nzsc's crash report, the web server's report rendering).
func EachReplicate[T any](n int, done <-chan struct{}, replicate func(r int) (T, error)) ([]T, error) {
	return eachReplicate(n, replicateWorkers(), done, replicate)
}

// replicateWorkers is the number of a bootstrap's replicates solved at
// once: GOMAXPROCS, but never more than the CPUs the process may run on.
// Each replicate in flight holds its own game (a 16-bot run at 4 seats:
// megabytes), and a closed done waits for every one in flight to end: a
// GOMAXPROCS of 64 on 2 CPUs held 0.56 GB and stopped 12 s after Ctrl-C
// (5 s of CPU), 64 replicates sharing 2 CPUs, for no speed.
func replicateWorkers() int {
	return max(min(runtime.GOMAXPROCS(0), runtime.NumCPU()), 1)
}

// eachReplicate is EachReplicate on up to workers goroutines, each
// taking the next r in turn and keeping its own results (memory grows
// with the replicates done, not with n: a stopped bootstrap of many
// never holds them all).
func eachReplicate[T any](n, workers int, done <-chan struct{}, replicate func(r int) (T, error)) ([]T, error) {
	type result struct {
		r   int
		v   T
		err error
		// panicked holds the value replicate r panicked with.
		panicked any
	}
	workers = max(min(workers, n), 1)
	kept := make([][]result, workers)
	var next atomic.Int64
	var failed, stopped atomic.Bool
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := -1
			defer func() {
				if p := recover(); p != nil {
					kept[w] = append(kept[w], result{r: r, panicked: p})
					failed.Store(true)
				}
			}()
			for !failed.Load() {
				r = int(next.Add(1) - 1)
				if r >= n {
					return
				}
				select {
				case <-done:
					stopped.Store(true)
					return
				default:
				}
				v, err := replicate(r)
				kept[w] = append(kept[w], result{r: r, v: v, err: err})
				if err != nil {
					failed.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	first := result{r: n}
	for _, rs := range kept {
		for _, res := range rs {
			if (res.err != nil || res.panicked != nil) && res.r < first.r {
				first = res
			}
		}
	}
	switch {
	case first.panicked != nil:
		panic(first.panicked)
	case first.err != nil:
		return nil, first.err
	case stopped.Load():
		return nil, ErrStopped
	}
	out := make([]T, n)
	for _, rs := range kept {
		for _, res := range rs {
			out[res.r] = res.v
		}
	}
	return out, nil
}

// seatTable is one played table: its bots as a bit set, its counts and,
// per ordered pair of its bots, the half-points of the first
// finishing ahead of the second and the comparisons behind them.
type seatTable struct {
	mask  uint64
	tc    *TableCounts
	half  map[[2]int]int64
	games map[[2]int]int64
}

// seatGame is the symmetric game of n seats over k bots: pay holds, for
// every focal bot i and every tuple of n − 1 opponents, i's place score,
// flattened with the last opponent fastest (k^n numbers, symmetric in
// the opponents).
type seatGame struct {
	k, n   int
	tables []seatTable
	// pairs[{i, j}] lists the tables at which i and j both sat.
	pairs map[[2]int][]int
	pay   []float64
	// solvers[s] is newton's least-squares solver of a support of s bots,
	// kept between its calls (a game is solved by one goroutine).
	solvers []*leastSquares
}

// newSeatGame reads the run's tables and builds the payoff.
func newSeatGame(t *Tournament) (*seatGame, error) {
	k := len(t.Bots)
	if k < 2 {
		return nil, fmt.Errorf("metagame: need at least 2 bots, the run has %d", k)
	}
	if k > 64 {
		return nil, fmt.Errorf("metagame: %d bots: at most 64", k)
	}
	g := &seatGame{k: k}
	for i := range t.Tables {
		tc := &t.Tables[i]
		if tc.Games() == 0 {
			continue
		}
		if g.n == 0 {
			g.n = len(tc.Bots)
		}
		if len(tc.Bots) != g.n {
			return nil, fmt.Errorf("metagame: tables of %d and of %d seats in one run", g.n, len(tc.Bots))
		}
		st := seatTable{tc: tc}
		for _, b := range tc.Bots {
			st.mask |= 1 << b
		}
		g.tables = append(g.tables, st)
	}
	if g.n < 3 {
		return nil, fmt.Errorf("metagame: no table of three or more seats was played")
	}
	if math.Pow(float64(k), float64(g.n)) > maxSeatPayoffs {
		return nil, fmt.Errorf("metagame: %d bots at %d seats: %d^%d payoffs is more than this solver holds", k, g.n, k, g.n)
	}
	g.tally()
	g.build()
	return g, nil
}

// tally counts each played table's pairwise finishes.
func (g *seatGame) tally() {
	g.pairs = map[[2]int][]int{}
	for ti := range g.tables {
		st := &g.tables[ti]
		st.half, st.games = map[[2]int]int64{}, map[[2]int]int64{}
		for p, a := range st.tc.Bots {
			for q, b := range st.tc.Bots {
				if a == b {
					continue
				}
				r := st.tc.Versus(p, q)
				if st.games[[2]int{a, b}] == 0 {
					g.pairs[[2]int{a, b}] = append(g.pairs[[2]int{a, b}], ti)
				}
				st.half[[2]int{a, b}] += 2*r.Wins + r.Draws
				st.games[[2]int{a, b}] += r.Games()
			}
		}
	}
}

// ahead returns bot i's finished-ahead share against bot j over the
// played tables holding every bot of mask, or over those holding both
// when none does, or 1/2 when they never met.
func (g *seatGame) ahead(i, j int, mask uint64) float64 {
	if i == j {
		return 0.5
	}
	for _, m := range []uint64{mask, 1<<i | 1<<j} {
		var half, games int64
		for _, ti := range g.pairs[[2]int{i, j}] {
			st := &g.tables[ti]
			if st.mask&m == m {
				half += st.half[[2]int{i, j}]
				games += st.games[[2]int{i, j}]
			}
		}
		if games > 0 {
			return float64(half) / float64(2*games)
		}
	}
	return 0.5
}

// build fills pay: i's place score at the table of i and each tuple of
// opponents, the average of its finished-ahead shares against them.
func (g *seatGame) build() {
	k, n := g.k, g.n
	size := 1
	for range n {
		size *= k
	}
	g.pay = make([]float64, size)
	opp, sorted := make([]int, n-1), make([]int, n-1)
	for idx := range size {
		r := idx
		for p := n - 2; p >= 0; p-- {
			opp[p] = r % k
			r /= k
		}
		i := r
		// The opponents in ascending order are the tuple's first
		// arrangement (the last opponent runs fastest): already done.
		copy(sorted, opp)
		slices.Sort(sorted)
		canon := i
		for _, o := range sorted {
			canon = canon*k + o
		}
		if canon < idx {
			g.pay[idx] = g.pay[canon]
			continue
		}
		mask := uint64(1) << i
		for _, o := range opp {
			mask |= 1 << o
		}
		v := 0.0
		for _, o := range opp {
			v += g.ahead(i, o, mask)
		}
		g.pay[idx] = v / float64(n-1)
	}
}

// nonzero returns the indices of x's nonzero entries, ascending: the
// only terms of a contraction against x that can change its sum (a term
// v·0 is ±0, and s + ±0 is s, the sum starting at +0). Where an entry is
// not finite, 0·v may be NaN, so it returns every index.
func nonzero(x []float64) []int { return nonzeroTo(make([]int, 0, len(x)), x) }

// nonzeroTo is nonzero into on's storage.
func nonzeroTo(on []int, x []float64) []int {
	on = on[:0]
	for l, v := range x {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			on = on[:0]
			for l := range x {
				on = append(on, l)
			}
			return on
		}
		if v != 0 {
			on = append(on, l)
		}
	}
	return on
}

// sum contracts the payoffs' last depth axes against x, at the index
// prefix of the axes before them: Σ_a … Σ_c pay[(prefix·k + a)… k + c]·x_a…x_c
// over a … c in on (nonzero(x)). It adds the same terms in the same
// order as depth calls of contract, the last axis innermost, leaving out
// only terms that are zero: the same float64 to the bit, in s^depth
// steps rather than k^depth when x plays s bots.
func (g *seatGame) sum(prefix, depth int, on []int, x []float64) float64 {
	k := g.k
	if depth == 1 {
		return dotOn(g.pay[prefix*k:prefix*k+k], on, x)
	}
	s := 0.0
	if depth == 2 {
		// The rows' dot products four at a time, each in its own
		// order: the same sums, but four chains of additions at once.
		base, j := prefix*k, 0
		for ; j+4 <= len(on); j += 4 {
			var d [4]float64
			dot4On(&d, g.pay, (base+on[j])*k, (base+on[j+1])*k, (base+on[j+2])*k, (base+on[j+3])*k, on, x)
			for c := range d {
				s += d[c] * x[on[j+c]]
			}
		}
		for _, l := range on[j:] {
			s += dotOn(g.pay[(base+l)*k:(base+l)*k+k], on, x) * x[l]
		}
		return s
	}
	for _, l := range on {
		s += g.sum(prefix*k+l, depth-1, on, x) * x[l]
	}
	return s
}

// dotOn returns Σ_l row[l]·x[l] over l in on, in on's order from +0.
func dotOn(row []float64, on []int, x []float64) float64 {
	s := 0.0
	for _, l := range on {
		s += row[l] * x[l]
	}
	return s
}

// dot4On sets d[c] to dotOn of the row of t at offset r_c, for four
// rows at once: each sum's additions in dotOn's order.
func dot4On(d *[4]float64, t []float64, r0, r1, r2, r3 int, on []int, x []float64) {
	var s0, s1, s2, s3 float64
	for _, l := range on {
		xl := x[l]
		s0 += t[r0+l] * xl
		s1 += t[r1+l] * xl
		s2 += t[r2+l] * xl
		s3 += t[r3+l] * xl
	}
	d[0], d[1], d[2], d[3] = s0, s1, s2, s3
}

// fitness returns each bot's expected place score at a table whose
// n − 1 other seats are drawn independently from x.
func (g *seatGame) fitness(x []float64) []float64 {
	on := nonzero(x)
	f := make([]float64, g.k)
	for i := range f {
		f[i] = g.sum(i, g.n-1, on, x)
	}
	return f
}

// regret returns the largest gain of one bot over the mix x: max_i
// fitness_i − Σ x_i fitness_i.
func (g *seatGame) regret(x []float64) float64 {
	f := g.fitness(x)
	mean, best := 0.0, math.Inf(-1)
	for i, v := range f {
		mean += x[i] * v
		best = math.Max(best, v)
	}
	return math.Max(best-mean, 0)
}

// unmeasured returns the probability that a table of n seats drawn from
// x is one the run never played.
func (g *seatGame) unmeasured(x []float64) float64 {
	fact := 1.0
	for s := 2; s <= g.n; s++ {
		fact *= float64(s)
	}
	p := 0.0
	for ti := range g.tables {
		st := &g.tables[ti]
		if bits.OnesCount64(st.mask) != g.n {
			continue // a table with a bot twice: its probability is not N!Πx
		}
		q := fact
		for _, b := range st.tc.Bots {
			q *= x[b]
		}
		p += q
	}
	return math.Max(0, 1-p)
}

// resample returns the game of one bootstrap replicate: every played
// table's games drawn again from the multinomial of its finishing
// patterns (sequential binomials, in a fixed order, from src).
func (g *seatGame) resample(src rand.Source) *seatGame {
	q := &seatGame{k: g.k, n: g.n, tables: make([]seatTable, len(g.tables))}
	for ti, st := range g.tables {
		tc := &TableCounts{Bots: st.tc.Bots}
		left, total := st.tc.Games(), st.tc.Games()
		for f, c := range st.tc.Finishes {
			if c == 0 || left == 0 {
				continue
			}
			d := left
			if c < total {
				d = int64(math.Round(distuv.Binomial{N: float64(left), P: float64(c) / float64(total), Src: src}.Rand()))
			}
			tc.Finishes[f] = d
			left -= d
			total -= c
		}
		q.tables[ti] = seatTable{mask: st.mask, tc: tc}
	}
	q.tally()
	q.build()
	return q
}

// solve returns a symmetric equilibrium: from start (a replicate's warm
// start, the point estimate's mix) when given, refined on its support;
// else, or when that does not reach the tolerance, by the replicator
// dynamics from the centre of the simplex, its end point and its time
// average each refined; the mix of least regret.
func (g *seatGame) solve(start []float64) ([]float64, error) {
	best, bestR := []float64(nil), math.Inf(1)
	try := func(x []float64) {
		y := g.refine(x)
		if r := g.regret(y); r < bestR {
			best, bestR = y, r
		}
	}
	if start != nil {
		try(start)
		if bestR <= SeatTolerance {
			return best, nil
		}
	}
	end, avg := g.replicator()
	try(end)
	if bestR > SeatTolerance {
		try(avg)
	}
	if bestR > SeatTolerance && g.k <= maxEnumerated {
		if x := g.enumerate(); x != nil {
			return x, nil
		}
	}
	if best == nil {
		return nil, fmt.Errorf("metagame: no equilibrium found")
	}
	return best, nil
}

// maxEnumerated is the most bots whose supports enumerate tries (2^K − 1
// of them).
const maxEnumerated = 12

// enumerate tries every support, the smallest first, with Newton from
// its centre, and returns the first root inside the simplex whose regret
// is within the tolerance, or nil: the last resort where the dynamics'
// end and average lead to none.
func (g *seatGame) enumerate() []float64 {
	k := g.k
	for size := 1; size <= k; size++ {
		for _, sup := range combin.Combinations(k, size) {
			y := make([]float64, k)
			for _, i := range sup {
				y[i] = 1 / float64(size)
			}
			if z, ok := g.newton(sup, y); ok && g.regret(z) <= SeatTolerance {
				return z
			}
		}
	}
	return nil
}

// replicator integrates ẋ_i = x_i(f_i(x) − x·f(x)) from the centre with
// the classical Runge–Kutta method (step 0.2: rates are score
// differences, below 1) to time 400 and returns the end point
// and the time average (which in a constant-sum game tends to the
// equilibria even when the population cycles).
func (g *seatGame) replicator() (end, avg []float64) {
	const horizon, h = 400.0, 0.2
	k := g.k
	x := make([]float64, k)
	for i := range x {
		x[i] = 1 / float64(k)
	}
	avg = make([]float64, k)
	on := make([]int, 0, k)
	// field writes ẋ at y into f.
	field := func(f, y []float64) {
		on = nonzeroTo(on, y)
		for i := range f {
			f[i] = g.sum(i, g.n-1, on, y)
		}
		mean := 0.0
		for i := range y {
			mean += y[i] * f[i]
		}
		for i := range f {
			f[i] = y[i] * (f[i] - mean)
		}
	}
	// step writes base + s·d into y.
	y := make([]float64, k)
	step := func(base, d []float64, s float64) []float64 {
		for i := range y {
			y[i] = base[i] + s*d[i]
		}
		return y
	}
	k1, k2, k3, k4 := make([]float64, k), make([]float64, k), make([]float64, k), make([]float64, k)
	steps := int(horizon / h)
	for range steps {
		field(k1, x)
		field(k2, step(x, k1, h/2))
		field(k3, step(x, k2, h/2))
		field(k4, step(x, k3, h))
		sum := 0.0
		for i := range x {
			x[i] = math.Max(x[i]+h/6*(k1[i]+2*k2[i]+2*k3[i]+k4[i]), 0)
			sum += x[i]
		}
		for i := range x {
			x[i] /= sum
			avg[i] += x[i] / float64(steps)
		}
	}
	return x, avg
}

// refine looks for an exact equilibrium near x: on a support S (the
// bots x gives weight), it solves f_i(y) = 1/2 for i in S and Σy = 1 by
// Gauss–Newton (least squares: the equations are one more than the
// unknowns, and consistent at a solution since Σ y_i f_i(y) = 1/2
// always). Where that has no root in the simplex, the support's bot of
// least fitness leaves it (the one the dynamics is losing); at a root
// that some bot outside would gain by leaving, the one that gains most
// joins it. Each support is tried once; the answer of least regret is
// kept.
func (g *seatGame) refine(x []float64) []float64 {
	best, bestR := slices.Clone(x), g.regret(x)
	var support []int
	for i, v := range x {
		if v > 1e-4 {
			support = append(support, i)
		}
	}
	seen := map[string]bool{}
	y := slices.Clone(x)
	for len(support) > 0 {
		key := fmt.Sprint(support)
		if seen[key] {
			break
		}
		seen[key] = true
		z, ok := g.newton(support, y)
		if ok {
			for _, i := range support {
				ok = ok && z[i] >= 0
			}
		}
		if !ok {
			f := g.fitness(y)
			low := support[0]
			for _, i := range support {
				if f[i] < f[low] {
					low = i
				}
			}
			support = slices.DeleteFunc(support, func(i int) bool { return i == low })
			y[low] = 0
			if len(support) == 0 {
				break
			}
			y = clampSimplex(y)
			continue
		}
		// An exact root is preferred to an equally good input (the
		// replicator's 1e-87 for 0).
		r := g.regret(z)
		if r < bestR || r <= SeatTolerance {
			best, bestR = z, r
		}
		if r <= SeatTolerance {
			break
		}
		f := g.fitness(z)
		j := -1
		for i := range f {
			if !slices.Contains(support, i) && (j < 0 || f[i] > f[j]) {
				j = i
			}
		}
		if j < 0 {
			break
		}
		support = append(support, j)
		slices.Sort(support)
		y = slices.Clone(z)
		y[j] = 0.05
		y = clampSimplex(y)
	}
	return best
}

// newton runs Gauss–Newton on the support from y, staying inside the
// simplex: a step that would take a weight below 0 is shortened to go
// 90% of the way to the boundary, and halved until the residual falls
// (a polynomial system has roots outside the simplex, which full steps
// jump to). It returns the root, or false when it does not converge.
func (g *seatGame) newton(support []int, y []float64) ([]float64, bool) {
	k, s := g.k, len(support)
	z := make([]float64, k)
	for _, i := range support {
		z[i] = math.Max(y[i], 1e-9)
	}
	on := make([]int, 0, k)
	// residual writes into res the equations' residuals at z, 1/2 − f_i
	// for i in the support then 1 − Σz, and returns their norm.
	residual := func(z, res []float64) float64 {
		on = nonzeroTo(on, z)
		norm, sum := 0.0, 0.0
		for r, i := range support {
			f := g.sum(i, g.n-1, on, z)
			res[r] = 0.5 - f
			norm += (f - 0.5) * (f - 0.5)
			sum += z[i]
		}
		res[s] = 1 - sum
		return math.Sqrt(norm + (sum-1)*(sum-1))
	}
	res, res2 := make([]float64, s+1), make([]float64, s+1)
	norm := residual(z, res)
	ls := g.solver(s)
	next := make([]float64, k)
	for range 100 {
		if norm < 1e-13 {
			return z, true
		}
		// The jacobian on the support (∂f_i/∂z_m = (n − 1)·i's score
		// with one opponent m, pay being symmetric in the opponents),
		// above a row of ones (∂Σz/∂z_m).
		on = nonzeroTo(on, z)
		for r, i := range support {
			for c, m := range support {
				ls.A[r*s+c] = float64(g.n-1) * g.sum(i*k+m, g.n-2, on, z)
			}
		}
		for c := range s {
			ls.A[s*s+c] = 1
		}
		delta, ok := ls.solve(res)
		if !ok {
			return nil, false
		}
		alpha := 1.0
		for c, i := range support {
			if dz := delta[c]; z[i]+dz < 0 {
				alpha = math.Min(alpha, 0.9*z[i]/-dz)
			}
		}
		for ; alpha > 1e-10; alpha /= 2 {
			copy(next, z)
			for c, i := range support {
				next[i] = z[i] + alpha*delta[c]
			}
			if n2 := residual(next, res2); n2 < norm {
				res, res2, norm = res2, res, n2
				z, next = next, z
				break
			}
		}
		if alpha <= 1e-10 {
			return nil, false
		}
	}
	return nil, false
}

// solver returns newton's least-squares solver of a support of s bots.
func (g *seatGame) solver(s int) *leastSquares {
	if len(g.solvers) <= s {
		g.solvers = append(g.solvers, make([]*leastSquares, s+1-len(g.solvers))...)
	}
	if g.solvers[s] == nil {
		g.solvers[s] = newLeastSquares(s+1, s)
	}
	return g.solvers[s]
}

// clampSimplex returns x with negative entries raised to 0, normalised.
func clampSimplex(x []float64) []float64 {
	out := make([]float64, len(x))
	sum := 0.0
	for i, v := range x {
		out[i] = math.Max(v, 0)
		sum += out[i]
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}
