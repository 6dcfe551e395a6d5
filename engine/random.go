package engine

import (
	"math/bits"
	"math/rand/v2"
)

// PlayRandom plays the game to its end with both seats choosing uniformly
// among their legal choices, seat 0 drawing from a and seat 1 from b (the
// same source may serve both), and returns the result. It is the engine
// benchmark's workload, the match runner's game between two random bots
// and a fast rollout for search bots. It allocates nothing.
//
// How draws become picks (see refill): each seat reads its picks as the
// base-60 digits of 64-bit words from its own source, six picks to a
// word, and picks option digit mod n of its n legal choices in canonical
// order. Both seats pick in every turn, so their words run out together;
// seat 0's new word is drawn before seat 1's. Once a player is stuck
// nothing more is drawn: a stuck player stays stuck (a nullified turn
// changes no move), so the rest of the game is forced.
func (s *State) PlayRandom(a, b *rand.PCG) Result {
	if s.isNew() {
		s.randomNewGame(a, b)
		return s.Result
	}
	// The digits in hand (see refill) travel in registers from phase to
	// phase.
	da, db := uint64(noDigits), uint64(0)
	if s.Phase == PickCharacter {
		da, db = s.randomCharacters(a, b, da, db)
	}
	if s.Phase == PickBooster {
		da, db = s.randomBoosters(a, b, da, db)
	}
	if s.Phase == PickMove {
		p, q := &s.players[0], &s.players[1]
		s.randomRounds(a, b, da, db, loadoutIndex(p.character, p.booster), loadoutIndex(q.character, q.booster))
	}
	return s.Result
}

// isNew reports whether s is a new game (NewGame's state, whatever its
// turn cap).
func (s *State) isNew() bool {
	// At turn 0 a State is NewGame's but for its exported fields (or the
	// zero State, whose other differences, waits and a Ninja as last pick
	// with no streak, play no part in randomNewGame).
	return s.Turn == 0 && s.Phase == PickCharacter && s.Result == Ongoing
}

// randomNewGame is PlayRandom from a new game: the same game, with the
// picks made in registers and written to s once. In a new game the
// players pick alike until their characters are settled (a repeated pick
// is a clash), so one streak stands for both.
func (s *State) randomNewGame(a, b *rand.PCG) {
	p, q := &s.players[0], &s.players[1]
	da, db := refill(a, b)
	last, streak := NoCharacter, uint8(0)
	var ca, cb Character
	turn := uint16(0)
	for {
		w := &windowPick[characterWindow(last, streak)]
		ca, cb = Character(w[da&63]), Character(w[db&63])
		da, db = da>>6, db>>6
		turn++
		if ca != cb || turn >= s.TurnCap {
			break
		}
		streak = streak&-b2u(last == ca) + 1
		last = ca
		if da <= noDigits {
			da, db = refill(a, b)
		}
	}
	p.lastCharacter, p.characterStreak = ca, streak&-b2u(last == ca)+1
	q.lastCharacter, q.characterStreak = cb, streak&-b2u(last == cb)+1
	s.Turn = turn
	if ca == cb {
		s.Phase, s.Result = GameOver, Draw
		return
	}
	p.character, q.character = ca, cb
	ga, gb := Headstart(ca, cb)
	p.points, q.points = ga, gb
	if turn >= s.TurnCap {
		s.Phase, s.Result = GameOver, Draw
		return
	}
	if da <= noDigits {
		da, db = refill(a, b)
	}
	ka, kb := uint8(da&63%3), uint8(db&63%3)
	la, lb := uint8(ca&3)<<2|ka, uint8(cb&3)<<2|kb
	p.booster, q.booster = ca.Boosters()[ka], cb.Boosters()[kb]
	p.owned, q.owned = loadoutMoves(ca, p.booster), loadoutMoves(cb, q.booster)
	s.Turn = turn + 1
	if s.Turn >= s.TurnCap {
		s.Phase, s.Result = GameOver, Draw
		return
	}
	s.Phase = PickMove
	s.randomRounds(a, b, da>>6, db>>6, la, lb)
}

// refill draws seat 0's next word from a and then seat 1's from b, and
// returns their six digits each, packed six bits apiece with the first
// lowest, so that taking a digit is a mask and a shift. Seat 0's also
// holds a marker bit above its digits: it is noDigits once all six are
// taken.
//
// A word w is read as the fraction w/2^64 and its first six base-60
// digits are taken, one per pick: digit = high word of w*60, and the low
// word carries on (here two digits at a time: the high word of w*3600 is
// 60 times the first plus the second). The six digits are uniform up to a
// bias below 60^6/2^64 (about 2.5e-9), far under anything measurable.
// Every seat has 1 to 5 options and 60 is divisible by each count, so
// option digit mod n is uniform. The digit is known before n, which keeps
// the draw off a round's serial chain: a move pick is then a single table
// lookup.
func refill(a, b *rand.PCG) (da, db uint64) {
	return unpackDigits(a.Uint64()) | 1<<36, unpackDigits(b.Uint64())
}

// noDigits is seat 0's packed digits when none is left (see refill);
// anything at or below it is used up.
const noDigits = 1

// unpackDigits returns the six base-60 digits of w/2^64, packed.
func unpackDigits(w uint64) uint64 {
	p1, w := bits.Mul64(w, 3600)
	p2, w := bits.Mul64(w, 3600)
	p3, _ := bits.Mul64(w, 3600)
	return uint64(digitPairs[p1&4095]) | uint64(digitPairs[p2&4095])<<12 | uint64(digitPairs[p3&4095])<<24
}

// digitPairs[p] is p's two base-60 digits packed as refill packs them.
var digitPairs = func() (t [4096]uint16) {
	for p := range 3600 {
		t[p] = uint16(p/60 | p%60<<6)
	}
	return t
}()

// randomCharacters plays random character picks until the characters are
// settled or the game ends. Random picks are legal, so Step's
// classification of offences is skipped and the rules are applied
// directly, on the pick streaks held in registers.
func (s *State) randomCharacters(a, b *rand.PCG, da, db uint64) (uint64, uint64) {
	p, q := &s.players[0], &s.players[1]
	lastA, streakA, lastB, streakB := p.lastCharacter, p.characterStreak, q.lastCharacter, q.characterStreak
	turn := s.Turn
	var ca, cb Character
	for {
		if da <= noDigits {
			da, db = refill(a, b)
		}
		ca = Character(windowPick[characterWindow(lastA, streakA)][da&63])
		cb = Character(windowPick[characterWindow(lastB, streakB)][db&63])
		da, db = da>>6, db>>6
		// pickCharacter, branch-free: lastCharacter is NoCharacter
		// before the first pick, so a streak of zero always restarts.
		streakA = streakA&-b2u(lastA == ca) + 1
		streakB = streakB&-b2u(lastB == cb) + 1
		lastA, lastB = ca, cb
		turn++
		if ca != cb || turn >= s.TurnCap {
			break
		}
	}
	p.lastCharacter, p.characterStreak, q.lastCharacter, q.characterStreak = lastA, streakA, lastB, streakB
	s.Turn = turn
	if ca != cb {
		p.character, q.character = ca, cb
		ga, gb := Headstart(ca, cb)
		p.points += ga
		q.points += gb
		s.Phase = PickBooster
	}
	if s.unsettled() {
		s.settle(0)
	}
	return da, db
}

// characterWindow is characterMask for a streak held in registers.
func characterWindow(last Character, streak uint8) uint32 {
	return 0xF &^ (uint32(b2u(streak >= 3)) << (last & 7))
}

// randomBoosters plays the random booster picks: option k of a
// character's list, its two boosters and then No Booster.
func (s *State) randomBoosters(a, b *rand.PCG, da, db uint64) (uint64, uint64) {
	p, q := &s.players[0], &s.players[1]
	if da <= noDigits {
		da, db = refill(a, b)
	}
	s.pickBoosters(p.character.Boosters()[da&63%3], q.character.Boosters()[db&63%3])
	s.Turn++
	if s.unsettled() {
		s.settle(0)
	}
	return da >> 6, db >> 6
}

// randomRounds plays the move phase to the end of the game with the
// move-phase state held in local variables, which the compiler keeps in
// registers: a round is a serial chain (legal set, pick, next legal set),
// and a round trip through memory per field would lengthen it. It works
// in each player's 7-bit move window (its character's moves start at Move
// 7*character) and packs both players into one word, seat 0's window in
// bits 6-12 and seat 1's in bits 22-28 (see lane), so that one
// instruction updates both and a window is already a row offset of
// pickTable. A round's points come from one pairTable entry, derived at
// start-up from the same rule primitives as Step. Once a player is stuck
// the forced rest of the game is played by playStuck.
func (s *State) randomRounds(a, b *rand.PCG, da, db uint64, la, lb uint8) {
	p, q := &s.players[0], &s.players[1]
	la, lb = la&15, lb&15
	pBase, qBase := 7*Move(la>>2), 7*Move(lb>>2)
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

	// The rounds' loop carries as little as it can, so that it stays in
	// registers: x is dead|blocked, and hist holds one in its low half
	// and two in its high half, so that one AND with the pick in both
	// halves gives both new two and blocked. The bits of one below laneA
	// carry the pick's pairTable index, which every use masks off or
	// shifts out. The inner loop plays the rounds the digits in hand
	// serve; the outer one draws more, so that the generator's code stays
	// out of the rounds' loop. The loop ends on a stuck player (before any
	// draw), a win or the turn cap; all exits come right after a round,
	// where blocked is still at hand. Nothing else is live across it:
	// what comes after reads the rest from s again.
	x := dead | blocked
	hist := uint64(one) | uint64(two)<<32
	if !stuck(x) {
	rounds:
		for {
			if da <= noDigits {
				da, db = refill(a, b)
			}
			for {
				m := uint64(pick(x, da, db))
				da, db = da>>6, db>>6
				e := table[m&63]
				if uint32(m)&spec != 0 {
					dead |= uint32(e >> 32)
				}
				t := hist & (m | m<<32)
				blocked = uint32(t >> 32)
				hist = m | t<<32
				x = dead | blocked
				acc += e
				if over(acc) {
					// settle: five points wins unless both are level
					// (then both go back to four), and the turn cap
					// draws.
					if a, b := uint8(acc), uint8(acc>>8); a == b && a >= WinningPoints {
						acc -= 0x0101
					}
					if a, b := uint8(acc), uint8(acc>>8); max(a, b) >= WinningPoints || uint32(acc)&(1<<31) != 0 {
						break rounds
					}
				}
				if stuck(x) {
					break rounds
				}
				if da <= noDigits {
					break
				}
			}
		}
	}
	one, two = uint32(hist), uint32(hist>>32)
	limit = min(uint32(s.TurnCap-s.Turn), 1<<15-1)
	if played := uint32(acc)>>16&0xFFFF - (1<<15 - limit); played != 0 {
		pBase, qBase = 7*Move(p.character&3), 7*Move(q.character&3)
		p.settleRounds(pBase, dead>>laneA, one>>laneA, two>>laneA, blocked>>laneA)
		q.settleRounds(qBase, dead>>laneB, one>>laneB, two>>laneB, blocked>>laneB)
		p.points, q.points = uint8(acc), uint8(acc>>8)
		s.Turn += uint16(played)
	}
	switch a, b := uint8(acc), uint8(acc>>8); {
	case max(a, b) >= WinningPoints:
		s.Phase, s.Result = GameOver, FirstWins+Result(b2u(b > a))
	case uint32(acc)&(1<<31) != 0:
		s.Phase, s.Result = GameOver, Draw
	default:
		s.playStuck()
	}
}

// playStuck plays out a move phase in which a player is stuck. A stuck
// player stays stuck, since its turns are nullified and change no move,
// so the game is forced: every turn charges each stuck player for passing
// (penalize) and the other's answer is void.
func (s *State) playStuck() {
	offences := newTurn(PickMove, 0, 0).withOffences(
		Offence(b2u(s.Stuck(0)))*Stuck, Offence(b2u(s.Stuck(1)))*Stuck)
	for s.Phase != GameOver {
		s.penalize(offences)
		s.Turn++
		s.settle(0)
	}
}

// stuck reports whether a player's lane of x (dead|blocked) is full.
func stuck(x uint32) bool {
	return (x+(1<<laneA|1<<laneB))&(1<<(laneA+7)|1<<(laneB+7)) != 0
}

// over reports whether a score in acc reached five or the round count
// its limit.
func over(acc uint64) bool { return (uint32(acc)+0x0303)&(1<<31|0x0808) != 0 }

// pick returns both seats' picks for the unavailable moves x (see
// pickTable) with their next digits in da and db.
func pick(x uint32, da, db uint64) uint32 {
	return pickTable[0][x&laneMask|uint32(da&63)] | pickTable[1][x>>(laneB-laneA)&laneMask|uint32(db&63)]
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
