package engine

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// playByStep plays the random game PlayRandom plays, but through the
// public API only (Legal and Step), with its own reading of the draws:
// every 64-bit word from src gives six picks, the successive base-60
// digits of word/2^64, and a pick is option digit mod n of the Legal list;
// seat 0 picks first in each turn.
func playByStep(s *State, src *rand.PCG) []Turn {
	var log []Turn
	var buf [MaxChoices]Choice
	var word uint64
	left := 0
	digit := func() uint64 {
		if left == 0 {
			word, left = src.Uint64(), 6
		}
		hi, lo := bits.Mul64(word, 60)
		word, left = lo, left-1
		return hi
	}
	pick := func(seat int) Choice {
		u := digit()
		n := s.Legal(seat, &buf)
		if n == 0 {
			return Unknown
		}
		return buf[u%uint64(n)]
	}
	for s.Phase != GameOver {
		a := pick(0)
		b := pick(1)
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
