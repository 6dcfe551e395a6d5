package nzscn_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	bots "github.com/nzsclab/nzsc/agents/nzscn"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

// TestMixIsActsLaw holds every Mixer to its Act: at states of random
// games, the choices Act makes over many seeds have the frequencies Mix
// states (within 4.5 standard errors), and none that Mix gives 0.
func TestMixIsActsLaw(t *testing.T) {
	draws := 400
	if testing.Short() {
		draws = 150
	}
	for _, seats := range []int{3, 4} {
		g := newGame(t, seats)
		specs := []string{"random", "classic", "greedy", "paranoid", "cce:iters=32,lambda=0.5,playouts=2,eps=0.1"}
		if !testing.Short() || seats == 3 {
			specs = append(specs, "cce:iters=64")
		}
		for _, spec := range specs {
			b, err := agents.ParseForSeats("nzsc", seats, spec)
			if err != nil {
				t.Fatal(err)
			}
			bot, _ := b.NewPlayer()
			m, ok := bot.(bots.Mixer)
			if !ok {
				t.Fatalf("%s does not state its strategy", spec)
			}
			rng := rand.New(rand.NewPCG(uint64(seats), 7))
			st := g.NewState(0).(*nzscn.GameState)
			var legal []game.Action
			checked := 0
			for turn := 0; turn < 40 && !st.Over(); turn++ {
				acts := make([]game.Action, seats)
				for s := range seats {
					legal = st.Legal(s, legal)
					if len(legal) == 0 {
						continue
					}
					if s == turn%seats && len(legal) > 1 {
						probs := make([]float64, len(legal))
						m.Mix(st.Observe(s), legal, probs)
						sum := 0.0
						for _, p := range probs {
							sum += p
						}
						if math.Abs(sum-1) > 1e-9 {
							t.Fatalf("%s, %d seats, turn %d: Mix sums to %v", spec, seats, turn, sum)
						}
						count := make([]int, len(legal))
						for k := range draws {
							bot.NewGame(g, s, rand.New(rand.NewPCG(uint64(k), 99)))
							a := bot.Act(st.Observe(s), legal)
							for i, l := range legal {
								if l == a {
									count[i]++
								}
							}
						}
						for i, p := range probs {
							f := float64(count[i]) / float64(draws)
							se := math.Sqrt(max(p*(1-p), 1/float64(draws)) / float64(draws))
							if p == 0 && count[i] > 0 || math.Abs(f-p) > 4.5*se+1e-9 {
								t.Errorf("%s, %d seats, turn %d (%v): choice %d played %.4g of the time, Mix says %.4g", spec, seats, turn, st.State.Phase, i, f, p)
							}
						}
						checked++
					}
					acts[s] = legal[rng.IntN(len(legal))]
				}
				if err := st.Apply(acts); err != nil {
					t.Fatal(err)
				}
			}
			if checked < 3 {
				t.Errorf("%s, %d seats: only %d decisions checked", spec, seats, checked)
			}
		}
	}
}
