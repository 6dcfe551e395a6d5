package nzsc

import (
	"math/bits"
	"math/rand/v2"

	"github.com/nzsclab/nzsc/agents"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

func init() {
	agents.Register(agents.Info{
		Name: "greedy",
		Help: "move with the most expected points vs the opponent's available moves taken as uniform; loadout by the same one-round look",
		New:  func(agents.Params) (agents.Agent, error) { return &Greedy{}, nil },
	})
}

// Greedy is a one-turn-lookahead bot that maximizes the points it expects
// to score, modelling the opponent as uniform over its legal choices:
//
//   - Move: the legal move m maximizing Σ_o RoundPoints(m, o) over the
//     opponent's available moves o (so the mean against a uniform
//     opponent); among equals, the one minimizing the points it concedes,
//     Σ_o RoundPoints(o, m); remaining ties are broken uniformly with the
//     game's rng.
//   - Booster: the booster b maximizing the mean, over the opponent's
//     boosters b' (three, or two when the rules forbid No Booster; taken
//     as uniform), of the first round's greedy value
//     best(c/b, c'/b') = max_m mean_o RoundPoints(m, o), with m over its
//     loadout's moves and o over the opponent's; ties by rng.
//   - Character: the legal character c maximizing the mean, over the
//     opponent's legal characters c' (uniform), of the headstart c gets
//     against c' (none when the rules drop headstarts) plus max_b of the
//     booster value above; a clash (c' = c)
//     scores 0, as it only leads to a repick. Ties by rng. A repick
//     after a clash is instead uniform over its two best legal
//     characters (repick says why).
//
// It only looks at its own points, never at the opponent's, except as the
// move phase's tie-break. Choose does not allocate.
type Greedy struct{ rng *rand.Rand }

// NewGame implements agents.Agent.
func (g *Greedy) NewGame(_ int, rng *rand.Rand) { g.rng = rng }

// Choose implements agents.Agent.
func (g *Greedy) Choose(d *agents.Decision) nz.Choice {
	if d.State.Phase != nz.PickMove {
		return g.choosePick(d, d.Legal)
	}
	b := moveBest{look: lookAt(d)}
	for _, c := range d.Legal {
		g.consider(&b, c)
	}
	return b.pick
}

// ChooseMask implements agents.MaskChooser: Choose's choice from the same
// draws, the legal set's choices taken in Choose's order (ascending, the
// canonical order) without a list for moves.
func (g *Greedy) ChooseMask(d *agents.Decision, legal uint32) nz.Choice {
	if d.State.Phase != nz.PickMove {
		var buf [nz.MaxChoices]nz.Choice
		return g.choosePick(d, buf[:nz.ListLegal(legal, &buf)])
	}
	b := moveBest{look: lookAt(d)}
	for m := legal; m != 0; m &= m - 1 {
		g.consider(&b, nz.Choice(bits.TrailingZeros32(m)))
	}
	return b.pick
}

// choosePick is Choose for a character or a booster.
func (g *Greedy) choosePick(d *agents.Decision, legal []nz.Choice) nz.Choice {
	if repick(d) {
		a, b := topTwo(d, legal)
		if b >= 0 && g.rng.IntN(2) == 1 {
			return legal[b]
		}
		return legal[a]
	}
	look := loadoutLook(d.State)
	return g.argmax(legal, func(c nz.Choice) float64 { return pickScore(d, look, c) })
}

// repick reports whether d is a character repick after a clash (the
// seat's character streak is at least 1 before the phase is over only
// when its last pick clashed); Choose then draws uniformly between its
// two best legal characters (topTwo), and Mix says so. Why: greedy's
// values are a function of the position, so in a mirror match both
// seats pick the same best character, clash, and pick it again at every
// repick until the turn cap (the streak rule only moves both on to the
// same second best). A draw from each seat's own generator ends that: a
// greedy pair clashes again with probability 1/2 a repick. The best two,
// not every legal character: drawn over all of them, greedy's score
// against nash fell from 47.8% to 30.5% (its poor characters, and a
// loadout pairing whose rounds score nothing to the turn cap). As 3-4
// player greedy, which draws among its best n at n seats. The draw is
// from the game's rng, so greedy stays deterministic given its seed;
// the first pick is unchanged.
func repick(d *agents.Decision) bool {
	if d.State.Phase != nz.PickCharacter {
		return false
	}
	_, streak := d.State.CharacterStreak(d.Seat)
	return streak > 0
}

// topTwo returns the indexes in legal of the best and second best
// characters by pickScore (among equals the first), b = -1 when legal
// has one.
func topTwo(d *agents.Decision, legal []nz.Choice) (a, b int) {
	look := loadoutLook(d.State)
	a, b = 0, -1
	va, vb := pickScore(d, look, legal[0]), 0.0
	for i := 1; i < len(legal); i++ {
		switch v := pickScore(d, look, legal[i]); {
		case v > va:
			a, b, va, vb = i, a, v, va
		case b < 0 || v > vb:
			b, vb = i, v
		}
	}
	return a, b
}

// moveBest is the move phase's best so far: the most points gained, the
// fewest conceded among those, how many moves tie for both, and the pick;
// and the decision's look, which scores the moves.
type moveBest struct {
	gained, conceded, ties int
	pick                   nz.Choice
	look                   moveLook
}

// consider offers the move c to b, the legal moves in canonical order.
func (g *Greedy) consider(b *moveBest, c nz.Choice) {
	gained, conceded := b.look.score(c)
	switch {
	case b.ties == 0 || gained > b.gained || gained == b.gained && conceded < b.conceded:
		b.gained, b.conceded, b.ties, b.pick = gained, conceded, 1, c
	case gained == b.gained && conceded == b.conceded:
		// Reservoir sampling: each tied move ends up picked with
		// probability 1/ties.
		b.ties++
		if g.rng.IntN(b.ties) == 0 {
			b.pick = c
		}
	}
}

// Mix implements Mixer: Choose's strategy is uniform over the choices
// that tie for its best score, or over its two best characters at a
// repick (repick), so exploitability is computed exactly.
func (g *Greedy) Mix(d *agents.Decision, probs []float64) {
	if repick(d) {
		a, b := topTwo(d, d.Legal)
		for i := range d.Legal {
			probs[i] = 0
		}
		if b < 0 {
			probs[a] = 1
			return
		}
		probs[a], probs[b] = 0.5, 0.5
		return
	}
	// better reports whether choice i beats j by Choose's order.
	var better func(i, j int) int
	if d.State.Phase != nz.PickMove {
		look := loadoutLook(d.State)
		better = func(i, j int) int {
			a, b := pickScore(d, look, d.Legal[i]), pickScore(d, look, d.Legal[j])
			return cmpFloat(a, b)
		}
	} else {
		look := lookAt(d)
		better = func(i, j int) int {
			ga, ca := look.score(d.Legal[i])
			gb, cb := look.score(d.Legal[j])
			if ga != gb {
				return cmpFloat(float64(ga), float64(gb))
			}
			return cmpFloat(float64(cb), float64(ca))
		}
	}
	best := 0
	for i := range d.Legal {
		if better(i, best) > 0 {
			best = i
		}
	}
	ties := 0
	for i := range d.Legal {
		if better(i, best) == 0 {
			ties++
		}
	}
	for i := range d.Legal {
		probs[i] = 0
		if better(i, best) == 0 {
			probs[i] = 1 / float64(ties)
		}
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a > b:
		return 1
	case a < b:
		return -1
	}
	return 0
}

// pickScore is greedy's score of a character or booster choice, look
// being loadoutLook(d.State) (computed once a decision: it builds the
// game's Rules).
func pickScore(d *agents.Decision, look int, c nz.Choice) float64 {
	s := d.State
	me, them := d.Seat, 1-d.Seat
	if s.Phase == nz.PickCharacter {
		return greedyTables.characterMean[look][c&3][s.LegalMask(them)&15]
	}
	return greedyTables.booster[look>>1][s.Character(me)][boosterSlot(nz.Booster(c))][s.Character(them)]
}

// moveLook is what greedy's move scores read of a decision, read once
// for all its moves: the opponent's available moves and whose booster is
// Strong.
type moveLook struct {
	theirs             uint32
	mine, theirsStrong bool
}

func lookAt(d *agents.Decision) moveLook {
	s, me, them := d.State, d.Seat, 1-d.Seat
	return moveLook{theirs: s.Available(them), mine: s.Booster(me) == nz.Strong, theirsStrong: s.Booster(them) == nz.Strong}
}

// score is greedy's score of a move: the points it gains and concedes
// against each of the opponent's available moves.
func (l *moveLook) score(c nz.Choice) (gained, conceded int) {
	return nz.PointsAgainst(nz.Move(c), l.theirs, l.mine, l.theirsStrong)
}

// argmax returns the legal choice with the highest score, ties broken
// uniformly at random.
func (g *Greedy) argmax(legal []nz.Choice, score func(nz.Choice) float64) nz.Choice {
	pick, best, ties := legal[0], score(legal[0]), 1
	for _, c := range legal[1:] {
		switch v := score(c); {
		case v > best:
			pick, best, ties = c, v, 1
		case v == best:
			ties++
			if g.rng.IntN(ties) == 0 {
				pick = c
			}
		}
	}
	return pick
}

// boosterSlot is a booster's index in its character's canonical list: 0
// or 1 for its own boosters, 2 for NoBooster.
func boosterSlot(b nz.Booster) int {
	if b == nz.NoBooster {
		return 2
	}
	return int(b) % 2
}

// loadoutLook indexes the tables of the bots that look ahead through the
// loadout phases by the rules that change them: bit 0 no headstarts, bit
// 1 No Booster forbidden (nz.Rules).
func loadoutLook(s *nz.State) int {
	r := s.Rules()
	return int(b2i(r.NoHeadstarts)) | int(b2i(r.BoosterRequired))<<1
}

// lookRules returns the rules of a loadoutLook index (as far as they
// matter to the loadout phases).
func lookRules(look int) nz.Rules {
	return nz.Rules{TurnCap: nz.DefaultRules.TurnCap, NoHeadstarts: look&1 != 0, BoosterRequired: look&2 != 0}
}

func b2i(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// greedyTables holds the loadout phases' scores, computed once from the
// outcome table (they depend on nothing else), for each loadoutLook.
var greedyTables = func() (t struct {
	// booster[req][c][slot][c'] is the mean over c''s boosters of the
	// first round's greedy value for loadout c/slot; req = 1 when No
	// Booster is forbidden (so c' has two).
	booster [2][nz.NumCharacters][3][nz.NumCharacters]float64
	// character[look][c][c'] is the headstart c gets against c' plus its
	// best booster value; 0 for c' = c (a clash).
	character [4][nz.NumCharacters][nz.NumCharacters]float64
	// characterMean[look][c][set] is the mean of character[look][c][c']
	// over the opponent's legal characters c' (bit c' of set): a pick's
	// score, summed in ascending order as it always was, in one lookup.
	characterMean [4][nz.NumCharacters][1 << nz.NumCharacters]float64
}) {
	for look := range 4 {
		r := lookRules(look)
		req := look >> 1
		for c := range nz.Character(nz.NumCharacters) {
			for o := range nz.Character(nz.NumCharacters) {
				bs, nb := r.Boosters(c)
				obs, nob := r.Boosters(o)
				for k, b := range bs[:nb] {
					sum := 0.0
					for _, ob := range obs[:nob] {
						sum += bestFirstRound(nz.Loadout{Character: c, Booster: b}, nz.Loadout{Character: o, Booster: ob})
					}
					t.booster[req][c][k][o] = sum / float64(nob)
				}
				if c == o {
					continue
				}
				h, _ := r.Headstart(c, o)
				best := t.booster[req][c][0][o]
				for k := 1; k < nb; k++ {
					best = max(best, t.booster[req][c][k][o])
				}
				t.character[look][c][o] = float64(h) + best
			}
		}
		for c := range nz.NumCharacters {
			for set := 1; set < 1<<nz.NumCharacters; set++ {
				sum := 0.0
				for m := uint32(set); m != 0; m &= m - 1 {
					sum += t.character[look][c][bits.TrailingZeros32(m)]
				}
				t.characterMean[look][c][set] = sum / float64(bits.OnesCount32(uint32(set)))
			}
		}
	}
	return t
}()

// bestFirstRound is max over a's moves of the mean points against b's
// moves taken as uniform: greedy's expected score in the first round.
func bestFirstRound(a, b nz.Loadout) float64 {
	as, bs := a.Booster == nz.Strong, b.Booster == nz.Strong
	best := 0
	for x := a.Moves(); x != 0; x &= x - 1 {
		m := nz.Move(bits.TrailingZeros32(x))
		sum := 0
		for y := b.Moves(); y != 0; y &= y - 1 {
			sum += int(nz.RoundPoints(m, nz.Move(bits.TrailingZeros32(y)), as, bs))
		}
		best = max(best, sum)
	}
	return float64(best) / float64(bits.OnesCount32(b.Moves()))
}
