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
// (60 is divisible by every count of choices from 1 to 5, so digit mod
// count is uniform), dealt to the seats in seat order turn after turn; a
// stuck seat draws nothing. The picks are legal by construction, so the
// turns go straight to the phase's rules, past Step's classification.
func (s *State) PlayRandom(src *engine.Wyrand) int {
	d := digits{src: src}
	ps := s.seats()
	var c Choices
	for s.Phase == engine.PickCharacter {
		for i := range ps {
			w := uint32(15)
			if ps[i].characterStreak >= 3 {
				w &^= 1 << (ps[i].lastCharacter & 3)
			}
			c[i&3] = engine.Choice(windowPick[w][d.next()])
		}
		s.characters(c)
	}
	if s.Phase == engine.PickBooster {
		for i := range ps {
			// The booster pair's window with No Booster as its third bit.
			k := windowPick[7][d.next()]
			b := 2*uint8(ps[i].character) + k
			if k == 2 {
				b = uint8(engine.NoBooster)
			}
			c[i&3] = engine.Choice(b)
		}
		s.boosters(c)
	}
	all := uint8(1)<<len(ps) - 1
	for s.Phase == engine.PickMove {
		var off [MaxPlayers]engine.Offence
		stuck := false
		for i := range ps {
			base := 7 * (uint8(ps[i].character) & 3)
			w := ps[i].available() >> base & 127
			if w == 0 {
				// Whatever it answers is a pass, and it stays stuck.
				stuck, off[i&3] = true, engine.Stuck
				continue
			}
			c[i&3] = engine.Choice(base + windowPick[w][d.next()])
		}
		if stuck {
			s.resolve(c, &off)
		} else {
			s.round(c, all)
		}
	}
	return int(s.Winner)
}

// digits deals the base-60 digits of src's words, six to a word.
type digits struct {
	src  *engine.Wyrand
	word uint64
	left int
}

// next returns the next digit, 0..59.
func (d *digits) next() uint64 {
	if d.left == 0 {
		d.word, d.left = d.src.Uint64(), 6
	}
	var digit uint64
	digit, d.word = bits.Mul64(d.word, 60)
	d.left--
	return digit & 63
}

// windowPick[w][u] is the position of the (u mod k)-th set bit of the
// 7-bit window w with k set bits: a uniform pick in one lookup. Rows are
// padded to 64 so that a 6-bit digit needs no bounds check.
var windowPick = func() (t [128][64]uint8) {
	for w := 1; w < 128; w++ {
		k := bits.OnesCount8(uint8(w))
		for u := range 60 {
			t[w][u] = nthBit(uint32(w), u%k)
		}
	}
	return t
}()

// nthBit returns the index of the k-th (from 0) set bit of m.
func nthBit(m uint32, k int) uint8 {
	for ; k > 0; k-- {
		m &= m - 1
	}
	return uint8(bits.TrailingZeros32(m))
}
