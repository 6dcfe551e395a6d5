package npzr

import "testing"

// TestOneMoveCompletesTwoStacks: "The player whose placement or move
// completed it earns one move for each stack completed": one move that
// completes two stacks (one of each owner) earns two, each owner scores
// its character, and "a stack left with no cards disappears" when an
// earned move takes its only card.
func TestOneMoveCompletesTwoStacks(t *testing.T) {
	s := build(t, setup{
		hands: [2][]Kind{{PL, NH}, {ZT}},
		stacks: []stackSpec{
			{owner: 0, piles: [3]pile{{c(NH)}, {c(NT)}, {c(NL), c(RL)}}},
			{owner: 1, piles: [3]pile{{c(RH)}, {c(RT)}, {}}},
			{owner: 1, piles: [3]pile{{c(ZH)}, {}, {}}},
			{owner: 0, piles: [3]pile{{c(PH)}, {c(PT)}, {}}},
		},
		rest: true,
	})
	mustApply(t, &s, "play Pirate Legs on 4") // seat 0's Pirate: one move
	if s.Phase() != Move || s.Pending() != 1 || s.Stacks() != 3 {
		t.Fatalf("phase %v, %d moves, %d stacks; want one move, 3 stacks", s.Phase(), s.Pending(), s.Stacks())
	}
	// The Robot Legs onto seat 1's Robot stack uncover seat 0's Ninja
	// Legs: both stacks are complete, two moves earned.
	mustApply(t, &s, "move 1.legs to 2")
	if s.Phase() != Move || s.Pending() != 2 || s.Stacks() != 1 {
		t.Fatalf("phase %v, %d moves, %d stacks; want two moves, seat 1's Zombie stack left", s.Phase(), s.Pending(), s.Stacks())
	}
	if s.Scored(0) != 1<<Pirate|1<<Ninja || s.Scored(1) != 1<<Robot {
		t.Errorf("scored %04b and %04b; want Pirate and Ninja for seat 0, Robot for seat 1", s.Scored(0), s.Scored(1))
	}
	if own, opp := s.Completions(0); own != 2 || opp != 1 {
		t.Errorf("seat 0's completions: %d own, %d of the opponent's; want 2 and 1", own, opp)
	}
	checkInvariants(t, &s)
	// Seat 1's lone Zombie Head to a new stack: its stack disappears and
	// the new one is seat 0's, the placer's.
	mustApply(t, &s, "move 1.head new")
	if s.Phase() != Move || s.Pending() != 1 || s.Stacks() != 1 || s.Owner(0) != 0 {
		t.Fatalf("phase %v, %d moves, %d stacks, owner %d; want one move left and one stack of seat 0's", s.Phase(), s.Pending(), s.Stacks(), s.Owner(0))
	}
	if k, _, _ := s.Top(0, Head); k != ZH {
		t.Errorf("the new stack's head is %v, want the Zombie Head", k)
	}
	checkInvariants(t, &s)
	mustApply(t, &s, "decline")
	if s.Phase() != Play || s.ToAct() != 1 || s.Turns() != 1 {
		t.Errorf("after the moves: phase %v seat %d turns %d; want seat 1's turn, 1 turn done", s.Phase(), s.ToAct(), s.Turns())
	}
}

// TestDeckComposition: "one per character and part, in copies copies
// each", and the 8 wild cards "always": every kind counted over the hands
// and the deck of a new game, for every copies option.
func TestDeckComposition(t *testing.T) {
	for copies := 1; copies <= 4; copies++ {
		s, err := New(Rules{Copies: copies, TurnCap: 500}, uint64(copies))
		if err != nil {
			t.Fatal(err)
		}
		var n [NumKinds]int
		for seat := range 2 {
			for k, m := range s.Hand(seat) {
				n[k] += int(m)
			}
		}
		for _, id := range s.deck[:s.deckN] {
			n[kindOf[id]]++
		}
		for k := range Kind(NumKinds) {
			want := copies
			if k.IsWild() {
				want = 1
			}
			if n[k] != want {
				t.Errorf("copies %d: %d × %v, want %d", copies, n[k], k, want)
			}
		}
	}
}
