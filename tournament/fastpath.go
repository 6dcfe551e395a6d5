package tournament

import (
	"math/bits"
	"math/rand/v2"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
)

// The uniform random bot is the baseline of most matches and the
// benchmark of the runner's overhead. Played through agents.Table, every
// decision pays for the Agent interface: the legal choices written out,
// a Decision built, an interface call to Choose and another from
// rand.Rand to its Source. When both bots are *agents.Random the match
// worker plays the game with the loop below instead: the same game, draw
// for draw (TestRandomFastPathIsTablePlay compares the two on many
// seeds), without the indirections.

// randomGame plays a game between two uniform random bots as
// agents.Table.Play would with two *agents.Random from seed, and returns
// the final state and whether the move phase was reached (the loadouts
// are settled). pcg is scratch space for the seats' sources.
func randomGame(pcg *[2]rand.PCG, rules engine.Rules, seed uint64) (engine.State, bool) {
	// Seat i's source is PCG(seed, i), as agents.SeatSource.
	pcg[0].Seed(seed, 0)
	pcg[1].Seed(seed, 1)
	s := engine.NewGame(rules)
	settled := false
	for s.Phase != engine.GameOver {
		settled = s.Phase == engine.PickMove
		a := randomChoice(&pcg[0], s.LegalMask(0))
		b := randomChoice(&pcg[1], s.LegalMask(1))
		s.Step(a, b)
	}
	return s, settled
}

// randomChoice is agents.Random's choice, Legal[rng.IntN(len(Legal))],
// with Legal the set bits of mask in ascending order; a stuck seat (empty
// mask) draws nothing and answers Unknown, as Table.Play does. Random
// draws make any data-dependent branch mispredict half the time, so the
// k-th set bit comes from a table and intN selects without branching.
func randomChoice(src *rand.PCG, mask uint32) engine.Choice {
	if mask == 0 {
		return engine.Unknown
	}
	low := bits.TrailingZeros32(mask)
	k := intN(src, uint64(bits.OnesCount32(mask)))
	return engine.Choice(low + int(kthSetBit[(mask>>low)&(kthSpan-1)][k&7]))
}

// kthSpan bounds the spread of a legal-choice mask from its lowest set
// bit: characters span 4 bits, a character's moves 7, its boosters (2c,
// 2c+1 and NoBooster = 8) up to 9.
const kthSpan = 1 << 9

// kthSetBit[m][k] is the position of the k-th lowest set bit of m.
var kthSetBit = func() (t [kthSpan][8]uint8) {
	for m := range t {
		k := 0
		for i := range 9 {
			if m>>i&1 == 1 && k < 8 {
				t[m][k] = uint8(i)
				k++
			}
		}
	}
	return t
}()

// intN is (*rand.Rand).IntN(n) on a 64-bit machine for a *rand.PCG
// source (math/rand/v2's uint64n): the low bits for a power of two, else
// Lemire's multiply-shift, rejecting the rare draws (probability below
// n/2^64) that would bias it. Both candidates are computed and one is
// selected without a branch.
func intN(src *rand.PCG, n uint64) uint64 {
	x := src.Uint64()
	hi, lo := bits.Mul64(x, n)
	if n&(n-1) == 0 {
		// Conditional moves: lo = n also skips the rejection test.
		hi, lo = x&(n-1), n
	}
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(src.Uint64(), n)
		}
	}
	return hi
}

// bothRandom reports whether the fast path applies: both agents are the
// built-in uniform random bot (which has no parameters) and neither wants
// to hear about the game (Finisher) or can fail (Faulter), which the loop
// does not do.
func bothRandom(a, b agents.Agent) bool {
	for _, x := range []agents.Agent{a, b} {
		if _, ok := x.(*agents.Random); !ok {
			return false
		}
		if _, ok := x.(agents.Finisher); ok {
			return false
		}
		if _, ok := x.(agents.Faulter); ok {
			return false
		}
	}
	return bits.UintSize == 64
}
