package nzsc

import (
	"github.com/nzsclab/nzsc/engine/rng"
	"math/big"
	"math/bits"
	"testing"
)

// playByStep plays the random game PlayRandom plays, but through the
// public API only (Legal, Stuck and Step), with its own reading of the
// draws: each seat reads six picks from every 64-bit word of its source,
// the successive base-60 digits of word/2^64, and a pick is option digit
// mod n of its Legal list. Once a player is stuck nothing is drawn and
// the other plays its first legal move. It fails the test if a stuck
// player ever gets unstuck, which is what makes that rule sound.
func playByStep(t *testing.T, s *State, srcA, srcB *rng.Wyrand) []Turn {
	type reader struct {
		src  *rng.Wyrand
		word uint64
		left int
	}
	if srcA == srcB {
		var split rng.Wyrand
		split.SetState(srcA.Uint64())
		srcB = &split
	}
	readers := [2]reader{{src: srcA}, {src: srcB}}
	digit := func(r *reader) uint64 {
		if r.left == 0 {
			r.word, r.left = r.src.Uint64(), 6
		}
		hi, lo := bits.Mul64(r.word, 60)
		r.word, r.left = lo, r.left-1
		return hi
	}
	var log []Turn
	var buf [MaxChoices]Choice
	stuck := [2]bool{}
	for s.Phase != GameOver {
		var c [2]Choice
		forced := stuck[0] || stuck[1]
		for seat := range 2 {
			now := s.Stuck(seat)
			if stuck[seat] && !now {
				t.Fatalf("seat %d was stuck and is not any more, turn %d", seat, s.Turn)
			}
			stuck[seat] = now
		}
		forced = forced || stuck[0] || stuck[1]
		for seat := range 2 {
			n := s.Legal(seat, &buf)
			switch {
			case n == 0:
				c[seat] = Unknown
			case forced:
				c[seat] = buf[0]
			default:
				c[seat] = buf[digit(&readers[seat])%uint64(n)]
			}
		}
		log = append(log, s.Step(c[0], c[1]))
	}
	return log
}

// TestPlayRandomMatchesStep checks the register-resident fast path of
// PlayRandom against the general Step path: same seeds, same final state,
// same randomness used, for many games, with one source for both seats
// and with one each, and with short turn caps that cut games off in every
// phase.
func TestPlayRandomMatchesStep(t *testing.T) {
	games := 200000
	if testing.Short() {
		games = 20000
	}
	for _, cap := range []int{1000, 1, 2, 7, 12} {
		for seed := uint64(0); seed < uint64(games); seed++ {
			shared := seed%2 == 0
			var a1, b1, a2, b2 rng.Wyrand
			a1.Seed(seed, 99)
			a2.Seed(seed, 99)
			b1.Seed(seed, 100)
			b2.Seed(seed, 100)
			fast := NewGame(Rules{TurnCap: cap})
			slow := NewGame(Rules{TurnCap: cap})
			var log []Turn
			if shared {
				fast.PlayRandom(&a1, &a1)
				log = playByStep(t, &slow, &a2, &a2)
			} else {
				fast.PlayRandom(&a1, &b1)
				log = playByStep(t, &slow, &a2, &b2)
			}
			if fast != slow {
				t.Fatalf("cap %d seed %d: PlayRandom ended in\n%+v\nStep path in\n%+v\nafter %d turns", cap, seed, fast, slow, len(log))
			}
			if a1 != a2 || b1 != b2 {
				t.Fatalf("cap %d seed %d: the two paths drew different amounts of randomness", cap, seed)
			}
		}
	}
}

// TestPlayRandomFromAnyState checks PlayRandom's general path, which
// starts from a game already under way (as search bots' rollouts do):
// states reached by a few turns of random answers, illegal ones included
// (so waits, penalty points and stuck players occur), then played out by
// PlayRandom and by playByStep.
func TestPlayRandomFromAnyState(t *testing.T) {
	games := 100000
	if testing.Short() {
		games = 10000
	}
	var buf [MaxChoices]Choice
	for seed := uint64(0); seed < uint64(games); seed++ {
		var setup, a1, a2 rng.Wyrand
		setup.Seed(seed, 7)
		s := NewGame(Rules{TurnCap: 40})
		for k := setup.Uint64() % 25; k > 0 && s.Phase != GameOver; k-- {
			var c [2]Choice
			for seat := range 2 {
				n := s.Legal(seat, &buf)
				if n == 0 || setup.Uint64()%8 == 0 {
					c[seat] = Choice(setup.Uint64() % 40) // often illegal
				} else {
					c[seat] = buf[setup.Uint64()%uint64(n)]
				}
			}
			s.Step(c[0], c[1])
		}
		a1.Seed(seed, 8)
		a2.Seed(seed, 8)
		fast, slow := s, s
		fast.PlayRandom(&a1, &a1)
		playByStep(t, &slow, &a2, &a2)
		if fast != slow || a1 != a2 {
			t.Fatalf("seed %d from\n%+v\nPlayRandom ended in\n%+v\nStep path in\n%+v", seed, s, fast, slow)
		}
	}
}

// TestPlayRandomVariants checks PlayRandom's path for variant rules
// against playByStep: the same final state and the same randomness used.
func TestPlayRandomVariants(t *testing.T) {
	games := 20000
	if testing.Short() {
		games = 2000
	}
	for _, r := range []Rules{
		{TurnCap: 1000, Points: 3},
		{TurnCap: 1000, Points: 9, MoveStreak: 2},
		{TurnCap: 1000, CharacterStreak: 2, Waits: 1, BoosterRequired: true},
		{TurnCap: 40, MoveStreak: 4, NoHeadstarts: true},
	} {
		for seed := uint64(0); seed < uint64(games); seed++ {
			var a1, a2, b1, b2 rng.Wyrand
			a1.Seed(seed, 5)
			a2.Seed(seed, 5)
			b1.Seed(seed, 6)
			b2.Seed(seed, 6)
			fast, slow := NewGame(r), NewGame(r)
			fast.PlayRandom(&a1, &b1)
			playByStep(t, &slow, &a2, &b2)
			if fast != slow || a1 != a2 || b1 != b2 {
				t.Fatalf("rules %+v seed %d: PlayRandom ended in\n%+v\nStep path in\n%+v", r, seed, fast, slow)
			}
			if fast.Phase != GameOver {
				t.Fatalf("rules %+v seed %d: not over", r, seed)
			}
		}
	}
}

// TestDigitsAreDrawsDigits checks Digits against PlayRandom's draws: from
// the same generator state, a seat's Digits give the digits draws.refill
// unpacks for that seat, word after word (draws are PlayRandom's picks,
// which TestPlayRandomMatchesStep checks against Step), and each digit
// is the next base-60 digit of the word read as a fraction of 2^64,
// computed here with math/big.
func TestDigitsAreDrawsDigits(t *testing.T) {
	for seed := range uint64(50) {
		a, b := rng.NewWyrand(seed, 0), rng.NewWyrand(seed, 1)
		var d draws
		d.src[0], d.src[1] = a.State(), b.State()
		var g [2]Digits
		src := [2]*rng.Wyrand{a, b}
		for word := range 4 {
			d.refill()
			for k := range 6 {
				for seat := range 2 {
					if g[seat].Spent() != (k == 0) {
						t.Fatalf("seed %d word %d digit %d seat %d: Spent() = %v", seed, word, k, seat, g[seat].Spent())
					}
					if g[seat].Spent() {
						g[seat].Fill(src[seat].Uint64())
					}
					want := d.c[k] & 63
					if seat == 1 {
						want = d.c[k] >> digitB
					}
					if got := g[seat].Next(); got != uint(want) {
						t.Fatalf("seed %d word %d digit %d seat %d: Next() = %d, draws has %d", seed, word, k, seat, got, want)
					}
				}
			}
		}
		// The digits of one word, plainly: floor(frac * 60) of the
		// remaining fraction, six times.
		w := rng.NewWyrand(seed, 2).Uint64()
		var x Digits
		x.Fill(w)
		frac := new(big.Int).SetUint64(w) // the fraction frac/2^64
		two64 := new(big.Int).Lsh(big.NewInt(1), 64)
		for k := range 6 {
			frac.Mul(frac, big.NewInt(60))
			digit := new(big.Int).Div(frac, two64)
			frac.Mod(frac, two64)
			if got := x.Next(); got != uint(digit.Uint64()) || got >= 60 {
				t.Fatalf("seed %d digit %d: Next() = %d, want %d below 60", seed, k, got, digit)
			}
		}
		if !x.Spent() {
			t.Fatalf("seed %d: six digits read, Spent() = false", seed)
		}
		x.Fill(1)
		x.Reset()
		if !x.Spent() {
			t.Fatalf("seed %d: Reset left digits", seed)
		}
	}
}
