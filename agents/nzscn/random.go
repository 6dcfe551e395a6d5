package nzscn

import (
	"math/rand/v2"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
)

func init() {
	agents.Register(agents.Info{
		Name: "random", MinSeats: minSeats, MaxSeats: maxSeats,
		Help:      "uniform over legal choices in every phase, No Booster included (3 or 4 players)",
		NewPlayer: func(agents.Params) (agents.Player, error) { return &Random{}, nil },
	})
}

// Random chooses uniformly among its legal choices. It plays at 3 or 4
// seats.
type Random struct{ rng *rand.Rand }

// NewGame implements agents.Player.
func (r *Random) NewGame(_ game.Game, _ int, rng *rand.Rand) { r.rng = rng }

// Act implements agents.Player.
func (r *Random) Act(_ game.Observation, legal []game.Action) game.Action {
	return legal[r.rng.IntN(len(legal))]
}
