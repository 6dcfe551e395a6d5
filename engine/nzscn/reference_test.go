package nzscn

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// A reference model of the SPEC's game for 2 to 4 players, written from
// the SPEC's sentences and nothing of this package: plain loops and
// slices, every rule in the SPEC's order. A round between two players is
// scored by the two-player engine (package engine/nzsc), a separate
// implementation tested against the reference's outcome table; the rest
// (legality and penalty clauses, clashes and streaks, headstarts,
// destruction, passes, penalty points, the deduction rule, the win and
// the turn cap) is the model's own.

// The SPEC's lists by index: characters Ninja, Zombie, Samurai, Clown
// (0-3); boosters Shadow, Speedy, Regenerative, Zombie Corps, Atlas,
// Strong, Backwards, Moustachio, No Booster (0-8), character c owning
// 2c and 2c+1; moves in the outcome table's order, seven per character:
// its three base moves, then its first booster's two, then its second's.
const (
	refNoBooster = 8
	refStrong    = 5
)

var (
	refSingleUse   = map[int]bool{9: true, 10: true, 22: true} // Zap, Regenerate, Acid Spray
	refDestructive = map[int]bool{9: true, 22: true}           // Zap, Acid Spray
	// refHeadstartOver[c] is the character c has a headstart over (-1:
	// none): Ninja over Samurai, Samurai over Clown, Clown over Ninja.
	refHeadstartOver = [4]int{2, -1, 3, 0}
)

// refMoveOwner returns the character a move belongs to and its booster
// (-1 for a base move).
func refMoveOwner(m int) (char, booster int) {
	c, k := m/7, m%7
	switch {
	case k < 3:
		return c, -1
	case k < 5:
		return c, 2 * c
	}
	return c, 2*c + 1
}

type refPlayer struct {
	points, waits        int
	char, booster        int // -1 until settled
	lastChar, charStreak int
	lastMove, moveStreak int
	destroyed            map[int]bool
}

type refGame struct {
	p            []refPlayer
	phase        nzsc.Phase
	turn, cap    int
	winner       int
	clash, deduc bool
}

func newRefGame(n, cap int) *refGame {
	g := &refGame{phase: nzsc.PickCharacter, cap: cap, winner: -1}
	for range n {
		g.p = append(g.p, refPlayer{waits: 4, char: -1, booster: -1, lastChar: -1, lastMove: -1, destroyed: map[int]bool{}})
	}
	return g
}

// available is the moves player i may play now: its loadout's moves,
// without the destroyed ones and the one played in each of its last
// three rounds.
func (g *refGame) available(i int) []int {
	p := &g.p[i]
	var out []int
	for m := range 28 {
		c, b := refMoveOwner(m)
		if c != p.char || (b >= 0 && b != p.booster) || p.destroyed[m] || (m == p.lastMove && p.moveStreak >= 3) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// legal is player i's legal choices in the phase.
func (g *refGame) legal(i int) []int {
	p := &g.p[i]
	var out []int
	switch g.phase {
	case nzsc.PickCharacter:
		for c := range 4 {
			if !(c == p.lastChar && p.charStreak >= 3) {
				out = append(out, c)
			}
		}
	case nzsc.PickBooster:
		out = []int{2 * p.char, 2*p.char + 1, refNoBooster}
	case nzsc.PickMove:
		out = g.available(i)
	}
	return out
}

// waitsFor is the penalty of choice x by player i, by the first clause
// that applies (0: legal); a stuck player pays 2 whatever it answers.
func (g *refGame) waitsFor(i, x int) int {
	p := &g.p[i]
	switch g.phase {
	case nzsc.PickCharacter:
		switch {
		case x >= 4:
			return 4
		case x == p.lastChar && p.charStreak >= 3:
			return 3
		}
	case nzsc.PickBooster:
		switch {
		case x >= 9:
			return 4
		case x != refNoBooster && x/2 != p.char:
			return 3
		}
	case nzsc.PickMove:
		if len(g.available(i)) == 0 {
			return 2
		}
		if x >= 28 || p.destroyed[x] {
			return 4
		}
		c, b := refMoveOwner(x)
		switch {
		case x == p.lastMove && p.moveStreak >= 3:
			return 3
		case c == p.char && b >= 0 && b != p.booster:
			return 2
		case c != p.char:
			return 3
		}
	}
	return 0
}

// step plays one turn.
func (g *refGame) step(x []int) {
	if g.phase == nzsc.GameOver {
		return
	}
	n := len(g.p)
	g.clash, g.deduc = false, false
	cost := make([]int, n)
	stuck := make([]bool, n)
	void := false
	for i := range n {
		cost[i] = g.waitsFor(i, x[i])
		stuck[i] = g.phase == nzsc.PickMove && len(g.available(i)) == 0
		if cost[i] > 0 && (!stuck[i] || n == 2) {
			void = true // any offence voids the turn; a pass only at 2
		}
	}
	if !void {
		switch g.phase {
		case nzsc.PickCharacter:
			seen := map[int]bool{}
			for i := range n {
				p := &g.p[i]
				if x[i] == p.lastChar {
					p.charStreak++
				} else {
					p.lastChar, p.charStreak = x[i], 1
				}
				g.clash = g.clash || seen[x[i]]
				seen[x[i]] = true
			}
			if !g.clash {
				for i := range n {
					g.p[i].char = x[i]
				}
				for i := range n {
					for j := range n {
						if refHeadstartOver[g.p[i].char] == g.p[j].char {
							g.p[i].points++
						}
					}
				}
				g.phase = nzsc.PickBooster
			}
		case nzsc.PickBooster:
			for i := range n {
				g.p[i].booster = x[i]
			}
			g.phase = nzsc.PickMove
		case nzsc.PickMove:
			gain := make([]int, n)
			for i := range n {
				for j := range n {
					if i == j || stuck[i] || stuck[j] {
						continue
					}
					a := nzsc.Loadout{Character: nzsc.Character(g.p[i].char), Booster: nzsc.Booster(g.p[i].booster)}
					b := nzsc.Loadout{Character: nzsc.Character(g.p[j].char), Booster: nzsc.Booster(g.p[j].booster)}
					e := nzsc.NewRound(nzsc.DefaultRules, a, b)
					gain[i] += int(e.Step(nzsc.Choice(x[i]), nzsc.Choice(x[j])).Gained(0))
				}
			}
			for i := range n {
				if stuck[i] {
					continue
				}
				p := &g.p[i]
				p.points += gain[i]
				if refSingleUse[x[i]] {
					p.destroyed[x[i]] = true
				}
				for j := range n {
					if j != i && !stuck[j] && refDestructive[x[j]] {
						p.destroyed[x[i]] = true
					}
				}
				if x[i] == p.lastMove {
					p.moveStreak++
				} else {
					p.lastMove, p.moveStreak = x[i], 1
				}
			}
		}
	}
	// Penalties, all together.
	for i := range n {
		if cost[i] == 0 {
			continue
		}
		p := &g.p[i]
		if p.waits >= cost[i] {
			p.waits -= cost[i]
			continue
		}
		p.waits = 0
		for j := range n {
			if j != i {
				g.p[j].points++
			}
		}
	}
	g.turn++
	// The end of the turn.
	count := func(atLeast int) int {
		k := 0
		for i := range n {
			if g.p[i].points >= atLeast {
				k++
			}
		}
		return k
	}
	down := func() {
		for i := range n {
			g.p[i].points = max(0, g.p[i].points-1)
		}
		g.deduc = true
	}
	if count(5) >= 2 {
		for count(6) > 0 {
			down()
		}
		if count(5) >= 2 {
			down()
		}
	}
	if count(5) == 1 {
		for i := range n {
			if g.p[i].points >= 5 {
				g.winner = i
			}
		}
		g.phase = nzsc.GameOver
	} else if g.turn >= g.cap {
		g.phase = nzsc.GameOver
	}
}

// diff returns how the engine's state differs from the model's, "" when
// it does not.
func (g *refGame) diff(s *State, tr Turn) string {
	if s.Phase != g.phase || int(s.Winner) != g.winner || int(s.Turn) != g.turn {
		return fmt.Sprintf("phase %v winner %d turn %d, model %v %d %d", s.Phase, s.Winner, s.Turn, g.phase, g.winner, g.turn)
	}
	if tr.Clash() != g.clash || tr.Deducted() != g.deduc {
		return fmt.Sprintf("clash %v deducted %v, model %v %v", tr.Clash(), tr.Deducted(), g.clash, g.deduc)
	}
	for i := range g.p {
		p := &g.p[i]
		if s.Points(i) != p.points || s.Waits(i) != p.waits {
			return fmt.Sprintf("seat %d: points %d waits %d, model %d %d", i, s.Points(i), s.Waits(i), p.points, p.waits)
		}
		if c, k := s.CharacterStreak(i); k != p.charStreak || (k > 0 && int(c) != p.lastChar) {
			return fmt.Sprintf("seat %d: character streak %v×%d, model %d×%d", i, c, k, p.lastChar, p.charStreak)
		}
		if m, k := s.MoveStreak(i); k != p.moveStreak || (k > 0 && int(m) != p.lastMove) {
			return fmt.Sprintf("seat %d: move streak %v×%d, model %d×%d", i, m, k, p.lastMove, p.moveStreak)
		}
		var d uint32
		for m := range p.destroyed {
			d |= 1 << m
		}
		if s.Destroyed(i) != d {
			return fmt.Sprintf("seat %d: destroyed %b, model %b", i, s.Destroyed(i), d)
		}
		if p.char >= 0 && int(s.Character(i)) != p.char {
			return fmt.Sprintf("seat %d: character %v, model %d", i, s.Character(i), p.char)
		}
		if g.phase == nzsc.PickMove {
			var want uint32
			for _, m := range g.legal(i) {
				want |= 1 << m
			}
			if s.LegalMask(i) != want {
				return fmt.Sprintf("seat %d: legal %b, model %b", i, s.LegalMask(i), want)
			}
		}
	}
	return ""
}

// TestEngineIsTheReferenceModel plays random games at 2, 3 and 4 seats,
// legal choices mostly and illegal ones often enough that every penalty
// clause, stuck players and penalty points occur, with the engine and
// the model side by side, and compares them after every turn.
func TestEngineIsTheReferenceModel(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 400
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	var clashes, deductions, passes, caps, wins int
	for n := 2; n <= 4; n++ {
		for k := range games {
			cap := 1000
			if k%5 == 0 {
				cap = 20 + rng.IntN(60)
			}
			// How often this game's players err: from never to often.
			errRate := []float64{0, 0.02, 0.1, 0.3}[k%4]
			s := New(n, nzsc.Rules{TurnCap: cap})
			g := newRefGame(n, cap)
			var log []string
			for !s.Over() {
				var c Choices
				x := make([]int, n)
				for i := range n {
					legal := g.legal(i)
					switch {
					case len(legal) == 0:
						x[i] = rng.IntN(30)
						passes++
					case rng.Float64() < errRate:
						x[i] = []int{rng.IntN(32), 255}[rng.IntN(2)]
					default:
						x[i] = legal[rng.IntN(len(legal))]
					}
					c[i] = nzsc.Choice(x[i])
				}
				tr := s.Step(c)
				g.step(x)
				log = append(log, fmt.Sprint(x))
				if d := g.diff(&s, tr); d != "" {
					t.Fatalf("%d players, game %d, after turns %v: %s", n, k, log, d)
				}
				if tr.Clash() {
					clashes++
				}
				if tr.Deducted() {
					deductions++
				}
			}
			if g.winner >= 0 {
				wins++
			} else {
				caps++
			}
		}
	}
	// The rules the comparison is meant to reach were reached.
	if clashes == 0 || deductions == 0 || passes == 0 || caps == 0 || wins == 0 {
		t.Errorf("clashes %d, deductions %d, passes %d, capped games %d, won games %d: some rule never came up",
			clashes, deductions, passes, caps, wins)
	}
	t.Logf("clashes %d, deductions %d, passes %d, capped games %d, won games %d", clashes, deductions, passes, caps, wins)
}
