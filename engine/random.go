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
	d := digits{pcg: src}
	for s.Phase != GameOver {
		switch {
		case s.Phase == PickMove:
			if s.randomRounds(&d) {
				continue
			}
		case s.Phase == PickCharacter:
			// Random picks are legal, so Step's classification of
			// offences is skipped.
			ua, ub := d.pair()
			s.pickCharacters(newTurn(PickCharacter, s.randomChoice(0, ua), s.randomChoice(1, ub)))
			s.Turn++
			s.settle(0)
			continue
		case s.Phase == PickBooster:
			ua, ub := d.pair()
			s.pickBoosters(Booster(s.randomChoice(0, ua)), Booster(s.randomChoice(1, ub)))
			s.Turn++
			s.settle(0)
			continue
		}
		ua, ub := d.pair()
		s.Step(s.randomChoice(0, ua), s.randomChoice(1, ub))
	}
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
	// pcg is the caller's generator itself: copying it in and out would
	// read 16 bytes just written as two 8-byte halves (by Seed, say), which
	// store forwarding cannot serve.
	pcg  *rand.PCG
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
// move window (its character's moves start at Move 7*character), packs
// both players into one word (seat 0 in byte 0, seat 1 in byte 1) so that
// one instruction updates both, and takes a round's whole effect from one
// pairTable entry, derived at start-up from the same rule primitives as
// Step. It draws exactly what the general path of PlayRandom would draw,
// and stops before a turn that needs the general rules (a stuck player) or
// after a turn that may end the game, which settle then decides. It
// reports whether it played.
func (s *State) randomRounds(dp *digits) bool {
	p, q := &s.players[0], &s.players[1]
	pBase, qBase := 7*Move(p.character&3), 7*Move(q.character&3)
	// The three-in-a-row rule as bit sets: after a move with bit m,
	// blocked = two&m, two = one&m, one = m, where one is the last move's
	// bit and two is that bit if it was also played the round before.
	one := streakBits(p.lastMove-pBase, p.moveStreak, 1) | streakBits(q.lastMove-qBase, q.moveStreak, 1)<<8
	two := streakBits(p.lastMove-pBase, p.moveStreak, 2) | streakBits(q.lastMove-qBase, q.moveStreak, 2)<<8
	blocked := streakBits(p.lastMove-pBase, p.moveStreak, 3) | streakBits(q.lastMove-qBase, q.moveStreak, 3)<<8
	// dead is the window's moves that are not owned or are destroyed; a
	// player is stuck when its byte of dead|blocked is full (0x7F).
	dead := ^(p.owned&^p.destroyed)>>pBase&0x7F | (^(q.owned&^q.destroyed)>>qBase&0x7F)<<8
	// Moves whose play destroys a move (its own single-use moves, or the
	// opponent's move for a destructive one): only then does dead change,
	// so the common round keeps pairTable off the serial chain.
	const wrecks = singleUseMask | destructiveMask
	spec := wrecks>>pBase&0x7F | (wrecks>>qBase&0x7F)<<8
	// Both scores in one word, seat 0 in the low byte. A score reaches
	// five exactly when adding three sets its byte's bit 3 (scores stay
	// below 8).
	score := uint32(p.points) | uint32(q.points)<<8
	table := &pairTable[loadoutIndex(p.character, p.booster)][loadoutIndex(q.character, q.booster)]
	word, wordTurns := dp.word, dp.turns
	turnsLeft := s.TurnCap - s.Turn
	played := uint16(0)
	x := dead | blocked
	for (x+0x0101)&0x8080 == 0 {
		// The digit pair is drawn inline because a call in the loop
		// would make the compiler spill every live value around it.
		if wordTurns == 0 {
			word, wordTurns = dp.pcg.Uint64(), 3
		}
		ua, lo := bits.Mul64(word, 60)
		ub, lo := bits.Mul64(lo, 60)
		word = lo
		wordTurns--
		m := pickA[x&127][ua&63] | pickB[x>>8&127][ub&63]
		blocked = two & m
		two = one & m
		one = m & 0x7F7F
		e := table[m>>16&63]
		score += e & 0xFFFF
		if m&spec != 0 {
			dead |= e >> 16
		}
		x = dead | blocked
		played++
		if (score+0x0303)&0x0808 != 0 || played == turnsLeft {
			break
		}
	}
	dp.word, dp.turns = word, wordTurns
	if played == 0 {
		return false
	}
	p.settleRounds(pBase, uint8(dead), uint8(one), uint8(two), uint8(blocked))
	q.settleRounds(qBase, uint8(dead>>8), uint8(one>>8), uint8(two>>8), uint8(blocked>>8))
	p.points, q.points = uint8(score), uint8(score>>8)
	s.Turn += played
	s.settle(0)
	return true
}

// streakBits returns the window bit of last if the player's streak is at
// least min, else zero.
func streakBits(last Move, streak, min uint8) uint32 {
	return uint32(b2u(streak >= min)) << (last & 31) & 0x7F
}

// settleRounds writes back a player's move-phase state from randomRounds'
// window form: dead and the streak bits one, two and blocked (one is
// never empty after a round).
func (p *player) settleRounds(base Move, dead, one, two, blocked uint8) {
	p.destroyed = p.owned &^ (uint32(^dead&0x7F) << base)
	p.lastMove = base + Move(bits.TrailingZeros8(one))
	p.moveStreak = 1 + b2u(two != 0) + b2u(blocked != 0)
	p.blocked = blockedBy(p.lastMove, p.moveStreak)
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

// randomChoice returns the option of seat's canonical Legal list that
// the digit u in [0, 60) picks: the (u mod n)-th of its n options, found
// by one windowPick lookup (each phase's legal set, read from its lowest
// possible choice, fits a 7-bit window; a booster pick is the k-th of the
// character's list). It returns Unknown for a stuck player, whose answer
// is ignored anyway.
func (s *State) randomChoice(seat int, u uint8) Choice {
	p := &s.players[seat&1]
	switch s.Phase {
	case PickCharacter:
		return Choice(windowPick[s.LegalMask(seat)&127][u&63])
	case PickBooster:
		return Choice(p.character.Boosters()[windowPick[0b111][u&63]%3])
	case PickMove:
		if m := p.available(); m != 0 {
			base := 7 * uint32(p.character&3)
			return Choice(base + uint32(windowPick[m>>base&127][u&63]))
		}
	}
	return Unknown
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

// pickA[x][u] is seat 0's move pick when the 7-bit window x holds its
// unavailable moves and u is its digit: the chosen move's window bit in
// bits 0-6 and its slot in bits 19-21. pickB is the same for seat 1, the
// bit in bits 8-14 and the slot in bits 16-18, so that pickA|pickB holds
// both bits and, in bits 16-21, the pairTable index. Rows are padded to 64
// so that u&63 needs no bounds check.
var pickA, pickB = func() (a, b [128][64]uint32) {
	for x := range 127 {
		for u := range 64 {
			slot := uint32(windowPick[^x&127][u])
			a[x][u] = 1<<slot | slot<<19
			b[x][u] = 1<<slot<<8 | slot<<16
		}
	}
	return a, b
}()
