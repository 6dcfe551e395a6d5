package nzsc_test

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// TestEdgeCases covers SPEC sentences no other scenario reaches, each
// worked by hand from the SPEC's words.
func TestEdgeCases(t *testing.T) {
	runScenarios(t, []scenario{
		{
			// Rule 4 holds in every phase: "when a player has 5 or more
			// points" the game ends, and a headstart is a point "given
			// when characters are settled". B's five nonexistent picks
			// take its 4 waits, then give A 4 penalty points; Ninja over
			// Samurai is A's fifth point, at the pick itself.
			name: "a headstart that reaches five ends the game at the pick",
			script: cat(rep("Ninja / ? -> 0-0", 1), rep("Ninja / ? -> 1-0", 4),
				[]string{"Ninja / Samurai -> 1-0"}),
			points: [2]int{5, 0}, waits: [2]int{4, 0}, phase: nzsc.GameOver,
			result: nzsc.FirstWins, margin: "Wipeout", last: noneOK,
		},
		{
			// The same with B's headstart (Clown over Ninja) and one
			// point for A already: B wins 5-1.
			name: "the second seat's headstart reaching five, Annihilation",
			script: cat(rep("? / Clown -> 0-0", 1), rep("? / Clown -> 0-1", 4),
				[]string{"Ninja / ? -> 0-0", "Ninja / ? -> 1-0", "Ninja / Clown -> 0-1"}),
			points: [2]int{1, 5}, waits: [2]int{0, 0}, phase: nzsc.GameOver,
			result: nzsc.SecondWins, margin: "Annihilation", last: noneOK,
		},
		{
			// "A player may not pick the character it picked on each of
			// its last three picks": after three Zombie clashes, Zombie
			// is refused (3 waits) and the refusal is no pick, so the
			// next Zombie is refused too (3 more: 1 → 0 and B scores).
			name: "a refused fourth pick does not reset the character streak",
			script: cat(rep("Zombie / Zombie", 3),
				[]string{"Zombie / Ninja -> 0-0", "Zombie / Ninja -> 0-1"}),
			points: [2]int{0, 1}, waits: [2]int{0, 4}, phase: nzsc.PickCharacter,
			last: offA(nzsc.FourthInARow),
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantCharStreak(t, s, 0, "Zombie", 3)
				wantCharStreak(t, s, 1, "Zombie", 3)
			},
		},
		{
			// Booster clauses: "nonexistent 4; another character's
			// booster 3", both in one turn, and No Booster always legal.
			name:   "booster clauses side by side",
			script: []string{"Zombie / Clown", "? / Shadow -> 0-0", "No Booster / Moustachio"},
			points: [2]int{0, 0}, waits: [2]int{0, 1}, phase: nzsc.PickMove,
			last: noneOK,
			check: func(t *testing.T, s *nzsc.State, turns []nzsc.Turn) {
				checkTurn(t, turns[1], *offAB(nzsc.WrongUniverse, nzsc.WrongCharacter))
				wantLegal(t, s, 0, refMove("Rampage"), refMove("Muscle"), refMove("Zap"))
			},
		},
		{
			// A destroyed single-use move played again is "destroyed"
			// (4 waits), not the three-in-a-row clause, even when it was
			// also the last move played: the first clause that applies.
			name: "a spent move is destroyed before it is a repeat",
			a:    "Zombie/Regenerative", b: "Ninja/Speedy",
			script: []string{"Regenerate / Kick -> 1-0", "Regenerate / Kick -> 0-0"},
			points: [2]int{1, 0}, waits: [2]int{0, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.DestroyedMove),
		},
		{
			// "Both players can be penalized in the same turn" under
			// different clauses, each paying its own price.
			name: "different clauses in one turn",
			a:    "Ninja/Shadow", b: "Clown/Backwards",
			script: []string{"Run in Circles / Zap"},
			points: [2]int{0, 1}, waits: [2]int{2, 1}, phase: nzsc.PickMove,
			last: offAB(nzsc.WrongBooster, nzsc.WrongCharacter),
		},
	})
}
