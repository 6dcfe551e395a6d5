package nzsc

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

// TestGreedyMaximizes checks greedy's move choice against an oracle that
// plays every pair of moves on a copy of the state with the engine and
// reads the points off the result.
func TestGreedyMaximizes(t *testing.T) {
	g := mustNew(t, "greedy")
	rng := rand.New(rand.NewPCG(3, 3))
	checked := 0
	wildStates(11, 300, func(s *nz.State, seat int, legal []nz.Choice) {
		if s.Phase != nz.PickMove {
			return
		}
		var theirs [nz.MaxChoices]nz.Choice
		nt := s.Legal(1-seat, &theirs)
		gain := map[nz.Choice][2]int{}
		for _, m := range legal {
			for _, o := range theirs[:nt] {
				c := *s
				var turn nz.Turn
				if seat == 0 {
					turn = c.Step(m, o)
				} else {
					turn = c.Step(o, m)
				}
				v := gain[m]
				v[0] += int(turn.Gained(seat))
				v[1] += int(turn.Gained(1 - seat))
				gain[m] = v
			}
		}
		best := [2]int{-1, 0}
		for _, m := range legal {
			if v := gain[m]; v[0] > best[0] || v[0] == best[0] && v[1] < best[1] {
				best = v
			}
		}
		g.NewGame(seat, rng)
		d := agents.Decision{Seat: seat, State: s, Legal: legal}
		for range 3 {
			c := g.Choose(&d)
			if gain[c] != best {
				t.Fatalf("state %+v seat %d: greedy chose %v with (gained, conceded) %v, best is %v", *s, seat, nz.Move(c), gain[c], best)
			}
		}
		checked++
	})
	if checked < 1000 {
		t.Errorf("only %d states checked", checked)
	}
}

// firstRoundBest is the oracle for greedy's loadout phases: for loadouts
// a (seat 0) and b, the most points a move of a scores on average
// against b's moves, read off the engine's turns.
func firstRoundBest(a, b nz.Loadout) float64 {
	s := nz.NewRound(nz.DefaultRules, a, b)
	var la, lb [nz.MaxChoices]nz.Choice
	na, nb := s.Legal(0, &la), s.Legal(1, &lb)
	best := 0.0
	for _, m := range la[:na] {
		sum := 0.0
		for _, o := range lb[:nb] {
			c := s
			sum += float64(c.Step(m, o).Gained(0))
		}
		best = max(best, sum/float64(nb))
	}
	return best
}

// TestGreedyLoadouts checks greedy's booster and character picks against
// the documented rule computed with the engine as the oracle (headstarts
// from the character turn's Gained points, round points from Step).
func TestGreedyLoadouts(t *testing.T) {
	g := mustNew(t, "greedy")
	rng := rand.New(rand.NewPCG(9, 9))
	const eps = 1e-12
	boosterValue := func(c, o nz.Character, b nz.Booster) float64 {
		sum := 0.0
		for _, ob := range o.Boosters() {
			sum += firstRoundBest(nz.Loadout{Character: c, Booster: b}, nz.Loadout{Character: o, Booster: ob})
		}
		return sum / 3
	}
	// Booster phase, every pair of characters, both seats.
	for c := range nz.Character(nz.NumCharacters) {
		for o := range nz.Character(nz.NumCharacters) {
			if c == o {
				continue
			}
			for seat := range 2 {
				s := nz.NewGame(nz.DefaultRules)
				if seat == 0 {
					s.Step(nz.Choice(c), nz.Choice(o))
				} else {
					s.Step(nz.Choice(o), nz.Choice(c))
				}
				var legal [nz.MaxChoices]nz.Choice
				n := s.Legal(seat, &legal)
				best := math.Inf(-1)
				for _, b := range legal[:n] {
					best = max(best, boosterValue(c, o, nz.Booster(b)))
				}
				g.NewGame(seat, rng)
				d := agents.Decision{Seat: seat, State: &s, Legal: legal[:n]}
				for range 5 {
					b := nz.Booster(g.Choose(&d))
					if v := boosterValue(c, o, b); v < best-eps {
						t.Errorf("%v vs %v seat %d: greedy picked %v worth %.4f, best %.4f", c, o, seat, b, v, best)
					}
				}
			}
		}
	}
	// Character phase at the start.
	charValue := func(c nz.Character, theirs []nz.Character) float64 {
		sum := 0.0
		for _, o := range theirs {
			if o == c {
				continue // a clash is worth 0
			}
			s := nz.NewGame(nz.DefaultRules)
			head := float64(s.Step(nz.Choice(c), nz.Choice(o)).Gained(0))
			bb := math.Inf(-1)
			for _, b := range c.Boosters() {
				bb = max(bb, boosterValue(c, o, b))
			}
			sum += head + bb
		}
		return sum / float64(len(theirs))
	}
	s := nz.NewGame(nz.DefaultRules)
	all := []nz.Character{nz.Ninja, nz.Zombie, nz.Samurai, nz.Clown}
	for i, c := range []struct {
		s      nz.State
		theirs []nz.Character
	}{
		{s, all},
	} {
		var legal [nz.MaxChoices]nz.Choice
		n := c.s.Legal(0, &legal)
		best := math.Inf(-1)
		for _, ch := range legal[:n] {
			best = max(best, charValue(nz.Character(ch), c.theirs))
		}
		g.NewGame(0, rng)
		d := agents.Decision{Seat: 0, State: &c.s, Legal: legal[:n]}
		pick := nz.Character(g.Choose(&d))
		if v := charValue(pick, c.theirs); v < best-eps {
			t.Errorf("case %d: greedy picked %v worth %.4f, best %.4f", i, pick, v, best)
		}
	}
	// A repick, after three clashes on Clown (Clown now barred to both):
	// drawn uniformly between the two best of the three legal characters
	// against the opponent's three, so both come up in 60 draws (a miss
	// has probability 2·2⁻⁶⁰) and the third never.
	repick := nz.NewGame(nz.DefaultRules)
	for range 3 {
		repick.Step(nz.Choice(nz.Clown), nz.Choice(nz.Clown))
	}
	var legal [nz.MaxChoices]nz.Choice
	n := repick.Legal(0, &legal)
	worst := nz.Character(legal[0])
	for _, ch := range legal[1:n] {
		if charValue(nz.Character(ch), all[:3]) < charValue(worst, all[:3]) {
			worst = nz.Character(ch)
		}
	}
	g.NewGame(0, rng)
	d := agents.Decision{Seat: 0, State: &repick, Legal: legal[:n]}
	seen := map[nz.Character]int{}
	for range 60 {
		seen[nz.Character(g.Choose(&d))]++
	}
	if n != 3 || len(seen) != 2 || seen[worst] != 0 || seen[nz.Clown] != 0 {
		t.Errorf("repick after clashes: greedy drew %v from %d legal, want the two better than %v", seen, n, worst)
	}
}

// TestGreedyMirrorFinishes plays greedy against itself: each game must
// end before the turn cap. Before repicks were drawn at random, both
// seats picked the same best character at every repick and every game of
// the mirror match was a draw at the cap.
func TestGreedyMirrorFinishes(t *testing.T) {
	seeds := 500
	if testing.Short() {
		seeds = 100
	}
	tab := agents.NewTable()
	a, b := mustNew(t, "greedy"), mustNew(t, "greedy")
	capped := 0
	for seed := range uint64(seeds) {
		if o := tab.Play(nz.DefaultRules, seed, a, b); int(o.State.Turn) >= nz.DefaultRules.TurnCap {
			capped++
		}
	}
	if capped > 0 {
		t.Errorf("greedy vs greedy: %d of %d games reached the turn cap (%d turns), want none", capped, seeds, nz.DefaultRules.TurnCap)
	}
}
