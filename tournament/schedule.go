package tournament

import (
	"math/rand/v2"
	"slices"
)

// MaxTables is the most tables (pairings, at two seats) a run may have:
// Tables and Pairings list every one of them, and every worker keeps
// counts per table, so 300 bots at four seats (330 million tables) took
// 24 GB before the first game. 100 000 is a round robin of 447 bots, or
// every table of 40 bots at four seats.
const MaxTables = 100_000

// NumTables returns the number of tables of n entrants at k seats
// (Pairings at k = 2, Tables otherwise; only entrant gauntlet's when it
// is ≥ 0) without listing them, saturating at MaxTables+1.
func NumTables(n, k, gauntlet int) uint64 {
	if gauntlet >= 0 {
		n, k = n-1, k-1 // the other seats, among the other entrants
	}
	if k < 0 || n < k {
		return 0
	}
	// C(n, k) = Π (n-k+i)/i; each partial product is itself a binomial
	// coefficient, hence whole, and stays below the bound before it is
	// multiplied again.
	c := uint64(1)
	for i := 1; i <= k; i++ {
		c = c * uint64(n-k+i) / uint64(i)
		if c > MaxTables {
			return MaxTables + 1
		}
	}
	return c
}

// Pairings returns the pairings of a two-seat round robin of n entrants
// as (A, B) indices: every i < j in order, or with a gauntlet entrant g
// (g ≥ 0) only g's pairings, each as (g, j).
func Pairings(n, gauntlet int) [][2]int {
	var out [][2]int
	for i := range n {
		for j := i + 1; j < n; j++ {
			switch {
			case gauntlet < 0 || gauntlet == i:
				out = append(out, [2]int{i, j})
			case gauntlet == j:
				out = append(out, [2]int{j, i})
			}
		}
	}
	return out
}

// Tables returns the tables of a free-for-all of n entrants at k seats:
// every combination of k entrants in increasing order (lexicographic),
// only those with entrant gauntlet when it is ≥ 0. When draw is positive
// and below their number, it returns draw of them chosen at random from
// seed, still in that order: a tournament among many bots that cannot
// play every table.
func Tables(n, k, gauntlet, draw int, seed uint64) [][]int {
	var out [][]int
	var pick func(start int, t []int)
	pick = func(start int, t []int) {
		if len(t) == k {
			if gauntlet < 0 || slices.Contains(t, gauntlet) {
				out = append(out, slices.Clone(t))
			}
			return
		}
		for i := start; i < n; i++ {
			pick(i+1, append(t, i))
		}
	}
	pick(0, make([]int, 0, k))
	if draw <= 0 || draw >= len(out) {
		return out
	}
	// A partial Fisher–Yates shuffle of the indices from the seed's own
	// stream ("tabl"), then the chosen ones back in order.
	r := rand.New(rand.NewPCG(seed, 0x7461626c))
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	for i := range draw {
		j := i + r.IntN(len(idx)-i)
		idx[i], idx[j] = idx[j], idx[i]
	}
	chosen := idx[:draw]
	slices.Sort(chosen)
	drawn := make([][]int, draw)
	for i, x := range chosen {
		drawn[i] = out[x]
	}
	return drawn
}
