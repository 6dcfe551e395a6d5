package npzr

import (
	"testing"

	np "github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/rng"
)

// TestGreedyRulesLent: what GreedyRules lends is legal and ranked as the
// bots rank it, Act plays greedy's rules to a finished game, and Value
// scores the end 1 for the winner and 0 for the loser.
func TestGreedyRulesLent(t *testing.T) {
	var g GreedyRules
	var p policy
	var buf []np.Action
	r := rng.NewWyrand(1, 2)
	ended := 0
	for seed := range uint64(20) {
		s, err := np.New(np.DefaultRules, seed)
		if err != nil {
			t.Fatal(err)
		}
		for !s.Over() {
			buf = g.Ranked(&s, 3, buf)
			want := ranked(&p, &s, 3)
			if len(buf) == 0 || len(buf) != len(want) {
				t.Fatalf("seed %d step %d: %d ranked, want %d (at least 1)", seed, s.Steps(), len(buf), len(want))
			}
			for i, a := range buf {
				if !s.IsLegal(a) || a != want[i].a {
					t.Fatalf("seed %d step %d: ranked[%d] = %#x (legal %v), want %#x", seed, s.Steps(), i, uint32(a), s.IsLegal(a), uint32(want[i].a))
				}
			}
			if v := Value(&s, s.ToAct()); !(v > 0 && v < 1) {
				t.Fatalf("seed %d step %d: value %v of a game under way, want inside (0, 1)", seed, s.Steps(), v)
			}
			a := g.Act(&s, r)
			if !s.IsLegal(a) {
				t.Fatalf("seed %d step %d: Act %#x not legal", seed, s.Steps(), uint32(a))
			}
			s.Step(a)
		}
		if w := s.Winner(); w >= 0 {
			ended++
			if Value(&s, w) != 1 || Value(&s, 1-w) != 0 {
				t.Errorf("seed %d: values %v for the winner, %v for the loser", seed, Value(&s, w), Value(&s, 1-w))
			}
		}
	}
	if ended == 0 {
		t.Errorf("no game of greedy's rules was won")
	}
}
