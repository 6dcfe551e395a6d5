package analysis

import (
	"fmt"
	"slices"
)

// A table's per-opening tallies (TableCounts.Openings) are the strata of
// a free-for-all run's design, as Pairing.Openings are a match's. The
// unit is a set (the n! games of one seed, every order of the bots in
// the seats), as the seat-swapped pair is at two seats, and the score
// is the one the report puts intervals on: for each pair of the table's
// bots (a, b), a before b in Bots' order, a's half-points for finishing
// ahead of b in the set (2 ahead, 1 tied, 0 behind a game).

// TablePairs returns the number of pairs of bots at a table of n.
func TablePairs(n int) int { return n * (n - 1) / 2 }

// OpeningTally returns an empty tally of one opening at a table of n
// bots: [sets, Σh per pair, Σh² per pair], pairs in the order of
// AddSet's.
func OpeningTally(n int) []int64 { return make([]int64, 1+2*TablePairs(n)) }

// AddSet adds a set whose games finished in the places (places[g][i] the
// place of Bots[i] in game g) to opening o's tally, when t keeps them.
func (t *TableCounts) AddSet(o int, places [][]int) {
	if t.Openings == nil {
		return
	}
	tl := t.Openings[o]
	tl[0]++
	n, np := len(t.Bots), TablePairs(len(t.Bots))
	k := 0
	for a := range n {
		for b := a + 1; b < n; b++ {
			var h int64
			for _, pl := range places {
				switch {
				case pl[a] < pl[b]:
					h += 2
				case pl[a] == pl[b]:
					h++
				}
			}
			tl[1+k] += h
			tl[1+np+k] += h * h
			k++
		}
	}
}

// mergeOpenings adds u's per-opening tallies to t's, as Pairing.Merge
// does: counts kept without them drop them from the sum.
func (t *TableCounts) mergeOpenings(u *TableCounts, tGames, uGames int64) {
	switch {
	case u.Openings == nil:
		if uGames > 0 {
			t.Openings = nil
		}
	case t.Openings == nil:
		if tGames == 0 {
			t.Openings = cloneTallies(u.Openings)
		}
	case len(t.Openings) != len(u.Openings):
		panic(fmt.Sprintf("analysis: merging %d openings into %d", len(u.Openings), len(t.Openings)))
	default:
		for i, o := range u.Openings {
			for j := range o {
				t.Openings[i][j] += o[j]
			}
		}
	}
}

// cloneTallies returns an independent copy of per-opening tallies.
func cloneTallies(ts [][]int64) [][]int64 {
	if ts == nil {
		return nil
	}
	out := make([][]int64, len(ts))
	for i, o := range ts {
		out[i] = slices.Clone(o)
	}
	return out
}

// CloneTables returns an independent copy of ts: a TableCounts holds
// slices (its per-opening tallies), which a plain copy would share.
func CloneTables(ts []TableCounts) []TableCounts {
	out := slices.Clone(ts)
	for i := range out {
		out[i].Openings = cloneTallies(out[i].Openings)
	}
	return out
}

// TableSpreadOf returns the opening spread of free-for-all tables that
// keep per-opening tallies, with SpreadOf's estimator: each pair of bots
// at a table is a group, its sets the units, a set's score a's share of
// finishing ahead of b (h over 2·games a set); ok is false when no table
// keeps tallies.
func TableSpreadOf(tables []TableCounts) (s OpeningSpread, ok bool) {
	var acc spreadSums
	var strata [][2]float64
	for i := range tables {
		t := &tables[i]
		if t.Openings == nil {
			continue
		}
		ok = true
		n, np := len(t.Bots), TablePairs(len(t.Bots))
		per := 2 * float64(factorial(n)) // half-points of a set's games
		for k := range np {
			var sets int64
			var sum, sq float64
			strata = strata[:0]
			for _, o := range t.Openings {
				sets += o[0]
				sum += float64(o[1+k]) / per
				sq += float64(o[1+np+k]) / (per * per)
				strata = append(strata, [2]float64{float64(o[0]), float64(o[1+k]) / per})
			}
			acc.add(sets, sum, sq, strata)
		}
	}
	return acc.spread(), ok
}

// AheadHalfPoints returns, for each pair of the table's bots in
// AddSet's order, the first's half-points for finishing ahead of the
// second over every game of the table (from Finishes): what the pair's
// per-opening tallies must sum to.
func (t *TableCounts) AheadHalfPoints() []int64 {
	n := len(t.Bots)
	out := make([]int64, TablePairs(n))
	for key, c := range t.Finishes {
		if c == 0 {
			continue
		}
		pl := finishPlaces(key, n)
		k := 0
		for a := range n {
			for b := a + 1; b < n; b++ {
				switch {
				case pl[a] < pl[b]:
					out[k] += 2 * c
				case pl[a] == pl[b]:
					out[k] += c
				}
				k++
			}
		}
	}
	return out
}
