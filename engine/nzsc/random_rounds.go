package nzsc

import "math/bits"

// This file holds PlayRandom's move phase: the rounds played in registers
// on both players' packed move windows, and their tables.

// randomRounds plays the move phase to the end of the game: playRounds
// plays the rounds in registers, and randomRounds sets them up from s and
// writes their end back. It works in each player's 7-bit move window (its
// character's moves start at Move 7*character) and packs both players
// into one word, seat 0's window in bits laneA to laneA+6 and seat 1's in
// bits laneB to laneB+6 (see lanes), so that one instruction updates both.
// Once a player is stuck the forced rest of the game is played by
// playStuck.
func (s *State) randomRounds(d *draws, la, lb uint8) {
	p, q := &s.players[0], &s.players[1]
	la, lb = la&15, lb&15
	pBase, qBase := 7*Move(la>>2), 7*Move(lb>>2)
	// dead is the window's moves that are not owned or are destroyed.
	dead := loadoutLanes[la] | loadoutLanes[lb]<<(laneB-laneA)
	// The three-in-a-row rule as bit sets: after a move with bit m,
	// blocked = two&m, two = one&m, one = m, where one is the last move's
	// bit and two is that bit if it was also played the round before.
	// Before the first round (a streak of zero) all are empty, and so is
	// destroyed.
	var one, two, blocked uint32
	if s.moveStreak[0]|s.moveStreak[1] != 0 {
		dead |= lanes(p.destroyed>>pBase, q.destroyed>>qBase)
		one = lanes(streakBits(s.lastMove[0]-pBase, s.moveStreak[0], 1), streakBits(s.lastMove[1]-qBase, s.moveStreak[1], 1))
		two = lanes(streakBits(s.lastMove[0]-pBase, s.moveStreak[0], 2), streakBits(s.lastMove[1]-qBase, s.moveStreak[1], 2))
		blocked = lanes(p.blocked>>pBase, q.blocked>>qBase)
	}
	// acc holds both scores plus scoreBias, seat 0's in bits 0-7 and seat
	// 1's in bits 8-15, and in bits 16-31 a round counter that sets bit
	// 31 after limit rounds (every pairTable entry adds one). A score
	// reaches five exactly when its byte's bit 3 gets set (scores stay
	// below 8), so one test checks both scores and the count.
	limit := min(uint32(s.TurnCap-s.Turn), 1<<15-1)
	acc := uint32(s.points[0]+scoreBias) | uint32(s.points[1]+scoreBias)<<8 | (1<<15-limit)<<16
	x := dead | blocked
	if stuck(x) {
		s.playStuck()
		return
	}
	d.blockedDead = 0
	d.lost = &lostTable[p.character&3][q.character&3]
	x, dead, one, two, acc = playRounds(d, x, dead, one, two, acc, &pairTable[p.character&3][q.character&3][strongPair(p.booster, q.booster)], &pickTable,
		loadoutWrecks[la]|loadoutWrecks[lb]<<(laneB-laneA)|stuckMark)
	s.finishRounds(x, dead, one, two, d.blockedDead, acc, limit)
}

// finishRounds writes back the end of playRounds, which started limit
// rounds before the turn cap, and ends the game.
func (s *State) finishRounds(x, dead, one, two, blockedDead, acc, limit uint32) {
	p, q := &s.players[0], &s.players[1]
	// x is dead|blocked, and blocked is within one (the last picks):
	// only a move destroyed in the last round can be both, which
	// blockedDead recorded.
	blocked := x&^dead | blockedDead&one&bothLanes
	// The scores are read from acc, not s: they are at hand in a register.
	a, b := uint8(acc)-scoreBias, uint8(acc>>8)-scoreBias
	if played := acc>>16 - (1<<15 - limit); played != 0 {
		pBase, qBase := 7*Move(p.character&3), 7*Move(q.character&3)
		s.lastMove[0], s.moveStreak[0] = p.settleRounds(pBase, dead>>laneA, one>>laneA, two>>laneA, blocked>>laneA)
		s.lastMove[1], s.moveStreak[1] = q.settleRounds(qBase, dead>>laneB, one>>laneB, two>>laneB, blocked>>laneB)
		s.points[0], s.points[1] = a, b
		s.Turn += uint16(played)
	}
	switch {
	case max(a, b) >= WinningPoints:
		s.Phase, s.Result = GameOver, FirstWins+Result(b2u(b > a))
	case acc&(1<<31) != 0:
		s.Phase, s.Result = GameOver, Draw
	default:
		s.playStuck()
	}
}

// scoreBias is added to both scores in playRounds' acc, so that a score
// of five sets bit 3 of its byte.
const scoreBias = 8 - WinningPoints

// overMask is the bits of acc of which one is set once a score reached
// five or the round count its limit.
const overMask = 0x0808 | 1<<31

// playRounds plays rounds until a player wins, the turn cap or a stuck
// player, and returns the state at the end: x = dead|blocked, dead, one,
// two (see randomRounds) and acc. A round is a serial chain (legal set,
// pick, next legal set), and every value it carries is kept in a
// register. The inner loop plays a round per digit in hand and the outer
// one draws the next words, so no round tests for them. The round is
// written in the loop, not in a function of its own: it is too large for
// the compiler to inline, and a call per round would spill the registers.
// (Six rounds written out, entered at the next digit, ran 8% fewer
// instructions per game but only 1-3% less time than this loop in a
// same-run comparison: not worth six copies.)
func playRounds(d *draws, x, dead, one, two, acc uint32, table *[64]uint32, picks *[2][128 << 6]uint32, rare uint32) (uint32, uint32, uint32, uint32, uint32) {
	_ = table[63]
	_ = picks[0][0]
	var stop bool
	for k := d.next; ; k = 0 {
		for ; k < 6; k++ {
			y := d.c[k&7] | x
			m := picks[0][y&(laneMaskA|63)] | picks[1][y>>digitB]
			if m&rare != 0 {
				if m&stuckMark != 0 {
					return x, dead, one, two, acc
				}
				l := uint32(d.lost[m&63])
				lost := l&0x7F<<laneA | l>>7<<laneB
				d.blockedDead |= two & m & lost
				dead |= lost
			}
			e := table[m&63]
			x = two&m | dead
			two = one & m & bothLanes
			one = m
			acc += e
			if acc&overMask != 0 {
				if acc, stop = settleAcc(acc); stop {
					return x, dead, one, two, acc
				}
			}
		}
		// Nothing is drawn for a stuck player.
		if stuck(x) {
			return x, dead, one, two, acc
		}
		d.refill()
	}
}

// settleAcc settles acc after a round in which a score reached five or
// the round count its limit: five points wins unless both are level (then
// both go back to four), and the turn cap draws. It reports whether the
// game is over.
func settleAcc(acc uint32) (uint32, bool) {
	if a, b := uint8(acc), uint8(acc>>8); a == b && a >= WinningPoints+scoreBias {
		acc -= 0x0101
	}
	a, b := uint8(acc), uint8(acc>>8)
	return acc, max(a, b) >= WinningPoints+scoreBias || acc&(1<<31) != 0
}

// playStuck plays out a move phase in which a player is stuck. A stuck
// player stays stuck, since its turns are nullified and change no move,
// so the game is forced: every turn charges each stuck player for passing
// (as penalize does) and the other's answer is void; then the turn
// settles (as settle does).
func (s *State) playStuck() {
	stuckA, stuckB := s.Stuck(0), s.Stuck(1)
	a, b, wa, wb := s.points[0], s.points[1], s.waits[0], s.waits[1]
	w := Stuck.Waits()
	turn := s.Turn
	for {
		if stuckA {
			if wa >= w {
				wa -= w
			} else {
				wa, b = 0, b+1
			}
		}
		if stuckB {
			if wb >= w {
				wb -= w
			} else {
				wb, a = 0, a+1
			}
		}
		turn++
		if max(a, b) >= WinningPoints {
			if a != b {
				s.Phase, s.Result = GameOver, FirstWins+Result(b2u(b > a))
				break
			}
			a, b = WinningPoints-1, WinningPoints-1
		}
		if turn >= s.TurnCap {
			s.Phase, s.Result = GameOver, Draw
			break
		}
	}
	s.points[0], s.points[1], s.waits[0], s.waits[1] = a, b, wa, wb
	s.Turn = turn
}

// stuck reports whether a player's lane of x (dead|blocked) is full.
func stuck(x uint32) bool {
	return x&laneMaskA == laneMaskA || x&laneMaskB == laneMaskB
}

// The lanes of playRounds' packed words: seat 0's 7-bit window starts at
// bit laneA and seat 1's at laneB. A round's pickTable indices come from
// y = x | digits, seat 0's digit in bits 0-5 and seat 1's at digitB, so
// that seat 0's index is the low 13 bits of y (its lane a row offset,
// rows of 64) and seat 1's the bits from digitB up. A pick holds the
// pairTable index of the two picks in bits 0-5 and stuckMark in bit 13.
const (
	laneA     = 6
	laneB     = 25
	digitB    = laneB - laneA
	laneMaskA = 0x7F << laneA
	laneMaskB = 0x7F << laneB
	bothLanes = laneMaskA | laneMaskB
	stuckMark = 1 << 13
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
// low 7 bits (one is never empty after a round); it returns the last move
// and its streak, which State keeps beside the other seat's.
func (p *player) settleRounds(base Move, dead, one, two, blocked uint32) (last Move, streak uint8) {
	p.destroyed = p.owned &^ (^dead & 0x7F << base)
	p.blocked = blocked & 0x7F << base
	return base + Move(bits.TrailingZeros32(one&0x7F)), 1 + b2u(two&0x7F != 0) + b2u(blocked&0x7F != 0)
}

// loadoutLanes[la] is, in seat 0's lane, the window moves the loadout of
// index la does not own.
var loadoutLanes = func() (t [16]uint32) {
	for _, l := range Loadouts() {
		base := 7 * uint32(l.Character)
		t[loadoutIndex(l.Character, l.Booster)] = lanes(^l.Moves()>>base, 0)
	}
	return t
}()

// pairTable[ca][cb][k][i<<3|j] is a round's effect on playRounds' acc
// when the character ca plays the i-th move of its window and cb the j-th
// of its own, k being strongPair of their boosters: seat 0's points in
// bits 0-7, seat 1's in bits 8-15 and a 1 in bit 16 (the round count)
// (playRounds learns that a move is lost from its rare mask and
// lostTable). Index 7 of either player is a stuck player (see
// pickTable), which playRounds never looks up. It is roundFold, the
// table Step plays a round from, read in the characters' windows.
var pairTable = func() (t [NumCharacters][NumCharacters][4][64]uint32) {
	for ca := range NumCharacters {
		for cb := range NumCharacters {
			for k := range 4 {
				for i := range 7 {
					for j := range 7 {
						r := Turn(roundFold[k][7*ca+i][7*cb+j] & turnMask)
						t[ca][cb][k][i<<3|j] = uint32(r.Gained(0)) | uint32(r.Gained(1))<<8 | 1<<16
					}
				}
			}
		}
	}
	return t
}()

// lostTable[ca][cb][i<<3|j] is the window moves each player loses in the
// round of pairTable[ca][cb][k][i<<3|j]: seat 0's in bits 0-6, seat 1's
// in bits 7-13. It is roundFold's lost bits (the same for every k) read
// in the characters' windows: a player loses at most the move it played.
var lostTable = func() (t [NumCharacters][NumCharacters][64]uint16) {
	for ca := range NumCharacters {
		for cb := range NumCharacters {
			for i := range 7 {
				for j := range 7 {
					e := roundFold[0][7*ca+i][7*cb+j]
					t[ca][cb][i<<3|j] = uint16(e>>lostFoldA&1)<<i | uint16(e>>lostFoldB)<<(7+j)
				}
			}
		}
	}
	return t
}()

// loadoutWrecks[la] is, in seat 0's lane, the moves of the loadout of
// index la whose play destroys a move (its own, for a single-use move, or
// the opponent's, for a destructive one).
var loadoutWrecks = func() (t [16]uint32) {
	for _, l := range Loadouts() {
		base := 7 * uint32(l.Character)
		t[loadoutIndex(l.Character, l.Booster)] = lanes((singleUseMask|destructiveMask)&l.Moves()>>base, 0)
	}
	return t
}()

// loadoutStrong[la] is 1 if the loadout of index la has the Strong
// booster (see strongPair).
var loadoutStrong = func() (t [16]uint8) {
	for _, l := range Loadouts() {
		t[loadoutIndex(l.Character, l.Booster)] = b2u(l.Booster == Strong)
	}
	return t
}()

// pickTable[seat][x<<6|u] is the seat's move pick when the 7-bit window x
// holds its unavailable moves and u is its digit: the chosen move's
// window bit in the seat's lane, and its slot at its place in the
// pairTable index (bits 3-5 for seat 0, 0-2 for seat 1), so that the OR
// of both seats' picks holds both bits and the index. A full window (a
// stuck player) gives slot 7 and stuckMark. Rows are padded to 64 so
// that a 6-bit digit needs no bounds check.
var pickTable = func() (t [2][128 << 6]uint32) {
	for x := range 128 {
		for u := range 64 {
			if x == 127 {
				t[0][x<<6|u] = 7<<3 | stuckMark
				t[1][x<<6|u] = 7 | stuckMark
				continue
			}
			slot := uint32(windowPick[^x&127][u])
			t[0][x<<6|u] = lanes(1<<slot, 0) | slot<<3
			t[1][x<<6|u] = lanes(0, 1<<slot) | slot
		}
	}
	return t
}()
