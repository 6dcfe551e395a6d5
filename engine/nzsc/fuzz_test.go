package nzsc_test

import (
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// The fuzz input drives a whole game from NewGame. Byte 0 sets the turn cap
// (20..275); then each pair of bytes is one turn's answers, seat 0 first.
// A byte b answers:
//
//	b < 0x80:  the (b mod n)-th of the seat's n legal choices (Unknown if none)
//	0x80..0xBF: the raw value b&0x3F, legal or not (out of range included)
//	0xC0..0xFF: the raw value b, always out of range (0xFF is Unknown)
//
// When the input runs out the game goes on with random legal play, seeded
// from the input, and must end within the cap.
func decodeChoice(b byte, s *nzsc.State, seat int) nzsc.Choice {
	switch {
	case b < 0x80:
		var buf [nzsc.MaxChoices]nzsc.Choice
		n := s.Legal(seat, &buf)
		if n == 0 {
			return nzsc.Unknown
		}
		return buf[int(b)%n]
	case b < 0xC0:
		return nzsc.Choice(b & 0x3F)
	}
	return nzsc.Choice(b)
}

// raw encodes a fixed answer for a seed input.
func raw(c nzsc.Choice) byte { return 0x80 | byte(c) }

func FuzzGame(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{100})
	f.Add([]byte{0, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF})
	f.Add([]byte{200, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
	// Three clashes on Ninja, then a refused fourth.
	f.Add([]byte{50, raw(0), raw(0), raw(0), raw(0), raw(0), raw(0), raw(0), raw(2), raw(1), raw(2)})
	// Zombie/No Booster against Clown/Moustachio until the Zombie is stuck.
	f.Add([]byte{30, raw(1), raw(3), raw(8), raw(7),
		raw(7), raw(22), raw(9), raw(26), raw(8), raw(21), raw(8), raw(27), raw(8), raw(23),
		0xFF, 0, 0xFF, 0, 0xFF, 0})
	// Both stuck at level scores: a draw at the cap.
	f.Add([]byte{40, raw(1), raw(3), raw(8), raw(8),
		raw(8), raw(21), raw(8), raw(21), raw(8), raw(21), raw(7), raw(22), raw(9), raw(21),
		raw(8), raw(23), raw(8), raw(23), raw(8), raw(23)})
	// Out-of-range values in every phase.
	f.Add([]byte{60, raw(4), raw(63), 0xC0, raw(3), raw(0), raw(2), raw(9), raw(40), raw(28), raw(31)})
	f.Fuzz(func(t *testing.T, data []byte) { checkGame(t, data) })
}

// TestRandomChoiceSequences runs the fuzz checks on a fixed set of random
// inputs, so that plain `go test` exercises them beyond the seed corpus.
func TestRandomChoiceSequences(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 50
	}
	r := rand.New(rand.NewPCG(2, 0))
	for range n {
		data := make([]byte, r.IntN(300))
		for i := range data {
			// Mostly legal answers so games get deep, some illegal ones.
			if r.IntN(8) == 0 {
				data[i] = byte(0x80 + r.IntN(0x80))
			} else {
				data[i] = byte(r.IntN(0x80))
			}
		}
		checkGame(t, data)
		if t.Failed() {
			t.Fatalf("input %x", data)
		}
	}
}

func checkGame(t *testing.T, data []byte) {
	t.Helper()
	s1, log1 := playChecked(t, data)
	s2, log2 := playChecked(t, data)
	if s1 != s2 || !slices.Equal(log1, log2) {
		t.Fatalf("same input, different games: %+v (%d turns) vs %+v (%d turns)", s1, len(log1), s2, len(log2))
	}
}

func playChecked(t *testing.T, data []byte) (nzsc.State, []nzsc.Turn) {
	t.Helper()
	turnCap := 20
	if len(data) > 0 {
		turnCap += int(data[0])
		data = data[1:]
	}
	h := fnv.New64a()
	h.Write(data)
	rng := rand.New(rand.NewPCG(h.Sum64(), uint64(turnCap)))

	s := nzsc.NewGame(nzsc.Rules{TurnCap: turnCap})
	var log []nzsc.Turn
	var buf [nzsc.MaxChoices]nzsc.Choice
	for s.Phase != nzsc.GameOver {
		if len(log) >= turnCap {
			t.Fatalf("game still %v after %d turns with a cap of %d", s.Phase, len(log), turnCap)
		}
		var ch [2]nzsc.Choice
		for seat := range 2 {
			if len(data) >= 2 {
				ch[seat] = decodeChoice(data[seat], &s, seat)
			} else if n := s.Legal(seat, &buf); n > 0 {
				ch[seat] = buf[rng.IntN(n)]
			} else {
				ch[seat] = nzsc.Unknown
			}
		}
		if len(data) >= 2 {
			data = data[2:]
		}
		prev := s
		tr := s.Step(ch[0], ch[1])
		log = append(log, tr)
		checkStep(t, &prev, &s, ch, tr)
		if t.Failed() {
			t.FailNow()
		}
	}
	// A finished game ignores further answers.
	done := s
	for _, c := range [][2]nzsc.Choice{{0, 0}, {nzsc.Unknown, 3}, {27, 21}} {
		s.Step(c[0], c[1])
		if s != done {
			t.Fatalf("Step %v after GameOver changed the state", c)
		}
	}
	return s, log
}

// checkStep checks the invariants of one turn from prev to s.
func checkStep(t *testing.T, prev, s *nzsc.State, ch [2]nzsc.Choice, tr nzsc.Turn) {
	t.Helper()
	if s.Turn != prev.Turn+1 {
		t.Errorf("turn counter %d after %d", s.Turn, prev.Turn)
	}
	if tr.Phase() != prev.Phase || tr.Choice(0) != ch[0] || tr.Choice(1) != ch[1] {
		t.Errorf("turn record %#x for %v in %v", uint32(tr), ch, prev.Phase)
	}

	// The offence record is what Offence predicted, and Legal, LegalMask
	// and Offence agree on every possible answer.
	var buf [nzsc.MaxChoices]nzsc.Choice
	anyOffence := false
	for seat := range 2 {
		if got, want := tr.Offence(seat), prev.Offence(seat, ch[seat]); got != want {
			t.Errorf("seat %d answered %d in %v: offence %v, Offence() said %v", seat, ch[seat], prev.Phase, got, want)
		}
		anyOffence = anyOffence || tr.Offence(seat) != nzsc.NoOffence
		n := prev.Legal(seat, &buf)
		mask := prev.LegalMask(seat)
		var fromBuf uint32
		for _, c := range buf[:n] {
			fromBuf |= 1 << c
		}
		if fromBuf != mask || n > nzsc.MaxChoices {
			t.Errorf("seat %d: Legal %v, LegalMask %#x", seat, buf[:n], mask)
		}
		for c := range 256 {
			legal := c < 32 && mask>>c&1 == 1
			if o := prev.Offence(seat, nzsc.Choice(c)); (o == nzsc.NoOffence) != legal {
				t.Errorf("seat %d in %v: answer %d has offence %v, legal mask %#x", seat, prev.Phase, c, o, mask)
			}
		}
		if prev.Phase == nzsc.PickMove {
			if prev.Stuck(seat) != (mask == 0) {
				t.Errorf("seat %d: Stuck %v with legal mask %#x", seat, prev.Stuck(seat), mask)
			}
			if mask&prev.Destroyed(seat) != 0 {
				t.Errorf("seat %d: destroyed moves %#x are legal", seat, mask&prev.Destroyed(seat))
			}
		}
	}
	if tr.Nullified() != anyOffence {
		t.Errorf("nullified %v with offences %v %v", tr.Nullified(), tr.Offence(0), tr.Offence(1))
	}

	// Scores and waits at rest.
	for seat := range 2 {
		p, w := s.Points(seat), s.Waits(seat)
		if w < 0 || w > 4 {
			t.Errorf("seat %d has %d waits", seat, w)
		}
		if p > 5 || (p == 5 && s.Result.Winner() != seat) {
			t.Errorf("seat %d has %d points, result %v", seat, p, s.Result)
		}
		if !tr.Setback() && p != prev.Points(seat)+int(tr.Gained(seat)) {
			t.Errorf("seat %d: %d points, was %d and gained %d", seat, p, prev.Points(seat), tr.Gained(seat))
		}
		if s.Destroyed(seat)&prev.Destroyed(seat) != prev.Destroyed(seat) {
			t.Errorf("seat %d: a destroyed move came back", seat)
		}
		if s.Phase == nzsc.PickMove {
			c, b := s.Character(seat), s.Booster(seat)
			own := refLoadoutSet[c][b]
			if a := s.Available(seat); a&s.Destroyed(seat) != 0 || a&^own != 0 || s.Destroyed(seat)&^own != 0 {
				t.Errorf("seat %d %v: available %#x destroyed %#x own %#x", seat, s.Loadout(seat), a, s.Destroyed(seat), own)
			}
		}
	}
	if tr.Setback() {
		a, b := prev.Points(0)+int(tr.Gained(0)), prev.Points(1)+int(tr.Gained(1))
		if a != b || a < 5 || s.Points(0) != 4 || s.Points(1) != 4 {
			t.Errorf("setback from %d-%d to %d-%d", a, b, s.Points(0), s.Points(1))
		}
	}
	switch s.Result {
	case nzsc.Ongoing:
		if s.Phase == nzsc.GameOver {
			t.Errorf("game over without a result")
		}
	case nzsc.Draw:
		if s.Turn != s.TurnCap {
			t.Errorf("draw at turn %d, cap %d", s.Turn, s.TurnCap)
		}
	default:
		if w := s.Result.Winner(); s.Points(w) != 5 || s.Points(1-w) >= 5 {
			t.Errorf("%v at %d-%d", s.Result, s.Points(0), s.Points(1))
		}
	}
	if s.Result != nzsc.Ongoing && s.Phase != nzsc.GameOver {
		t.Errorf("result %v in phase %v", s.Result, s.Phase)
	}

	if tr.Nullified() {
		checkNullified(t, prev, s, tr)
		return
	}
	for seat := range 2 {
		if s.Waits(seat) != prev.Waits(seat) {
			t.Errorf("seat %d lost waits without an offence", seat)
		}
	}
	if prev.Phase == nzsc.PickMove {
		checkRound(t, prev, s, ch, tr)
	}
}

// checkNullified: an offence voids the turn. Only waits and penalty points
// change (and the phase, if the point ends the game or the cap is reached).
func checkNullified(t *testing.T, prev, s *nzsc.State, tr nzsc.Turn) {
	t.Helper()
	for seat := range 2 {
		o := tr.Offence(seat)
		cost := 0 // the rulebook's price of each clause
		switch o {
		case nzsc.WrongUniverse, nzsc.DestroyedMove:
			cost = 4
		case nzsc.FourthInARow, nzsc.WrongCharacter:
			cost = 3
		case nzsc.WrongBooster, nzsc.Stuck:
			cost = 2
		}
		w := prev.Waits(seat) - cost
		point := 0
		if w < 0 {
			w, point = 0, 1
		}
		if s.Waits(seat) != w || int(tr.Gained(1-seat)) != point {
			t.Errorf("seat %d %v with %d waits: now %d waits, opponent gained %d",
				seat, o, prev.Waits(seat), s.Waits(seat), tr.Gained(1-seat))
		}
		pm, pn := prev.MoveStreak(seat)
		sm, sn := s.MoveStreak(seat)
		pc, pcn := prev.CharacterStreak(seat)
		sc, scn := s.CharacterStreak(seat)
		if pn != sn || (pn > 0 && pm != sm) || pcn != scn || (pcn > 0 && pc != sc) ||
			prev.Destroyed(seat) != s.Destroyed(seat) || prev.Loadout(seat) != s.Loadout(seat) {
			t.Errorf("seat %d: a nullified turn changed streaks, destruction or loadout", seat)
		}
	}
	if s.Phase != prev.Phase && s.Phase != nzsc.GameOver {
		t.Errorf("a nullified turn moved from %v to %v", prev.Phase, s.Phase)
	}
}

// checkRound replays a legal round with the test's own rules.
func checkRound(t *testing.T, prev, s *nzsc.State, ch [2]nzsc.Choice, tr nzsc.Turn) {
	t.Helper()
	for seat := range 2 {
		me, them := int(ch[seat]), int(ch[1-seat])
		strong := [2]bool{prev.Booster(seat) == nzsc.Strong, prev.Booster(1-seat) == nzsc.Strong}
		if got, want := int(tr.Gained(seat)), refPoints(me, them, strong[0], strong[1]); got != want {
			t.Errorf("seat %d: %s against %s gained %d, want %d", seat, refMoveNames[me], refMoveNames[them], got, want)
		}
		dest := prev.Destroyed(seat)
		if refSingleSet>>me&1 == 1 || refDestroySet>>them&1 == 1 {
			dest |= 1 << me
		}
		if s.Destroyed(seat) != dest {
			t.Errorf("seat %d: destroyed %#x, want %#x", seat, s.Destroyed(seat), dest)
		}
		pm, pn := prev.MoveStreak(seat)
		want := 1
		if pn > 0 && int(pm) == me {
			want = pn + 1
		}
		if sm, sn := s.MoveStreak(seat); int(sm) != me || sn != want || sn > 3 {
			t.Errorf("seat %d: streak (%v,%d) after (%v,%d) and %s", seat, sm, sn, pm, pn, refMoveNames[me])
		}
	}
}
