package nzscn

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// randomAnswer picks a legal choice most of the time and otherwise any
// byte of the phase's range and beyond, so that every penalty clause,
// stuck players and the turn cap all occur.
func randomAnswer(src *rng.Wyrand, mask uint32) nzsc.Choice {
	r := src.Uint64()
	if mask != 0 && r%8 != 0 {
		var buf [nzsc.MaxChoices]nzsc.Choice
		n := 0
		for m := mask; m != 0; m &= m - 1 {
			for k := range 32 {
				if m&(1<<k) != 0 {
					buf[n] = nzsc.Choice(k)
					break
				}
			}
			n++
		}
		return buf[(r>>8)%uint64(n)]
	}
	if r>>60 == 0 {
		return nzsc.Unknown
	}
	return nzsc.Choice((r >> 16) % 30)
}

// TestTwoPlayersPlayEnginesGame plays the same answers, legal and
// illegal, on the two-player engine and on a 2-player State, and checks
// that every turn ends the same way on both.
func TestTwoPlayersPlayEnginesGame(t *testing.T) {
	games, turns := 20000, 0
	if testing.Short() {
		games = 2000
	}
	offences := map[nzsc.Offence]int{}
	for seed := range uint64(games) {
		src := rng.NewWyrand(seed, 99)
		r := nzsc.Rules{TurnCap: 40 + int(seed%200)}
		e := nzsc.NewGame(r)
		s := New(2, r)
		for e.Phase != nzsc.GameOver {
			for seat := range 2 {
				if e.LegalMask(seat) != s.LegalMask(seat) || e.Stuck(seat) != s.Stuck(seat) {
					t.Fatalf("seed %d turn %d seat %d: legal %b stuck %v, engine %b %v", seed, e.Turn, seat,
						s.LegalMask(seat), s.Stuck(seat), e.LegalMask(seat), e.Stuck(seat))
				}
			}
			a, b := randomAnswer(src, e.LegalMask(0)), randomAnswer(src, e.LegalMask(1))
			et := e.Step(a, b)
			st := s.Step(Choices{a, b})
			turns++
			if s.Phase != e.Phase || s.Turn != e.Turn || int(s.Winner) != e.Result.Winner() ||
				st.Clash() != et.Clash() || st.Deducted() != et.Setback() || st.Nullified(2) != et.Nullified() {
				t.Fatalf("seed %d turn %d (%v %v): phase %v turn %d winner %d clash %v deducted %v void %v; engine %v %d %d %v %v %v",
					seed, e.Turn, a, b, s.Phase, s.Turn, s.Winner, st.Clash(), st.Deducted(), st.Nullified(2),
					e.Phase, e.Turn, e.Result.Winner(), et.Clash(), et.Setback(), et.Nullified())
			}
			for seat := range 2 {
				offences[et.Offence(seat)]++
				if s.Points(seat) != e.Points(seat) || s.Waits(seat) != e.Waits(seat) ||
					s.Destroyed(seat) != e.Destroyed(seat) || s.Loadout(seat) != e.Loadout(seat) ||
					st.Offence(seat) != et.Offence(seat) || st.Gained(seat) != et.Gained(seat) {
					t.Fatalf("seed %d turn %d seat %d (%v %v): points %d waits %d destroyed %b %v offence %v gained %d; engine %d %d %b %v %v %d",
						seed, e.Turn, seat, a, b, s.Points(seat), s.Waits(seat), s.Destroyed(seat), s.Loadout(seat), st.Offence(seat), st.Gained(seat),
						e.Points(seat), e.Waits(seat), e.Destroyed(seat), e.Loadout(seat), et.Offence(seat), et.Gained(seat))
				}
				c1, n1 := s.CharacterStreak(seat)
				c2, n2 := e.CharacterStreak(seat)
				m1, k1 := s.MoveStreak(seat)
				m2, k2 := e.MoveStreak(seat)
				if c1 != c2 || n1 != n2 || m1 != m2 || k1 != k2 {
					t.Fatalf("seed %d turn %d seat %d: streaks %v×%d %v×%d, engine %v×%d %v×%d", seed, e.Turn, seat, c1, n1, m1, k1, c2, n2, m2, k2)
				}
			}
		}
		if OutcomeOf(&s) != nzsc.OutcomeOf(&e) {
			t.Fatalf("seed %d: outcome %v, engine %v", seed, OutcomeOf(&s), nzsc.OutcomeOf(&e))
		}
	}
	// The comparison means something only if every clause came up.
	for o := nzsc.WrongUniverse; o <= nzsc.Stuck; o++ {
		if offences[o] == 0 {
			t.Errorf("offence %v never occurred in %d turns", o, turns)
		}
	}
}

func TestRandomGameAllocatesNothing(t *testing.T) {
	for n := 2; n <= 4; n++ {
		var src rng.Wyrand
		seed := uint64(0)
		allocs := testing.AllocsPerRun(1000, func() {
			seed++
			src.Seed(seed, 0)
			s := New(n, nzsc.DefaultRules)
			var buf [nzsc.MaxChoices]nzsc.Choice
			for !s.Over() {
				var c Choices
				for i := range n {
					if k := s.Legal(i, &buf); k > 0 {
						c[i] = buf[src.Uint64()%uint64(k)]
					}
				}
				s.Step(c)
			}
			r := New(n, nzsc.DefaultRules)
			r.PlayRandom(&src)
		})
		if allocs != 0 {
			t.Fatalf("%d players: a complete game allocates %v times, want 0", n, allocs)
		}
	}
}
