package nzscn

import (
	"math/rand/v2"

	"github.com/nzsclab/nzsc/agents"
	nzscbots "github.com/nzsclab/nzsc/agents/nzsc"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

func init() {
	agents.Register(agents.Info{
		Name: "classic", MinSeats: minSeats, MaxSeats: maxSeats,
		Help: "the original computer's rule at 3 or 4 seats: xorshift32, uniform over its available choices, never No Booster",
		Params: []agents.Param{{
			Name: "seed",
			Help: "fixed 32-bit generator start, 1..4294967295 (decimal or 0x-hex); default: drawn from each game's seed",
		}},
		NewPlayer: func(p agents.Params) (agents.Player, error) {
			if p["seed"] == "" {
				return NewClassic(0), nil
			}
			seed, err := nzscbots.ParseClassicSeed(p["seed"])
			if err != nil {
				return nil, err
			}
			return NewClassic(seed), nil
		},
	})
}

// Classic is the original single-player game's computer opponent (see
// nzscbots.Classic) at a table of 3 or 4: the same xorshift32 generator and
// the same uniform picks among its available characters, its character's
// two boosters (never No Booster) and its available moves, in canonical
// order. The original drew only once its opponent's answer had proved
// legal; here every turn is answered at once, so Classic draws and rewinds
// its generator when the turn its draw answered was nullified by another
// player's offence: a void turn consumes nothing, on each decision, as in
// the original.
type Classic struct {
	fixed, x uint32
	// prev is the state before the last draw, made while the history
	// held drawTurn turns (-1: none yet this game).
	prev     uint32
	drawTurn int
	players  int
}

// NewClassic returns a classic bot whose generator starts every game at
// seed, or for seed 0 at a nonzero state drawn from each game's rng.
func NewClassic(seed uint32) *Classic { return &Classic{fixed: seed, drawTurn: -1} }

// NewGame implements agents.Player.
func (c *Classic) NewGame(g game.Game, _ int, rng *rand.Rand) {
	c.x, c.drawTurn, c.players = c.fixed, -1, g.Seats()
	for c.x == 0 {
		c.x = rng.Uint32()
	}
}

// Adapts says, for a fixed starting state (seed=), that its choices do
// not follow the uniform strategy Mix states but replay one fixed
// sequence every game, in the two-player classic's words: `nzsc exploit
// --players N` then says that its figures do not describe the bot
// (analysis.Adaptive). With a state drawn from each game's seed (the
// default) it returns "".
func (c *Classic) Adapts() string { return nzscbots.NewClassic(c.fixed).Adapts() }

// Act implements agents.Player.
func (c *Classic) Act(obs game.Observation, legal []game.Action) game.Action {
	o := observed(obs)
	if n := len(o.History); n > 0 && c.drawTurn == n-1 && o.History[n-1].Nullified(c.players) {
		c.x = c.prev
	}
	k := len(legal)
	if o.State.Phase == nzsc.PickBooster && legal[k-1] == game.Action(nzsc.NoBooster) {
		k-- // legal lists No Booster last; the original never picks it
	}
	c.prev, c.drawTurn = c.x, len(o.History)
	var i int
	c.x, i = nzscbots.ClassicDraw(c.x, k)
	return legal[i]
}
