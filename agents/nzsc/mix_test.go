package nzsc

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

// TestMixMatchesChoose checks, for greedy and nash on states from random
// games in every phase, that the strategy Mix states is the one Choose
// samples: probabilities sum to 1, every choice Choose makes has positive
// probability, and for greedy (uniform over ties) every choice with
// positive probability is made when asked often enough.
func TestMixMatchesChoose(t *testing.T) {
	for _, name := range []string{"greedy", "nash"} {
		bot, err := agents.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := bot.New()
		mixer := a.(Mixer)
		var src rand.PCG
		checked := 0
		for game := uint64(0); game < 60; game++ {
			src.Seed(game, 1)
			s := nz.NewGame(nz.DefaultRules)
			var buf [nz.MaxChoices]nz.Choice
			for s.Phase != nz.GameOver {
				for seat := range 2 {
					n := s.Legal(seat, &buf)
					if n == 0 {
						continue
					}
					d := &agents.Decision{Seat: seat, State: &s, Legal: buf[:n]}
					probs := make([]float64, n)
					mixer.Mix(d, probs)
					sum := 0.0
					for _, p := range probs {
						sum += p
					}
					if math.Abs(sum-1) > 1e-9 {
						t.Fatalf("%s: probabilities %v sum to %v", name, probs, sum)
					}
					seen := make([]bool, n)
					for k := range 200 {
						a.NewGame(seat, rand.New(rand.NewPCG(game, uint64(k))))
						c := a.Choose(d)
						for i, l := range d.Legal {
							if l == c {
								seen[i] = true
								if probs[i] <= 0 {
									t.Fatalf("%s in %v phase chose %v, which Mix gives probability %v", name, s.Phase, c.Name(s.Phase), probs[i])
								}
							}
						}
					}
					if name == "greedy" {
						for i := range seen {
							if (probs[i] > 0) != seen[i] {
								t.Fatalf("greedy: Mix %v but Choose picked %v in 200 tries", probs, seen)
							}
						}
					}
					checked++
				}
				var ch [nz.MaxChoices]nz.Choice
				r := src.Uint64()
				a0, a1 := nz.Unknown, nz.Unknown
				if n := s.Legal(0, &ch); n > 0 {
					a0 = ch[int(r%uint64(n))]
				}
				if n := s.Legal(1, &ch); n > 0 {
					a1 = ch[int((r>>32)%uint64(n))]
				}
				s.Step(a0, a1)
			}
		}
		if checked < 500 {
			t.Fatalf("%s: only %d decisions checked", name, checked)
		}
	}
}
