package engine

import (
	"math/bits"
	"math/rand/v2"
)

// PlayRandom plays the game to its end with both seats choosing uniformly
// among their legal choices, drawing from src, and returns the result. It
// is the engine benchmark's workload and a fast rollout for search bots.
// It allocates nothing.
//
// Each pick takes one base-60 digit of a 64-bit word from src (see
// digits); seat 0 picks before seat 1 in every turn.
func (s *State) PlayRandom(src *rand.PCG) Result {
	d := digits{pcg: *src}
	for s.Phase != GameOver {
		if s.Phase == PickMove && s.randomRounds(&d) {
			continue
		}
		ua, ub := d.pair()
		s.Step(pickUniform(s.LegalMask(0), ua), pickUniform(s.LegalMask(1), ub))
	}
	*src = d.pcg
	return s.Result
}

// digits turns 64-bit words from a PCG into picks. A word w is read as the
// fraction w/2^64 and its first six base-60 digits are taken, one per
// pick: digit = high word of w*60, and the low word carries on. The six
// digits are uniform up to a bias below 60^6/2^64 (about 2.5e-9), far
// under anything measurable. Every seat has 1 to 5 options and 60 is
// divisible by each count, so option digit mod n is uniform. The digit is
// known before n, which keeps the draw off a round's serial chain: a move
// pick is then a single table lookup.
// Every turn takes two digits, seat 0's first, so a word serves exactly
// three turns.
type digits struct {
	pcg  rand.PCG
	word uint64
	// turns is how many turns the word still serves.
	turns int
}

// pair returns the next two digits.
func (d *digits) pair() (uint8, uint8) {
	if d.turns == 0 {
		d.word, d.turns = d.pcg.Uint64(), 3
	}
	a, lo := bits.Mul64(d.word, 60)
	b, lo := bits.Mul64(lo, 60)
	d.word = lo
	d.turns--
	return uint8(a), uint8(b)
}

// randomRounds plays random rounds with the move-phase state held in
// local variables, which the compiler keeps in registers: a round is a
// serial chain (legal set, pick, next legal set), and a round trip through
// memory per field would lengthen it. It works in each player's 7-bit
// move window (its character's moves start at Move 7*character) and takes
// a round's whole effect from one pairTable entry, derived at start-up
// from the same rule primitives as Step. It draws exactly what the
// general path of PlayRandom would draw, and stops before a turn that
// needs the general rules (a stuck player) or after a turn that may end
// the game, which settle then decides. It reports whether it played.
func (s *State) randomRounds(dp *digits) bool {
	// Local copies of the generator's state stay in registers too; the
	// digit pair is drawn inline because a call in the loop would make the
	// compiler spill every live value around it.
	pcg, word, wordTurns := dp.pcg, dp.word, dp.turns
	p, q := &s.players[0], &s.players[1]
	pBase, qBase := 7*Move(p.character&3), 7*Move(q.character&3)
	// alive is owned &^ destroyed, shifted to the window.
	pAlive, qAlive := (p.owned&^p.destroyed)>>pBase, (q.owned&^q.destroyed)>>qBase
	pLast, qLast := p.lastMove-pBase, q.lastMove-qBase // noMove wraps: never a slot
	pStreak, qStreak := p.moveStreak, q.moveStreak
	// Both scores in one word, seat 0 in the low byte. A score reaches
	// five exactly when adding three sets its byte's bit 3 (scores stay
	// below 8).
	score := uint32(p.points) | uint32(q.points)<<8
	table := &pairTable[loadoutIndex(p.character, p.booster)][loadoutIndex(q.character, q.booster)]
	turnsLeft := s.TurnCap - s.Turn
	played := uint16(0)
	for {
		am := pAlive &^ (uint32(b2u(pStreak >= 3)) << (pLast & 31))
		bm := qAlive &^ (uint32(b2u(qStreak >= 3)) << (qLast & 31))
		if am == 0 || bm == 0 {
			break
		}
		if wordTurns == 0 {
			word, wordTurns = pcg.Uint64(), 3
		}
		ua, lo := bits.Mul64(word, 60)
		ub, lo := bits.Mul64(lo, 60)
		word = lo
		wordTurns--
		ma := Move(windowPick[am&127][ua&63])
		mb := Move(windowPick[bm&127][ub&63])
		e := table[(ma&7)<<3|mb&7]
		score += e & 0xFFFF
		pAlive &^= uint32(e >> 16)
		qAlive &^= uint32(e >> 24)
		pStreak, _ = streakAfter(pLast, pStreak, ma)
		qStreak, _ = streakAfter(qLast, qStreak, mb)
		pLast, qLast = ma, mb
		played++
		if (score+0x0303)&0x0808 != 0 || played == turnsLeft {
			break
		}
	}
	dp.pcg, dp.word, dp.turns = pcg, word, wordTurns
	if played == 0 {
		return false
	}
	p.destroyed, q.destroyed = p.owned&^(pAlive<<pBase), q.owned&^(qAlive<<qBase)
	p.lastMove, q.lastMove = pLast+pBase, qLast+qBase
	p.moveStreak, q.moveStreak = pStreak, qStreak
	p.blocked, q.blocked = blockedBy(p.lastMove, pStreak), blockedBy(q.lastMove, qStreak)
	p.points, q.points = uint8(score), uint8(score>>8)
	s.Turn += played
	s.settle(0)
	return true
}

// loadoutIndex numbers the 12 legal loadouts: 3 per character, its two
// boosters then No Booster.
func loadoutIndex(c Character, b Booster) int {
	i := 2
	if b != NoBooster {
		i = int(b & 1)
	}
	return int(c&3)*3 + i
}

// pairTable[la][lb][i<<3|j] is a round's whole effect when the player with
// loadout index la plays the i-th move of its character's window and the
// one with lb plays the j-th of its own: seat 0's points in bits 0-7, seat
// 1's in bits 8-15, the window moves seat 0 loses in bits 16-23 and seat
// 1's in bits 24-31. It is built from roundTable and lost, the rules Step
// uses.
var pairTable = func() (t [12][12][64]uint32) {
	for _, la := range Loadouts() {
		for _, lb := range Loadouts() {
			ia, ib := loadoutIndex(la.Character, la.Booster), loadoutIndex(lb.Character, lb.Booster)
			baseA, baseB := 7*Move(la.Character), 7*Move(lb.Character)
			k := strongPair(la.Booster, lb.Booster)
			for i := Move(0); i < 7; i++ {
				for j := Move(0); j < 7; j++ {
					ma, mb := baseA+i, baseB+j
					t[ia][ib][i<<3|j] = uint32(roundTable[k][ma][mb]) |
						lost(ma, mb)>>baseA<<16 | lost(mb, ma)>>baseB<<24
				}
			}
		}
	}
	return t
}()

// pickUniform returns the set bit of mask (at most five set, within nine
// bits of the lowest) chosen by the digit u in [0, 60): the (u mod n)-th of
// its n set bits. It returns Unknown for an empty mask (a stuck player's
// answer is ignored anyway).
func pickUniform(mask uint32, u uint8) Choice {
	if mask == 0 {
		return Unknown
	}
	low := bits.TrailingZeros32(mask)
	row := &kthBit[(mask>>low)&(kthSpan-1)]
	return Choice(low + int(row[u%row[7]&7]))
}

// kthSpan bounds the spread of any legal-choice mask from its lowest set
// bit: a move set spans 7 bits, a booster set (2c, 2c+1 and 8) up to 9.
const kthSpan = 1 << 9

// kthBit[m][k] is the position of the k-th lowest set bit of m for k < 7,
// and kthBit[m][7] the number of set bits (masks that matter have at most
// five; a count is never zero where it is used).
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
		t[m][7] = uint8(max(k, 1))
	}
	return t
}()

// windowPick[w][u] is the position of the (u mod n)-th set bit of the
// 7-bit window w with n set bits: the move pick in one lookup. Rows are
// padded to 64 so that u&63 needs no bounds check.
var windowPick = func() (t [128][64]uint8) {
	for w := 1; w < 128; w++ {
		row := &kthBit[w]
		for u := range 60 {
			t[w][u] = row[uint8(u)%row[7]]
		}
	}
	return t
}()
