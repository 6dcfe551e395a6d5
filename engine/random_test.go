package engine

import (
	"math/rand/v2"
	"testing"
)

// playByStep plays the random game PlayRandom plays, but through the
// public API only (Legal and Step), with its own uniform pick: the same
// 64-bit draw per turn, seat 0 from the low 32 bits, seat 1 from the high.
func playByStep(s *State, src *rand.PCG) []Turn {
	var log []Turn
	var buf [MaxChoices]Choice
	pick := func(seat int, r uint32) Choice {
		n := s.Legal(seat, &buf)
		if n == 0 {
			return Unknown
		}
		return buf[(uint64(r)*uint64(n))>>32]
	}
	for s.Phase != GameOver {
		r := src.Uint64()
		a, b := pick(0, uint32(r)), pick(1, uint32(r>>32))
		log = append(log, s.Step(a, b))
	}
	return log
}

// TestPlayRandomMatchesStep checks the register-resident fast path of
// PlayRandom against the general Step path: same seed, same final state,
// for many games, including short turn caps that cut games off mid-loop.
func TestPlayRandomMatchesStep(t *testing.T) {
	games := 200000
	if testing.Short() {
		games = 20000
	}
	for _, cap := range []int{1000, 7, 12} {
		for seed := uint64(0); seed < uint64(games); seed++ {
			var src1, src2 rand.PCG
			src1.Seed(seed, 99)
			src2.Seed(seed, 99)
			fast := NewGame(Rules{TurnCap: cap})
			fast.PlayRandom(&src1)
			slow := NewGame(Rules{TurnCap: cap})
			log := playByStep(&slow, &src2)
			if fast != slow {
				t.Fatalf("cap %d seed %d: PlayRandom ended in\n%+v\nStep path in\n%+v\nafter %d turns", cap, seed, fast, slow, len(log))
			}
			if src1 != src2 {
				t.Fatalf("cap %d seed %d: the two paths drew different amounts of randomness", cap, seed)
			}
		}
	}
}
