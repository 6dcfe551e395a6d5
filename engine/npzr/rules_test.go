package npzr

import "testing"

// Short names for the scripted positions.
var (
	NH, NT, NL = RegularKind(Ninja, Head), RegularKind(Ninja, Torso), RegularKind(Ninja, Legs)
	PH, PT, PL = RegularKind(Pirate, Head), RegularKind(Pirate, Torso), RegularKind(Pirate, Legs)
	ZH, ZT, ZL = RegularKind(Zombie, Head), RegularKind(Zombie, Torso), RegularKind(Zombie, Legs)
	RH, RT, RL = RegularKind(Robot, Head), RegularKind(Robot, Torso), RegularKind(Robot, Legs)
	WN, WP     = WildNinja, WildNinja + 1
	WHd, WTo   = WildHead, WildHead + 1
	WLg        = WildHead + 2
)

func TestCompletingTheOpponentsStack(t *testing.T) {
	s := build(t, setup{
		hands:  [2][]Kind{{NL, PH}, {ZH}},
		stacks: []stackSpec{{owner: 1, piles: [3]pile{{c(NH)}, {c(NT)}, {}}}},
		rest:   true,
	})
	mustApply(t, &s, "play Ninja Legs on 1")
	if got := s.Scores(1)[Ninja]; got != 1 {
		t.Errorf("seat 1 scored Ninja %d times, want 1", got)
	}
	if s.Scored(0) != 0 {
		t.Errorf("seat 0 scored %04b, want nothing", s.Scored(0))
	}
	if own, opp := s.Completions(0); own != 0 || opp != 1 {
		t.Errorf("seat 0's completions: %d own, %d of the opponent's; want 0 and 1", own, opp)
	}
	if got := s.ScoringOrder(1); len(got) != 1 || got[0] != Ninja {
		t.Errorf("seat 1's scoring order %v, want [Ninja]", got)
	}
	// The table is empty: the earned move lapses and the turn ends.
	if s.Stacks() != 0 || s.Phase() != Play || s.ToAct() != 1 {
		t.Errorf("after completing the only stack: %d stacks, phase %v, seat %d to act; want seat 1 to play", s.Stacks(), s.Phase(), s.ToAct())
	}
	if s.Turns() != 1 {
		t.Errorf("turns %d, want 1", s.Turns())
	}
	checkInvariants(t, &s)

	// With another stack on the table the move is earned and used.
	s = build(t, setup{
		hands: [2][]Kind{{NL, PH}, {ZH}},
		stacks: []stackSpec{
			{owner: 0, piles: [3]pile{{c(PH)}, {}, {}}},
			{owner: 1, piles: [3]pile{{c(NH)}, {c(NT)}, {}}},
		},
		rest: true,
	})
	mustApply(t, &s, "play Ninja Legs on 2")
	if s.Phase() != Move || s.Pending() != 1 || s.ToAct() != 0 || s.Stacks() != 1 {
		t.Fatalf("phase %v, %d moves, seat %d, %d stacks; want seat 0 to move once, 1 stack", s.Phase(), s.Pending(), s.ToAct(), s.Stacks())
	}
	var o Observation
	s.Observe(0, &o)
	if o.Scored[NH]+o.Scored[NT]+o.Scored[NL] != 3 {
		t.Errorf("scored cards %v, want the Ninja's three", o.Scored)
	}
	checkInvariants(t, &s)
	mustApply(t, &s, "decline")
	if s.Phase() != Play || s.ToAct() != 1 {
		t.Errorf("after declining: phase %v seat %d, want seat 1 to play", s.Phase(), s.ToAct())
	}
}

func TestCascadeOfMoves(t *testing.T) {
	s := build(t, setup{
		hands: [2][]Kind{{NL, PH}, {ZH}},
		stacks: []stackSpec{
			{owner: 0, piles: [3]pile{{c(ZH)}, {c(ZT)}, {c(ZL), c(RL)}}},
			{owner: 0, piles: [3]pile{{c(NH)}, {c(NT)}, {}}},
			{owner: 1, piles: [3]pile{{c(RH)}, {}, {}}},
		},
		rest: true,
	})
	mustApply(t, &s, "play Ninja Legs on 2")
	if s.Pending() != 1 || s.Stacks() != 2 {
		t.Fatalf("%d moves, %d stacks; want 1 and 2", s.Pending(), s.Stacks())
	}
	// Lifting the Robot Legs uncovers the Zombie Legs: the Zombie stack is
	// complete, which earns the next move.
	mustApply(t, &s, "move 1.legs to 2")
	if s.Scored(0) != 1<<Ninja|1<<Zombie {
		t.Errorf("seat 0 scored %04b, want Ninja and Zombie", s.Scored(0))
	}
	if s.Phase() != Move || s.Pending() != 1 {
		t.Fatalf("phase %v with %d moves, want one more move", s.Phase(), s.Pending())
	}
	if s.Stacks() != 1 || s.Owner(0) != 1 {
		t.Fatalf("%d stacks, want seat 1's Robot stack only", s.Stacks())
	}
	if k, _, _ := s.Top(0, Legs); k != RL {
		t.Errorf("the Robot stack's legs are %v, want Robot Legs", k)
	}
	checkInvariants(t, &s)
	// The earned move: the Robot Legs to a new stack completes nothing,
	// so the turn ends (the card played was regular).
	mustApply(t, &s, "move 1.legs new")
	if s.Phase() != Play || s.ToAct() != 1 || s.Stacks() != 2 {
		t.Errorf("phase %v seat %d, %d stacks; want seat 1 to play, 2 stacks", s.Phase(), s.ToAct(), s.Stacks())
	}
	if s.Owner(1) != 0 {
		t.Errorf("the new stack belongs to seat %d, want the mover, 0", s.Owner(1))
	}
	if own, opp := s.Completions(0); own != 2 || opp != 0 {
		t.Errorf("seat 0's completions: %d own, %d of the opponent's; want 2 and 0", own, opp)
	}
	if made, declined := s.EarnedMoves(0); made != 2 || declined != 0 {
		t.Errorf("seat 0's earned moves: %d made, %d declined; want 2 and 0", made, declined)
	}
	if got := s.ScoringOrder(0); len(got) != 2 || got[0] != Ninja || got[1] != Zombie {
		t.Errorf("seat 0's scoring order %v, want [Ninja Zombie]", got)
	}
	checkInvariants(t, &s)
}

func TestWildMovedAndRenominated(t *testing.T) {
	s := build(t, setup{
		hands: [2][]Kind{{RL, NH}, {ZH}},
		stacks: []stackSpec{
			{owner: 0, piles: [3]pile{{c(PH)}, {c(PT)}, {w(WLg, NL)}}},
			{owner: 0, piles: [3]pile{{c(RH)}, {c(RT)}, {}}},
		},
		rest: true,
	})
	mustApply(t, &s, "play Robot Legs on 2")
	var o Observation
	s.Observe(0, &o)
	if got := o.Name(MoveAction(0, Legs, PL, 0)); got != "move 1.legs as Pirate Legs to 1" {
		t.Errorf("the renomination is named %q", got)
	}
	// Moving a regular card to another part's pile is not an action.
	if s.IsLegal(MoveAction(0, Head, PT, 0)) {
		t.Errorf("a Pirate Head moved as a Pirate Torso is legal")
	}
	mustApply(t, &s, "move 1.legs as Pirate Legs to 1")
	if s.Scored(0) != 1<<Robot|1<<Pirate {
		t.Errorf("seat 0 scored %04b, want Robot and Pirate", s.Scored(0))
	}
	if s.Stacks() != 0 || s.Phase() != Play || s.ToAct() != 1 {
		t.Errorf("%d stacks, phase %v, seat %d; want an empty table and seat 1 to play (the second move lapses)", s.Stacks(), s.Phase(), s.ToAct())
	}
	checkInvariants(t, &s)

	// A wild keeps its nomination under another card, and counts again
	// when uncovered.
	s = build(t, setup{
		hands: [2][]Kind{{ZL, NH}, {ZH}},
		stacks: []stackSpec{
			{owner: 1, piles: [3]pile{{c(NH)}, {c(NT)}, {w(WLg, NL), c(RL)}}},
			{owner: 0, piles: [3]pile{{c(ZH)}, {c(ZT)}, {}}},
		},
		rest: true,
	})
	mustApply(t, &s, "play Zombie Legs on 2")
	mustApply(t, &s, "move 1.legs new")
	if s.Scores(1)[Ninja] != 1 || s.Scores(0)[Zombie] != 1 {
		t.Errorf("scores %v %v; want seat 1's Ninja completed by the uncovered Wild Legs", s.Scores(0), s.Scores(1))
	}
	checkInvariants(t, &s)
}

func TestWildNominations(t *testing.T) {
	s := build(t, setup{
		hands:  [2][]Kind{{WTo, WN, NH}, {ZH}},
		stacks: []stackSpec{{owner: 1, piles: [3]pile{{c(PH)}, {}, {}}}},
		rest:   true,
	})
	var o Observation
	s.Observe(0, &o)
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"play Wild Torso as Ninja Head on 1", false}, // a part wild on another part's pile
		{"play Wild Torso as Ninja Torso on 1.head", false},
		{"play Wild Ninja as Pirate Head on 1", false}, // a character wild as another character
		{"play Ninja Head as Pirate Head on 1", false},
	} {
		if _, err := o.Parse(c.name); err == nil {
			t.Errorf("%q reads without an error", c.name)
		}
	}
	for i, a := range []Action{PlayAction(WTo, NH, 0), PlayAction(WN, PH, 0), PlayAction(NH, PH, 0), PlayAction(WTo, NT, 5), PlayAction(RH, RH, 0)} {
		if err := s.Apply(a); err == nil {
			t.Fatalf("case %d: %s was applied", i, o.Name(a))
		}
	}
	// Both wilds are fast: the turn goes on until the regular card.
	mustApply(t, &s, "play Wild Torso as Pirate Torso on 1")
	mustApply(t, &s, "play wild ninja as ninja legs new")
	if s.Phase() != Play || s.ToAct() != 0 {
		t.Fatalf("after two wilds: phase %v seat %d, want seat 0 to play on", s.Phase(), s.ToAct())
	}
	if k, as, _ := s.Top(0, Torso); k != WTo || as != PT {
		t.Errorf("stack 1's torso is %v as %v", k, as)
	}
	mustApply(t, &s, "play Ninja Head on 2.head")
	if s.ToAct() != 1 || s.Turns() != 1 {
		t.Errorf("after the regular card: seat %d, %d turns; want seat 1, 1 turn", s.ToAct(), s.Turns())
	}
	checkInvariants(t, &s)

	// A hand of wilds only: one wild ends the turn.
	s = build(t, setup{hands: [2][]Kind{{Wild, WHd}, {ZH}}, rest: true})
	mustApply(t, &s, "play Wild as Robot Torso new")
	if s.ToAct() != 1 || s.Turns() != 1 {
		t.Errorf("a wild played instead of a regular card: seat %d to act, %d turns; want seat 1, 1", s.ToAct(), s.Turns())
	}
}

func TestLegalCount(t *testing.T) {
	s := build(t, setup{
		hands: [2][]Kind{{NH, NH, Wild, WP, WLg}, {}},
		stacks: []stackSpec{
			{owner: 1, piles: [3]pile{{c(PH)}, {}, {}}},
			{owner: 0, piles: [3]pile{{}, {c(RT)}, {w(WN, NL)}}},
		},
		rest: true,
	})
	// Kinds held: Ninja Head (1 nomination), Wild Pirate (3), Wild Legs (4),
	// Wild (12); each nomination on 2 stacks or a new one.
	want := (1 + 3 + 4 + 12) * 3
	var buf [1024]Action
	legal := s.Legal(buf[:0])
	if len(legal) != want || s.NumLegal() != want {
		t.Fatalf("%d legal plays (NumLegal %d), want %d", len(legal), s.NumLegal(), want)
	}
	s.phase, s.pending = Move, 1
	// Tops: Pirate Head (1), Robot Torso (1), Wild Ninja (3); 2 stacks + new;
	// and decline.
	want = 1 + (1+1+3)*3
	legal = s.Legal(buf[:0])
	if len(legal) != want || s.NumLegal() != want {
		t.Fatalf("%d legal moves (NumLegal %d), want %d", len(legal), s.NumLegal(), want)
	}
	for i, a := range legal {
		if s.LegalAt(i) != a || !s.IsLegal(a) {
			t.Fatalf("legal move %d: LegalAt %x, Legal %x", i, s.LegalAt(i), a)
		}
	}
}

func TestDeckRunsOut(t *testing.T) {
	// With scored cards: they become the deck, and the record stays.
	s := build(t, setup{
		hands:  [2][]Kind{{NH}, {ZH, ZT}},
		scored: []Kind{PH, PT, PL, RH, RT, RL},
		scores: [2][NumCharacters]uint8{{0, 1, 0, 0}, {0, 0, 0, 1}},
		stacks: []stackSpec{{owner: 0, piles: [3]pile{{c(RH)}, {}, {}}}},
	})
	// Fill the table with the rest so every card is placed.
	var o Observation
	mustApply(t, &s, "play Ninja Head new")
	if s.ToAct() != 1 || s.Reshuffles() != 1 || s.DeckSize() != 5 || s.HandSize(1) != 3 {
		t.Fatalf("seat %d, %d reshuffles, deck %d, hand %d; want seat 1 drawing from 6 reshuffled cards", s.ToAct(), s.Reshuffles(), s.DeckSize(), s.HandSize(1))
	}
	s.Observe(1, &o)
	if o.Scored != [NumKinds]uint8{} || o.Scores[0][Pirate] != 1 || o.Scores[1][Robot] != 1 {
		t.Errorf("scored cards %v, scores %v; want none waiting, the record kept", o.Scored, o.Scores)
	}
	if o.DeckFrom[PH] != 1 || o.DeckFrom[NH] != 0 {
		t.Errorf("deck made of %v, want the six scored cards", o.DeckFrom)
	}
	if s.Scored(0) != 1<<Pirate || s.Scored(1) != 1<<Robot {
		t.Errorf("scored sets %04b %04b", s.Scored(0), s.Scored(1))
	}

	// Without scored cards: nothing is drawn.
	s = build(t, setup{
		hands: [2][]Kind{{NH}, {ZH, ZT}},
		rest:  false,
	})
	mustApply(t, &s, "play Ninja Head new")
	if s.ToAct() != 1 || s.HandSize(1) != 2 || s.DeckSize() != 0 || s.Reshuffles() != 0 {
		t.Errorf("seat %d, hand %d, deck %d, %d reshuffles; want seat 1 to play its 2 cards, nothing drawn", s.ToAct(), s.HandSize(1), s.DeckSize(), s.Reshuffles())
	}
	mustApply(t, &s, "play Zombie Head new")
	// Seat 0's hand is empty and nothing can be drawn: its turn ends at
	// once and seat 1 plays again.
	if s.ToAct() != 1 || s.Turns() != 3 || s.HandSize(1) != 1 {
		t.Errorf("seat %d, %d turns, hand %d; want seat 1 again after seat 0's empty turn", s.ToAct(), s.Turns(), s.HandSize(1))
	}
	mustApply(t, &s, "play Zombie Torso on 2")
	// Now nobody holds a card: the game can only run out the turns.
	if !s.Over() || s.Winner() != -1 || s.Turns() != 500 {
		t.Errorf("over %v, winner %d, turns %d; want a draw at the cap", s.Over(), s.Winner(), s.Turns())
	}
}

func TestWinOnTheOpponentsTurn(t *testing.T) {
	s := build(t, setup{
		hands:  [2][]Kind{{RL, NH}, {ZH}},
		stacks: []stackSpec{{owner: 1, piles: [3]pile{{c(RH)}, {c(RT)}, {}}}},
		scores: [2][NumCharacters]uint8{{1, 1, 0, 0}, {1, 1, 2, 0}},
		rest:   true,
	})
	mustApply(t, &s, "play Robot Legs on 1")
	if !s.Over() || s.Winner() != 1 {
		t.Fatalf("over %v, winner %d; want seat 1 to win on seat 0's turn", s.Over(), s.Winner())
	}
	if o := OutcomeOf(&s); o.Place != [4]uint8{2, 1} || o.Score[0] != 2 || o.Score[1] != 4 {
		t.Errorf("outcome %v score %v", o, o.Score)
	}
	checkInvariants(t, &s)
}

func TestBothReachFourTheActorWins(t *testing.T) {
	s := build(t, setup{
		hands: [2][]Kind{{PL}, {ZH}},
		stacks: []stackSpec{
			{owner: 1, piles: [3]pile{{c(NH)}, {c(NT)}, {c(NL), c(RL)}}},
			{owner: 0, piles: [3]pile{{c(RH)}, {c(RT)}, {}}},
			{owner: 0, piles: [3]pile{{c(PH)}, {c(PT)}, {}}},
		},
		scores: [2][NumCharacters]uint8{{1, 0, 1, 0}, {0, 1, 1, 1}},
		rest:   true,
	})
	mustApply(t, &s, "play Pirate Legs on 3")
	if s.Phase() != Move || s.Scored(0) != 0b0111 {
		t.Fatalf("phase %v, seat 0 scored %04b", s.Phase(), s.Scored(0))
	}
	// One move completes seat 1's Ninja (uncovered) and seat 0's Robot.
	mustApply(t, &s, "move 1.legs to 2")
	if !s.Over() || s.Winner() != 0 {
		t.Fatalf("over %v winner %d; want the mover, seat 0", s.Over(), s.Winner())
	}
	if s.Scored(1) != 0xF {
		t.Errorf("seat 1 scored %04b, want all four too", s.Scored(1))
	}
}

func TestDeclineOneMoveAtATime(t *testing.T) {
	s := build(t, setup{
		hands: [2][]Kind{{RL}, {ZH}},
		stacks: []stackSpec{
			{owner: 0, piles: [3]pile{{c(PH)}, {c(PT)}, {c(PL), c(NL)}}},
			{owner: 0, piles: [3]pile{{c(RH)}, {c(RT)}, {}}},
			{owner: 1, piles: [3]pile{{c(ZH)}, {}, {}}},
		},
		rest: true,
	})
	mustApply(t, &s, "play Robot Legs on 2")
	mustApply(t, &s, "move 1.legs to 2") // uncovers the Pirate Legs: one more move
	if s.Pending() != 1 {
		t.Fatalf("%d moves, want 1", s.Pending())
	}
	s.pending = 2 // as if two had been earned
	mustApply(t, &s, "decline")
	if s.Phase() != Move || s.Pending() != 1 {
		t.Errorf("after one decline: phase %v, %d moves; want one left", s.Phase(), s.Pending())
	}
	mustApply(t, &s, "decline")
	if s.Phase() != Play || s.ToAct() != 1 {
		t.Errorf("after declining all: phase %v seat %d", s.Phase(), s.ToAct())
	}
	if made, declined := s.EarnedMoves(0); made != 1 || declined != 2 {
		t.Errorf("seat 0's earned moves: %d made, %d declined; want 1 and 2", made, declined)
	}
}

func TestTurnCap(t *testing.T) {
	for _, cap := range []int{1, 2, 7} {
		s, err := New(Rules{Copies: 4, TurnCap: cap}, 3)
		if err != nil {
			t.Fatal(err)
		}
		// Both play every card on a new stack of its own: one Ninja Head
		// alone never completes anything.
		for !s.Over() {
			var buf [2048]Action
			legal := s.Legal(buf[:0])
			s.Step(legal[len(legal)-1]) // the last kind's last nomination, new stack
		}
		if s.Turns() != cap || s.Winner() != -1 {
			t.Errorf("cap %d: %d turns, winner %d", cap, s.Turns(), s.Winner())
		}
	}
	if _, err := New(Rules{Copies: 4, TurnCap: 0}, 1); err == nil {
		t.Errorf("turn cap 0 accepted")
	}
	if _, err := New(Rules{Copies: 5, TurnCap: 10}, 1); err == nil {
		t.Errorf("5 copies accepted")
	}
}

func TestDeal(t *testing.T) {
	for _, copies := range []int{1, 2, 3, 4} {
		s, err := New(Rules{Copies: copies, TurnCap: 500}, 42)
		if err != nil {
			t.Fatal(err)
		}
		total := 12*copies + 8
		if s.HandSize(0) != 6 || s.HandSize(1) != 5 || s.DeckSize() != total-11 {
			t.Errorf("copies %d: hands %d %d, deck %d; want 6 (drawn), 5, %d", copies, s.HandSize(0), s.HandSize(1), s.DeckSize(), total-11)
		}
		checkInvariants(t, &s)
	}
}

func TestSameSeedSameGame(t *testing.T) {
	play := func(seed uint64) (State, []Action) {
		s, _ := New(DefaultRules, seed)
		var r = seedSource(seed)
		var acts []Action
		for !s.Over() {
			a := s.RandomAction(&r)
			acts = append(acts, a)
			s.Step(a)
		}
		return s, acts
	}
	a, actsA := play(7)
	b, actsB := play(7)
	if a != b || len(actsA) != len(actsB) {
		t.Fatalf("seed 7 played twice gives two games")
	}
	c, _ := New(DefaultRules, 8)
	d, _ := New(DefaultRules, 7)
	if c.hand == d.hand {
		t.Errorf("seeds 7 and 8 deal the same hands")
	}
}

// TestMaxLegal builds the widest decision: every card alone on its own
// stack, a move to make.
func TestMaxLegal(t *testing.T) {
	var su setup
	for k := range Kind(NumKinds) {
		n := MaxCopies
		if k.IsWild() {
			n = 1
		}
		for range n {
			var st stackSpec
			// A regular card on its own part; a wild as the first
			// nomination it allows.
			as := k
			if k.IsWild() {
				for as = 0; k.Nominations()>>as&1 == 0; as++ {
				}
			}
			st.piles[as.Part()] = pile{{k, as}}
			su.stacks = append(su.stacks, st)
		}
	}
	s := build(t, su)
	s.phase, s.pending = Move, 1
	var buf [MaxLegal]Action
	if n := len(s.Legal(buf[:0])); n != MaxLegal || s.NumLegal() != MaxLegal {
		t.Errorf("%d legal moves (NumLegal %d), want MaxLegal = %d", n, s.NumLegal(), MaxLegal)
	}
}
