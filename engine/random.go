package engine

import (
	"math/bits"
	"math/rand/v2"
)

// PlayRandom plays the game to its end with both seats choosing uniformly
// among their legal choices, drawing from src, and returns the result. It
// is the engine benchmark's workload and a fast rollout for search bots.
// It allocates nothing.
func (s *State) PlayRandom(src *rand.PCG) Result {
	for s.Phase != GameOver {
		// One 64-bit draw serves both seats: 32 bits each is ample for
		// choosing among at most five options.
		r := src.Uint64()
		a := pickUniform(s.LegalMask(0), uint32(r))
		b := pickUniform(s.LegalMask(1), uint32(r>>32))
		s.Step(a, b)
	}
	return s.Result
}

// pickUniform returns the set bit of mask chosen by the 32 random bits r,
// uniformly up to a bias below n/2^32 (Lemire's multiply-shift), or Unknown
// for an empty mask (a stuck player's answer is ignored anyway). It has no
// data-dependent branch: random choices would make any branch mispredict.
func pickUniform(mask uint32, r uint32) Choice {
	if mask == 0 {
		return Unknown
	}
	low := bits.TrailingZeros32(mask)
	local := mask >> low
	n := uint64(bits.OnesCount32(mask))
	k := (uint64(r) * n) >> 32
	return Choice(low + int(kthBit[local&(kthSpan-1)][k&7]))
}

// kthSpan bounds the spread of any legal-choice mask from its lowest set
// bit: a move set spans 7 bits, a booster set (2c, 2c+1 and 8) up to 9.
const kthSpan = 1 << 9

// kthBit[m][k] is the position of the k-th lowest set bit of m.
var kthBit = func() (t [kthSpan][8]uint8) {
	for m := range t {
		k := 0
		for i := 0; i < 9; i++ {
			if m>>i&1 == 1 && k < 8 {
				t[m][k] = uint8(i)
				k++
			}
		}
	}
	return t
}()
