package npzr

import (
	"math/bits"
	"testing"
)

// pile is a pile in a scripted table, bottom card first; a wild card is
// written with what it counts as.
type pile []Placed

func c(k Kind) Placed          { return Placed{k, k} }
func w(k Kind, as Kind) Placed { return Placed{k, as} }

// setup is a scripted position: seat toAct is in its play phase, its card
// already drawn.
type setup struct {
	rules  Rules
	toAct  int
	hands  [2][]Kind
	stacks []struct {
		owner int
		piles [NumParts]pile
	}
	// deck lists the deck from its top card down; when rest is set the
	// cards nobody holds go beneath it, in id order.
	deck   []Kind
	rest   bool
	scored []Kind
	scores [2][NumCharacters]uint8
	turns  int
}

type stackSpec = struct {
	owner int
	piles [NumParts]pile
}

// build makes the State of su, failing t if su uses a card twice.
func build(t *testing.T, su setup) State {
	t.Helper()
	if su.rules == (Rules{}) {
		su.rules = DefaultRules
	}
	var s State
	s.copies, s.turnCap, s.winner, s.turns = uint8(su.rules.Copies), uint16(su.rules.TurnCap), -1, uint16(su.turns)
	s.toAct = uint8(su.toAct)
	free := deckCards(su.rules.Copies)
	take := func(k Kind) uint8 {
		t.Helper()
		if free&kindCards[k] == 0 {
			t.Fatalf("setup uses more %v than the deck has", k)
		}
		id := bits.TrailingZeros64(free & kindCards[k])
		free &^= 1 << id
		return uint8(id)
	}
	for p, h := range su.hands {
		for _, k := range h {
			s.hand[p] |= 1 << take(k)
		}
	}
	for i, st := range su.stacks {
		s.stacks[i] = stack{top: [NumParts]uint8{none, none, none}, owner: uint8(st.owner)}
		for p, pl := range st.piles {
			for _, cd := range pl {
				if cd.As.Part() != Part(p) {
					t.Fatalf("setup puts %v on a %v pile", cd.As, Part(p))
				}
				id := take(cd.Kind)
				s.below[id], s.stacks[i].top[p], s.as[id] = s.stacks[i].top[p], id, cd.As
			}
		}
	}
	s.nStacks = uint8(len(su.stacks))
	for _, k := range su.scored {
		s.scored |= 1 << take(k)
	}
	var deck []uint8
	for _, k := range su.deck {
		deck = append(deck, take(k))
	}
	if su.rest {
		for ; free != 0; free &= free - 1 {
			deck = append(deck, uint8(bits.TrailingZeros64(free)))
		}
	}
	for i, id := range deck {
		s.deck[len(deck)-1-i] = id
	}
	s.deckN = uint8(len(deck))
	for k := range Kind(NumKinds) {
		s.deckFrom[k] = uint8(bits.OnesCount64(deckCards(su.rules.Copies) & kindCards[k]))
	}
	s.scores = su.scores
	for p := range 2 {
		for ch, n := range su.scores[p] {
			if n > 0 {
				s.chars[p] |= 1 << ch
			}
		}
	}
	s.phase = Play
	s.rng.Seed(1, shuffleStream)
	return s
}

// mustApply applies the action named name, failing t if it is not legal.
func mustApply(t *testing.T, s *State, name string) {
	t.Helper()
	var o Observation
	s.Observe(s.ToAct(), &o)
	a, err := o.Parse(name)
	if err != nil {
		t.Fatalf("%q: %v", name, err)
	}
	if err := s.Apply(a); err != nil {
		t.Fatalf("%q: %v", name, err)
	}
}

// checkInvariants fails t when s breaks a rule that holds between
// decisions: every card of the deck in exactly one place, no complete
// stack and no empty stack on the table, scores and winner consistent.
func checkInvariants(t *testing.T, s *State) {
	t.Helper()
	all := deckCards(int(s.copies))
	var seen uint64
	add := func(id uint8, where string) {
		t.Helper()
		if seen>>id&1 == 1 {
			t.Fatalf("card %d (%v) is in two places (again in %s)", id, kindOf[id], where)
		}
		seen |= 1 << id
	}
	for i := range int(s.deckN) {
		add(s.deck[i], "the deck")
	}
	for p := range 2 {
		for set := s.hand[p]; set != 0; set &= set - 1 {
			add(uint8(bits.TrailingZeros64(set)), "a hand")
		}
	}
	for set := s.scored; set != 0; set &= set - 1 {
		add(uint8(bits.TrailingZeros64(set)), "the scored cards")
	}
	for i := range int(s.nStacks) {
		st := s.stacks[i]
		empty := true
		for p, top := range st.top {
			for id := top; id != none; id = s.below[id] {
				empty = false
				add(id, "the table")
				if nominations[kindOf[id]]>>s.as[id]&1 == 0 || s.as[id].Part() != Part(p) {
					t.Fatalf("card %v counts as %v on a %v pile", kindOf[id], s.as[id], Part(p))
				}
			}
		}
		if empty {
			t.Fatalf("stack %d is empty", i+1)
		}
		if st.top[0] != none && st.top[1] != none && st.top[2] != none {
			ch := s.as[st.top[0]] / 3
			if s.as[st.top[1]]/3 == ch && s.as[st.top[2]]/3 == ch && s.phase != Over {
				t.Fatalf("stack %d is complete and still on the table", i+1)
			}
		}
	}
	if seen != all {
		t.Fatalf("cards unaccounted for: %d of %d seen", bits.OnesCount64(seen), bits.OnesCount64(all))
	}
	wins := 0
	for p := range 2 {
		var set uint8
		for ch, n := range s.scores[p] {
			if n > 0 {
				set |= 1 << ch
			}
		}
		if set != s.chars[p] {
			t.Fatalf("seat %d: scored set %04b, counts %v", p, s.chars[p], s.scores[p])
		}
		if set == 0xF {
			wins++
		}
	}
	switch {
	case s.phase == Over && s.winner >= 0 && s.chars[s.winner] != 0xF:
		t.Fatalf("seat %d won with %04b", s.winner, s.chars[s.winner])
	case s.phase != Over && wins > 0:
		t.Fatalf("a seat has all four characters but the game goes on")
	case s.phase == Over && s.winner < 0 && s.turns < s.turnCap:
		t.Fatalf("a draw before the cap (turn %d)", s.turns)
	case s.phase == Move && (s.pending == 0 || s.nStacks == 0):
		t.Fatalf("move phase with %d moves and %d stacks", s.pending, s.nStacks)
	case s.phase == Play && s.hand[s.toAct] == 0:
		t.Fatalf("play phase with an empty hand")
	}
}
