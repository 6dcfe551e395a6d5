package nzscn

import (
	"math/bits"

	"github.com/nzsclab/nzsc/engine"
)

// PlayRandom plays the game to its end with every seat choosing uniformly
// among its legal choices, all drawing from src, and returns the winner
// (-1 at the turn cap). It is the benchmark's workload and a rollout for
// search bots; it allocates nothing.
//
// Picks are the base-60 digits of 64-bit words from src, six to a word
// (60 is divisible by every count of choices from 1 to 5), dealt to the
// seats in seat order turn after turn; a stuck seat draws nothing.
func (s *State) PlayRandom(src *engine.Wyrand) int {
	var word uint64
	left := 0
	n := int(s.Players)
	for s.Phase != engine.GameOver {
		var c Choices
		for i := range n {
			m := s.LegalMask(i)
			if m == 0 {
				continue
			}
			if left == 0 {
				word, left = src.Uint64(), 6
			}
			var digit uint64
			digit, word = bits.Mul64(word, 60)
			left--
			c[i] = engine.Choice(nthBit(m, int(digit%uint64(bits.OnesCount32(m)))))
		}
		s.Step(c)
	}
	return int(s.Winner)
}

// nthBit returns the index of the k-th (from 0) set bit of m.
func nthBit(m uint32, k int) int {
	for ; k > 0; k-- {
		m &= m - 1
	}
	return bits.TrailingZeros32(m)
}
