package analysis

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/diff/fd"
	"gonum.org/v1/gonum/mat"
)

func TestPlackettLuceTwoPlayerIsBradleyTerry(t *testing.T) {
	// With only two-bot tables Plackett–Luce is Bradley–Terry, ties as
	// half wins: the same ratings and intervals from BradleyTerry's own
	// fit of the same games.
	rec := map[[2]int]Record{{0, 1}: {30, 10, 20}, {0, 2}: {12, 0, 30}, {1, 2}: {25, 5, 25}, {0, 3}: {9, 2, 4}, {2, 3}: {7, 7, 7}}
	tour := &Tournament{Bots: []string{"a", "b", "c", "d"}}
	f := &FinishingOrders{Bots: tour.Bots}
	for k, r := range rec {
		tour.Pairings = append(tour.Pairings, Pairing{A: k[0], B: k[1], Seat: [2]Record{r}})
		f.Finishes = append(f.Finishes,
			Finish{Bots: []int{k[0], k[1]}, Place: []int{1, 2}, Count: r.Wins},
			Finish{Bots: []int{k[1], k[0]}, Place: []int{1, 1}, Count: r.Draws},
			Finish{Bots: []int{k[0], k[1]}, Place: []int{2, 1}, Count: r.Losses})
	}
	bt := BradleyTerry(tour)
	pl, err := PlackettLuce(f)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tour.Bots {
		a, b := bt.Ratings[i], pl.Ratings[i]
		if math.Abs(a.Elo-b.Elo) > 1e-6 || math.Abs(a.SE-b.SE) > 1e-6 || a.Games != b.Games {
			t.Errorf("bot %d: PL %.6f±%.6f (%d games), BT %.6f±%.6f (%d)", i, b.Elo, b.SE, b.Games, a.Elo, a.SE, a.Games)
		}
	}
}

// logLik is the Plackett–Luce log-likelihood of the finishes at θ,
// written out independently of the fit: every order of every tie group
// enumerated by brute force (all permutations of the table, keeping those
// consistent with the places), each with its share of the games.
func logLik(f *FinishingOrders, theta []float64) float64 {
	ll := 0.0
	for _, x := range f.Finishes {
		k := len(x.Bots)
		var consistent [][]int
		perm := make([]int, k)
		var rec func(d int, used int)
		rec = func(d int, used int) {
			if d == k {
				for i := 1; i < k; i++ {
					if x.Place[perm[i-1]] > x.Place[perm[i]] {
						return
					}
				}
				consistent = append(consistent, append([]int(nil), perm...))
				return
			}
			for i := range k {
				if used&(1<<i) == 0 {
					perm[d] = i
					rec(d+1, used|1<<i)
				}
			}
		}
		rec(0, 0)
		for _, p := range consistent {
			lp := 0.0
			for i := 0; i < k-1; i++ {
				den := 0.0
				for _, s := range p[i:] {
					den += math.Exp(theta[x.Bots[s]])
				}
				lp += theta[x.Bots[p[i]]] - math.Log(den)
			}
			ll += float64(x.Count) / float64(len(consistent)) * lp
		}
	}
	return ll
}

func TestPlackettLuceMaximizesLikelihood(t *testing.T) {
	// Random 3- and 4-bot tables of 5 bots with ties, fitted by MM and by
	// Newton's method on the log-likelihood above (θ0 fixed at 0, the others free);
	// the two must agree after re-centring, and the intervals must match
	// the inverse of the numerical Hessian.
	rng := rand.New(rand.NewPCG(1, 2))
	strength := []float64{0, 0.5, -0.3, 1.0, 0.2}
	f := &FinishingOrders{Bots: []string{"a", "b", "c", "d", "e"}}
	for range 300 {
		k := 3 + rng.IntN(2)
		bots := rng.Perm(5)[:k]
		// Draw a PL order, then sometimes tie the last two.
		left := append([]int(nil), bots...)
		place := make(map[int]int)
		for pos := 1; len(left) > 0; pos++ {
			sum := 0.0
			for _, b := range left {
				sum += math.Exp(strength[b])
			}
			u := rng.Float64() * sum
			i := 0
			for ; i < len(left)-1; i++ {
				u -= math.Exp(strength[left[i]])
				if u < 0 {
					break
				}
			}
			place[left[i]] = pos
			left = append(left[:i], left[i+1:]...)
		}
		if rng.IntN(4) == 0 {
			for _, b := range bots {
				if place[b] == k {
					place[b] = k - 1
				}
			}
		}
		x := Finish{Bots: bots, Count: int64(1 + rng.IntN(3))}
		for _, b := range bots {
			x.Place = append(x.Place, place[b])
		}
		f.Finishes = append(f.Finishes, x)
	}
	rk, err := PlackettLuce(f)
	if err != nil {
		t.Fatal(err)
	}
	if !rk.Connected {
		t.Fatal("test data not connected")
	}
	full := func(x []float64) []float64 { return append([]float64{0}, x...) }
	// Newton's method on −ℓ with finite-difference derivatives: a
	// different algorithm on a separately written likelihood.
	negLL := func(y []float64) float64 { return -logLik(f, full(y)) }
	x := make([]float64, 4)
	g := make([]float64, 4)
	h := mat.NewSymDense(4, nil)
	for range 30 {
		fd.Gradient(g, negLL, x, &fd.Settings{Formula: fd.Central})
		fd.Hessian(h, negLL, x, nil)
		var step mat.VecDense
		if err := step.SolveVec(h, mat.NewVecDense(4, append([]float64(nil), g...))); err != nil {
			t.Fatal(err)
		}
		for i := range x {
			x[i] -= step.AtVec(i)
		}
	}
	res := struct{ X []float64 }{x}
	theta := full(res.X)
	mean := 0.0
	for _, v := range theta {
		mean += v / 5
	}
	for i, v := range theta {
		want := (v - mean) * 400 / math.Ln10
		if got := rk.Ratings[i].Elo; math.Abs(got-want) > 0.01 {
			t.Errorf("bot %d: MM %.4f Elo, direct maximization %.4f", i, got, want)
		}
	}
	// Standard errors: the numerical Hessian of −ℓ in the free θ1..θ4
	// (θ0 = 0) inverted gives the covariance of the differences θi−θ0;
	// compare the variance of each Elo difference i−0.
	fd.Hessian(h, negLL, res.X, nil)
	var inv mat.Dense
	if err := inv.Inverse(h); err != nil {
		t.Fatal(err)
	}
	scale := 400 / math.Ln10
	for i := 1; i < 5; i++ {
		want := math.Sqrt(inv.At(i-1, i-1)) * scale
		got := math.Sqrt(rk.Cov[i][i] + rk.Cov[0][0] - 2*rk.Cov[i][0])
		if math.Abs(got-want)/want > 1e-3 {
			t.Errorf("SE of Elo %d−0: %.4f, numerical Hessian %.4f", i, got, want)
		}
	}
}

func TestPlacingsAndAhead(t *testing.T) {
	// By hand: bots x, y, z. 2 games x1 y2 z3; 1 game y1 z1 x3 (shared
	// first); 1 game x1 y1 (a two-bot tie).
	f := &FinishingOrders{Bots: []string{"x", "y", "z"}, Finishes: []Finish{
		{Bots: []int{0, 1, 2}, Place: []int{1, 2, 3}, Count: 2},
		{Bots: []int{1, 2, 0}, Place: []int{1, 1, 3}, Count: 1},
		{Bots: []int{0, 1}, Place: []int{1, 1}, Count: 1},
	}}
	ps, err := Placings(f)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		games      int64
		mean, wins float64
	}{
		{4, (1 + 1 + 3 + 1) / 4.0, 2 + 0.5},
		{4, (2 + 2 + 1 + 1) / 4.0, 0.5 + 0.5},
		{3, (3 + 3 + 1) / 3.0, 0.5},
	}
	for i, w := range want {
		p := ps[i]
		if p.Games != w.games || math.Abs(p.MeanPlace-w.mean) > 1e-12 || math.Abs(p.Wins-w.wins) > 1e-12 ||
			!(p.PlaceLo <= p.MeanPlace && p.MeanPlace <= p.PlaceHi) || !(p.WinLo <= p.WinShare && p.WinShare <= p.WinHi) {
			t.Errorf("bot %d: %+v, want games %d mean %.3f wins %.2f", i, p, w.games, w.mean, w.wins)
		}
	}
	a, err := AheadMatrix(f)
	if err != nil {
		t.Fatal(err)
	}
	// x vs y: ahead in 2, behind in 1, tied in 1 → 2.5/4.
	if r := a[0][1].Record; r != (Record{Wins: 2, Draws: 1, Losses: 1}) || math.Abs(a[0][1].Score-2.5/4) > 1e-12 {
		t.Errorf("x ahead of y: %+v", a[0][1])
	}
	// y vs z: ahead 2, tied 1.
	if r := a[1][2].Record; r != (Record{Wins: 2, Draws: 1}) {
		t.Errorf("y ahead of z: %+v", r)
	}
	if r := a[2][1].Record; r != (Record{Losses: 2, Draws: 1}) {
		t.Errorf("z ahead of y: %+v", r)
	}
}

// TestPlacingsIntervals: the mean place's interval has a width when
// every game of a bot ended in one place (it was "1.000 ± 0.000" after
// six firsts) and stays within the places there are. The oracles, by
// hand from Wilson's formula with z = Φ⁻¹(0.975): six firsts at a table
// of 3, 1 + 2·z²/(6 + z²) = 1.7806686 above; six seconds, 1 + 2·Wilson(3
// of 6) = [1.3752326, 2.6247674]; one last place at a table of 4, from
// 1 + 3·(1 − z²/(1 + z²)) = 1.6196479 to 4; nineteen firsts and a
// second, the normal 1.05 ± z·√(0.05/20) cut at 1 below (it reached
// 0.952): [1, 1.1479982].
func TestPlacingsIntervals(t *testing.T) {
	f := &FinishingOrders{Bots: []string{"first", "second", "third", "a", "b", "c", "d", "top", "next"}, Finishes: []Finish{
		{Bots: []int{0, 1, 2}, Place: []int{1, 2, 3}, Count: 6},
		{Bots: []int{3, 4, 5, 6}, Place: []int{1, 2, 3, 4}, Count: 1},
		{Bots: []int{7, 8}, Place: []int{1, 2}, Count: 19},
		{Bots: []int{7, 8, 2}, Place: []int{2, 1, 3}, Count: 1},
	}}
	ps, err := Placings(f)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct {
		bot          int
		mean, lo, hi float64
	}{
		{0, 1, 1, 1.7806686},
		{1, 2, 1.3752326, 2.6247674},
		{6, 4, 1.6196479, 4},
		{7, 1.05, 1, 1.1479982},
	} {
		p := ps[c.bot]
		if !near(p.MeanPlace, c.mean, 1e-7) || !near(p.PlaceLo, c.lo, 1e-7) || !near(p.PlaceHi, c.hi, 1e-7) {
			t.Errorf("case %d: %s: mean place %.7f [%.7f, %.7f], want %.7f [%.7f, %.7f]",
				i, p.Bot, p.MeanPlace, p.PlaceLo, p.PlaceHi, c.mean, c.lo, c.hi)
		}
	}
}

func TestPlackettLuceErrorsAndDisconnected(t *testing.T) {
	bad := []FinishingOrders{
		{Bots: []string{"a", "b"}, Finishes: []Finish{{Bots: []int{0, 2}, Place: []int{1, 2}, Count: 1}}},
		{Bots: []string{"a", "b"}, Finishes: []Finish{{Bots: []int{0, 0}, Place: []int{1, 2}, Count: 1}}},
		{Bots: []string{"a", "b"}, Finishes: []Finish{{Bots: []int{0, 1}, Place: []int{1}, Count: 1}}},
		{Bots: []string{"a", "b"}, Finishes: []Finish{{Bots: []int{0, 1}, Place: []int{0, 2}, Count: 1}}},
		{Bots: []string{"a", "b"}, Finishes: []Finish{{Bots: []int{0, 1}, Place: []int{1, 2}, Count: -1}}},
	}
	for i := range bad {
		if _, err := PlackettLuce(&bad[i]); err == nil {
			t.Errorf("case %d: no error", i)
		}
	}
	// a always first: no MLE; the prior keeps it finite and says so.
	f := &FinishingOrders{Bots: []string{"a", "b", "c"}, Finishes: []Finish{
		{Bots: []int{0, 1, 2}, Place: []int{1, 2, 3}, Count: 5},
		{Bots: []int{0, 1, 2}, Place: []int{1, 3, 2}, Count: 5},
	}}
	rk, err := PlackettLuce(f)
	if err != nil {
		t.Fatal(err)
	}
	if rk.Connected || rk.Prior == 0 || math.IsInf(rk.Ratings[0].Elo, 0) || rk.Order[0] != 0 ||
		math.Abs(rk.Ratings[1].Elo-rk.Ratings[2].Elo) > 1e-9 {
		t.Errorf("disconnected: %+v", rk)
	}
}
