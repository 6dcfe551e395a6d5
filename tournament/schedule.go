package tournament

import (
	"math/rand/v2"
	"slices"
)

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
