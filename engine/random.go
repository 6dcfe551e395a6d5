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
		if s.Phase == PickMove && s.randomRounds(src) {
			continue
		}
		// One 64-bit draw serves both seats: 32 bits each is ample for
		// choosing among at most five options.
		r := src.Uint64()
		a := pickUniform(s.LegalMask(0), uint32(r))
		b := pickUniform(s.LegalMask(1), uint32(r>>32))
		s.Step(a, b)
	}
	return s.Result
}

// randomRounds plays random rounds with the move-phase state held in
// local variables, which the compiler keeps in registers: a round is a
// serial chain (legal set, pick, new legal set), and a round trip through
// memory per field would double its length. It uses the same rule
// primitives as Step, draws exactly what the Step path would draw, and
// stops before a turn that needs the general rules (a stuck player) or
// after a turn that may end the game, which settle then decides. It
// reports whether it played any round.
func (s *State) randomRounds(src *rand.PCG) bool {
	p, q := &s.players[0], &s.players[1]
	// alive is owned &^ destroyed: one mask per player instead of two.
	pAlive, pBlocked, pLast, pStreak := p.owned&^p.destroyed, p.blocked, p.lastMove, p.moveStreak
	qAlive, qBlocked, qLast, qStreak := q.owned&^q.destroyed, q.blocked, q.lastMove, q.moveStreak
	// Both scores in one word, seat 0 in the low byte, added with one
	// roundTable lookup. A score reaches five exactly when adding three
	// sets its byte's bit 3 (scores stay below 8).
	score := uint16(p.points) | uint16(q.points)<<8
	table := &roundTable[strongPair(p.booster, q.booster)]
	turnsLeft := s.TurnCap - s.Turn
	played := uint16(0)
	for {
		am, bm := pAlive&^pBlocked, qAlive&^qBlocked
		if am == 0 || bm == 0 {
			break
		}
		r := src.Uint64()
		ma, mb := Move(pickSetBit(am, uint32(r))), Move(pickSetBit(bm, uint32(r>>32)))
		score += table[ma&31][mb&31]
		pAlive &^= lost(ma, mb)
		qAlive &^= lost(mb, ma)
		pStreak, pBlocked = streakAfter(pLast, pStreak, ma)
		qStreak, qBlocked = streakAfter(qLast, qStreak, mb)
		pLast, qLast = ma, mb
		played++
		if (score+0x0303)&0x0808 != 0 || played == turnsLeft {
			break
		}
	}
	p.destroyed, p.blocked, p.lastMove, p.moveStreak, p.points = p.owned&^pAlive, pBlocked, pLast, pStreak, uint8(score)
	q.destroyed, q.blocked, q.lastMove, q.moveStreak, q.points = q.owned&^qAlive, qBlocked, qLast, qStreak, uint8(score>>8)
	s.Turn += played
	if played > 0 {
		s.settle(0)
	}
	return played > 0
}

// pickUniform returns the set bit of mask chosen by the 32 random bits r,
// uniformly up to a bias below n/2^32 (Lemire's multiply-shift), or Unknown
// for an empty mask (a stuck player's answer is ignored anyway). It has no
// data-dependent branch: random choices would make any branch mispredict.
func pickUniform(mask uint32, r uint32) Choice {
	if mask == 0 {
		return Unknown
	}
	return pickSetBit(mask, r)
}

// pickSetBit is pickUniform for a non-empty mask. The count of set bits
// comes from the table too: the portable bits.OnesCount32 keeps a call
// for CPUs without POPCNT, and a call in the loop makes the compiler spill
// every live register on each round.
func pickSetBit(mask uint32, r uint32) Choice {
	low := bits.TrailingZeros32(mask)
	row := &kthBit[(mask>>low)&(kthSpan-1)]
	k := (uint64(r) * uint64(row[7])) >> 32
	return Choice(low + int(row[k&7]))
}

// kthSpan bounds the spread of any legal-choice mask from its lowest set
// bit: a move set spans 7 bits, a booster set (2c, 2c+1 and 8) up to 9.
const kthSpan = 1 << 9

// kthBit[m][k] is the position of the k-th lowest set bit of m for k < 7,
// and kthBit[m][7] the number of set bits (masks that matter have at most
// five).
var kthBit = func() (t [kthSpan][8]uint8) {
	for m := range t {
		k := 0
		for i := 0; i < 9; i++ {
			if m>>i&1 == 1 {
				if k < 7 {
					t[m][k] = uint8(i)
				}
				k++
			}
		}
		t[m][7] = uint8(k)
	}
	return t
}()
