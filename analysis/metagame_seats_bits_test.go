package analysis

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"
)

// kingmakerTournament is a run of every table of n of k bots whose
// finishing orders are drawn with weights from a seeded generator, per
// table and order: who wins depends on who else sits there, so the
// meta-game's equilibria are mixed and its bootstrap replicates need
// every stage of the solver (the warm start, the replicator dynamics,
// the enumeration of supports, which some replicates end without an
// exact equilibrium).
func kingmakerTournament(k, n int, seed uint64) *Tournament {
	rng := rand.New(rand.NewPCG(seed, 0))
	return seatTournament(k, n, func(table, places []int) float64 { return float64(1 + rng.IntN(6)) })
}

// seatBits is a digest of every number of mg, to the bit.
func seatBits(mg *SeatMetagame) string {
	h := sha256.New()
	put := func(xs ...float64) {
		for _, x := range xs {
			binary.Write(h, binary.LittleEndian, math.Float64bits(x))
		}
	}
	put(mg.Weight...)
	put(mg.Lo...)
	put(mg.Hi...)
	put(mg.Score...)
	put(mg.Regret, mg.RegretHi, mg.Unmeasured, float64(mg.Replicates))
	return fmt.Sprintf("%x", h.Sum(nil)[:12])
}

// TestSeatMetagameBits: the meta-game of seeded runs, bootstrap
// included, is the same to the bit as the solver's before its speed-ups
// (sparse contractions, the kept least-squares solver, replicates in
// parallel) computed it, on one worker or several: they were meant to
// change no number a report shows, and these digests were taken from
// that solver.
func TestSeatMetagameBits(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of bootstrap")
	}
	for i, c := range []struct {
		k, n, replicates int
		seed             uint64
		want             string
	}{
		{7, 3, 30, 1, "747109c60168320f00ade1b6"},
		{9, 3, 20, 2, "62eb5aba1f1bb0559604c3ed"},
		{6, 4, 20, 3, "7f03b6d7e0a8076c7114e850"},
		{8, 4, 10, 4, "0dd68b2d8b6a21e90d7771ce"},
	} {
		for _, workers := range []int{1, 3} {
			mg, err := newSeatMetagame(kingmakerTournament(c.k, c.n, c.seed), c.replicates, c.seed, nil, workers)
			if err != nil {
				t.Fatalf("case %d: %v", i, err)
			}
			if got := seatBits(mg); got != c.want {
				t.Errorf("case %d (%d bots, %d seats, %d workers): digest %s, want %s: weights %v [%v, %v], regret %g, replicates' %g",
					i, c.k, c.n, workers, got, c.want, mg.Weight, mg.Lo, mg.Hi, mg.Regret, mg.RegretHi)
			}
		}
	}
}

// TestEachReplicate: every replicate runs once, on any number of
// workers; a failure returns the lowest failing replicate's error, the
// one replicates run in order stop at, however the workers interleave;
// a closed done returns ErrStopped.
func TestEachReplicate(t *testing.T) {
	for _, workers := range []int{1, 2, 5} {
		var mu sync.Mutex
		seen := make([]int, 40)
		got, err := eachReplicate(40, workers, nil, func(r int) (int, error) {
			time.Sleep(time.Duration(r%3) * time.Millisecond)
			mu.Lock()
			seen[r]++
			mu.Unlock()
			return r * r, nil
		})
		for r, n := range seen {
			if n != 1 || len(got) != 40 || got[r] != r*r {
				t.Errorf("%d workers: replicate %d ran %d times, gave %v", workers, r, n, got)
			}
		}
		if err != nil {
			t.Errorf("%d workers: %v", workers, err)
		}
		for range 5 {
			_, err = eachReplicate(40, workers, nil, func(r int) (int, error) {
				// The later failure finishes first.
				if r == 11 {
					time.Sleep(3 * time.Millisecond)
					return 0, fmt.Errorf("replicate %d", r)
				}
				if r == 12 || r == 30 {
					return 0, fmt.Errorf("replicate %d", r)
				}
				return r, nil
			})
			if err == nil || err.Error() != "replicate 11" {
				t.Errorf("%d workers: error %v, want replicate 11's", workers, err)
			}
		}
		done := make(chan struct{})
		close(done)
		if _, err := eachReplicate(1<<40, workers, done, func(int) (int, error) { return 0, nil }); !errors.Is(err, ErrStopped) {
			t.Errorf("%d workers, done closed: %v, want ErrStopped", workers, err)
		}
	}
}

// denseFitness is fitness as contractions over every bot, the last axis
// first (the solver's way before sum left out the zero terms): the
// oracle sum must match to the bit.
func denseFitness(g *seatGame, x []float64) []float64 {
	contract := func(t []float64) []float64 {
		k := len(x)
		out := make([]float64, len(t)/k)
		for r := range out {
			s := 0.0
			for l, v := range t[r*k : r*k+k] {
				s += v * x[l]
			}
			out[r] = s
		}
		return out
	}
	t := g.pay
	for range g.n - 1 {
		t = contract(t)
	}
	return t
}

// TestSeatFitnessExact: fitness, which adds only the terms of x's
// nonzero entries, gives the dense contraction's float64s to the bit,
// on mixes with zeros, negative entries (a Newton step's), signed zeros,
// and entries that are not finite (where 0·Inf is NaN: every term
// counts).
func TestSeatFitnessExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, n := range []int{3, 4} {
		g, err := newSeatGame(kingmakerTournament(7, n, uint64(n)))
		if err != nil {
			t.Fatal(err)
		}
		for c := range 300 {
			x := make([]float64, g.k)
			for i := range x {
				switch rng.IntN(4) {
				case 0:
				case 1:
					x[i] = math.Copysign(0, -1)
				default:
					x[i] = rng.Float64() - 0.2
				}
			}
			switch c % 10 {
			case 7:
				x[rng.IntN(g.k)] = math.Inf(1)
			case 8:
				x[rng.IntN(g.k)] = math.NaN()
			case 9:
				x[rng.IntN(g.k)] = math.Inf(-1)
			}
			got, want := g.fitness(x), denseFitness(g, x)
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
					t.Fatalf("%d seats, case %d: fitness(%v)[%d] = %v, dense %v", n, c, x, i, got[i], want[i])
				}
			}
		}
	}
}

// TestLeastSquaresSolveVec: leastSquares gives mat.VecDense.SolveVec's
// answer to the bit, and fails where it returns an error (a singular or
// ill-conditioned matrix), solve after solve on its kept buffers.
func TestLeastSquaresSolveVec(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for s := 1; s <= 12; s++ {
		ls := newLeastSquares(s+1, s)
		for c := range 40 {
			a := make([]float64, (s+1)*s)
			for i := range a {
				a[i] = rng.NormFloat64()
			}
			switch c % 4 {
			case 1: // two equal columns: singular
				if s > 1 {
					for r := range s + 1 {
						a[r*s+1] = a[r*s]
					}
				}
			case 2: // a column of zeros
				for r := range s + 1 {
					a[r*s+s-1] = 0
				}
			case 3: // nearly equal columns
				if s > 1 {
					for r := range s + 1 {
						a[r*s+1] = a[r*s] * (1 + 1e-17*float64(r))
					}
				}
			}
			b := make([]float64, s+1)
			for i := range b {
				b[i] = rng.NormFloat64()
			}
			var want mat.VecDense
			werr := want.SolveVec(mat.NewDense(s+1, s, slices.Clone(a)), mat.NewVecDense(s+1, slices.Clone(b)))
			copy(ls.A, a)
			got, ok := ls.solve(b)
			if ok != (werr == nil) {
				t.Fatalf("size %d, case %d: solved %v, SolveVec's error %v", s, c, ok, werr)
			}
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(want.AtVec(i)) {
					t.Fatalf("size %d, case %d: x[%d] = %v, SolveVec's %v", s, c, i, got[i], want.AtVec(i))
				}
			}
		}
	}
}

// BenchmarkSeatMetagame is a free-for-all report's meta-game with its
// bootstrap, on runs whose equilibria are mixed (kingmakerTournament):
// the bootstrap's replicates need the solver's every stage.
func BenchmarkSeatMetagame(b *testing.B) {
	for _, c := range []struct {
		k, n, replicates int
		seed             uint64
	}{
		{10, 3, 20, 1},
		{8, 4, 10, 4},
	} {
		t := kingmakerTournament(c.k, c.n, c.seed)
		b.Run(fmt.Sprintf("bots=%d/seats=%d", c.k, c.n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := NewSeatMetagame(t, c.replicates, c.seed, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
