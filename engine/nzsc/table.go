package nzsc

import "math/bits"

// outcomeTable is the rulebook's outcome table: the cell in row y, column x
// is the points move x scores against move y. Smash against Shadow Fireball
// is corrected by Points, which knows the Smash player's booster.
var outcomeTable = [NumMoves][NumMoves]uint8{
	{0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1}, // Kick
	{0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0}, // Ninja Sword
	{0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0}, // Nunchucks
	{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 0}, // Shadow Fireball
	{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0}, // Shadow Slip
	{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0}, // Run in Circles
	{0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1}, // Lightning Fast Karate Chop
	{1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0}, // Rampage
	{0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0, 0, 0}, // Muscle
	{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, // Zap
	{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0}, // Regenerate
	{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0}, // Gravedigger
	{0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1}, // Zombie Corps
	{0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1}, // Apocalypse
	{1, 0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0}, // Samurai Sword
	{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, // Helmet
	{0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1}, // Smash
	{0, 1, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0}, // Lightning
	{1, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1}, // Earthquake
	{1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1}, // Twist
	{0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 0, 1}, // Bend
	{0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0}, // Juggling Knives
	{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, // Acid Spray
	{1, 0, 0, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0}, // Nose
	{1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, // Backwards Moustachio
	{1, 0, 0, 0, 0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0}, // Nose of the Taunted
	{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, // Mustache Mash
	{0, 1, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, // Big Hairy Deal
}

// RoundPoints returns what a player scores with move mine against the
// opponent's move theirs. mineStrong and theirsStrong say whether each
// side's booster is Strong, which decides Smash against Shadow Fireball:
// Smash scores only for a Strong player; otherwise Shadow Fireball scores
// and Smash does not.
func RoundPoints(mine, theirs Move, mineStrong, theirsStrong bool) uint8 {
	v := roundTable[b2u(mineStrong)<<1|b2u(theirsStrong)][mine&31][theirs&31]
	return uint8(v)
}

// roundTable[k][ma][mb] holds both sides' points when seat 0 plays ma and
// seat 1 plays mb, seat 0's in the low byte and seat 1's in the high byte,
// so that one lookup scores a round and the scores can be added as one
// packed word. k = strongA<<1 | strongB folds in the Smash against Shadow
// Fireball rule. The move axes are padded to 32 so that masked indices
// need no bounds checks.
var roundTable = func() (t [4][32][32]uint16) {
	for k := range t {
		sa, sb := k>>1, k&1
		for x := Move(0); x < NumMoves; x++ {
			for y := Move(0); y < NumMoves; y++ {
				t[k][x][y] = uint16(points(x, y, sa, sb)) | uint16(points(y, x, sb, sa))<<8
			}
		}
	}
	return t
}()

// points reads the outcome table for mine against theirs with the
// Smash against Shadow Fireball rule: Smash scores only when its player's
// booster is Strong, and Shadow Fireball scores exactly when the Smash
// player's is not. mineStrong and theirsStrong are 1 for a Strong player.
func points(mine, theirs Move, mineStrong, theirsStrong int) uint8 {
	switch {
	case mine == Smash && theirs == ShadowFireball:
		return uint8(mineStrong)
	case mine == ShadowFireball && theirs == Smash:
		return uint8(1 - theirsStrong)
	}
	return outcomeTable[theirs][mine]
}

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// roundFold[k][ma][mb] is a round in which seat 0 plays ma and seat 1 mb,
// both legal, folded into one word (k = strongPair of their boosters):
// the round's Turn before settle, both moves, the move phase and each
// seat's points (roundTable), in bits 0-29, and whether seat 0 and seat 1
// lose the move they played (lost, which is never another move) in bits
// lostFoldA and lostFoldB, and in bit strongFold (an offence bit of the
// Turn, which a legal round never sets) whether the points hang on k:
// Smash against Shadow Fireball. Step plays a legal round from one lookup
// of roundFold[0] (and a second for those two pairs), and
// PlayRandom's pairTable and lostTable are this table read in the
// players' move windows, so that the round's rules are folded once. The
// move axes are padded to 32 so that masked indices need no bounds
// checks. TestRoundFoldIsRules checks every entry against the rules
// written plainly.
var roundFold = func() (t [4][32][32]uint32) {
	for k := range t {
		for ma := Move(0); ma < NumMoves; ma++ {
			for mb := Move(0); mb < NumMoves; mb++ {
				v := roundTable[k][ma][mb]
				turn := newTurn(PickMove, Choice(ma), Choice(mb)).withGained(0, uint8(v)).withGained(1, uint8(v>>8))
				strong := roundTable[0][ma][mb] != roundTable[1][ma][mb] || roundTable[0][ma][mb] != roundTable[2][ma][mb]
				t[k][ma][mb] = uint32(turn) | b2u32(strong)<<strongFold | b2u32(lost(ma, mb) != 0)<<lostFoldA | b2u32(lost(mb, ma) != 0)<<lostFoldB
			}
		}
	}
	return t
}()

// The bits of a roundFold entry that are not the round's Turn: a seat
// loses its move (above every bit a Turn uses), the points hang on the
// Strong booster (in seat 0's offence, which a legal round has not).
// turnMask keeps the Turn.
const (
	lostFoldA  = 30
	lostFoldB  = 31
	strongFold = turnOffenceA
	turnMask   = (1<<lostFoldA - 1) &^ (1 << strongFold)
)

func b2u32(b bool) uint32 { return uint32(b2u(b)) }

// PointsAgainst returns the points move m scores against each move of
// the set theirs (bit o = Move o), summed, and the points those moves
// score against m: RoundPoints(m, o, mineStrong, theirsStrong) and
// RoundPoints(o, m, theirsStrong, mineStrong) summed over o in theirs,
// which is a one-round look's score of m against a uniform opponent (the
// greedy bot's). A round scores 0 or 1 a side, so each sum is a
// population count of theirs and a set of roundTable's.
func PointsAgainst(m Move, theirs uint32, mineStrong, theirsStrong bool) (gained, conceded int) {
	p := &pointSets[b2u(mineStrong)<<1|b2u(theirsStrong)][m&31]
	return bits.OnesCount32(p[0] & theirs), bits.OnesCount32(p[1] & theirs)
}

// pointSets[k][m] are, k = strongPair(mine, theirs), the set of the moves
// o against which m scores (roundTable[k][m][o]'s low byte) and the set
// of those that score against m (its high byte).
var pointSets = func() (t [4][32][2]uint32) {
	for k := range t {
		for m := range Move(NumMoves) {
			for o := range Move(NumMoves) {
				v := roundTable[k][m][o]
				if v&^0x0101 != 0 {
					panic("nzsc: a round scores more than a point a side, which PointsAgainst counts")
				}
				t[k][m][0] |= uint32(v&1) << o
				t[k][m][1] |= uint32(v>>8) << o
			}
		}
	}
	return t
}()
