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
	if s.Phase < PickMove {
		s.randomPicks(&d)
	}
	for s.Phase != GameOver {
		if s.Phase == PickMove && s.randomRounds(&d) {
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
		d.refill()
	}
	return d.take()
}

// refill draws the next word.
func (d *digits) refill() { d.word, d.turns = d.pcg.Uint64(), 3 }

// take returns the next two digits of the word in hand; apart from pair,
// because a function that calls refill is too big to inline.
func (d *digits) take() (uint8, uint8) {
	a, lo := bits.Mul64(d.word, 60)
	b, lo := bits.Mul64(lo, 60)
	d.word = lo
	d.turns--
	return uint8(a), uint8(b)
}

// randomPicks plays the character and booster phases with random picks.
// Random picks are legal, so Step's classification of offences is skipped
// and the rules are applied directly (pickCharacters, pickBoosters,
// settle when unsettled); picks are made as randomChoice makes them.
func (s *State) randomPicks(d *digits) {
	p, q := &s.players[0], &s.players[1]
	for s.Phase == PickCharacter {
		if d.turns == 0 {
			d.refill()
		}
		ua, ub := d.take()
		s.pickCharacters(Character(windowPick[p.characterMask()&127][ua&63]), Character(windowPick[q.characterMask()&127][ub&63]))
		s.Turn++
		if s.unsettled() {
			s.settle(0)
		}
	}
	if s.Phase == PickBooster {
		if d.turns == 0 {
			d.refill()
		}
		ua, ub := d.take()
		s.pickBoosters(p.character.Boosters()[windowPick[0b111][ua&63]%3], q.character.Boosters()[windowPick[0b111][ub&63]%3])
		s.Turn++
		if s.unsettled() {
			s.settle(0)
		}
	}
}

// randomRounds plays random rounds with the move-phase state held in
// local variables, which the compiler keeps in registers: a round is a
// serial chain (legal set, pick, next legal set), and a round trip through
// memory per field would lengthen it. It works in each player's 7-bit
// move window (its character's moves start at Move 7*character) and packs
// both players into one word, seat 0's window in bits 6-12 and seat 1's
// in bits 22-28 (see lane), so that one instruction updates both and a
// window is already a row offset of pickTable. A round's points come from
// one pairTable entry, derived at start-up from the same rule primitives
// as Step. It draws exactly what the general path of PlayRandom would
// draw, and stops before a turn that needs the general rules (a stuck
// player) or after a turn that may end the game, which settle then
// decides. It reports whether it played.
func (s *State) randomRounds(dp *digits) bool {
	p, q := &s.players[0], &s.players[1]
	pBase, qBase := 7*Move(p.character&3), 7*Move(q.character&3)
	la, lb := loadoutIndex(p.character, p.booster), loadoutIndex(q.character, q.booster)
	// dead is the window's moves that are not owned or are destroyed; a
	// player is stuck when its lane of dead|blocked is full. spec is the
	// moves whose play destroys a move (its own single-use moves, or the
	// opponent's move for a destructive one): only then does dead change,
	// so the common round keeps pairTable off the serial chain.
	dead := loadoutLanes[la].unowned | loadoutLanes[lb].unowned<<(laneB-laneA)
	spec := loadoutLanes[la].wrecks | loadoutLanes[lb].wrecks<<(laneB-laneA)
	// The three-in-a-row rule as bit sets: after a move with bit m,
	// blocked = two&m, two = one&m, one = m, where one is the last move's
	// bit and two is that bit if it was also played the round before.
	// Before the first round (a streak of zero) all are empty, and so is
	// destroyed.
	var one, two, blocked uint32
	if p.moveStreak|q.moveStreak != 0 {
		dead |= lanes(p.destroyed>>pBase, q.destroyed>>qBase)
		one = lanes(streakBits(p.lastMove-pBase, p.moveStreak, 1), streakBits(q.lastMove-qBase, q.moveStreak, 1))
		two = lanes(streakBits(p.lastMove-pBase, p.moveStreak, 2), streakBits(q.lastMove-qBase, q.moveStreak, 2))
		blocked = lanes(p.blocked>>pBase, q.blocked>>qBase)
	}
	// acc holds both scores, seat 0's in bits 0-7 and seat 1's in bits
	// 8-15, and in bits 16-31 a round counter that sets bit 31 after
	// limit rounds (every pairTable entry adds one). A score reaches five
	// exactly when adding three sets its byte's bit 3 (scores stay below
	// 8), so one test checks both scores and the count.
	limit := min(uint32(s.TurnCap-s.Turn), 1<<15-1)
	start := 1<<15 - limit
	acc := uint64(p.points) | uint64(q.points)<<8 | uint64(start)<<16
	table := &pairTable[la][lb]
	word, wordTurns := dp.word, dp.turns
	x := dead | blocked
	var m uint32
	// The rounds are unrolled three to a word, so that no counter of the
	// word's digits is carried round the loop; the word in hand is used
	// up first. A word drawn before a stuck turn is left for the general
	// path, which would have drawn it just the same.
	for ; wordTurns > 0; wordTurns-- {
		if stuck(x) {
			goto out
		}
		m, word = pick(x, word)
		x, dead, one, two, blocked, acc = play(m, dead, one, two, acc, spec, table)
		if over(acc) {
			wordTurns--
			goto out
		}
	}
	for {
		word, wordTurns = dp.pcg.Uint64(), 3
		if stuck(x) {
			break
		}
		m, word = pick(x, word)
		x, dead, one, two, blocked, acc = play(m, dead, one, two, acc, spec, table)
		if over(acc) {
			wordTurns = 2
			break
		}
		if stuck(x) {
			wordTurns = 2
			break
		}
		m, word = pick(x, word)
		x, dead, one, two, blocked, acc = play(m, dead, one, two, acc, spec, table)
		if over(acc) {
			wordTurns = 1
			break
		}
		if stuck(x) {
			wordTurns = 1
			break
		}
		m, word = pick(x, word)
		x, dead, one, two, blocked, acc = play(m, dead, one, two, acc, spec, table)
		if over(acc) {
			wordTurns = 0
			break
		}
	}
out:
	dp.word, dp.turns = word, wordTurns
	played := uint32(acc)>>16&0xFFFF - start
	if played == 0 {
		return false
	}
	p.settleRounds(pBase, dead>>laneA, one>>laneA, two>>laneA, blocked>>laneA)
	q.settleRounds(qBase, dead>>laneB, one>>laneB, two>>laneB, blocked>>laneB)
	p.points, q.points = uint8(acc), uint8(acc>>8)
	s.Turn += uint16(played)
	s.settle(0)
	return true
}

// stuck reports whether a player's lane of x (dead|blocked) is full.
func stuck(x uint32) bool {
	return (x+(1<<laneA|1<<laneB))&(1<<(laneA+7)|1<<(laneB+7)) != 0
}

// over reports whether a score in acc reached five or the round count
// its limit.
func over(acc uint64) bool { return (uint32(acc)+0x0303)&(1<<31|0x0808) != 0 }

// pick draws a digit pair from word and returns both seats' picks for
// the unavailable moves x (see pickTable) and the word left.
func pick(x uint32, word uint64) (uint32, uint64) {
	ua, lo := bits.Mul64(word, 60)
	ub, lo := bits.Mul64(lo, 60)
	return pickTable[0][x&laneMask|uint32(ua&63)] | pickTable[1][x>>(laneB-laneA)&laneMask|uint32(ub&63)], lo
}

// play plays the picks m on randomRounds' packed state and returns the
// new state and the moves the three-in-a-row rule now blocks.
func play(m, dead, one, two uint32, acc uint64, spec uint32, table *[64]uint64) (x, dead2, one2, two2, blocked uint32, acc2 uint64) {
	blocked = two & m
	e := table[m&63]
	if m&spec != 0 {
		dead |= uint32(e >> 32)
	}
	return dead | blocked, dead, m &^ 63, one & m, blocked, acc + e
}

// The lanes of randomRounds' packed word: seat 0's 7-bit window starts at
// bit laneA and seat 1's at laneB. laneA = 6 makes seat 0's lane a row
// offset of pickTable (rows of 64), and the 6 bits below hold the
// pairTable index of a pick.
const (
	laneA    = 6
	laneB    = 16 + laneA
	laneMask = 0x7F << laneA
)

// lanes packs two 7-bit windows (bits above 7 ignored) into the lanes.
func lanes(a, b uint32) uint32 { return a&0x7F<<laneA | b&0x7F<<laneB }

// streakBits returns the window bit of last if the player's streak is at
// least min, else zero.
func streakBits(last Move, streak, min uint8) uint32 {
	return uint32(b2u(streak >= min)) << (last & 31) & 0x7F
}

// settleRounds writes back a player's move-phase state from randomRounds'
// window form: dead and the streak bits one, two and blocked, each in the
// low 7 bits (one is never empty after a round).
func (p *player) settleRounds(base Move, dead, one, two, blocked uint32) {
	p.destroyed = p.owned &^ (^dead & 0x7F << base)
	p.lastMove = base + Move(bits.TrailingZeros32(one&0x7F))
	p.moveStreak = 1 + b2u(two&0x7F != 0) + b2u(blocked&0x7F != 0)
	p.blocked = blocked & 0x7F << base
}

// loadoutIndex numbers the 12 legal loadouts 4*character + k, k the
// booster's place in the character's list (its two, then No Booster). It
// is branch-free, since a random game's booster is a coin toss to a branch
// predictor, and below 16, so that tables of 16 need no bounds checks.
func loadoutIndex(c Character, b Booster) uint8 {
	return uint8(c&3)<<2 | uint8(b&1) | b2u(b == NoBooster)<<1
}

// loadoutLanes[la] is, in randomRounds' seat 0 lane, the window moves the
// loadout of index la does not own, and those whose play destroys a move.
var loadoutLanes = func() (t [16]struct{ unowned, wrecks uint32 }) {
	const wrecks = singleUseMask | destructiveMask
	for _, l := range Loadouts() {
		base := 7 * uint32(l.Character)
		i := loadoutIndex(l.Character, l.Booster)
		t[i].unowned = lanes(^l.Moves()>>base, 0)
		t[i].wrecks = lanes(wrecks>>base, 0)
	}
	return t
}()

// pairTable[la][lb][i<<3|j] is a round's whole effect when the player with
// loadout index la plays the i-th move of its character's window and the
// one with lb plays the j-th of its own: seat 0's points in bits 0-7,
// seat 1's in bits 8-15, a 1 in bit 16 (randomRounds' round count), and
// in bits 32-63 the window moves each loses, in randomRounds' lanes. It
// is built from roundTable and lost, the rules Step uses.
var pairTable = func() (t [16][16][64]uint64) {
	for _, la := range Loadouts() {
		for _, lb := range Loadouts() {
			ia, ib := loadoutIndex(la.Character, la.Booster), loadoutIndex(lb.Character, lb.Booster)
			baseA, baseB := 7*Move(la.Character), 7*Move(lb.Character)
			k := strongPair(la.Booster, lb.Booster)
			for i := Move(0); i < 7; i++ {
				for j := Move(0); j < 7; j++ {
					ma, mb := baseA+i, baseB+j
					t[ia][ib][i<<3|j] = uint64(roundTable[k][ma][mb]) | 1<<16 |
						uint64(lanes(lost(ma, mb)>>baseA, lost(mb, ma)>>baseB))<<32
				}
			}
		}
	}
	return t
}()

// pickTable[seat][x<<6|u] is the seat's move pick when the 7-bit window x
// holds its unavailable moves and u is its digit: the chosen move's
// window bit in the seat's lane, and its slot at its place in the
// pairTable index (bits 3-5 for seat 0, 0-2 for seat 1), so that the OR
// of both seats' picks holds both bits and the index. Rows are padded to
// 64 so that u&63 needs no bounds check.
var pickTable = func() (t [2][128 << 6]uint32) {
	for x := range 127 {
		for u := range 64 {
			slot := uint32(windowPick[^x&127][u])
			t[0][x<<6|u] = lanes(1<<slot, 0) | slot<<3
			t[1][x<<6|u] = lanes(0, 1<<slot) | slot
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
