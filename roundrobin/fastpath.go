package roundrobin

import (
	"math/bits"

	"github.com/nzsclab/nzsc/agents"
	nzscbots "github.com/nzsclab/nzsc/agents/nzsc"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// The uniform random bot is the baseline of most matches and the
// benchmark of the runner's overhead. Played through agents.Table, every
// decision pays for the Agent interface: the legal choices written out,
// a Decision built, an interface call to Choose and another from
// rand.Rand to its Source. nzscbots.Random reads its picks from its source
// exactly as nzsc.State.PlayRandom reads each seat's, so when both bots
// are *nzscbots.Random the match worker has the engine play the game
// instead: the same game, draw for draw (TestRandomFastPathIsTablePlay
// compares the two on many seeds).

// randomGame plays a game between two uniform random bots as
// agents.Table.Play would with two *nzscbots.Random from seed, and returns
// the final state. src is scratch space for the seats' sources.
func randomGame(src *[2]rng.Wyrand, rules nzsc.Rules, seed uint64) nzsc.State {
	// Seat i's source is Wyrand(seed, i), as agents.SeatSource.
	src[0].Seed(seed, 0)
	src[1].Seed(seed, 1)
	s := nzsc.NewGame(rules)
	s.PlayRandom(&src[0], &src[1])
	return s
}

// randomGameFrom is randomGame from s, a state after a run's opening:
// PlayRandom plays on from any state as the table's random bots would.
func randomGameFrom(src *[2]rng.Wyrand, s nzsc.State, seed uint64) nzsc.State {
	// Seat i's source is Wyrand(seed, i), as agents.SeatSource.
	src[0].Seed(seed, 0)
	src[1].Seed(seed, 1)
	s.PlayRandom(&src[0], &src[1])
	return s
}

// isRandom reports whether the fast path applies to a: it is the built-in
// uniform random bot (which has no parameters) and neither wants to hear
// about the game (Finisher) nor can fail (Faulter), which the engine does
// not do.
func isRandom(a agents.Agent) bool {
	if _, ok := a.(*nzscbots.Random); !ok {
		return false
	}
	if _, ok := a.(agents.Finisher); ok {
		return false
	}
	if _, ok := a.(agents.Faulter); ok {
		return false
	}
	return bits.UintSize == 64
}
