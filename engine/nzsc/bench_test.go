package nzsc

import (
	"github.com/nzsclab/nzsc/engine/rng"
	"testing"
	"unsafe"
)

// BenchmarkRandomGame plays one complete game between two uniform-random
// players per operation, each game from its own seed and each seat with
// its own source, as nzsc match plays two random bots.
func BenchmarkRandomGame(b *testing.B) {
	b.ReportAllocs()
	var srcA, srcB rng.Wyrand
	var seed uint64
	rounds := 0
	for b.Loop() {
		seed++
		srcA.Seed(seed, 0)
		srcB.Seed(seed, 1)
		s := NewGame(DefaultRules)
		s.PlayRandom(&srcA, &srcB)
		rounds += int(s.Turn)
	}
	b.ReportMetric(float64(rounds)/float64(b.N), "turns/game")
}

func TestRandomGameAllocatesNothing(t *testing.T) {
	var src rng.Wyrand
	seed := uint64(0)
	allocs := testing.AllocsPerRun(1000, func() {
		seed++
		src.Seed(seed, 0)
		s := NewGame(DefaultRules)
		var buf [MaxChoices]Choice
		for s.Phase != GameOver {
			n0, n1 := s.Legal(0, &buf), 0
			a := Unknown
			if n0 > 0 {
				a = buf[src.Uint64()%uint64(n0)]
			}
			n1 = s.Legal(1, &buf)
			b := Unknown
			if n1 > 0 {
				b = buf[src.Uint64()%uint64(n1)]
			}
			s.Step(a, b)
		}
	})
	if allocs != 0 {
		t.Fatalf("a complete game allocates %v times, want 0", allocs)
	}
}

// BenchmarkRandomRounds isolates the move phase: one op is a game played
// at random from the start of the move phase of a fixed loadout pairing.
func BenchmarkRandomRounds(b *testing.B) {
	b.ReportAllocs()
	var src rng.Wyrand
	var seed uint64
	start := NewRound(DefaultRules, Loadout{Ninja, Shadow}, Loadout{Zombie, Regenerative})
	turns := 0
	for b.Loop() {
		seed++
		src.Seed(seed, 0)
		s := start
		s.PlayRandom(&src, &src)
		turns += int(s.Turn)
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkRandomPicks isolates the character and booster phases: one op
// plays PlayRandom's random picks from a new game until the move phase
// starts.
func BenchmarkRandomPicks(b *testing.B) {
	b.ReportAllocs()
	var src rng.Wyrand
	var seed uint64
	turns := 0
	for b.Loop() {
		seed++
		src.Seed(seed, 0)
		s := NewGame(DefaultRules)
		d := draws{src: [2]uint64{src.State(), src.State() + 1}, next: 6}
		s.randomCharacters(&d)
		if s.Phase == PickBooster {
			s.randomBoosters(&d)
		}
		turns += int(s.Turn)
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// TestStateIsSmall pins the size the documentation promises: search code
// copies a State at every node.
func TestStateIsSmall(t *testing.T) {
	if got := unsafe.Sizeof(State{}); got != 48 {
		t.Fatalf("State is %d bytes, documented as 48", got)
	}
}

// BenchmarkStepGame plays one complete game between two uniform-random
// players per operation through Legal and Step, the path bots' games
// take (PlayRandom has its own).
func BenchmarkStepGame(b *testing.B) {
	b.ReportAllocs()
	var src rng.Wyrand
	var seed uint64
	var buf [MaxChoices]Choice
	turns := 0
	for b.Loop() {
		seed++
		src.Seed(seed, 0)
		s := NewGame(DefaultRules)
		for s.Phase != GameOver {
			var c [2]Choice
			for seat := range 2 {
				c[seat] = Unknown
				if n := s.Legal(seat, &buf); n > 0 {
					c[seat] = buf[src.Uint64()%uint64(n)]
				}
			}
			s.Step(c[0], c[1])
		}
		turns += int(s.Turn)
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}
