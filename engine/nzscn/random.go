package nzscn

import (
	"math/bits"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
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
// turns go straight to the phase's rules, past Step's classification,
// and the move phase is played on the seats' packed move windows (see
// randomRounds).
func (s *State) PlayRandom(src *rng.Wyrand) int {
	d := digits{src: src}
	if s.Phase == nzsc.PickCharacter {
		s.randomCharacters(&d)
	}
	if s.Phase == nzsc.PickBooster {
		s.randomBoosters(&d)
	}
	if s.Phase == nzsc.PickMove {
		s.randomRounds(&d)
	}
	return int(s.Winner)
}

// The random phases below work on the seats' packed lanes: seat i's
// part of a word is its 8-bit lane, bits 8i to 8i+7, so that one
// instruction updates every seat. Lanes beyond the players are padding:
// their windows are empty, so they pick 7 (see windowPick), draw
// nothing, score nothing and concede nothing.

// randomCharacters plays random character picks until the characters are
// settled or the game ends.
func (s *State) randomCharacters(d *digits) {
	ps := s.seats()
	seats := laneBytes[1<<len(ps)-1]
	// last has the bit of each seat's last pick in its lane (none before
	// the first pick), streak the number of picks in a row.
	var last, streak uint32
	for i := range ps {
		sh := 8 * uint32(i&3)
		if ps[i].characterStreak > 0 {
			last |= 1 << (ps[i].lastCharacter & 3) << sh
		}
		streak |= uint32(ps[i].characterStreak) << sh
	}
	dd := *d
	turn := s.Turn
	var sum uint32
	for {
		if dd.have < len(ps) {
			dd.dig, dd.have = dd.dig|deal(dd.src.Uint64())<<(7*uint(dd.have)&63), dd.have+6
		}
		dd.have -= len(ps)
		// Each seat's characters, less the one a streak of three bars.
		barred := (streak + (128-nzsc.DefaultStreak)*0x01010101) & 0x80808080 >> 7 * 0x0F
		// Seat i's digit is the i-th. Among all four characters the pick
		// is the digit mod 4.
		dig := uint32(dd.dig)
		c0, c1, c2, c3 := dig&3, dig>>7&3, dig>>14&3, dig>>21&3
		if barred != 0 {
			w := 0x0F0F0F0F &^ (last & barred) & seats
			c0 = pickAt(w&15, dd.dig, 0)
			c1 = pickAt(w>>8&15, dd.dig, 7)
			c2 = pickAt(w>>16&15, dd.dig, 14)
			c3 = pickAt(w>>24&15, dd.dig, 21)
		}
		dd.dig >>= 7 * uint(len(ps)) & 63
		picks := (uint32(1)<<(c0&31) | 1<<((c1+8)&31) | 1<<((c2+16)&31) | 1<<((c3+24)&31)) & seats & 0x0F0F0F0F
		// A repeated pick lengthens the streak; any other restarts it.
		again := (picks&last + 0x7F7F7F7F) & 0x80808080 >> 7 * 0xFF
		streak = streak&again + seats&0x01010101
		last = picks
		turn++
		// The sum of the picks' bits has as many bits as seats only if
		// no two are the same (a carry merges two).
		sum = picks * 0x01010101 >> 24
		if bits.OnesCount8(uint8(sum)) == len(ps) || turn >= s.TurnCap {
			break
		}
	}
	*d = dd
	for i := range ps {
		sh := 8 * uint32(i&3)
		ps[i].lastCharacter = nzsc.Character(bits.TrailingZeros32(last >> sh & 15))
		ps[i].characterStreak = uint8(streak >> sh)
	}
	s.Turn = turn
	if bits.OnesCount8(uint8(sum)) == len(ps) {
		for i := range ps {
			ps[i].character = ps[i].lastCharacter
		}
		var g [MaxPlayers]uint8
		s.headstarts(&g)
		s.Phase = nzsc.PickBooster
	}
	if s.unsettled() {
		s.settle(0)
	}
}

// randomBoosters plays the random booster picks: option k of a
// character's list, its two boosters and then No Booster.
func (s *State) randomBoosters(d *digits) {
	ps := s.seats()
	if d.have < len(ps) {
		d.dig, d.have = d.dig|deal(d.src.Uint64())<<(7*uint(d.have)&63), d.have+6
	}
	d.have -= len(ps)
	for i := range ps {
		p := &ps[i]
		// The booster list's window, its third bit No Booster.
		l := &loadoutOf[p.character&3][pickAt(7, d.dig, 0)&3]
		d.dig >>= 7
		p.booster, p.owned = l.Booster, l.Moves()
	}
	s.Phase = nzsc.PickMove
	s.Turn++
	if s.unsettled() {
		s.settle(0)
	}
}

// loadoutOf[c][k] is character c with the k-th booster of its list.
var loadoutOf = func() (t [nzsc.NumCharacters][4]nzsc.Loadout) {
	for c := range nzsc.Character(nzsc.NumCharacters) {
		for k, b := range c.Boosters() {
			t[c][k] = nzsc.Loadout{Character: c, Booster: b}
		}
	}
	return t
}()

// randomRounds plays random rounds to the end of the game. Each seat's
// moves lie in its character's window of 7 (Move 7*character on), and a
// seat's lane holds its window: its live (owned and not destroyed) and
// barred moves, or its score. A pick is one lookup in its window and a
// pair of seats is scored with one lookup (pairGains); the state is
// written back at the end.
func (s *State) randomRounds(d *digits) {
	ps := s.seats()
	// The lanes: live moves; the three-in-a-row rule as bit sets, one the
	// last move, two that move if it was also played the round before,
	// blocked that move if it was played three rounds running (a move
	// with bit m updates them to blocked = two&m, two = one&m, one = m);
	// the single-use and the destructive moves of each window; the
	// scores and the waits; and each seat's part of a pairGains index,
	// its loadout's code times 8, to which its pick is or-ed (0 for
	// padding, whose pick 7 scores nothing).
	var live, one, two, blocked, single, wrecks, pts, codes, waits uint32
	for i := range ps {
		p := &ps[i]
		base, sh := 7*uint32(p.character&3), 8*uint32(i&3)
		live |= (p.owned &^ p.destroyed) >> base & 127 << sh
		blocked |= p.blocked >> base & 127 << sh
		if p.moveStreak > 0 {
			m := uint32(1) << ((uint32(p.lastMove) - base) & 7) << sh
			one |= m
			if p.moveStreak > 1 {
				two |= m
			}
		}
		single |= nzsc.SingleUseMask >> base & 127 << sh
		wrecks |= nzsc.DestructiveMask >> base & 127 << sh
		pts |= uint32(p.points) << sh
		waits |= uint32(p.waits) << sh
		codes |= loadoutCode(p.character, p.booster) << 3 << sh
	}
	seats := laneBytes[1<<len(ps)-1]
	// With two players a pass voids the round; with more the others play
	// it. Only with four is the last lane a seat's.
	passVoids, four := len(ps) == 2, len(ps) == 4
	// A pass costs pass waits, and a seat with fewer has none left.
	pass := uint32(nzsc.Stuck.Waits()) * 0x01010101
	// The loop keeps pairs of words in one 64-bit word each, the first in
	// the low half: with fewer values, fewer of them are kept in memory
	// (3 players: 1.5% fewer instructions).
	lb := uint64(live) | uint64(blocked)<<32
	ot := uint64(one) | uint64(two)<<32
	pw := uint64(pts) | uint64(waits)<<32
	dd := *d
	rounds := s.TurnCap - s.Turn // before the turn cap
	for {
		avail := uint32(lb) &^ uint32(lb>>32)
		// The seats with a move (a non-empty lane) draw a digit each, in
		// seat order: a seat's is the one after as many digits as there
		// are such lanes below its own, and at counts their bits.
		has := (avail + 0x7F7F7F7F) & 0x80808080 >> 7
		// Bit 7 of a lane marks a stuck seat: whatever it answers is a
		// pass, and it stays stuck. When every seat is (which can last to
		// the turn cap), there is nothing but the passes to play.
		stuck := seats & 0x80808080
		if has != 0 {
			at := has * 0x01010100 * 7
			k := int(has * 0x01010101 >> 24)
			if dd.have < k {
				dd.dig, dd.have = dd.dig|deal(dd.src.Uint64())<<(7*uint(dd.have)&63), dd.have+6
			}
			dd.have -= k
			k0 := pickAt(avail&127, dd.dig, at&0xFF)
			k1 := pickAt(avail>>8&127, dd.dig, at>>8&0xFF)
			k2 := pickAt(avail>>16&127, dd.dig, at>>16&0xFF)
			k3 := uint32(7) // the padding's pick
			if four {
				k3 = pickAt(avail>>24&127, dd.dig, at>>24)
			}
			dd.dig >>= 7 * uint(k) & 63
			pick := uint32(1)<<(k0&31) | 1<<((k1+8)&31) | 1<<((k2+16)&31) | 1<<((k3+24)&31)
			stuck = pick & seats & 0x80808080
			pick &= 0x7F7F7F7F
			if stuck == 0 || !passVoids {
				y0 := (codes&0xFF | k0) << 6
				y1 := (codes>>8&0xFF | k1) << 6
				y2 := codes>>16&0xFF | k2
				g := pairGains[(y0|y1>>6)&4095]&0xFFFF + pairGains[(y0|y2)&4095]&0xFF00FF +
					(pairGains[(y1|y2)&4095]&0xFFFF)<<8
				if four {
					y3 := codes>>24 | k3
					g += pairGains[(y0|y3)&4095]&0xFF0000FF + (pairGains[(y1|y3)&4095]&0xFF00FF)<<8 +
						(pairGains[(y2<<6|y3)&4095]&0xFFFF)<<16
				}
				// Scores stay below 128, so no carry reaches the waits.
				pw += uint64(g)
				// A single-use move destroys itself, and a destructive one
				// the move of every other seat that played (destructive moves
				// are single-use, as a constant below checks).
				kill := pick & single
				if pick&wrecks != 0 {
					kill = pick
				}
				// For the seats that played: blocked = two&m, two = one&m,
				// one = m.
				act := ^(stuck >> 7 * 0xFF)
				one, two := uint32(ot), uint32(ot>>32)
				lb = uint64(uint32(lb)&^kill) | uint64(uint32(lb>>32)&^act|pick&two)<<32
				ot = uint64(one&^act|pick) | uint64(two&^act|pick&one)<<32
			}
		}
		if stuck != 0 {
			// Each stuck seat pays a pass's waits; one that has too few
			// is left with none and every opponent scores a point.
			pts, waits := uint32(pw), uint32(pw>>32)
			lanes := stuck >> 7 * 0xFF
			paid := lanes & ((waits | 0x80808080) - pass) & 0x80808080 >> 7 * 0xFF
			out := lanes &^ paid & 0x01010101
			waits = (waits - paid&pass) &^ (out * 0xFF)
			pts += (out*0x01010101>>24)*(seats&0x01010101) - out
			pw = uint64(pts) | uint64(waits)<<32
		}
		rounds--
		if (uint32(pw)+bias5)&0x80808080 != 0 || rounds == 0 {
			pts, won, _ := settleLanes(uint32(pw), seats)
			pw = pw&^0xFFFFFFFF | uint64(pts)
			if won >= 0 {
				s.Phase, s.Winner = nzsc.GameOver, int8(won)
				break
			}
			if rounds == 0 {
				s.Phase = nzsc.GameOver
				break
			}
		}
	}
	live, blocked, one, two = uint32(lb), uint32(lb>>32), uint32(ot), uint32(ot>>32)
	pts, waits = uint32(pw), uint32(pw>>32)
	*d = dd
	s.Turn = s.TurnCap - rounds
	// From the first seat up, each shifting the others down a lane.
	for i := range ps {
		p := &ps[i]
		base := 7 * nzsc.Move(p.character&3)
		p.points, p.waits = uint8(pts), uint8(waits)
		// A destroyed move is an owned one.
		p.destroyed |= p.owned &^ (live & 127 << base)
		p.blocked = blocked & 127 << base
		// A seat's streak lanes are one's, two's and blocked's bits of its
		// last move.
		if o := one & 127; o != 0 {
			p.lastMove = base + nzsc.Move(bits.TrailingZeros32(o))
			p.moveStreak = 1 + b2u(two&127 != 0) + b2u(blocked&127 != 0)
		}
		pts, waits, live, blocked, one, two = pts>>8, waits>>8, live>>8, blocked>>8, one>>8, two>>8
	}
}

// settleLanes applies the end-of-turn rules to the scores in the lanes of
// pts (seats has 0xFF in every seat's lane, and the other lanes are
// zero): with two or more at 5 or more, every score drops by one (not
// below zero) until nobody has more than 5, then once more if two or more
// have 5; then a lone seat at 5 or more wins. It returns the scores, the
// winner or -1, and whether the deduction applied.
func settleLanes(pts, seats uint32) (_ uint32, winner int, deducted bool) {
	at5 := (pts + bias5) & 0x80808080
	if at5&(at5-1) != 0 {
		top := max(pts&0xFF, pts>>8&0xFF, pts>>16&0xFF, pts>>24)
		d := top - nzsc.WinningPoints
		// The seats at the top: the lanes where pts^top is zero.
		z := pts ^ top*0x01010101
		z = ^((z&0x7F7F7F7F + 0x7F7F7F7F) | z | 0x7F7F7F7F) & seats
		if z&(z-1) != 0 {
			d++
		}
		// Subtract d in every lane, stopping at zero: a lane keeps its top
		// bit exactly when it was at least d.
		r := pts | 0x80808080 - d*0x01010101
		pts = r & (r & 0x80808080 >> 7 * 0xFF) & 0x7F7F7F7F
		at5 = (pts + bias5) & 0x80808080
		deducted = true
	}
	if at5 == 0 {
		return pts, -1, deducted
	}
	return pts, bits.TrailingZeros32(at5) >> 3, deducted
}

// This does not compile unless every destructive move is single-use (the
// negation of a nonzero unsigned constant overflows), as randomRounds
// relies on.
const _ = -(nzsc.DestructiveMask &^ nzsc.SingleUseMask)

// bias5 is added to every score lane so that a score of 5 or more sets
// its lane's top bit (scores stay far below 128).
const bias5 = (128 - nzsc.WinningPoints) * 0x01010101

// laneBytes[set] has 0xFF in the lane of every seat of set.
var laneBytes = func() (t [16]uint32) {
	for set := range t {
		for i := range MaxPlayers {
			if set>>i&1 == 1 {
				t[set] |= 0xFF << (8 * i)
			}
		}
	}
	return t
}()

// loadoutCode numbers what scoring needs of a loadout: its character and
// whether its booster is Strong (Smash against Shadow Fireball).
func loadoutCode(c nzsc.Character, b nzsc.Booster) uint32 {
	return uint32(c&3)<<1 | uint32(b2u(b == nzsc.Strong))
}

// pairGains[a<<9 | ka<<6 | b<<3 | kb] holds what two seats score against
// each other in a round when seat A has loadout code a (see loadoutCode)
// and plays the ka-th move of its window, and B has code b and plays its
// kb-th: A's points in byte 0 and B's in bytes 1, 2 and 3, so that a mask
// puts them in the lanes of any two seats A < B. Pick 7, a stuck seat's,
// scores nothing either way. It is nzsc.PairPoints read in window
// coordinates.
var pairGains = func() (t [1 << 12]uint32) {
	for a := range uint32(8) {
		for b := range uint32(8) {
			ma, mb := nzsc.Move(7*(a>>1)), nzsc.Move(7*(b>>1))
			for ka := range nzsc.Move(7) {
				for kb := range nzsc.Move(7) {
					ga, gb := nzsc.PairPoints(ma+ka, mb+kb, a&1 == 1, b&1 == 1)
					t[a<<9|uint32(ka)<<6|b<<3|uint32(kb)] = uint32(ga) | uint32(gb)*0x01010100
				}
			}
		}
	}
	return t
}()

func b2u(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// digits deals the base-60 digits of src's words, six to a word. dig
// holds the digits at hand, the next in its low 7 bits, and have counts
// them. A turn first makes sure that the digits its seats draw are at
// hand, drawing a word (see deal) when fewer are left (at most three are
// left over then, so nine fit in dig), then takes them one by one
// without checks. The turn loops work on a copy of their digits, so that
// they stay in registers.
type digits struct {
	// src is named by its own package: through an alias in a package
	// this one does not import (engine/nzsc's nzsc.Wyrand, since
	// removed), the compiler (go1.26) did not inline its Uint64 here, which cost the
	// 3- and 4-player games 1-3% of their instructions.
	src  *rng.Wyrand
	dig  uint64
	have int
}

// pickAt returns a uniform pick among the set bits of the 7-bit window
// w, the position of one, read from the digit at bit at of dig. An empty
// window (a stuck seat's) gives 7.
func pickAt(w uint32, dig uint64, at uint32) uint32 {
	return uint32(windowPick[w&127][dig>>(at&63)&63])
}

// deal returns the six digits of a word w drawn from a source, 7 bits
// each, the first in the low bits: w read as the fraction w/2^64, its
// first base-60 digits, each the high word of w*60 with the low word
// carrying on.
func deal(w uint64) uint64 {
	// Written out: as a loop, the digits cost three times the
	// instructions.
	u0, w := bits.Mul64(w, 60)
	u1, w := bits.Mul64(w, 60)
	u2, w := bits.Mul64(w, 60)
	u3, w := bits.Mul64(w, 60)
	u4, w := bits.Mul64(w, 60)
	u5, _ := bits.Mul64(w, 60)
	return u0 | u1<<7 | u2<<14 | u3<<21 | u4<<28 | u5<<35
}

// windowPick[w][u] is the position of the (u mod k)-th set bit of the
// 7-bit window w with k set bits: a uniform pick in one lookup. Rows are
// padded to 64 so that a 6-bit digit needs no bounds check. The empty
// window's row is all 7, a position outside every window.
var windowPick = func() (t [128][64]uint8) {
	t[0] = [64]uint8{7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
		7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7}
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
