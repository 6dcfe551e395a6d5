package nzscn

import (
	"math/bits"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// playRandomByStep is the oracle of PlayRandom: the draws as its doc
// comment states them (base-60 digits of src's words, six to a word, dealt
// in seat order turn after turn, a stuck seat drawing nothing, digit mod
// count picking among the legal choices in canonical order), each turn
// played through Legal and Step. It also returns how many passes stuck
// seats made.
func playRandomByStep(s *State, src *rng.Wyrand) (winner, passes int) {
	var word uint64
	left := 0
	var buf [nzsc.MaxChoices]nzsc.Choice
	for !s.Over() {
		var c Choices
		for i := range int(s.Players) {
			k := s.Legal(i, &buf)
			if k == 0 {
				c[i] = nzsc.Unknown
				passes++
				continue
			}
			if left == 0 {
				word, left = src.Uint64(), 6
			}
			var digit uint64
			digit, word = bits.Mul64(word, 60)
			left--
			c[i] = buf[digit%uint64(k)]
		}
		s.Step(c)
	}
	return int(s.Winner), passes
}

// TestPlayRandomPlaysItsDraws checks that PlayRandom plays the game its
// doc comment describes, from new games and from states part way through
// (reached with legal and illegal answers, as a search bot's rollouts
// start), under turn caps that end games in every phase: the final state,
// the winner and the source's position must all be the oracle's.
func TestPlayRandomPlaysItsDraws(t *testing.T) {
	games := 100000
	if testing.Short() {
		games = 10000
	}
	var capped, stuck int
	for seed := range uint64(games) {
		n := 2 + int(seed%3)
		turnCap := nzsc.DefaultRules.TurnCap
		if seed%4 == 1 {
			turnCap = 1 + int(seed/4%40)
		}
		s := New(n, nzsc.Rules{TurnCap: turnCap})
		// Part way: some turns of mostly legal, sometimes illegal answers.
		pre := rng.NewWyrand(seed, 1)
		for k := int(seed / 3 % 12); k > 0 && !s.Over(); k-- {
			var c Choices
			for i := range n {
				c[i] = randomAnswer(pre, s.LegalMask(i))
			}
			s.Step(c)
		}
		start := s
		got, want := s, s
		a, b := rng.NewWyrand(seed, 2), rng.NewWyrand(seed, 2)
		gw := got.PlayRandom(a)
		ww, passes := playRandomByStep(&want, b)
		if got != want || gw != ww || a.Uint64() != b.Uint64() {
			t.Fatalf("seed %d, %d players, cap %d, from %+v:\ngot  %+v (winner %d)\nwant %+v (winner %d)",
				seed, n, turnCap, start, got, gw, want, ww)
		}
		if want.Winner < 0 {
			capped++
		}
		if passes > 0 {
			stuck++
		}
	}
	// The comparison covers the rare endings only if they came up.
	if capped == 0 || stuck == 0 {
		t.Fatalf("%d games at the cap, %d with a stuck seat: want some of each", capped, stuck)
	}
}
