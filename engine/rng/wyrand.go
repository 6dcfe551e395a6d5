// Package rng holds the lab's fast random generator, Wyrand, shared by
// every game and every bot: the random games of two-player NZSC
// (engine/nzsc) and of NZSC at 3 or 4 (engine/nzscn), the NPZR shuffle
// and rollouts (engine/npzr), the bots' seat sources (agents). It sits
// apart from any one game so that no game imports another for it. A
// Wyrand is a plain value, not safe for concurrent use; nothing here
// allocates but NewWyrand.
package rng

import "math/bits"

// Wyrand is the wyrand generator (Wang Yi's, from wyhash; also the Go
// runtime's cheap generator): a 64-bit counter advanced by an odd
// constant, each state folded through a 64×64→128-bit multiply. It is
// the seats' source in nzsc.PlayRandom and in the bots' games, chosen for
// speed: a draw is an add, a xor and one multiply, where PCG needs three.
// Its author reports that it passes BigCrush and PractRand. It is not for
// cryptography.
//
// Its state is 64 bits, so two streams started at unrelated points can
// overlap; among N streams of L draws that happens with probability
// about N²L/2^64 (well below one shared draw in a billion games of a few
// draws a seat). Seed spaces sequential seeds far apart (see Seed).
//
// The zero Wyrand is the one seeded with (0, 0). It implements
// math/rand/v2.Source.
type Wyrand struct{ state uint64 }

// The constants of wyrand: wyP0 advances the state, wyP1 is xored into
// the multiplier.
const (
	wyP0 = 0xa0761d6478bd642f
	wyP1 = 0xe7037ed1a0b428db
)

// NewWyrand returns a Wyrand seeded with (seed, stream).
func NewWyrand(seed, stream uint64) *Wyrand {
	r := new(Wyrand)
	r.Seed(seed, stream)
	return r
}

// Seed sets r to the start of stream stream of seed seed. Distinct
// (seed, stream) pairs give distinct starting states: the pair is mixed
// by a xor and a multiplication by an odd constant, both invertible, so
// that consecutive seeds start their counters far apart
// (TestWyrandSeedsApart checks how far).
func (r *Wyrand) Seed(seed, stream uint64) {
	r.state = (seed ^ stream*wyStream) * wySpread
}

// wyStream separates the streams of a seed; wySpread spaces consecutive
// seeds (it is SplitMix64's first multiplier).
const (
	wyStream = 0xd1b54a32d192ed03
	wySpread = 0xbf58476d1ce4e5b9
)

// Uint64 returns the next value.
func (r *Wyrand) Uint64() uint64 {
	r.state += wyP0
	return Mix(r.state)
}

// Step is what a draw adds to the state, and Mix the output of a state:
// the next value after state s is Mix(s + Step). They, State and
// SetState are for a hot loop that keeps several generators' states in
// its own variables and draws with them (nzsc.PlayRandom's draws),
// with the same values as Uint64.
const Step = wyP0

// Mix is wyrand's output function of a state.
func Mix(s uint64) uint64 {
	hi, lo := bits.Mul64(s, s^wyP1)
	return hi ^ lo
}

// State returns r's state: Uint64 returns Mix(State()+Step).
func (r *Wyrand) State() uint64 { return r.state }

// SetState sets r's state, as State returned it.
func (r *Wyrand) SetState(s uint64) { r.state = s }
