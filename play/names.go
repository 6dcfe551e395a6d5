package play

import (
	"strings"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/suggest"
)

// names returns every name the rules read in phase p (its universe), in
// canonical order.
func names(p nzsc.Phase) []string {
	n := 0
	switch p {
	case nzsc.PickCharacter:
		n = int(nzsc.NumCharacters)
	case nzsc.PickBooster:
		n = int(nzsc.NumBoosters)
	case nzsc.PickMove:
		n = int(nzsc.NumMoves)
	}
	out := make([]string, n)
	for i := range out {
		out[i] = nzsc.Choice(i).Name(p)
	}
	return out
}

// Closest returns the real name of phase p nearest to answer, as the
// rules read names (case and spaces ignored): a name that contains the
// answer (the shortest such), else the one fewest single-letter edits
// away (suggest.Distance: a swap of two neighbours is one edit), the
// first in canonical order on a tie.
// It is "" when the phase reads no names.
func Closest(p nzsc.Phase, answer string) string { return closestOf(names(p), answer) }

// closestOf is Closest among the given names: the options on offer.
func closestOf(options []string, answer string) string {
	a := nzsc.Normalize(answer)
	best, bestD := "", -1
	for _, name := range options {
		n := nzsc.Normalize(name)
		d := suggest.Distance(a, n)
		if a != "" && strings.Contains(n, a) {
			d = len(n) - 1000 // below any edit distance: containing names first, shortest first
		}
		if best == "" || d < bestD {
			best, bestD = name, d
		}
	}
	return best
}
