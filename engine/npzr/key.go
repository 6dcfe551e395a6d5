package npzr

import "math/bits"

// Key returns a 64-bit hash of what decides the rest of the current turn:
// both hands (by kind), every pile of every stack from the top down (each
// card's kind and what it counts as) with the stacks' owners, the scored
// cards, the characters each seat scored, and whose decision it is (phase,
// seat, pending moves, whether the turn ends after them). It leaves out the
// order of the deck, the turn and step counts and the game's statistics,
// which no action of the turn can change or read; so two orders of the same
// placements give the same key, and turn search (agents/npzr) uses it to
// merge the sequences of actions that produce the same table. Distinct
// positions collide with chance about 2⁻⁶⁴ per pair.
func (s *State) Key() uint64 {
	h := uint64(0x6e707a726b6579) // "npzrkey"
	mix := func(x uint64) {
		hi, lo := bits.Mul64(h^x, 0x9E3779B97F4A7C15)
		h = hi ^ lo
	}
	for p := range 2 {
		var kinds [2]uint64
		for set := s.hand[p]; set != 0; set &= set - 1 {
			k := kindOf[bits.TrailingZeros64(set)]
			// Counts of a kind (at most 4) in 3 bits each: 20 kinds in
			// two words.
			kinds[k/10] += 1 << (3 * (k % 10))
		}
		mix(kinds[0])
		mix(kinds[1])
	}
	mix(s.scored)
	mix(uint64(s.chars[0]) | uint64(s.chars[1])<<8 | uint64(s.phase)<<16 | uint64(s.toAct)<<24 |
		uint64(s.pending)<<32 | uint64(boolBit(s.endsTurn))<<48 | uint64(s.nStacks)<<56)
	for i := range int(s.nStacks) {
		st := &s.stacks[i]
		mix(uint64(st.owner) + 1<<8)
		for p, top := range st.top {
			x := uint64(p) + 1
			for id := top; id != none; id = s.below[id] {
				x = x<<10 | uint64(kindOf[id])<<4 | uint64(s.as[id])
				if x>>50 != 0 {
					mix(x)
					x = 1
				}
			}
			mix(x)
		}
	}
	return h
}

func boolBit(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
