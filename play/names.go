package play

import (
	"strings"

	"github.com/nzsclab/nzsc/engine"
)

// names returns every name the rules read in phase p (its universe), in
// canonical order.
func names(p engine.Phase) []string {
	n := 0
	switch p {
	case engine.PickCharacter:
		n = int(engine.NumCharacters)
	case engine.PickBooster:
		n = int(engine.NumBoosters)
	case engine.PickMove:
		n = int(engine.NumMoves)
	}
	out := make([]string, n)
	for i := range out {
		out[i] = engine.Choice(i).Name(p)
	}
	return out
}

// Closest returns the real name of phase p nearest to answer, as the
// rules read names (case and spaces ignored): a name that contains the
// answer (the shortest such), else the one fewest single-letter edits
// away (Levenshtein distance), the first in canonical order on a tie.
// It is "" when the phase reads no names.
func Closest(p engine.Phase, answer string) string {
	a := engine.Normalize(answer)
	best, bestD := "", -1
	for _, name := range names(p) {
		n := engine.Normalize(name)
		d := editDistance(a, n)
		if a != "" && strings.Contains(n, a) {
			d = len(n) - 1000 // below any edit distance: containing names first, shortest first
		}
		if best == "" || d < bestD {
			best, bestD = name, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b (bytes: names
// are ASCII), by the two-row dynamic programme.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
