// Package suggest finds the known name nearest to a mistyped one, for the
// "did you mean" of an error message. It keeps no state, so any goroutine
// may call it; it allocates, which an error message can afford.
package suggest

import "strings"

// Nearest returns the candidate closest to name by edit distance
// (case-insensitive), or "" when none is close: at most a
// third of the longer name's letters (and at least 1) may differ, so that
// "mach" finds "match" but "xyz" finds nothing.
func Nearest(name string, candidates []string) string {
	best, bestD := "", -1
	a := []rune(strings.ToLower(name))
	for _, c := range candidates {
		b := []rune(strings.ToLower(c))
		d := distance(a, b)
		if d <= max(1, max(len(a), len(b))/3) && (bestD < 0 || d < bestD) {
			best, bestD = c, d
		}
	}
	return best
}

// Distance is the edit distance between a and b with adjacent
// transpositions (optimal string alignment): inserting, deleting or
// substituting a rune, or swapping two neighbours ("gmaes" for "games"),
// costs 1. It is exact (no case folding).
func Distance(a, b string) int { return distance([]rune(a), []rune(b)) }

func distance(a, b []rune) int {
	prev2, prev, cur := make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
