package nzsc_test

import (
	"math/bits"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// legalSets returns every set of choices a seat's LegalMask can be, and
// more: any subset of the characters, a character's two boosters with and
// without No Booster, and any subset of a loadout's moves (destroyed and
// blocked moves take any of them away).
func legalSets() []uint32 {
	var sets []uint32
	for m := uint32(1); m < 1<<nzsc.NumCharacters; m++ {
		sets = append(sets, m)
	}
	for c := range nzsc.Character(nzsc.NumCharacters) {
		b := c.Boosters()
		two := uint32(1)<<b[0] | 1<<b[1]
		sets = append(sets, two, two|1<<nzsc.NoBooster)
	}
	for _, l := range nzsc.Loadouts() {
		all := l.Moves()
		for m := all; m != 0; m = (m - 1) & all {
			sets = append(sets, m)
		}
	}
	return sets
}

// choicesOf is the oracle: m's set bits, lowest first, one at a time.
func choicesOf(m uint32) []nzsc.Choice {
	var out []nzsc.Choice
	for c := range nzsc.Choice(32) {
		if m>>c&1 == 1 {
			out = append(out, c)
		}
	}
	return out
}

// TestListLegalAndLegalAt checks the legal-set API's table lookups against
// the bit-by-bit oracle on every set a seat can have: ListLegal lists the
// set in order, and LegalAt(m, u) is the list's entry u mod n for every
// base-60 digit u.
func TestListLegalAndLegalAt(t *testing.T) {
	sets := legalSets()
	if len(sets) < 100 {
		t.Fatalf("only %d sets", len(sets))
	}
	for _, m := range sets {
		want := choicesOf(m)
		if len(want) > nzsc.MaxChoices {
			t.Fatalf("set %#x has %d choices, more than MaxChoices", m, len(want))
		}
		var buf [nzsc.MaxChoices]nzsc.Choice
		n := nzsc.ListLegal(m, &buf)
		if n != len(want) || string(buf[:n]) != string(want) {
			t.Errorf("ListLegal(%#x) = %v, want %v", m, buf[:n], want)
		}
		for u := range uint(60) {
			if got := nzsc.LegalAt(m, u); got != want[u%uint(len(want))] {
				t.Errorf("LegalAt(%#x, %d) = %d, want %d", m, u, got, want[u%uint(len(want))])
			}
		}
	}
	var buf [nzsc.MaxChoices]nzsc.Choice
	if n := nzsc.ListLegal(0, &buf); n != 0 {
		t.Errorf("ListLegal(0) = %d choices, want 0", n)
	}
}

// TestLegalIsListLegal checks State.Legal against the oracle on the
// positions of random games, every phase and both seats.
func TestLegalIsListLegal(t *testing.T) {
	var src nzsc.Wyrand
	for seed := range uint64(200) {
		src.Seed(seed, 9)
		s := nzsc.NewGame(nzsc.DefaultRules)
		for s.Phase != nzsc.GameOver {
			var c [2]nzsc.Choice
			for seat := range 2 {
				var buf [nzsc.MaxChoices]nzsc.Choice
				n := s.Legal(seat, &buf)
				m := s.LegalMask(seat)
				if want := choicesOf(m); n != len(want) || string(buf[:n]) != string(want) || n != bits.OnesCount32(m) {
					t.Fatalf("seed %d turn %d seat %d: Legal %v, want %v", seed, s.Turn, seat, buf[:n], want)
				}
				c[seat] = nzsc.Unknown
				if n > 0 {
					c[seat] = buf[src.Uint64()%uint64(n)]
				}
			}
			s.Step(c[0], c[1])
		}
	}
}
