package nzsc

import (
	"fmt"
	"math/rand/v2"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

func init() {
	agents.Register(agents.Info{
		Name: "classic",
		Help: "the original single-player game's computer: xorshift32, uniform over its available choices, never No Booster",
		Params: []agents.Param{{
			Name: "seed",
			Help: "fixed 32-bit generator start, 1..4294967295 (decimal or 0x-hex); default: drawn from each game's seed",
		}},
		New: func(p agents.Params) (agents.Agent, error) {
			if p["seed"] == "" {
				return NewClassic(0), nil
			}
			seed, err := ParseClassicSeed(p["seed"])
			if err != nil {
				return nil, err
			}
			return NewClassic(seed), nil
		},
	})
}

// ParseClassicSeed reads a starting state for the classic opponent's
// generator: decimal or 0x-hex, in 1..2^32-1. Zero is refused because
// xorshift never leaves it (the opponent would always pick its first
// option); the original drew its seeds from the same range.
func ParseClassicSeed(s string) (uint32, error) {
	v, err := game.ParseSeed(s)
	if err != nil {
		return 0, err
	}
	if v == 0 || v > 1<<32-1 {
		return 0, fmt.Errorf("the classic opponent's seed is its 32-bit generator state and must be in 1..4294967295 (0x1..0xffffffff), not %s", s)
	}
	return uint32(v), nil
}

// Classic is the computer opponent of the original single-player NZSC
// game, reproduced draw for draw: with the same starting state and the
// same answers from its opponent it makes the original's choices.
//
// Its generator is xorshift32 (x ^= x<<13; x ^= x>>17; x ^= x<<5); each
// draw is (x>>16)/65536 and picks index floor(draw*n) among n options:
// its available characters, its character's two boosters (never No
// Booster), or its available moves, each in canonical order.
//
// The original drew only once the person's answer had proved legal. Here
// both seats answer at once, so Classic always draws, and rewinds its
// generator to where it stood before that draw when the next turn shows
// the opponent was penalized (a stuck opponent's pass included): a
// penalized answer consumes nothing, as in the original.
type Classic struct {
	// fixed is the starting state given by the spec; 0 means draw one
	// from each game's rng.
	fixed uint32
	x     uint32
	// prev is the state before the last draw, which happened while
	// History held drawTurn turns (-1: no draw yet this game).
	prev     uint32
	drawTurn int
}

// NewClassic returns a classic opponent whose generator starts every
// game at seed, or, for seed 0, at a nonzero state drawn from the rng
// each game receives.
func NewClassic(seed uint32) *Classic { return &Classic{fixed: seed, drawTurn: -1} }

// NewGame implements agents.Agent.
func (c *Classic) NewGame(_ int, rng *rand.Rand) {
	c.x, c.drawTurn = c.fixed, -1
	for c.x == 0 {
		c.x = rng.Uint32()
	}
}

// State returns the generator's current state.
func (c *Classic) State() uint32 { return c.x }

// Choose implements agents.Agent.
func (c *Classic) Choose(d *agents.Decision) nz.Choice {
	if n := len(d.History); n > 0 && c.drawTurn == n-1 && d.History[n-1].Offence(1-d.Seat) != nz.NoOffence {
		// The last draw answered an illegal choice: the original never
		// made it.
		c.x = c.prev
	}
	k := len(d.Legal)
	if d.State.Phase == nz.PickBooster && d.Legal[k-1] == nz.Choice(nz.NoBooster) {
		// Legal lists No Booster last; the original chose between its
		// character's two boosters only.
		k--
	}
	c.prev, c.drawTurn = c.x, len(d.History)
	return d.Legal[c.index(k)]
}

// index advances the generator and returns floor(draw*n) for the draw
// (x>>16)/65536. Computed in integers: (x>>16)*n fits in 32 bits for any
// n below 2^16, and dividing by 65536 is exact, so this equals the
// original's floating-point floor.
func (c *Classic) index(n int) int {
	var k int
	c.x, k = ClassicDraw(c.x, n)
	return k
}

// ClassicDraw is one draw of the classic opponent's generator from state
// x: it returns the next state and the index floor(draw*n) it picks among
// n options. The N-player classic bot draws with it too.
func ClassicDraw(x uint32, n int) (uint32, int) {
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	return x, int((x >> 16) * uint32(n) >> 16)
}

// Adapts says, for a fixed starting state (seed=), that its choices do
// not follow the uniform strategy Mix states: every game replays the
// generator from the same state, so a game's choices are one fixed
// sequence (a function of the turns so far), not independent draws.
// `nzsc exploit` then says that its figure does not describe the bot
// (analysis/exploit.Adaptive). With a state drawn from each game's seed
// (the default) it returns "".
func (c *Classic) Adapts() string {
	if c.fixed == 0 {
		return ""
	}
	return fmt.Sprintf("starts its generator at the same state (seed=%d) every game, so its choices are one fixed sequence, not the uniform strategy it states", c.fixed)
}

// Mix implements Mixer: uniform over d.Legal, but in the booster phase
// over the character's two boosters only (never No Booster). A draw's
// index floor((x>>16)·n/65536) is uniform up to 1/65536, which this
// ignores.
func (c *Classic) Mix(d *agents.Decision, probs []float64) {
	k := len(d.Legal)
	if d.State.Phase == nz.PickBooster && d.Legal[k-1] == nz.Choice(nz.NoBooster) {
		k--
	}
	clear(probs)
	for i := range k {
		probs[i] = 1 / float64(k)
	}
}
