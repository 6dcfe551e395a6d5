package play

import "testing"

// TestGreedyOpponentsFinish: a person who always takes the first option
// finishes a game against greedy in every other seat, at 2, 3 and 4
// seats (`nzsc play --players 3 --opponent greedy`, the example of
// `nzsc play --help`). Two greedy seats used to pick the same character
// at every repick, so such a game never left the character phase
// whatever the person picked.
func TestGreedyOpponentsFinish(t *testing.T) {
	for seats := 2; seats <= 4; seats++ {
		for seed := uint64(1); seed <= 20; seed++ {
			s, r := sessionOf(t, "nzsc", seats, "greedy", seed, nil)
			for n := 0; r.Kind != AskAgain && n < 300; n++ {
				r, _ = s.Answer(r.Options[0])
			}
			if r.Kind != AskAgain || r.Status.Turn >= 1000 {
				t.Errorf("nzsc/%d against greedy, seed %d: not over after 300 answers (step %d)", seats, seed, r.Status.Turn)
			}
		}
	}
}
