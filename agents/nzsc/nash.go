package nzsc

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"gonum.org/v1/gonum/mat"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis/nash"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

func init() {
	agents.Register(agents.Info{
		Name: "nash",
		Help: "samples the equilibrium of each round's one-shot sub-game (points minus opponent's points); loadout phases solved as games too",
		New:  func(agents.Params) (agents.Agent, error) { return newNash(), nil },
	})
}

// Nash plays, in every phase, a sample from its side of the Nash
// equilibrium of a one-shot zero-sum game, solved by linear programming
// (analysis/nash: gonum's lp.Simplex, certificate-checked, with the Bland
// fallback):
//
//   - Move: its available moves against the opponent's available moves,
//     payoff = the points it scores in the round minus the points the
//     opponent scores (RoundPoints both ways, Strong flags included). The
//     game ignores what comes after the round (destruction, streaks,
//     the score), which is what makes it one-shot. If the opponent is
//     stuck, every move is worth the same and it picks uniformly.
//   - Booster: its boosters against the opponent's (three each, two when
//     the rules forbid No Booster); the entry
//     is the value of the first round's sub-game between the two full
//     loadouts plus the headstart difference already settled (a
//     constant, kept so that the character phase can use the value).
//   - Character: its legal characters against the opponent's legal
//     characters; the entry for c against c' is the value of the booster
//     game for (c, c'), and 0 for a clash (c = c'), the value of the
//     symmetric repick that follows.
//
// Solutions are cached in tables shared by every Nash instance: an
// atomic pointer per distinct sub-game (about 150,000 possible move
// sub-games, far fewer reached), so instances on different goroutines
// share the work without locks, and Choose allocates nothing once a
// sub-game is cached.
type Nash struct{ rng *rand.Rand }

// mixed is a cached strategy: cumulative probabilities over the chooser's
// legal choices in canonical order.
type mixed struct {
	n   int
	cum [nz.MaxChoices]float64
}

// The per-side key of a move sub-game: character, booster slot and the
// 5-bit subset of the loadout's moves still available.
const nashSideKeys = nz.NumCharacters * 3 * 32

var nashTables struct {
	once sync.Once
	// move[my key*nashSideKeys + their key]
	move []atomic.Pointer[mixed]
	// booster[look][c][c'] and its value (headstart difference
	// included), by loadoutLook: the rules that change the loadout phases.
	booster      [4][nz.NumCharacters][nz.NumCharacters]mixed
	boosterValue [4][nz.NumCharacters][nz.NumCharacters]float64
	// character[look][my legal mask][their legal mask]
	character [4][16][16]atomic.Pointer[mixed]
}

func newNash() *Nash {
	nashTables.once.Do(initNashTables)
	return &Nash{}
}

// initNashTables solves the 4×4 booster games, each from the values of
// the 3×3 first-round sub-games of its loadouts.
func initNashTables() {
	t := &nashTables
	t.move = make([]atomic.Pointer[mixed], nashSideKeys*nashSideKeys)
	for look := range 4 {
		r := lookRules(look)
		for c := range nz.Character(nz.NumCharacters) {
			for o := range nz.Character(nz.NumCharacters) {
				if c == o {
					continue
				}
				hc, ho := r.Headstart(c, o)
				bs, nb := r.Boosters(c)
				obs, nob := r.Boosters(o)
				a := mat.NewDense(nb, nob, nil)
				for i, b := range bs[:nb] {
					for j, ob := range obs[:nob] {
						la, lb := nz.Loadout{Character: c, Booster: b}, nz.Loadout{Character: o, Booster: ob}
						_, v := solveRound(la.Moves(), lb.Moves(), b == nz.Strong, ob == nz.Strong)
						a.Set(i, j, v+float64(hc)-float64(ho))
					}
				}
				s := mustSolve(a)
				t.booster[look][c][o] = toMixed(s.Row)
				t.boosterValue[look][c][o] = s.Value
			}
		}
	}
}

func mustSolve(a mat.Matrix) nash.Solution {
	s, err := nash.Solve(a)
	if err != nil {
		// The games here are small and integer-valued up to a constant;
		// the solver certifies them or it is broken.
		panic(fmt.Sprintf("agents/nzsc: nash: %v", err))
	}
	return s
}

func toMixed(p []float64) mixed {
	var m mixed
	m.n = len(p)
	sum := 0.0
	for i, v := range p {
		sum += v
		m.cum[i] = sum
	}
	m.cum[m.n-1] = 1 // guard against rounding: the last choice closes the range
	return m
}

// solveRound solves the one-round game between the move sets mine and
// theirs, payoff = points scored minus points conceded, and returns the
// row player's strategy and the value.
func solveRound(mine, theirs uint32, myStrong, theirStrong bool) (mixed, float64) {
	m, n := bits.OnesCount32(mine), bits.OnesCount32(theirs)
	if n == 0 {
		// The opponent is stuck: every move is void, uniform is as good
		// as anything.
		p := make([]float64, m)
		for i := range p {
			p[i] = 1 / float64(m)
		}
		return toMixed(p), 0
	}
	a := mat.NewDense(m, n, nil)
	i := 0
	for x := mine; x != 0; x &= x - 1 {
		mv := nz.Move(bits.TrailingZeros32(x))
		j := 0
		for y := theirs; y != 0; y &= y - 1 {
			o := nz.Move(bits.TrailingZeros32(y))
			a.Set(i, j, float64(nz.RoundPoints(mv, o, myStrong, theirStrong))-float64(nz.RoundPoints(o, mv, theirStrong, myStrong)))
			j++
		}
		i++
	}
	s := mustSolve(a)
	return toMixed(s.Row), s.Value
}

// nashSideKey packs a seat's move-phase situation: character, booster
// slot and which of its loadout's (up to) five moves are available.
func nashSideKey(s *nz.State, seat int) int {
	c := s.Character(seat)
	slot := boosterSlot(s.Booster(seat))
	local := s.Available(seat) >> (7 * uint(c))
	subset := local & 0b111
	if slot < 2 {
		subset |= (local >> (3 + 2*uint(slot)) & 0b11) << 3
	}
	return (int(c)*3+slot)*32 + int(subset)
}

// NewGame implements agents.Agent.
func (n *Nash) NewGame(_ int, rng *rand.Rand) { n.rng = rng }

// Choose implements agents.Agent.
func (n *Nash) Choose(d *agents.Decision) nz.Choice {
	if len(d.Legal) == 1 {
		return d.Legal[0]
	}
	p := n.strategy(d)
	r := n.rng.Float64()
	for i := range p.n - 1 {
		if r < p.cum[i] {
			return d.Legal[i]
		}
	}
	return d.Legal[p.n-1]
}

// Mix implements Mixer: the strategy Choose samples from, so that its
// exploitability is computed exactly.
func (n *Nash) Mix(d *agents.Decision, probs []float64) {
	if len(d.Legal) == 1 {
		probs[0] = 1
		return
	}
	p := n.strategy(d)
	prev := 0.0
	for i := range p.n {
		probs[i] = p.cum[i] - prev
		prev = p.cum[i]
	}
}

// strategy returns the (cached) equilibrium strategy over d.Legal.
func (n *Nash) strategy(d *agents.Decision) *mixed {
	s := d.State
	me, them := d.Seat, 1-d.Seat
	t := &nashTables
	var p *mixed
	switch s.Phase {
	case nz.PickCharacter:
		look := loadoutLook(s)
		mine, theirs := s.LegalMask(me), s.LegalMask(them)
		slot := &t.character[look][mine][theirs]
		if p = slot.Load(); p == nil {
			p = solveCharacters(look, mine, theirs)
			slot.Store(p)
		}
	case nz.PickBooster:
		p = &t.booster[loadoutLook(s)][s.Character(me)][s.Character(them)]
	default:
		slot := &t.move[nashSideKey(s, me)*nashSideKeys+nashSideKey(s, them)]
		if p = slot.Load(); p == nil {
			m, _ := solveRound(s.Available(me), s.Available(them),
				s.Booster(me) == nz.Strong, s.Booster(them) == nz.Strong)
			p = &m
			// Two goroutines may solve the same game at once; both store
			// the same answer, so the race is harmless.
			slot.Store(p)
		}
	}
	if p.n != len(d.Legal) {
		panic("agents/nzsc: nash: cached strategy does not match the legal choices")
	}
	return p
}

// solveCharacters solves the character game between the legal character
// sets mine and theirs (bit masks).
func solveCharacters(look int, mine, theirs uint32) *mixed {
	m, n := bits.OnesCount32(mine), bits.OnesCount32(theirs)
	a := mat.NewDense(m, n, nil)
	i := 0
	for x := mine; x != 0; x &= x - 1 {
		c := bits.TrailingZeros32(x)
		j := 0
		for y := theirs; y != 0; y &= y - 1 {
			if o := bits.TrailingZeros32(y); o != c {
				a.Set(i, j, nashTables.boosterValue[look][c][o])
			}
			j++
		}
		i++
	}
	p := toMixed(mustSolve(a).Row)
	return &p
}
