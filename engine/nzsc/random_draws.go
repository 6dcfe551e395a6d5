package nzsc

import (
	"math/bits"

	"github.com/nzsclab/nzsc/engine/rng"
)

// This file holds PlayRandom's draws: how the seats' generators become
// the digits that their picks are read from.

// draws holds what PlayRandom reads its picks from: the seats' generator
// states and the digits of the two words in hand.
//
// A word w is read as the fraction w/2^64 and its first six base-60
// digits are taken, one per pick: digit = high word of w*60, and the low
// word carries on. The six digits are uniform up to a bias below
// 60^6/2^64 (about 2.5e-9), far under anything measurable. Every seat has
// 1 to 5 options and 60 is divisible by each count, so option digit mod n
// is uniform. The digits are known before n, which keeps the draws off a
// round's serial chain: a move pick is a single table lookup.
type draws struct {
	src [2]uint64 // the seats' Wyrand states
	// c[k] holds both seats' k-th digits, seat 0's in bits 0-5 and seat
	// 1's at digitB, where each sits in a round's pickTable index (see
	// playRounds).
	c    [8]uint32
	next uint // the index of the next digit to take; 6 when none is left
	// blockedDead collects moves that playRounds saw blocked and destroyed
	// in the same round (see finishRounds).
	blockedDead uint32
	// lost is the lostTable row of the game's characters.
	lost *[64]uint16
}

// refill draws seat 0's next word and then seat 1's, and unpacks their
// digits. The twelve digits are written out: as a loop (the compiler does
// not unroll it) a random game ran 17% more instructions.
func (d *draws) refill() {
	d.src[0] += rng.Step
	d.src[1] += rng.Step
	w := rng.Mix(d.src[0])
	var a0, a1, a2, a3, a4, a5, h uint64
	a0, w = bits.Mul64(w, 60)
	a1, w = bits.Mul64(w, 60)
	a2, w = bits.Mul64(w, 60)
	a3, w = bits.Mul64(w, 60)
	a4, w = bits.Mul64(w, 60)
	a5, _ = bits.Mul64(w, 60)
	w = rng.Mix(d.src[1])
	h, w = bits.Mul64(w, 60)
	d.c[0] = uint32(a0) | uint32(h)<<digitB
	h, w = bits.Mul64(w, 60)
	d.c[1] = uint32(a1) | uint32(h)<<digitB
	h, w = bits.Mul64(w, 60)
	d.c[2] = uint32(a2) | uint32(h)<<digitB
	h, w = bits.Mul64(w, 60)
	d.c[3] = uint32(a3) | uint32(h)<<digitB
	h, w = bits.Mul64(w, 60)
	d.c[4] = uint32(a4) | uint32(h)<<digitB
	h, _ = bits.Mul64(w, 60)
	d.c[5] = uint32(a5) | uint32(h)<<digitB
	d.next = 0
}

// take returns both seats' next digits, drawing new words when none is
// left.
func (d *draws) take() (ua, ub uint32) {
	k := d.next
	if k >= 6 {
		d.refill()
		k = 0
	}
	d.next = k + 1
	return d.c[k&7] & 63, d.c[k&7] >> digitB
}

// Digits is one seat's picks as the random bot reads them from its own
// source: the base-60 digits of 64-bit words, six to a word, the first
// first (as draws reads PlayRandom's), a pick being LegalAt(legal,
// digit) and a word drawn when none is left:
//
//	if d.Spent() {
//		d.Fill(src.Uint64())
//	}
//	c := LegalAt(legal, d.Next())
//
// A bot that keeps its Digits and a caller that holds the bot's source
// (agents.Table, which then makes the random bot's picks inline, without
// an interface call) read the same stream through the same methods, each
// small enough to be inlined (a method doing all three is not: its cost
// is 135 against the inliner's 80). The zero Digits has no digit left.
// A Digits is a plain value, not safe for concurrent use.
type Digits struct {
	word uint64
	left uint64 // digits left in word
}

// Reset drops the digits left, so that the next pick draws a new word.
func (d *Digits) Reset() { d.left = 0 }

// Spent reports whether no digit is left: the next is read from a new
// word (Fill).
func (d *Digits) Spent() bool { return d.left == 0 }

// Fill starts a new word, w's six digits.
func (d *Digits) Fill(w uint64) { d.word, d.left = w, 6 }

// Next returns the next digit, below 60; d must not be Spent.
func (d *Digits) Next() uint {
	digit, rest := bits.Mul64(d.word, 60)
	d.word, d.left = rest, d.left-1
	return uint(digit)
}
