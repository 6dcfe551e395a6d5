package play

import (
	"slices"
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

// Closest returns the real name of phase p near answer, as the rules
// read names (case and spaces ignored), or "" when none is near: see
// nearestOf. It is "" when the phase reads no names.
func Closest(p nzsc.Phase, answer string) string { return nearestOf(names(p), answer) }

// nearestOf is the one reading of "did you mean" for an answer among
// options, both folded as the rules read names (case and spaces ignored):
// an option that contains the answer (the shortest such), else the option
// internal/suggest finds near it (its threshold: at most a third of the
// letters differ, a swap of two neighbours being one edit), else "" --
// an answer far from every option is not taken for any of them.
func nearestOf(options []string, answer string) string {
	a := nzsc.Normalize(answer)
	if a == "" {
		return ""
	}
	best := ""
	folded := make([]string, len(options))
	for i, name := range options {
		folded[i] = nzsc.Normalize(name)
		if strings.Contains(folded[i], a) && (best == "" || len(folded[i]) < len(nzsc.Normalize(best))) {
			best = name
		}
	}
	if best != "" {
		return best
	}
	if n := suggest.Nearest(a, folded); n != "" {
		return options[slices.Index(folded, n)]
	}
	return ""
}
