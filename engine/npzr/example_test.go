package npzr_test

import (
	"fmt"

	"github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/rng"
)

// A game between two uniform-random players, then a scripted look at the
// first decision's names.
func Example() {
	s, err := npzr.New(npzr.DefaultRules, 2026)
	if err != nil {
		fmt.Println(err)
		return
	}
	var o npzr.Observation
	s.Observe(0, &o)
	var buf [npzr.MaxLegal]npzr.Action
	legal := s.Legal(buf[:0])
	fmt.Println(o.OppHand, o.Deck, len(legal) == s.NumLegal(), o.Name(legal[0]))

	r := rng.NewWyrand(2026, 1)
	winner := s.PlayRandom(r)
	fmt.Println(winner >= -1 && winner <= 1, s.Over())
	// Output:
	// 5 45 true play Pirate Torso new
	// true true
}
