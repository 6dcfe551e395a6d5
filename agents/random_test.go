package agents

import (
	"math/bits"
	"math/rand/v2"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Random is these tests' two-player opponent, uniform over the legal
// choices and reading its source as agents/nzsc's random bot does. The
// tests of package agents cannot import agents/nzsc (it imports agents),
// so they keep this copy; bots_link_test.go links the registered bots in
// for the tests that build bots from specs.
type Random struct {
	rng  *rand.Rand
	word uint64
	left int
}

func (r *Random) NewGame(_ int, rng *rand.Rand) { r.rng, r.left = rng, 0 }

func (r *Random) Choose(d *Decision) nzsc.Choice {
	if r.left == 0 {
		r.word, r.left = r.rng.Uint64(), 6
	}
	digit, rest := bits.Mul64(r.word, 60)
	r.word, r.left = rest, r.left-1
	return d.Legal[digit%uint64(len(d.Legal))]
}
