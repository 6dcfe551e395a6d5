package agents

import (
	"math/rand/v2"

	"github.com/nzsclab/nzsc/engine"
)

// Table holds what Play needs between games, so that a worker playing
// millions of games allocates nothing per game: each seat's random
// source and the history buffer.
type Table struct {
	pcg     [2]rand.PCG
	rng     [2]*rand.Rand
	History []engine.Turn
}

// NewTable returns a Table ready for Play.
func NewTable() *Table {
	t := &Table{History: make([]engine.Turn, 0, 64)}
	for i := range t.rng {
		t.rng[i] = rand.New(&t.pcg[i])
	}
	return t
}

// SeatSource returns the random source seat s gets in the game with
// seed: PCG seeded with (seed, s). Common random numbers follow: when two
// games share a seed with seats swapped, each bot meets the other's
// stream.
func SeatSource(seed uint64, seat int) *rand.PCG { return rand.NewPCG(seed, uint64(seat)) }

// Play plays one game between a (seat 0) and b (seat 1) under rules, from
// the game seed, and returns the final state; t.History holds its turns.
// A stuck player is not asked (it passes).
func (t *Table) Play(rules engine.Rules, seed uint64, a, b Agent) engine.State {
	agents := [2]Agent{a, b}
	for i := range agents {
		t.pcg[i].Seed(seed, uint64(i))
		agents[i].NewGame(i, t.rng[i])
	}
	s := engine.NewGame(rules)
	t.History = t.History[:0]
	var buf [2][engine.MaxChoices]engine.Choice
	var d [2]Decision
	var choice [2]engine.Choice
	for s.Phase != engine.GameOver {
		for i := range agents {
			n := s.Legal(i, &buf[i])
			if n == 0 {
				choice[i] = engine.Unknown // stuck: the engine ignores it
				continue
			}
			d[i] = Decision{Seat: i, State: &s, History: t.History, Legal: buf[i][:n]}
			choice[i] = agents[i].Choose(&d[i])
		}
		t.History = append(t.History, s.Step(choice[0], choice[1]))
	}
	return s
}
