package nzscn

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// FuzzGame plays games of 2 to 4 players from arbitrary answers (legal
// picks and arbitrary bytes) and checks the invariants of every turn:
// waits stay in 0..4, nobody has 5 points while the game goes on (so no
// score has wrapped below zero either), a finished game has at most one
// winner, who is alone in first place with 5 points or more, and every
// game ends by the turn cap.
func FuzzGame(f *testing.F) {
	f.Add(uint8(3), uint16(1000), uint64(1), []byte{})
	f.Add(uint8(4), uint16(50), uint64(2), []byte{0xFF, 0, 1, 2, 3})
	f.Add(uint8(2), uint16(7), uint64(3), []byte{200, 7, 7, 7, 7})
	f.Fuzz(func(t *testing.T, n uint8, turnCap uint16, seed uint64, raw []byte) {
		players := 2 + int(n%3)
		limit := 1 + int(turnCap%3000)
		s := New(players, nzsc.Rules{TurnCap: limit})
		src := rng.NewWyrand(seed, 0)
		k := 0
		for !s.Over() {
			if int(s.Turn) >= limit {
				t.Fatalf("turn %d past the cap %d", s.Turn, limit)
			}
			var c Choices
			for i := range players {
				m := s.LegalMask(i)
				if k < len(raw) && raw[k]&1 == 1 {
					c[i] = nzsc.Choice(raw[k] >> 1 * 3) // arbitrary, often illegal
				} else if m != 0 {
					c[i] = nzsc.Choice(nthBit(m, int(src.Uint64()%uint64(popcount(m)))))
				}
				k++
			}
			s.Step(c)
			for i := range players {
				if w := s.Waits(i); w < 0 || w > 4 {
					t.Fatalf("turn %d seat %d: waits %d", s.Turn, i, w)
				}
				if !s.Over() && s.Points(i) >= nzsc.WinningPoints {
					t.Fatalf("turn %d seat %d: %d points and the game goes on", s.Turn, i, s.Points(i))
				}
				if s.Points(i) > nzsc.WinningPoints-1+2*(players-1) {
					t.Fatalf("turn %d seat %d: %d points, more than a turn can give", s.Turn, i, s.Points(i))
				}
			}
		}
		o := OutcomeOf(&s)
		at5 := 0
		for i := range players {
			if s.Points(i) >= nzsc.WinningPoints {
				at5++
			}
		}
		switch {
		case s.Winner >= 0:
			if at5 != 1 || s.Points(int(s.Winner)) < nzsc.WinningPoints || o.Place[s.Winner] != 1 {
				t.Fatalf("winner %d with scores %v", s.Winner, s.Scores())
			}
			for i := range players {
				if i != int(s.Winner) && o.Place[i] == 1 {
					t.Fatalf("seat %d shares first place with winner %d: %v", i, s.Winner, o)
				}
			}
		default:
			if at5 != 0 || int(s.Turn) != limit {
				t.Fatalf("no winner at turn %d of %d with scores %v", s.Turn, limit, s.Scores())
			}
		}
	})
}

func popcount(m uint32) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}
