package nzscn_test

import (
	"fmt"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
	"github.com/nzsclab/nzsc/engine/rng"
)

func ExampleState_Step() {
	// Three players pick characters: Ninja has a headstart over Samurai,
	// Samurai over Clown, Clown over Ninja, so each scores one.
	s := nzscn.New(3, nzsc.DefaultRules)
	s.Step(nzscn.Choices{nzsc.Choice(nzsc.Ninja), nzsc.Choice(nzsc.Samurai), nzsc.Choice(nzsc.Clown)})
	fmt.Println(s.Phase, s.Scores())
	// Output: booster [1 1 1 0]
}

func ExampleState_PlayRandom() {
	s := nzscn.New(4, nzsc.DefaultRules)
	winner := s.PlayRandom(rng.NewWyrand(1, 0))
	o := nzscn.OutcomeOf(&s)
	fmt.Println(winner == o.Winner, o.Place[max(winner, 0)] == 1)
	// Output: true true
}
