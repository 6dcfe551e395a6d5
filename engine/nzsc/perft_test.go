package nzsc_test

// Perft-style state counts: how many distinct move-phase states a loadout
// pairing can reach from nzsc.NewRound, counted twice, by two methods that
// share nothing but the test's name lists and outcome table:
//
//  (a) breadth-first search over the engine's own transitions (State.Step
//      on every pair of legal moves, and the pass of a stuck player);
//  (b) a depth-first recursive enumeration over refGame, a re-implementation
//      of the round rules written from the rulebook for this test only.
//
// What "distinct" means: a state is both scores, both waits, both sets of
// destroyed moves, both move streaks (the last move and how many rounds in a
// row, the move being irrelevant when the count is 0) and the result
// (ongoing, first wins, second wins). The turn counter is left out (the
// search runs without a turn cap), and so are the loadouts, characters'
// pick streaks and phase, which are fixed within a pairing (the phase
// follows from the result). Finished games count as states too; the
// numbers below are reported as all, finished, and "solver states": the
// ongoing states with waits left out, which is how a solver of the move
// phase counts them (waits matter only once a player is stuck).

import (
	"fmt"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

type stateKey struct {
	points [2]uint8
	waits  [2]uint8
	dest   [2]uint32
	last   [2]uint8
	count  [2]uint8
	result uint8
}

// solverKey drops waits from a key and is used only for ongoing states.
func (k stateKey) solverKey() stateKey { k.waits = [2]uint8{}; return k }

func engineKey(s *nzsc.State) stateKey {
	var k stateKey
	for seat := range 2 {
		k.points[seat] = uint8(s.Points(seat))
		k.waits[seat] = uint8(s.Waits(seat))
		k.dest[seat] = s.Destroyed(seat)
		m, n := s.MoveStreak(seat)
		if n > 0 {
			k.last[seat], k.count[seat] = uint8(m), uint8(n)
		}
	}
	switch s.Result {
	case nzsc.FirstWins:
		k.result = 1
	case nzsc.SecondWins:
		k.result = 2
	case nzsc.Draw:
		k.result = 3 // never reached: the search has no turn cap
	}
	return k
}

type perftCount struct {
	all, finished, solver int
}

func (c perftCount) String() string {
	return fmt.Sprintf("%d states (%d finished, %d solver states)", c.all, c.finished, c.solver)
}

func countOf(seen map[stateKey]struct{}) perftCount {
	var c perftCount
	solver := map[stateKey]struct{}{}
	for k := range seen {
		c.all++
		if k.result != 0 {
			c.finished++
			continue
		}
		solver[k.solverKey()] = struct{}{}
	}
	c.solver = len(solver)
	return c
}

// perftEngine is method (a): breadth-first search over nzsc.Step.
func perftEngine(a, b nzsc.Loadout) map[stateKey]struct{} {
	s0 := nzsc.NewRound(nzsc.Rules{TurnCap: 0xFFFF}, a, b)
	seen := map[stateKey]struct{}{engineKey(&s0): {}}
	queue := []nzsc.State{s0}
	var bufA, bufB [nzsc.MaxChoices]nzsc.Choice
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		if s.Phase == nzsc.GameOver {
			continue
		}
		na, nb := s.Legal(0, &bufA), s.Legal(1, &bufB)
		// A stuck player passes: any answer will do, so one transition
		// stands for all of them.
		if na == 0 {
			bufA[0], na = nzsc.Unknown, 1
		}
		if nb == 0 {
			bufB[0], nb = nzsc.Unknown, 1
		}
		for _, x := range bufA[:na] {
			for _, y := range bufB[:nb] {
				c := s
				// The counter is not part of a state; resetting it keeps the
				// cap out of reach however deep the search goes.
				c.Turn = 0
				c.Step(x, y)
				k := engineKey(&c)
				if _, ok := seen[k]; !ok {
					seen[k] = struct{}{}
					c.Turn = 0
					queue = append(queue, c)
				}
			}
		}
	}
	return seen
}

// refSide and refGame re-implement the move phase from the rulebook.
type refSide struct {
	points, waits int
	dest          uint32
	last, count   int
}

type refGame struct {
	side   [2]refSide
	moves  [2]uint32 // what each loadout grants
	strong [2]bool   // booster is Strong (the Smash rule)
	result int       // 0 ongoing, 1 first wins, 2 second wins
}

func newRefGame(ca, ba, cb, bb string) refGame {
	g := refGame{
		moves:  [2]uint32{refLoadoutMoves(ca, ba), refLoadoutMoves(cb, bb)},
		strong: [2]bool{ba == "Strong", bb == "Strong"},
	}
	g.side[0].waits, g.side[1].waits = 4, 4
	// Ninja over Samurai, Samurai over Clown, Clown over Ninja.
	over := map[string]string{"Ninja": "Samurai", "Samurai": "Clown", "Clown": "Ninja"}
	if over[ca] == cb {
		g.side[0].points++
	}
	if over[cb] == ca {
		g.side[1].points++
	}
	return g
}

func (g *refGame) key() stateKey {
	var k stateKey
	for i, p := range g.side {
		k.points[i], k.waits[i], k.dest[i] = uint8(p.points), uint8(p.waits), p.dest
		k.last[i], k.count[i] = uint8(p.last), uint8(p.count)
	}
	k.result = uint8(g.result)
	return k
}

// playable is a side's moves less destroyed ones, less the move it played
// in each of its last three rounds.
func (g *refGame) playable(i int) uint32 {
	m := g.moves[i] &^ g.side[i].dest
	if g.side[i].count >= 3 {
		m &^= 1 << g.side[i].last
	}
	return m
}

// end applies the five-point rule: level scores go back to four.
func (g *refGame) end() {
	a, b := g.side[0].points, g.side[1].points
	switch {
	case a < 5 && b < 5:
	case a == b:
		g.side[0].points, g.side[1].points = 4, 4
	case a > b:
		g.result = 1
	default:
		g.result = 2
	}
}

// pass charges every stuck side 2 waits; below zero, its opponent scores.
func (g *refGame) pass(stuck [2]bool) {
	for i := range 2 {
		if !stuck[i] {
			continue
		}
		if g.side[i].waits >= 2 {
			g.side[i].waits -= 2
		} else {
			g.side[i].waits = 0
			g.side[1-i].points++
		}
	}
	g.end()
}

func (g *refGame) round(x, y int) {
	mv := [2]int{x, y}
	single, destructive := refSingleSet, refDestroySet
	for i := range 2 {
		me, them := mv[i], mv[1-i]
		s := &g.side[i]
		s.points += refPoints(me, them, g.strong[i], g.strong[1-i])
		if single>>me&1 == 1 || destructive>>them&1 == 1 {
			s.dest |= 1 << me
		}
		if s.count > 0 && s.last == me {
			s.count++
		} else {
			s.last, s.count = me, 1
		}
	}
	g.end()
}

// perftRef is method (b): recursive enumeration of refGame.
func perftRef(ca, ba, cb, bb string) map[stateKey]struct{} {
	seen := map[stateKey]struct{}{}
	var visit func(g refGame)
	visit = func(g refGame) {
		k := g.key()
		if _, ok := seen[k]; ok {
			return
		}
		seen[k] = struct{}{}
		if g.result != 0 {
			return
		}
		pa, pb := g.playable(0), g.playable(1)
		if pa == 0 || pb == 0 {
			c := g
			c.pass([2]bool{pa == 0, pb == 0})
			visit(c)
			return
		}
		for x := range 28 {
			if pa>>x&1 == 0 {
				continue
			}
			for y := range 28 {
				if pb>>y&1 == 1 {
					c := g
					c.round(x, y)
					visit(c)
				}
			}
		}
	}
	visit(newRefGame(ca, ba, cb, bb))
	return seen
}

// TestPerftPinned pins the counts of a few pairings, checks that both
// methods find the very same set of states, and that the two starting
// states agree.
func TestPerftPinned(t *testing.T) {
	cases := []struct {
		a, b string
		want perftCount
	}{
		{"Ninja/Shadow", "Samurai/Strong", perftCount{4090, 665, 3425}},
		{"Zombie/No Booster", "Clown/No Booster", perftCount{3072, 592, 2400}},
		{"Clown/Moustachio", "Zombie/Regenerative", perftCount{74888, 8785, 66103}},
		{"Ninja/No Booster", "Zombie/Zombie Corps", perftCount{6704, 1551, 5153}},
		{"Samurai/Atlas", "Clown/Backwards", perftCount{15516, 3513, 12003}},
	}
	for i, c := range cases {
		la, lb := loadout(t, c.a), loadout(t, c.b)
		got := perftEngine(la, lb)
		ca, ba, _ := cutLoadout(c.a)
		cb, bb, _ := cutLoadout(c.b)
		ref := perftRef(ca, ba, cb, bb)
		s0 := nzsc.NewRound(nzsc.DefaultRules, la, lb)
		g0 := newRefGame(ca, ba, cb, bb)
		if engineKey(&s0) != g0.key() {
			t.Errorf("case %d %s v %s: start %+v, reference start %+v", i, c.a, c.b, engineKey(&s0), g0.key())
		}
		gc, rc := countOf(got), countOf(ref)
		t.Logf("%s v %s: engine BFS %v; reference %v", c.a, c.b, gc, rc)
		if gc != rc {
			t.Errorf("case %d %s v %s: engine BFS %v, reference enumeration %v", i, c.a, c.b, gc, rc)
		}
		missing := 0
		for k := range got {
			if _, ok := ref[k]; !ok {
				if missing < 3 {
					t.Errorf("case %d: engine reaches %+v, the reference does not", i, k)
				}
				missing++
			}
		}
		if gc != c.want {
			t.Errorf("case %d %s v %s: %v, pinned %v", i, c.a, c.b, gc, c.want)
		}
	}
}

func cutLoadout(s string) (c, b string, ok bool) { return strings.Cut(s, "/") }

// TestPerftAllPairings counts the 54 unordered pairings of loadouts of
// different characters by both methods.
func TestPerftAllPairings(t *testing.T) {
	if testing.Short() {
		t.Skip("counts about 0.7 million states twice")
	}
	var total, totalRef perftCount
	pairings := 0
	for ca := range 4 {
		for cb := ca + 1; cb < 4; cb++ {
			na, nb := refCharacterNames[ca], refCharacterNames[cb]
			for _, ba := range refCharacterBoosters[na] {
				for _, bb := range refCharacterBoosters[nb] {
					g := countOf(perftEngine(loadout(t, na+"/"+ba), loadout(t, nb+"/"+bb)))
					r := countOf(perftRef(na, ba, nb, bb))
					if g != r {
						t.Errorf("%s/%s v %s/%s: engine BFS %v, reference %v", na, ba, nb, bb, g, r)
					}
					total.all += g.all
					total.finished += g.finished
					total.solver += g.solver
					totalRef.all += r.all
					totalRef.finished += r.finished
					totalRef.solver += r.solver
					pairings++
				}
			}
		}
	}
	t.Logf("%d pairings: engine BFS %v; reference %v", pairings, total, totalRef)
	want := perftCount{817731, 137750, 671277}
	if pairings != 54 || total != want {
		t.Errorf("%d pairings, %v; pinned 54 pairings, %v", pairings, total, want)
	}
}
