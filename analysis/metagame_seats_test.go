package analysis

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/analysis/nash"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/combin"
)

// seatTournament returns a run of every table of n of k bots, each
// table's finishing orders (permutations, no ties) drawn with weights
// from weight(table, order) times scale.
func seatTournament(k, n int, weight func(table, places []int) float64) *Tournament {
	t := &Tournament{}
	for i := range k {
		t.Bots = append(t.Bots, string(rune('a'+i)))
	}
	for _, table := range combin.Combinations(k, n) {
		tc := TableCounts{Bots: table}
		for _, perm := range combin.Permutations(n, n) {
			places := make([]int, n)
			for i, p := range perm {
				places[i] = p + 1
			}
			tc.Finishes[FinishKey(places)] += int64(math.Round(weight(table, places)))
		}
		t.Tables = append(t.Tables, tc)
	}
	return t
}

// placeScore is the oracle's place score of seat s in places: the
// share of the other seats it finished ahead of, ties half.
func placeScore(places []int, s int) float64 {
	v := 0.0
	for q, p := range places {
		switch {
		case q == s:
		case places[s] < p:
			v++
		case places[s] == p:
			v += 0.5
		}
	}
	return v / float64(len(places)-1)
}

// bruteFitness is the oracle of a bot's expected place score against a
// mix, written apart from the tensor: every assignment of bots to the
// n − 1 other seats, weighted by its probability; a played table's
// score read from its finishing patterns directly (placeScore), any
// other table's by the imputation rule the type documents, with the
// pairwise shares counted from the patterns.
func bruteFitness(t *Tournament, n int, x []float64, i int) float64 {
	k := len(t.Bots)
	sorted := func(b []int) []int { s := slices.Clone(b); slices.Sort(s); return s }
	share := func(a, b int, need []int) (float64, bool) {
		var half, games float64
		for _, tc := range t.Tables {
			holds := true
			for _, q := range need {
				holds = holds && slices.Contains(tc.Bots, q)
			}
			if !holds {
				continue
			}
			pa, pb := slices.Index(tc.Bots, a), slices.Index(tc.Bots, b)
			for key, c := range tc.Finishes {
				if c == 0 {
					continue
				}
				pl := finishPlaces(key, len(tc.Bots))
				games += float64(c)
				switch {
				case pl[pa] < pl[pb]:
					half += 2 * float64(c)
				case pl[pa] == pl[pb]:
					half += float64(c)
				}
			}
		}
		return half / (2 * games), games > 0
	}
	total := 0.0
	opp := make([]int, n-1)
	var rec func(p int, prob float64)
	rec = func(p int, prob float64) {
		if p == n-1 {
			table := sorted(append([]int{i}, opp...))
			for _, tc := range t.Tables {
				if slices.Equal(sorted(tc.Bots), table) {
					var v, games float64
					s := slices.Index(tc.Bots, i)
					for key, c := range tc.Finishes {
						if c > 0 {
							v += float64(c) * placeScore(finishPlaces(key, n), s)
							games += float64(c)
						}
					}
					total += prob * v / games
					return
				}
			}
			var distinct []int
			for _, b := range table {
				if !slices.Contains(distinct, b) {
					distinct = append(distinct, b)
				}
			}
			v := 0.0
			for _, o := range opp {
				if o == i {
					v += 0.5
					continue
				}
				s, ok := share(i, o, distinct)
				if !ok {
					if s, ok = share(i, o, []int{i, o}); !ok {
						s = 0.5
					}
				}
				v += s
			}
			total += prob * v / float64(n-1)
			return
		}
		for b := range k {
			if x[b] > 0 {
				opp[p] = b
				rec(p+1, prob*x[b])
			}
		}
	}
	rec(0, 1)
	return total
}

// TestSeatMetagameCertificate: on runs whose tables favour different
// bots depending on who else sits there (a kingmaker's effect: random
// weights per table and order), at 3 and 4 seats, the solver's mix has
// regret at most SeatTolerance, and each bot's score against it, the
// regret and the unmeasured share agree with the oracle's brute-force
// enumeration of the tables (bruteFitness).
func TestSeatMetagameCertificate(t *testing.T) {
	cases := 12
	if testing.Short() {
		cases = 4
	}
	for c := range cases {
		k, n := 4+c%3, 3+c%2
		rng := rand.New(rand.NewPCG(uint64(c), 5))
		strength := make([]float64, k)
		for i := range strength {
			strength[i] = rng.Float64()
		}
		tr := seatTournament(k, n, func(table, places []int) float64 {
			// Plackett–Luce-like strengths, disturbed per table.
			w := 40.0
			for s, b := range table {
				w *= math.Exp(float64(n-places[s]) * (strength[b] + 0.6*rng.Float64()))
			}
			return w
		})
		mg, err := NewSeatMetagame(tr, 0, 1, nil)
		if err != nil {
			t.Fatalf("case %d: %v", c, err)
		}
		if mg.Regret > SeatTolerance {
			t.Errorf("case %d (%d bots, %d seats): regret %.3g of %v", c, k, n, mg.Regret, mg.Weight)
		}
		best, sum := math.Inf(-1), 0.0
		for i := range k {
			f := bruteFitness(tr, n, mg.Weight, i)
			if math.Abs(f-mg.Score[i]) > 1e-12 {
				t.Errorf("case %d: bot %d scores %.15g against the mix, the oracle %.15g", c, i, mg.Score[i], f)
			}
			best = math.Max(best, f)
			sum += mg.Weight[i]
		}
		if math.Abs(sum-1) > 1e-9 || math.Abs(math.Max(best-0.5, 0)-mg.Regret) > 1e-12 {
			t.Errorf("case %d: weights sum to %v; regret %.3g, the oracle's %.3g", c, sum, mg.Regret, best-0.5)
		}
		t.Logf("case %d (%d bots, %d seats): %.3f regret %.2g unmeasured %.3f", c, k, n, mg.Weight, mg.Regret, mg.Unmeasured)
	}
}

// TestSeatMetagamePairwise: when a table's pairwise finishes do not
// depend on who else sits there, the many-seat game is the two-player
// game of the finished-ahead shares (a bot's place score is the average
// of its shares against its opponents), so the mix must be the
// two-player game's equilibrium, solved by linear programming
// (analysis/nash): an oracle with no code in common. The run: every
// table of three of four bots, whose orders are drawn from a model in
// which i finishes ahead of j with probability A[i][j] whoever the third
// is (orders weighted by the product of their three pairwise shares,
// then corrected to the exact pairwise shares: see below).
func TestSeatMetagamePairwise(t *testing.T) {
	// A cycle with a fourth bot: a > b > c > a, d loses narrowly to all.
	a := [][]float64{
		{0.5, 0.6, 0.4, 0.55},
		{0.4, 0.5, 0.6, 0.55},
		{0.6, 0.4, 0.5, 0.55},
		{0.45, 0.45, 0.45, 0.5},
	}
	// At a table of three, the six orders' probabilities p with the
	// pairwise shares a: p(order) = Σ over its three pairs (ahead, behind)
	// of a[ahead][behind]/3 − 1/3 + 1/6... is linear: for a table
	// {i, j, k}, p(i>j>k) = (a_ij + a_ik + a_jk − 1)/3 + ... Instead of
	// deriving it, solve the linear system for each table: 3 pairwise
	// equations and Σp = 1 in 6 unknowns, the least-norm solution.
	tr := seatTournament(4, 3, func(table, places []int) float64 { return 0 })
	for ti := range tr.Tables {
		tc := &tr.Tables[ti]
		perms := combin.Permutations(3, 3)
		m := mat.NewDense(4, 6, nil)
		rhs := mat.NewVecDense(4, nil)
		pairs := [][2]int{{0, 1}, {0, 2}, {1, 2}}
		for r, pq := range pairs {
			for c, perm := range perms {
				if perm[pq[0]] < perm[pq[1]] {
					m.Set(r, c, 1)
				}
			}
			rhs.SetVec(r, a[tc.Bots[pq[0]]][tc.Bots[pq[1]]])
		}
		for c := range perms {
			m.Set(3, c, 1)
		}
		rhs.SetVec(3, 1)
		var p mat.VecDense
		if err := p.SolveVec(m, rhs); err != nil {
			t.Fatal(err)
		}
		for c, perm := range perms {
			if p.AtVec(c) < 0 {
				t.Fatalf("table %v: negative probability %v", tc.Bots, p.AtVec(c))
			}
			places := []int{perm[0] + 1, perm[1] + 1, perm[2] + 1}
			tc.Finishes[FinishKey(places)] = int64(math.Round(p.AtVec(c) * 6e6))
		}
	}
	mg, err := NewSeatMetagame(tr, 0, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	d := mat.NewDense(4, 4, nil)
	for i := range 4 {
		for j := range 4 {
			d.Set(i, j, a[i][j]-0.5)
		}
	}
	sol, err := nash.Solve(d)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 4 {
		if math.Abs(mg.Weight[i]-sol.Row[i]) > 1e-4 {
			t.Errorf("bot %d: weight %.6f, the two-player LP's %.6f", i, mg.Weight[i], sol.Row[i])
		}
	}
	if mg.Regret > SeatTolerance {
		t.Errorf("regret %.3g", mg.Regret)
	}
}

// TestSeatMetagameKnown: answers known by hand. Every table won by bot
// 0 (first alone, the rest in every order): bot 0 alone, regret 0, and
// every table of the mix (three copies of bot 0) unplayed. The cycle
// a > b > c > a at the one table of three (each of the orders a>b>c,
// b>c>a, c>a>b equally often): the mix is uniform by symmetry.
func TestSeatMetagameKnown(t *testing.T) {
	dom := seatTournament(4, 3, func(table, places []int) float64 {
		if table[0] == 0 && places[0] != 1 {
			return 0
		}
		return 10
	})
	mg, err := NewSeatMetagame(dom, 20, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(mg.Weight, []float64{1, 0, 0, 0}) || mg.Regret != 0 || mg.Unmeasured != 1 || mg.Lo[0] != 1 || mg.Replicates != 20 {
		t.Errorf("dominant bot: %+v", mg)
	}
	cyc := &Tournament{Bots: []string{"a", "b", "c"}}
	tc := TableCounts{Bots: []int{0, 1, 2}}
	for _, pl := range [][]int{{1, 2, 3}, {3, 1, 2}, {2, 3, 1}} {
		tc.Finishes[FinishKey(pl)] = 50
	}
	cyc.Tables = []TableCounts{tc}
	mg, err = NewSeatMetagame(cyc, 0, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range mg.Weight {
		if math.Abs(w-1.0/3) > 1e-9 {
			t.Errorf("cycle: weight of %d is %v, want 1/3", i, w)
		}
	}
	// Uniform mix: the played table {a, b, c} has probability 3!/27.
	if math.Abs(mg.Unmeasured-(1-6.0/27)) > 1e-9 {
		t.Errorf("cycle: unmeasured %v, want 1 − 6/27", mg.Unmeasured)
	}
}

// TestSeatMetagameBootstrap: intervals hold the point, are the same for
// the same seed, and refuse nothing; two-seat runs are refused.
func TestSeatMetagameBootstrap(t *testing.T) {
	tr := seatTournament(4, 3, func(table, places []int) float64 {
		return float64(5 + 3*table[0] + 4*places[0] + table[1]*places[2])
	})
	a, err := NewSeatMetagame(tr, 40, 7, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewSeatMetagame(tr, 40, 7, nil)
	if !slices.Equal(a.Lo, b.Lo) || !slices.Equal(a.Hi, b.Hi) {
		t.Error("the same seed gave two sets of intervals")
	}
	wide := false
	for i := range a.Weight {
		if !(a.Lo[i] <= a.Weight[i]+1e-9 && a.Weight[i] <= a.Hi[i]+1e-9) {
			t.Errorf("bot %d: %v outside [%v, %v]", i, a.Weight[i], a.Lo[i], a.Hi[i])
		}
		wide = wide || a.Hi[i]-a.Lo[i] > 0.01
	}
	if !wide || a.RegretHi > SeatTolerance {
		t.Errorf("intervals %v %v (none wide on a few hundred games?), replicates' regret %.3g", a.Lo, a.Hi, a.RegretHi)
	}
	done := make(chan struct{})
	close(done)
	if _, err := NewSeatMetagame(tr, 5, 7, done); err == nil {
		t.Error("a closed done did not stop the bootstrap")
	}
	if _, err := NewSeatMetagame(&Tournament{Bots: []string{"a", "b"}}, 0, 1, nil); err == nil {
		t.Error("a run with no tables: no error")
	}
}

// TestSummarizeFFAStops: a closed done channel stops SummarizeFFA in the
// meta-game's bootstrap with an error wrapping ErrStopped, not a
// summary whose meta-game "could not be solved" (it was given none, and
// ran the bootstrap to its end).
func TestSummarizeFFAStops(t *testing.T) {
	tr := seatTournament(4, 3, func(table, places []int) float64 { return float64(1 + table[0] + places[1]) })
	done := make(chan struct{})
	close(done)
	s, err := SummarizeFFA(tr, done)
	if !errors.Is(err, ErrStopped) || s != nil {
		t.Errorf("stopped: a summary %v, error %v; want none and ErrStopped", s != nil, err)
	}
	if s, err := SummarizeFFA(tr, nil); err != nil || s.Metagame == nil || s.Metagame.Replicates != SeatReplicates {
		t.Errorf("not stopped: %v; want a meta-game of %d replicates", err, SeatReplicates)
	}
}

// TestSeatMetagameUnplayed: a bot that played no game (a run stopped
// before its tables, which are listed with no games) is left out of the
// meta-game: weight 0 and no interval, Score NaN, listed in Unplayed;
// the mix of the others is an equilibrium of the run's tables (the
// oracle bruteFitness, with the unplayed bot drawn with probability 0,
// finds no played bot above 1/2). Imputed 1/2 against everyone, the
// unplayed bot was as good as the equilibrium and got weight.
func TestSeatMetagameUnplayed(t *testing.T) {
	for _, d := range []int{3, 0} {
		// Bot 0 (or 1 when d is 0) first 6 games in 10 at the one table
		// played, the others' orders even.
		top := 0
		if d == 0 {
			top = 1
		}
		run := seatTournament(4, 3, func(table, places []int) float64 {
			if slices.Contains(table, d) {
				return 0
			}
			if places[slices.Index(table, top)] == 1 {
				return 30
			}
			return 10
		})
		mg, err := NewSeatMetagame(run, 20, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(mg.Unplayed, []int{d}) || !mg.Left(d) || mg.Weight[d] != 0 || mg.Lo[d] != 0 || mg.Hi[d] != 0 || !math.IsNaN(mg.Score[d]) {
			t.Errorf("unplayed %v weight %v [%v, %v] score %v: want bot %d left out", mg.Unplayed, mg.Weight, mg.Lo, mg.Hi, mg.Score, d)
		}
		if len(mg.Bots) != 4 || len(mg.Weight) != 4 || len(mg.Score) != 4 {
			t.Fatalf("bots %v weights %v scores %v: want one per bot of the run", mg.Bots, mg.Weight, mg.Score)
		}
		if math.Abs(mg.Weight[top]-1) > 1e-9 {
			t.Errorf("weights %v: want all on %s", mg.Weight, run.Bots[top])
		}
		for i := range 4 {
			if i == d {
				continue
			}
			if f := bruteFitness(run, 3, mg.Weight, i); f > 0.5+1e-9 || math.Abs(f-mg.Score[i]) > 1e-9 {
				t.Errorf("bot %s: scores %v against the mix (oracle %v), want at most 1/2", run.Bots[i], mg.Score[i], f)
			}
		}
		if mg.Regret > SeatTolerance {
			t.Errorf("regret %v", mg.Regret)
		}
	}
}
