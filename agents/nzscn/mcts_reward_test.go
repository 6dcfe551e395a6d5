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
// pair by pair on nzscn.OutcomeOf's places, bit for bit, on the ends of
// random 2, 3 and 4 player games (ties, a winner ahead on points or not,
// games at the turn cap: placed by points with nobody first alone, and
// a two-seat draw whatever the points).
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
	ties, capped, draws := 0, 0, 0
	for g := range 1200 {
		n := 2 + g%3
		r := nzsc.DefaultRules
		if g%4 == 3 {
			r.TurnCap = 6 + g%7
		}
		s := nzscn.New(n, r)
		var roll rng.Wyrand
		roll.Seed(src.Uint64(), 0)
		s.PlayRandom(&roll)
		o := nzscn.OutcomeOf(&s)
		if s.Winner < 0 {
			capped++
			if n == 2 && s.Points(0) != s.Points(1) {
				draws++
			}
		}
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
	if capped == 0 || draws == 0 {
		t.Errorf("%d capped games, %d capped two-seat draws: the test misses them", capped, draws)
	}
}
