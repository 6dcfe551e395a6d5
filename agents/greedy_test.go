package agents

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// TestGreedyMaximizes checks greedy's move choice against an oracle that
// plays every pair of moves on a copy of the state with the engine and
// reads the points off the result.
func TestGreedyMaximizes(t *testing.T) {
	g := mustNew(t, "greedy")
	rng := rand.New(rand.NewPCG(3, 3))
	checked := 0
	wildStates(11, 300, func(s *nzsc.State, seat int, legal []nzsc.Choice) {
		if s.Phase != nzsc.PickMove {
			return
		}
		var theirs [nzsc.MaxChoices]nzsc.Choice
		nt := s.Legal(1-seat, &theirs)
		gain := map[nzsc.Choice][2]int{}
		for _, m := range legal {
			for _, o := range theirs[:nt] {
				c := *s
				var turn nzsc.Turn
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
		d := Decision{Seat: seat, State: s, Legal: legal}
		for range 3 {
			c := g.Choose(&d)
			if gain[c] != best {
				t.Fatalf("state %+v seat %d: greedy chose %v with (gained, conceded) %v, best is %v", *s, seat, nzsc.Move(c), gain[c], best)
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
func firstRoundBest(a, b nzsc.Loadout) float64 {
	s := nzsc.NewRound(nzsc.DefaultRules, a, b)
	var la, lb [nzsc.MaxChoices]nzsc.Choice
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
	boosterValue := func(c, o nzsc.Character, b nzsc.Booster) float64 {
		sum := 0.0
		for _, ob := range o.Boosters() {
			sum += firstRoundBest(nzsc.Loadout{Character: c, Booster: b}, nzsc.Loadout{Character: o, Booster: ob})
		}
		return sum / 3
	}
	// Booster phase, every pair of characters, both seats.
	for c := range nzsc.Character(nzsc.NumCharacters) {
		for o := range nzsc.Character(nzsc.NumCharacters) {
			if c == o {
				continue
			}
			for seat := range 2 {
				s := nzsc.NewGame(nzsc.DefaultRules)
				if seat == 0 {
					s.Step(nzsc.Choice(c), nzsc.Choice(o))
				} else {
					s.Step(nzsc.Choice(o), nzsc.Choice(c))
				}
				var legal [nzsc.MaxChoices]nzsc.Choice
				n := s.Legal(seat, &legal)
				best := math.Inf(-1)
				for _, b := range legal[:n] {
					best = max(best, boosterValue(c, o, nzsc.Booster(b)))
				}
				g.NewGame(seat, rng)
				d := Decision{Seat: seat, State: &s, Legal: legal[:n]}
				for range 5 {
					b := nzsc.Booster(g.Choose(&d))
					if v := boosterValue(c, o, b); v < best-eps {
						t.Errorf("%v vs %v seat %d: greedy picked %v worth %.4f, best %.4f", c, o, seat, b, v, best)
					}
				}
			}
		}
	}
	// Character phase at the start, and after the opponent's streak of
	// three Clowns has taken Clown from it.
	charValue := func(c nzsc.Character, theirs []nzsc.Character) float64 {
		sum := 0.0
		for _, o := range theirs {
			if o == c {
				continue // a clash is worth 0
			}
			s := nzsc.NewGame(nzsc.DefaultRules)
			head := float64(s.Step(nzsc.Choice(c), nzsc.Choice(o)).Gained(0))
			bb := math.Inf(-1)
			for _, b := range c.Boosters() {
				bb = max(bb, boosterValue(c, o, b))
			}
			sum += head + bb
		}
		return sum / float64(len(theirs))
	}
	s := nzsc.NewGame(nzsc.DefaultRules)
	all := []nzsc.Character{nzsc.Ninja, nzsc.Zombie, nzsc.Samurai, nzsc.Clown}
	blocked := nzsc.NewGame(nzsc.DefaultRules)
	for range 3 { // clashes grow both streaks: the opponent (seat 1) loses Clown
		blocked.Step(nzsc.Choice(nzsc.Clown), nzsc.Choice(nzsc.Clown))
	}
	for i, c := range []struct {
		s      nzsc.State
		theirs []nzsc.Character
	}{
		{s, all},
		{blocked, all[:3]},
	} {
		var legal [nzsc.MaxChoices]nzsc.Choice
		n := c.s.Legal(0, &legal)
		best := math.Inf(-1)
		for _, ch := range legal[:n] {
			best = max(best, charValue(nzsc.Character(ch), c.theirs))
		}
		g.NewGame(0, rng)
		d := Decision{Seat: 0, State: &c.s, Legal: legal[:n]}
		pick := nzsc.Character(g.Choose(&d))
		if v := charValue(pick, c.theirs); v < best-eps {
			t.Errorf("case %d: greedy picked %v worth %.4f, best %.4f", i, pick, v, best)
		}
	}
}
