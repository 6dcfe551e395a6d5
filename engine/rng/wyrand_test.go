package rng

import (
	"math/big"
	"testing"
)

// TestWyrandKnownAnswers pins the first outputs of the zero state and of
// a seeded stream, computed with Python's big integers from wyrand's
// definition (state += P0; out = hi ^ lo of state*(state^P1)).
func TestWyrandKnownAnswers(t *testing.T) {
	for _, c := range []struct {
		r    *Wyrand
		want []uint64
	}{
		{&Wyrand{}, []uint64{0x111cb3a78f59a58e, 0xceabd938ff4e856d, 0x61fb51318f47d2a4, 0x78bd03c491909760}},
		{NewWyrand(12345, 1), []uint64{0xf86f8352a14da790, 0x9633f2c2c1c9c38b, 0x746e113514bfe407}},
	} {
		for i, w := range c.want {
			if got := c.r.Uint64(); got != w {
				t.Fatalf("output %d = %#x, want %#x", i, got, w)
			}
		}
	}
}

// TestWyrandMatchesBigProduct checks Uint64 against the definition worked
// with math/big over many states.
func TestWyrandMatchesBigProduct(t *testing.T) {
	mask := new(big.Int).SetUint64(^uint64(0))
	r := NewWyrand(7, 3)
	for range 10000 {
		s := r.state + wyP0
		p := new(big.Int).Mul(new(big.Int).SetUint64(s), new(big.Int).SetUint64(s^wyP1))
		want := new(big.Int).Rsh(p, 64).Uint64() ^ new(big.Int).And(p, mask).Uint64()
		if got := r.Uint64(); got != want {
			t.Fatalf("state %#x: got %#x, want %#x", s, got, want)
		}
	}
}

// TestWyrandSeedsApart checks the claim of Seed: two seeds of one stream
// below 2^44 never share any of their first 2^16 draws. Their starting
// states differ by d*wySpread with 0 < |d| < 2^44 (a xor with a constant
// changes no bit above the seeds' highest), and a state is met again j
// draws later only if that difference is j*wyP0, so it suffices that
// j*wyP0/wySpread (mod 2^64) is at least 2^44 from zero for every such j.
func TestWyrandSeedsApart(t *testing.T) {
	inv := uint64(1) // wySpread's inverse mod 2^64, by Newton's iteration
	for range 6 {
		inv *= 2 - wySpread*inv
	}
	if inv*wySpread != 1 {
		t.Fatal("no inverse")
	}
	for j := uint64(1); j < 1<<16; j++ {
		d := j * wyP0 * inv
		if min(d, -d) < 1<<44 {
			t.Fatalf("j = %d: seeds %d apart share a draw", j, min(d, -d))
		}
	}
}
