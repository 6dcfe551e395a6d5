package agents

import (
	"math/rand/v2"

	"github.com/nzsclab/nzsc/engine"
)

func init() {
	Register(Info{
		Name: "random",
		Help: "uniform over legal choices in every phase, No Booster included",
		New:  func(Params) (Agent, error) { return &Random{}, nil },
	})
}

// Random chooses uniformly among its legal choices.
type Random struct{ rng *rand.Rand }

// NewGame implements Agent.
func (r *Random) NewGame(_ int, rng *rand.Rand) { r.rng = rng }

// Choose implements Agent.
func (r *Random) Choose(d *Decision) engine.Choice { return d.Legal[r.rng.IntN(len(d.Legal))] }
