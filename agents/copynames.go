package agents

import "fmt"

// CopyNames returns names with the second and later copies of a name
// renamed by the rule NameCopies applies to the bots of a match at a
// table of 3 or 4 (it calls this): random, random, random become random,
// random2, random3, the number the first from 2 that names no other bot.
// A name that ends in a digit takes "#" before its number: the second
// mcts:iters=5 is mcts:iters=5#2, not mcts:iters=52, which reads as
// another budget.
// On names alone it also serves tables that read a run already played:
// the dynamics of a two-player match of a bot against itself, whose
// manifest names both seats random (its own tables name them A and B),
// would otherwise list two rows called random. names is not changed.
func CopyNames(names []string) []string {
	out := make([]string, len(names))
	taken := map[string]bool{}
	for _, n := range names {
		taken[n] = true
	}
	seen := map[string]bool{}
	for i, n := range names {
		out[i] = n
		if !seen[n] {
			seen[n] = true
			continue
		}
		sep := ""
		if n != "" && n[len(n)-1] >= '0' && n[len(n)-1] <= '9' {
			sep = "#"
		}
		alias := n
		for k := 2; taken[alias]; k++ {
			alias = fmt.Sprintf("%s%s%d", n, sep, k)
		}
		out[i], taken[alias], seen[alias] = alias, true, true
	}
	return out
}
