package dynamics

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// rps is rock–paper–scissors as score shares: a win 1, a loss 0, even
// 1/2.
var rps = [][]float64{
	{0.5, 0, 1},
	{1, 0.5, 0},
	{0, 1, 0.5},
}

// transitive has a beat b beat c, and a beat c.
var transitive = [][]float64{
	{0.5, 0.6, 0.7},
	{0.4, 0.5, 0.6},
	{0.3, 0.4, 0.5},
}

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol || math.IsNaN(got) {
		t.Errorf("%s: got %.12g, want %.12g (±%g)", what, got, want, tol)
	}
}

// TestReplicatorRPSCycles checks the replicator equation against what is
// known of rock–paper–scissors (Hofbauer & Sigmund 1998, §7.7): Σ log x_i
// is conserved, so a population off the centre cycles around it forever
// (never converging), and its time average tends to the centre.
func TestReplicatorRPSCycles(t *testing.T) {
	start := []float64{0.5, 0.3, 0.2}
	r, err := ReplicatorOf(rps, ReplicatorOptions{Start: start, Horizon: 500})
	if err != nil {
		t.Fatal(err)
	}
	h := func(x []float64) float64 { return math.Log(x[0]) + math.Log(x[1]) + math.Log(x[2]) }
	want := h(start)
	minDist := math.Inf(1)
	for s, x := range r.Path {
		near(t, "Σ log x at sample "+itoa(s), h(x), want, 1e-6)
		d := math.Hypot(math.Hypot(x[0]-1.0/3, x[1]-1.0/3), x[2]-1.0/3)
		minDist = math.Min(minDist, d)
	}
	if minDist < 0.1 {
		t.Errorf("the trajectory came within %.3g of the centre; it should cycle at a distance", minDist)
	}
	if r.Speed < Moving {
		t.Errorf("speed at the horizon %.3g: a cycle keeps moving", r.Speed)
	}
	for i, v := range r.Average {
		near(t, "time average "+itoa(i), v, 1.0/3, 0.01)
	}
	// From the centre itself nothing moves: it is the rest point.
	c, err := ReplicatorOf(rps, ReplicatorOptions{Horizon: 50})
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range c.Final {
		near(t, "centre "+itoa(i), v, 1.0/3, 1e-12)
	}
}

// TestReplicatorDominance: with a dominant strategy, the population
// converges to it (a rest point: the speed falls to 0).
func TestReplicatorDominance(t *testing.T) {
	r, err := ReplicatorOf(transitive, ReplicatorOptions{})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "dominant share", r.Final[0], 1, 1e-6)
	if r.Speed > Moving {
		t.Errorf("speed %.3g at a rest point", r.Speed)
	}
}

// TestMoranClosedForm checks MoranFixation against the textbook formula
// for a mutant of constant relative fitness r (Moran 1962; Nowak 2006
// eq. 6.15): ρ = (1 − 1/r) / (1 − 1/r^N), and 1/N for a neutral one.
func TestMoranClosedForm(t *testing.T) {
	for _, c := range []struct {
		r float64
		n int
	}{{1.1, 10}, {2, 5}, {0.9, 20}, {1.5, 100}, {0.5, 50}} {
		// Constant fitness: the mutant scores r against everyone, the
		// resident 1, at full selection intensity.
		got := MoranFixation(c.r, c.r, 1, 1, c.n, 1)
		want := (1 - 1/c.r) / (1 - math.Pow(c.r, -float64(c.n)))
		near(t, "ρ(r="+ftoa(c.r)+", N="+itoa(c.n)+")", got, want, 1e-12*want+1e-300)
	}
	near(t, "neutral", MoranFixation(0.5, 0.5, 0.5, 0.5, 7, 1), 1.0/7, 1e-15)
	// A mutant that never scores never reproduces.
	near(t, "zero fitness", MoranFixation(0, 0, 1, 1, 10, 1), 0, 0)
}

// TestMoranExactChain: the closed form agrees with the absorbing chain
// solved as a linear system (gonum), and both with a seeded simulation
// of the process itself.
func TestMoranExactChain(t *testing.T) {
	cases := []struct{ uu, ur, ru, rr float64 }{
		{0.5, 0.7, 0.3, 0.5}, // a favoured mutant
		{0.5, 0.2, 0.8, 0.5}, // a disfavoured one
		{0.1, 0.9, 0.6, 0.3}, // frequency-dependent (hawk–dove-like)
	}
	for k, c := range cases {
		for _, w := range []float64{1, 0.3} {
			for _, n := range []int{2, 10, 40} {
				exact, err := MoranFixationExact(c.uu, c.ur, c.ru, c.rr, n, w)
				if err != nil {
					t.Fatal(err)
				}
				near(t, "case "+itoa(k)+" N="+itoa(n)+" w="+ftoa(w), MoranFixation(c.uu, c.ur, c.ru, c.rr, n, w), exact, 1e-10)
			}
		}
	}
	trials := 40000
	if testing.Short() {
		trials = 8000
	}
	for k, c := range cases {
		n := 10
		exact, _ := MoranFixationExact(c.uu, c.ur, c.ru, c.rr, n, 1)
		sim := SimulateMoranFixation(c.uu, c.ur, c.ru, c.rr, n, 1, trials, rand.NewPCG(7, uint64(k)))
		se := math.Sqrt(exact * (1 - exact) / float64(trials))
		if math.Abs(sim-exact) > 4.5*se {
			t.Errorf("case %d: simulated %.4f, exact %.4f (4.5 SE = %.4f)", k, sim, exact, 4.5*se)
		}
	}
}

// TestAlphaRankRPSUniform: α-Rank gives rock–paper–scissors the uniform
// distribution whatever α and m (Omidshafiei et al. 2019, Fig. 2): the
// chain's cycle is symmetric.
func TestAlphaRankRPSUniform(t *testing.T) {
	for _, alpha := range []float64{0.1, 1, 10, 100} {
		for _, m := range []int{2, 10, 50} {
			ar, err := AlphaRankOf(rps, m, alpha)
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range ar.Stationary {
				near(t, "α="+ftoa(alpha)+" m="+itoa(m)+" π_"+itoa(i), v, 1.0/3, 1e-12)
			}
		}
	}
	mo, err := MoranOf(rps, 20, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range mo.Stationary {
		near(t, "Moran π_"+itoa(i), v, 1.0/3, 1e-12)
	}
}

// TestAlphaRankClosedForm checks the fixation probabilities against
// OpenSpiel's closed form for constant-sum single-population games,
// u = α·m/(m−1)·(a_ji − 1/2), ρ = (1 − e^{−u})/(1 − e^{−mu}), and the
// two-strategy stationary distribution against the balance of its one
// pair of flows, π_0·ρ_01 = π_1·ρ_10.
func TestAlphaRankClosedForm(t *testing.T) {
	for _, alpha := range []float64{0.5, 10, 40} {
		for _, m := range []int{2, 5, 50} {
			ar, err := AlphaRankOf(transitive, m, alpha)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 3 {
				for j := range 3 {
					if i == j {
						continue
					}
					u := alpha * float64(m) / float64(m-1) * (transitive[j][i] - 0.5)
					want := -math.Expm1(-u) / -math.Expm1(-float64(m)*u)
					near(t, "ρ α="+ftoa(alpha)+" m="+itoa(m)+" "+itoa(i)+"→"+itoa(j), ar.Fixation[i][j], want, 1e-12*want)
				}
			}
		}
	}
	two := [][]float64{{0.5, 0.56}, {0.44, 0.5}}
	ar, err := AlphaRankOf(two, 10, 3)
	if err != nil {
		t.Fatal(err)
	}
	ratio := ar.Fixation[1][0] / ar.Fixation[0][1]
	near(t, "π_0", ar.Stationary[0], ratio/(1+ratio), 1e-14)
	// At large α the dominant strategy takes all the mass.
	big, err := AlphaRankOf(transitive, 50, 100)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "dominant mass at α=100", big.Stationary[0], 1, 1e-12)
}

// TestStationaryAgainstEigen checks the Grassmann–Taksar–Heyman solver
// against gonum's eigendecomposition: π is the left eigenvector of P for
// the eigenvalue 1.
func TestStationaryAgainstEigen(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 20 {
		n := 2 + trial%6
		p := square(n)
		for i := range n {
			sum := 0.0
			for j := range n {
				p[i][j] = rng.Float64()
				sum += p[i][j]
			}
			for j := range n {
				p[i][j] /= sum
			}
		}
		got, err := stationary(p)
		if err != nil {
			t.Fatal(err)
		}
		pt := mat.NewDense(n, n, nil)
		for i := range n {
			for j := range n {
				pt.Set(j, i, p[i][j])
			}
		}
		var eig mat.Eigen
		if !eig.Factorize(pt, mat.EigenRight) {
			t.Fatal("eigen: no factorisation")
		}
		vals := eig.Values(nil)
		var vecs mat.CDense
		eig.VectorsTo(&vecs)
		best := 0
		for k := range vals {
			if math.Abs(real(vals[k])-1)+math.Abs(imag(vals[k])) < math.Abs(real(vals[best])-1)+math.Abs(imag(vals[best])) {
				best = k
			}
		}
		sum := 0.0
		for i := range n {
			sum += real(vecs.At(i, best))
		}
		for i := range n {
			near(t, "trial "+itoa(trial)+" π_"+itoa(i), got[i], real(vecs.At(i, best))/sum, 1e-10)
		}
	}
}

// counts3 is a three-bot tournament: a and b are even against each other
// and both beat c clearly.
func counts3(games int64) [][]Counts {
	c := [][]Counts{make([]Counts, 3), make([]Counts, 3), make([]Counts, 3)}
	set := func(i, j int, w, d, l int64) { c[i][j], c[j][i] = Counts{w, d, l}, Counts{l, d, w} }
	set(0, 1, games*45/100, games*10/100, games*45/100)
	set(0, 2, games*80/100, 0, games*20/100)
	set(1, 2, games*79/100, 0, games*21/100)
	return c
}

// TestAnalyzeBootstrap: the bootstrap is reproducible from its seed,
// cannot separate two bots that are even against each other and alike
// against the third, and separates both from the bot they beat.
func TestAnalyzeBootstrap(t *testing.T) {
	p, err := FromCounts([]string{"a", "b", "c"}, counts3(1000))
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Replicates: 100, Seed: 9, Replicator: ReplicatorOptions{Horizon: 100}}
	an, err := Analyze(p, opt)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Analyze(p, opt)
	if !slices.Equal(an.AlphaRankRank.Weights, again.AlphaRankRank.Weights) {
		t.Errorf("same seed, different answers: %v vs %v", an.AlphaRankRank.Weights, again.AlphaRankRank.Weights)
	}
	opt.Seed = 10
	other, _ := Analyze(p, opt)
	if slices.Equal(an.AlphaRankRank.Weights, other.AlphaRankRank.Weights) {
		t.Errorf("another seed gave the very same intervals")
	}
	for name, rk := range map[string]Ranking{"replicator": an.ReplicatorRank, "moran": an.MoranRank, "alpha-rank": an.AlphaRankRank} {
		if !slices.Contains(rk.Inseparable[0], 1) || !slices.Contains(rk.Inseparable[1], 0) {
			t.Errorf("%s: a and b are even, yet separated: %v", name, rk.Inseparable)
		}
		if slices.Contains(rk.Inseparable[0], 2) || slices.Contains(rk.Inseparable[2], 1) {
			t.Errorf("%s: c loses 20–80 over 1000 games, yet not separated: %v", name, rk.Inseparable)
		}
		if rk.Order[2] != 2 {
			t.Errorf("%s: order %v, want c last", name, rk.Order)
		}
		for i, w := range rk.Weights {
			if !(w.Lo <= w.Hi) || w.RankLo > w.RankHi {
				t.Errorf("%s: weight %d: interval %v", name, i, w)
			}
		}
	}
	// An exact payoff has no replicates and only its ties inseparable.
	ex, err := NewPayoff([]string{"a", "b", "c"}, transitive)
	if err != nil {
		t.Fatal(err)
	}
	ea, err := Analyze(ex, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ea.Replicates != 0 || len(ea.AlphaRankRank.Inseparable[0]) != 0 {
		t.Errorf("exact payoff: %d replicates, inseparable %v", ea.Replicates, ea.AlphaRankRank.Inseparable)
	}
}

// TestResampleKeepsGames: a replicate has each pair's number of games,
// mirrored.
func TestResampleKeepsGames(t *testing.T) {
	p, _ := FromCounts([]string{"a", "b", "c"}, counts3(500))
	q := p.resample(rand.NewPCG(1, 1))
	for i := range 3 {
		for j := range 3 {
			if q.Counts[i][j].Games() != p.Counts[i][j].Games() {
				t.Errorf("%d-%d: %d games, want %d", i, j, q.Counts[i][j].Games(), p.Counts[i][j].Games())
			}
			c := q.Counts[i][j]
			if q.Counts[j][i] != (Counts{c[2], c[1], c[0]}) {
				t.Errorf("%d-%d not mirrored", i, j)
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	c := counts3(10)
	c[1][0] = Counts{1, 2, 3}
	if _, err := FromCounts([]string{"a", "b", "c"}, c); err == nil {
		t.Error("a pair whose mirror differs was accepted")
	}
	if _, err := FromCounts([]string{"a"}, [][]Counts{{{}}}); err == nil {
		t.Error("one strategy was accepted")
	}
	if _, err := NewPayoff([]string{"a", "b"}, [][]float64{{0.5, 1.5}, {0, 0.5}}); err == nil {
		t.Error("a score of 1.5 was accepted")
	}
	if _, err := MoranOf(rps, 1, 1); err == nil {
		t.Error("a population of 1 was accepted")
	}
	if _, err := AlphaRankOf(rps, 10, -1); err == nil {
		t.Error("a negative alpha was accepted")
	}
}

func itoa(i int) string     { return strconv.Itoa(i) }
func ftoa(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// TestAnalyzeStops: a closed Done stops the bootstrap before its first
// replicate (ErrStopped), and an open one changes nothing.
func TestAnalyzeStops(t *testing.T) {
	p, err := FromCounts([]string{"a", "b", "c"}, counts3(1000))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	close(done)
	if an, err := Analyze(p, Options{Replicates: 1 << 30, Done: done}); !errors.Is(err, ErrStopped) || an != nil {
		t.Errorf("closed Done: got %v, %v; want nil, ErrStopped", an, err)
	}
	an, err := Analyze(p, Options{Replicates: 3, Done: make(chan struct{})})
	if err != nil || an.Replicates != 3 {
		t.Errorf("open Done: got %v replicates, %v; want 3, nil", an.Replicates, err)
	}
}
