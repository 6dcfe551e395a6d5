package results

import (
	"fmt"
	"math/bits"

	"github.com/nzsclab/nzsc/analysis"
)

// checkTableOpenings checks a free-for-all table's per-opening tallies
// (analysis.TableCounts.Openings) as checkOpenings checks a pairing's:
// absent when the run keeps none (want nil), else absent or each
// opening's sets those of its finished chunks (want), each pair's
// half-points 0 to 2 a game of a set (setGames games), their squares
// between what those half-points allow, and each pair's half-points in
// all the sum the table's finishes give.
func checkTableOpenings(t *analysis.TableCounts, want []uint64, setGames uint64) error {
	switch {
	case want == nil && t.Openings != nil:
		return fmt.Errorf("openings: %d tallies in a run that keeps none", len(t.Openings))
	case t.Openings == nil:
		return nil
	}
	if len(t.Openings) != len(want) {
		return fmt.Errorf("openings: %d tallies, the run has %d openings", len(t.Openings), len(want))
	}
	np := analysis.TablePairs(len(t.Bots))
	per := 2 * setGames // most half-points of a pair in a set
	sums := make([]uint64, np)
	for o, tl := range t.Openings {
		// UnmarshalJSON has checked the tally's length.
		sets := tl[0]
		if sets < 0 || uint64(sets) != want[o] {
			return fmt.Errorf("openings[%d]: %d sets, its finished chunks hold %d", o, sets, want[o])
		}
		for k := range np {
			h, sq := tl[1+k], tl[1+np+k]
			hiH, loH := bits.Mul64(uint64(sets), per)
			if h < 0 || sq < 0 || hiH == 0 && uint64(h) > loH {
				return fmt.Errorf("openings[%d]: pair %d: %d half-points in %d sets (0 to %d a set)", o, k, h, sets, per)
			}
			// Σh² lies between (Σh)²/sets (all sets alike) and per·Σh.
			hiA, loA := bits.Mul64(uint64(h), uint64(h))
			hiB, loB := bits.Mul64(uint64(sq), uint64(sets))
			hiC, loC := bits.Mul64(uint64(h), per)
			if hiA > hiB || hiA == hiB && loA > loB || hiC == 0 && uint64(sq) > loC {
				return fmt.Errorf("openings[%d]: pair %d: %d squared half-points, impossible for %d half-points in %d sets", o, k, sq, h, sets)
			}
			var carry uint64
			if sums[k], carry = bits.Add64(sums[k], uint64(h), 0); carry != 0 {
				return fmt.Errorf("openings: half-points overflow")
			}
		}
	}
	for k, h := range t.AheadHalfPoints() {
		if uint64(h) != sums[k] {
			return fmt.Errorf("openings: pair %d: %d half-points, the finishes %d", k, sums[k], h)
		}
	}
	return nil
}
