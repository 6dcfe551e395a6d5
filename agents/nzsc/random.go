package nzsc

import (
	"math/rand/v2"

	"github.com/nzsclab/nzsc/agents"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

func init() {
	agents.Register(agents.Info{
		Name: "random",
		Help: "uniform over legal choices in every phase, No Booster included",
		New:  func(agents.Params) (agents.Agent, error) { return &Random{}, nil },
	})
}

// Random chooses uniformly among its legal choices. It reads its picks
// as nz.State.PlayRandom does: each 64-bit word from its source gives
// six picks, the successive base-60 digits of word/2^64, and a pick is
// Legal[digit mod len(Legal)] (60 is divisible by every count from 1 to
// 5). So two Random bots play exactly PlayRandom's game with their seats'
// sources, which is how nzsc match plays them (see tournament).
type Random struct {
	rng    *rand.Rand
	digits nz.Digits
}

// NewGame implements agents.Agent.
func (r *Random) NewGame(_ int, rng *rand.Rand) { r.rng = rng; r.digits.Reset() }

// Choose implements agents.Agent.
func (r *Random) Choose(d *agents.Decision) nz.Choice {
	if r.digits.Spent() {
		r.digits.Fill(r.rng.Uint64())
	}
	// A 32-bit division: the same remainder (digit < 60), and cheaper than
	// a 64-bit one on the x86 cores before Ice Lake.
	return d.Legal[uint32(r.digits.Next())%uint32(len(d.Legal))]
}

// ChooseMask implements agents.MaskChooser: Choose's pick from the same
// digit, d.Legal[digit mod len(d.Legal)], found in the set by nz.LegalAt
// without a list or a division. (The draw is written out in both rather
// than in a helper, which the inliner would not take: a call more a
// decision.)
func (r *Random) ChooseMask(_ *agents.Decision, legal uint32) nz.Choice {
	if r.digits.Spent() {
		r.digits.Fill(r.rng.Uint64())
	}
	return nz.LegalAt(legal, r.digits.Next())
}

// Digits implements agents.DigitPicker: agents.Table makes Random's
// picks itself, ChooseMask's from the same digits and the same source,
// without calling it.
func (r *Random) Digits() *nz.Digits { return &r.digits }

// Mix implements Mixer: uniform over d.Legal (six picks per draw, read
// as base-60 digits, are uniform over any count from 1 to 5).
func (r *Random) Mix(d *agents.Decision, probs []float64) {
	for i := range probs {
		probs[i] = 1 / float64(len(probs))
	}
}
