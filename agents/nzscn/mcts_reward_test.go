package nzscn

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
	"github.com/nzsclab/nzsc/engine/rng"
)

// TestRewardsByPairs checks mcts's rewards against their definition, a
// seat's opponents finished behind plus half those tied over N−1 summed
// pair by pair, bit for bit, on the ends of random 3 and 4 player
// games (ties, a winner ahead on points or not) and on every placing of
// four seats.
func TestRewardsByPairs(t *testing.T) {
	byPairs := func(place [agents.SMSeats]uint8, n int) (u [agents.SMSeats]float64) {
		for i := range n {
			v := 0.0
			for j := range n {
				switch {
				case j == i:
				case place[i] < place[j]:
					v++
				case place[i] == place[j]:
					v += 0.5
				}
			}
			u[i] = v / float64(n-1)
		}
		return u
	}
	src := rand.New(rand.NewPCG(3, 4))
	ties := 0
	for g := range 400 {
		n := 3 + g%2
		s := nzscn.New(n, nzsc.DefaultRules)
		var roll rng.Wyrand
		roll.Seed(src.Uint64(), 0)
		s.PlayRandom(&roll)
		o := nzscn.OutcomeOf(&s)
		var got [agents.SMSeats]float64
		rewards(&s, &got)
		want := byPairs(o.Place, n)
		for i := range n {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
				t.Fatalf("game %d, places %v: rewards %v, want %v", g, o.Place[:n], got[:n], want[:n])
			}
		}
		for i := 1; i < n; i++ {
			if o.Place[i] == o.Place[0] {
				ties++
				break
			}
		}
	}
	if ties == 0 {
		t.Errorf("no game ended in a tie: the test misses ties")
	}
	for n := 3; n <= 4; n++ {
		for code := range int(math.Pow(float64(n), float64(n))) {
			var place [agents.SMSeats]uint8
			for i, c := 0, code; i < n; i, c = i+1, c/n {
				place[i] = uint8(1 + c%n)
			}
			var got [agents.SMSeats]float64
			placeRewards(&place, n, &got)
			if want := byPairs(place, n); got != want {
				t.Fatalf("places %v: rewards %v, want %v", place[:n], got[:n], want[:n])
			}
		}
	}
}
