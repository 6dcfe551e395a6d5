package nzsc

import (
	"math/bits"
	"math/rand/v2"

	"github.com/nzsclab/nzsc/agents"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

func init() {
	agents.Register(agents.Info{
		Name: "random",
		Help: "uniform over legal choices in every phase, No Booster included",
		New:  func(agents.Params) (agents.Agent, error) { return &maskRandom{}, nil },
	})
}

// Random chooses uniformly among its legal choices. It reads its picks
// as nz.State.PlayRandom does: each 64-bit word from its source gives
// six picks, the successive base-60 digits of word/2^64, and a pick is
// Legal[digit mod len(Legal)] (60 is divisible by every count from 1 to
// 5). So two Random bots play exactly PlayRandom's game with their seats'
// sources, which is how nzsc match plays them (see tournament).
type Random struct {
	rng  *rand.Rand
	word uint64
	left int // digits left in word
}

// NewGame implements agents.Agent.
func (r *Random) NewGame(_ int, rng *rand.Rand) { r.rng, r.left = rng, 0 }

// Choose implements agents.Agent.
func (r *Random) Choose(d *agents.Decision) nz.Choice {
	return d.Legal[r.digit()%uint64(len(d.Legal))]
}

// IsRandom reports whether a is the uniform random bot itself (Random,
// or the registered maskRandom), whose games with another are exactly
// nz.State.PlayRandom's: the runner's fast path asks.
func IsRandom(a agents.Agent) bool {
	switch a.(type) {
	case *Random, *maskRandom:
		return true
	}
	return false
}

// maskRandom is the registered random bot: Random with ChooseMask, the
// table's bit-set path. The method is not Random's own, so that a bot
// embedding Random to override Choose does not inherit a ChooseMask
// that the table would call instead.
type maskRandom struct{ Random }

// ChooseMask implements agents.MaskChooser: the set's k-th choice in
// ascending order, k the digit mod the set's size, as Choose picks from
// the list.
func (r *maskRandom) ChooseMask(_ *agents.Decision, legal uint32) nz.Choice {
	for k := r.digit() % uint64(bits.OnesCount32(legal)); k > 0; k-- {
		legal &= legal - 1
	}
	return nz.Choice(bits.TrailingZeros32(legal))
}

// digit is the next base-60 digit of the source's words.
func (r *Random) digit() uint64 {
	if r.left == 0 {
		r.word, r.left = r.rng.Uint64(), 6
	}
	digit, rest := bits.Mul64(r.word, 60)
	r.word, r.left = rest, r.left-1
	return digit
}
