package npzr

import (
	"fmt"
	"math/bits"

	"github.com/nzsclab/nzsc/engine/rng"
)

// Rules are the rules options of a game.
type Rules struct {
	// Copies is the number of copies of each regular card, 1 to 4.
	Copies int
	// TurnCap is the number of turns (both players' counted) after which
	// a game nobody has won is a draw, 1 to 65535.
	TurnCap int
}

// DefaultRules are the rules as published: four copies, 500 turns.
var DefaultRules = Rules{Copies: 4, TurnCap: 500}

// Check reports a rules value out of range.
func (r Rules) Check() error {
	if r.Copies < 1 || r.Copies > MaxCopies {
		return fmt.Errorf("npzr: copies=%d: want 1 to %d", r.Copies, MaxCopies)
	}
	if r.TurnCap < 1 || r.TurnCap > 0xFFFF {
		return fmt.Errorf("npzr: turn_cap=%d: want 1 to 65535", r.TurnCap)
	}
	return nil
}

// Phase is what the player to act decides.
type Phase uint8

// The phases.
const (
	// Play: place a card from the hand.
	Play Phase = iota
	// Move: make an earned move or decline it.
	Move
	// Over: the game has ended.
	Over
)

func (p Phase) String() string {
	switch p {
	case Play:
		return "play"
	case Move:
		return "move"
	case Over:
		return "over"
	}
	return "?"
}

// MaxStacks is the most stacks the table can hold: every card alone.
const MaxStacks = MaxCards

// stack is one stack: the top card of each pile (none when the pile is
// empty) and the seat that owns it.
type stack struct {
	top   [NumParts]uint8
	owner uint8
}

// State is a game of NPZR: a fixed-size value; copies are independent
// games. The zero State is not a game; New returns one.
type State struct {
	// deck[:deckN] is the deck, its top card last.
	deck  [MaxCards]uint8
	deckN uint8
	// hand is each seat's hand, scored the scored cards waiting for a
	// reshuffle: sets of ids.
	hand   [2]uint64
	scored uint64
	// below[id] is the card under card id on its pile (none at the
	// bottom); as[id] is the regular kind a card on the table counts as.
	below [MaxCards]uint8
	as    [MaxCards]Kind
	// stacks[:nStacks] are the stacks in order of creation.
	stacks  [MaxStacks]stack
	nStacks uint8
	// chars[s] is the set of characters seat s has scored (bit c);
	// scores[s][c] how many times.
	chars  [2]uint8
	scores [2][NumCharacters]uint8
	// deckFrom counts, by kind, the cards the deck was last made of (the
	// whole deck until the first reshuffle): the deck is always drawn
	// from them, which an observer may use.
	deckFrom   [NumKinds]uint8
	reshuffles uint16
	phase      Phase
	toAct      uint8
	winner     int8
	// pending is the number of earned moves not yet made or declined;
	// endsTurn says whether the turn ends once they are done (the card
	// played was regular, or a wild played instead of one).
	pending  uint16
	endsTurn bool
	turns    uint16
	turnCap  uint16
	copies   uint8
	steps    uint32
	// rng shuffles the scored cards into a new deck; it is the rest of
	// the game's chance source.
	rng rng.Wyrand
	// facts records what happened for the game's own analysis (Stats);
	// play never reads it.
	facts facts
}

// facts are a game's happenings per seat that the final position no
// longer shows.
type facts struct {
	// wilds[s] counts the wild cards seat s was dealt or drew.
	wilds [2]uint16
	// own[s] and spoiled[s] count the stacks seat s completed on its
	// own side and on the opponent's (scoring for the opponent).
	own, spoiled [2]uint16
	// moves[s] and declined[s] count seat s's earned moves made and
	// declined.
	moves, declined [2]uint16
	// order[s][:n[s]] are the characters seat s scored, in the order it
	// first scored each.
	order [2][NumCharacters]Character
	n     [2]uint8
}

// shuffleStream is the game's stream of its seed, apart from the seats'
// streams 0 to 3 (agents.SeatSource): "npzr".
const shuffleStream = 0x6e707a72

// New returns the first state of a game under r from seed: the deck
// shuffled with the game's source (rng.Wyrand, stream "npzr" of the
// seed), five cards dealt to each player one at a time from seat 0, and
// seat 0's first card drawn. It returns an error for rules out of range.
func New(r Rules, seed uint64) (State, error) {
	if err := r.Check(); err != nil {
		return State{}, err
	}
	var s State
	s.copies, s.turnCap, s.winner = uint8(r.Copies), uint16(r.TurnCap), -1
	s.rng.Seed(seed, shuffleStream)
	for set := deckCards(r.Copies); set != 0; set &= set - 1 {
		id := bits.TrailingZeros64(set)
		s.deck[s.deckN] = uint8(id)
		s.deckN++
		s.deckFrom[kindOf[id]]++
	}
	s.shuffleDeck()
	for i := range 10 {
		s.deckN--
		s.give(uint8(i&1), s.deck[s.deckN])
	}
	s.startTurn()
	return s, nil
}

// bounded returns a number in [0, n) from r: the high word of a 64×64-bit
// product (Lemire's method without the rejection step; its bias, below
// n/2^64, is far below anything a game could show).
func bounded(r *rng.Wyrand, n uint64) uint64 {
	hi, _ := bits.Mul64(r.Uint64(), n)
	return hi
}

// shuffleDeck shuffles deck[:deckN] (Fisher–Yates).
func (s *State) shuffleDeck() {
	for i := int(s.deckN) - 1; i > 0; i-- {
		j := bounded(&s.rng, uint64(i+1))
		s.deck[i], s.deck[j] = s.deck[j], s.deck[i]
	}
}

// reshuffle makes the scored cards the deck.
func (s *State) reshuffle() {
	s.deckFrom = [NumKinds]uint8{}
	s.deckN = 0
	for set := s.scored; set != 0; set &= set - 1 {
		id := bits.TrailingZeros64(set)
		s.deck[s.deckN] = uint8(id)
		s.deckN++
		s.deckFrom[kindOf[id]]++
	}
	s.scored = 0
	s.reshuffles++
	s.shuffleDeck()
}

// startTurn begins seat toAct's turn: the draw (after a reshuffle if the
// deck is empty), then the play phase, or the end of the turn at once for
// an empty hand.
func (s *State) startTurn() {
	for {
		p := s.toAct
		if s.deckN == 0 && s.scored != 0 {
			s.reshuffle()
		}
		if s.deckN > 0 {
			s.deckN--
			s.give(p, s.deck[s.deckN])
		}
		if s.hand[p] != 0 {
			s.phase = Play
			return
		}
		if s.hand[p^1] == 0 && s.deckN == 0 {
			// Every card is on the table (nothing scored waits either):
			// nobody will play again, so the turns run out to the cap at
			// once. The result is the one turn-by-turn play would reach.
			s.turns = s.turnCap - 1
		}
		if s.turnDone() {
			return
		}
	}
}

// give puts card id into seat p's hand, dealt or drawn.
func (s *State) give(p, id uint8) {
	s.hand[p] |= 1 << id
	if kindOf[id].IsWild() {
		s.facts.wilds[p]++
	}
}

// turnDone counts a finished turn and passes the turn, or ends the game
// at the cap; it reports whether the game is over.
func (s *State) turnDone() bool {
	s.turns++
	if s.turns >= s.turnCap {
		s.phase, s.pending = Over, 0
		return true
	}
	s.toAct ^= 1
	return false
}

func (s *State) endTurn() {
	if !s.turnDone() {
		s.startTurn()
	}
}

// Action is one decision, packed:
//
//	bits 30–31  op: 0 play a card, 1 move a card, 2 decline a move
//	bits 0–5    target stack, in order of creation from 0; 63 a new stack
//	bits 6–9    the regular kind the card counts as (its nomination,
//	            which also gives the pile); for a regular card, itself
//	bits 16–20  play: the kind of card played from the hand
//	bits 16–21  move: the stack the card is taken from
//	bits 22–23  move: the pile (part) it is taken from
//
// Stack numbers are positions at the time of the decision. Every
// decision's legal actions are distinct numbers; Decline is one number.
type Action uint32

// Action fields.
const (
	opPlay    = 0
	opMove    = 1
	opDecline = 2
	// NewStack is the target of a card that starts a stack.
	NewStack = 63
	// Decline declines an earned move.
	Decline Action = opDecline << 30
)

// PlayAction returns the action placing a card of kind k as nomination
// as on stack target (NewStack for a new one).
func PlayAction(k Kind, as Kind, target int) Action {
	return Action(target) | Action(as)<<6 | Action(k)<<16
}

// MoveAction returns the action moving the top card of stack from's pile
// p onto stack target (or NewStack), counting as as.
func MoveAction(from int, p Part, as Kind, target int) Action {
	return opMove<<30 | Action(target) | Action(as)<<6 | Action(from)<<16 | Action(p)<<22
}

// playUnused and moveUnused are the bits a play and a move leave zero.
const (
	playUnused Action = 0x3FE0FC00 // bits 10–15 and 21–29
	moveUnused Action = 0x3F00FC00 // bits 10–15 and 24–29
)

// op reports whether a is a play, a move or a decline (0, 1, 2).
func (a Action) op() uint32 { return uint32(a) >> 30 }

// IsPlay, IsMove and IsDecline say what a does.
func (a Action) IsPlay() bool    { return a.op() == opPlay }
func (a Action) IsMove() bool    { return a.op() == opMove }
func (a Action) IsDecline() bool { return a == Decline }

// Target is the stack a play or move puts its card on (NewStack for a new
// one).
func (a Action) Target() int { return int(a & 63) }

// As is the regular kind a play or move nominates.
func (a Action) As() Kind { return Kind(a >> 6 & 15) }

// Card is the kind a play takes from the hand.
func (a Action) Card() Kind { return Kind(a >> 16 & 31) }

// From is the stack and pile a move takes its card from.
func (a Action) From() (int, Part) { return int(a >> 16 & 63), Part(a >> 22 & 3) }

// ToAct returns the seat that decides now (meaningless once Over).
func (s *State) ToAct() int { return int(s.toAct) }

// Phase returns what the seat to act decides.
func (s *State) Phase() Phase { return s.phase }

// Over reports whether the game has ended.
func (s *State) Over() bool { return s.phase == Over }

// Winner returns the winning seat, or -1 (the game is not over, or it
// reached the turn cap).
func (s *State) Winner() int { return int(s.winner) }

// Turns returns the number of turns finished (both players' counted).
func (s *State) Turns() int { return int(s.turns) }

// Steps returns the number of decisions applied.
func (s *State) Steps() int { return int(s.steps) }

// Reshuffles returns how many times the scored cards became the deck.
func (s *State) Reshuffles() int { return int(s.reshuffles) }

// WildsDrawn returns how many wild cards seat was dealt or drew.
func (s *State) WildsDrawn(seat int) int { return int(s.facts.wilds[seat&1]) }

// Completions returns how many stacks seat completed on its own side and
// on its opponent's.
func (s *State) Completions(seat int) (own, opponents int) {
	return int(s.facts.own[seat&1]), int(s.facts.spoiled[seat&1])
}

// EarnedMoves returns how many earned moves seat made and declined.
func (s *State) EarnedMoves(seat int) (made, declined int) {
	return int(s.facts.moves[seat&1]), int(s.facts.declined[seat&1])
}

// ScoringOrder returns the characters seat scored, in the order it first
// scored each.
func (s *State) ScoringOrder(seat int) []Character {
	f := &s.facts
	return f.order[seat&1][:f.n[seat&1]]
}

// Pending returns the earned moves not yet made or declined.
func (s *State) Pending() int { return int(s.pending) }

// Scored returns the set of characters seat has scored (bit c for
// character c).
func (s *State) Scored(seat int) uint8 { return s.chars[seat&1] }

// Scores returns how many times seat scored each character.
func (s *State) Scores(seat int) [NumCharacters]uint8 { return s.scores[seat&1] }

// Points returns the number of different characters seat has scored.
func (s *State) Points(seat int) int { return bits.OnesCount8(s.chars[seat&1]) }

// HandSize returns the number of cards in seat's hand.
func (s *State) HandSize(seat int) int { return bits.OnesCount64(s.hand[seat&1]) }

// Hand returns seat's hand as counts by kind.
func (s *State) Hand(seat int) (h [NumKinds]uint8) {
	for set := s.hand[seat&1]; set != 0; set &= set - 1 {
		h[kindOf[bits.TrailingZeros64(set)]]++
	}
	return h
}

// DeckSize returns the number of cards in the deck.
func (s *State) DeckSize() int { return int(s.deckN) }

// Stacks returns the number of stacks on the table.
func (s *State) Stacks() int { return int(s.nStacks) }

// Owner returns the seat that owns stack i.
func (s *State) Owner(i int) int { return int(s.stacks[i].owner) }

// Top returns the kind of the top card of stack i's pile p and what it
// counts as; ok is false for an empty pile.
func (s *State) Top(i int, p Part) (k, as Kind, ok bool) {
	id := s.stacks[i].top[p]
	if id == none {
		return NoCard, NoCard, false
	}
	return kindOf[id], s.as[id], true
}

// Under returns the card beneath the top of stack i's pile p, the one a
// move of the top would uncover; ok is false when there is none.
func (s *State) Under(i int, p Part) (k, as Kind, ok bool) {
	id := s.stacks[i].top[p]
	if id == none || s.below[id] == none {
		return NoCard, NoCard, false
	}
	id = s.below[id]
	return kindOf[id], s.as[id], true
}

// Rules returns the game's rules.
func (s *State) Rules() Rules { return Rules{Copies: int(s.copies), TurnCap: int(s.turnCap)} }

// handKinds returns the kinds in a hand as a set, bit k for kind k.
func handKinds(hand uint64) uint32 {
	// A regular kind's four ids are one nibble: fold each nibble onto
	// its low bit (bit 4k for kind k), then gather those bits by halving
	// the gaps: two per byte, four per 16 bits, eight per 32, twelve.
	x := hand & regularCards
	x = (x | x>>1 | x>>2 | x>>3) & 0x111111111111
	x = (x | x>>3) & 0x0303030303030303
	x = (x | x>>6) & 0x000F000F000F000F
	x = (x | x>>12) & 0x000000FF000000FF
	x = (x | x>>24) & 0xFFFF
	return uint32(x) | uint32(hand>>firstWild)<<NumRegular
}

// MaxLegal bounds the number of legal actions of any decision, so that a
// [MaxLegal]Action buffer never grows: a move phase with all 56 cards
// alone on 56 stacks has 48 regular tops of one nomination each and 8
// wild tops of 36 nominations in all, each onto 56 stacks or a new one,
// plus Decline. (A play phase has at most 6 cards in hand, at most 30
// nominations.)
const MaxLegal = 1 + (NumRegular*MaxCopies+36)*(MaxStacks+1)

// Legal appends the legal actions of the seat to act to dst[:0] and
// returns it, in canonical order: in the play phase, by kind of card,
// then nomination, then target (stacks in order, then a new stack); in
// the move phase Decline first, then by source stack and pile,
// nomination and target. It is empty once the game is over.
func (s *State) Legal(dst []Action) []Action {
	dst = dst[:0]
	targets := int(s.nStacks)
	switch s.phase {
	case Play:
		for ks := handKinds(s.hand[s.toAct]); ks != 0; ks &= ks - 1 {
			k := Kind(bits.TrailingZeros32(ks))
			for ns := nominations[k]; ns != 0; ns &= ns - 1 {
				base := PlayAction(k, Kind(bits.TrailingZeros16(ns)), 0)
				for t := range targets {
					dst = append(dst, base|Action(t))
				}
				dst = append(dst, base|NewStack)
			}
		}
	case Move:
		dst = append(dst, Decline)
		for i := range targets {
			for p := range Part(NumParts) {
				id := s.stacks[i].top[p]
				if id == none {
					continue
				}
				for ns := nominations[kindOf[id]]; ns != 0; ns &= ns - 1 {
					base := MoveAction(i, p, Kind(bits.TrailingZeros16(ns)), 0)
					for t := range targets {
						dst = append(dst, base|Action(t))
					}
					dst = append(dst, base|NewStack)
				}
			}
		}
	}
	return dst
}

// NumLegal returns the number of legal actions, len(Legal), without
// listing them.
func (s *State) NumLegal() int {
	switch s.phase {
	case Play:
		return s.playWeight(handKinds(s.hand[s.toAct])) * (int(s.nStacks) + 1)
	case Move:
		return 1 + s.moveWeight()*(int(s.nStacks)+1)
	}
	return 0
}

// playWeight is the number of nominations of the kinds in ks.
func (s *State) playWeight(ks uint32) int {
	n := 0
	for ; ks != 0; ks &= ks - 1 {
		n += int(nominationCount[bits.TrailingZeros32(ks)])
	}
	return n
}

// moveWeight is the number of nominations of the tops of the piles.
func (s *State) moveWeight() int {
	n := 0
	for i := range int(s.nStacks) {
		for _, id := range s.stacks[i].top {
			if id != none {
				n += int(nominationCount[kindOf[id]])
			}
		}
	}
	return n
}

// nominationCount is the number of nominations of each kind.
var nominationCount = func() (t [NumKinds]uint8) {
	for k := range t {
		t[k] = uint8(bits.OnesCount16(nominations[k]))
	}
	return t
}()

// LegalAt returns Legal's i-th action without listing the others, for
// 0 ≤ i < NumLegal(); a uniform i gives a uniform legal action.
func (s *State) LegalAt(i int) Action {
	if s.phase == Play {
		return s.playAt(handKinds(s.hand[s.toAct]), i)
	}
	return s.moveAt(i)
}

// playAt is LegalAt in the play phase, ks the kinds in hand.
func (s *State) playAt(ks uint32, i int) Action {
	per := int(s.nStacks) + 1
	for ; ks != 0; ks &= ks - 1 {
		k := Kind(bits.TrailingZeros32(ks))
		if c := int(nominationCount[k]) * per; i >= c {
			i -= c
			continue
		}
		return PlayAction(k, nthBit(nominations[k], i/per), target(i%per, per))
	}
	panic("npzr: LegalAt beyond the legal actions")
}

// moveAt is LegalAt in the move phase.
func (s *State) moveAt(i int) Action {
	if i == 0 {
		return Decline
	}
	i--
	per := int(s.nStacks) + 1
	for st := range int(s.nStacks) {
		for p, id := range s.stacks[st].top {
			if id == none {
				continue
			}
			k := kindOf[id]
			if c := int(nominationCount[k]) * per; i >= c {
				i -= c
				continue
			}
			return MoveAction(st, Part(p), nthBit(nominations[k], i/per), target(i%per, per))
		}
	}
	panic("npzr: LegalAt beyond the legal actions")
}

// target maps a target index in [0, per) to a stack, the last one new.
func target(t, per int) int {
	if t == per-1 {
		return NewStack
	}
	return t
}

// nthBit returns the kind of the n-th set bit of set, from 0.
func nthBit(set uint16, n int) Kind {
	for range n {
		set &= set - 1
	}
	return Kind(bits.TrailingZeros16(set))
}

// RandomAction returns a uniformly random legal action, drawn from r; the
// game must not be over. It counts the actions and decodes one, listing
// none.
func (s *State) RandomAction(r *rng.Wyrand) Action {
	per := uint64(s.nStacks) + 1
	if s.phase == Play {
		ks := handKinds(s.hand[s.toAct])
		return s.playAt(ks, int(bounded(r, uint64(s.playWeight(ks))*per)))
	}
	return s.moveAt(int(bounded(r, 1+uint64(s.moveWeight())*per)))
}

// PlayRandom plays the game to its end, every decision uniform among the
// legal actions with r as the source, and returns the winner (-1 for a
// draw).
func (s *State) PlayRandom(r *rng.Wyrand) int {
	for s.phase != Over {
		s.Step(s.RandomAction(r))
	}
	return int(s.winner)
}

// IsLegal reports whether a is one of the legal actions now.
func (s *State) IsLegal(a Action) bool {
	t := a.Target()
	if t != NewStack && t >= int(s.nStacks) {
		return false
	}
	as := a.As()
	switch {
	case s.phase == Play && a.IsPlay():
		k := a.Card()
		return a&playUnused == 0 && k < NumKinds && s.hand[s.toAct]&kindCards[k] != 0 && nominations[k]>>as&1 == 1
	case s.phase == Move && a.IsDecline():
		return true
	case s.phase == Move && a.IsMove():
		from, p := a.From()
		if a&moveUnused != 0 || from >= int(s.nStacks) || p >= NumParts {
			return false
		}
		id := s.stacks[from].top[p]
		return id != none && nominations[kindOf[id]]>>as&1 == 1
	}
	return false
}

// Apply plays a, or returns an error saying why it is not legal now.
func (s *State) Apply(a Action) error {
	if s.phase == Over {
		return fmt.Errorf("npzr: the game is over")
	}
	if !s.IsLegal(a) {
		return fmt.Errorf("npzr: action %#x is not legal now", uint32(a))
	}
	s.Step(a)
	return nil
}

// Step plays a legal action a (unchecked: see IsLegal and Apply).
func (s *State) Step(a Action) {
	s.steps++
	p := s.toAct
	switch a.op() {
	case opPlay:
		k := a.Card()
		hand := s.hand[p]
		id := uint8(bits.TrailingZeros64(hand & kindCards[k]))
		// A wild is fast unless it is played instead of a regular card.
		s.endsTurn = k < NumRegular || hand&regularCards == 0
		s.hand[p] = hand &^ (1 << id)
		t := s.place(id, a.As(), a.Target())
		s.settle(t, t)
	case opMove:
		s.pending--
		s.facts.moves[p]++
		from, part := a.From()
		id := s.stacks[from].top[part]
		s.stacks[from].top[part] = s.below[id]
		t := s.place(id, a.As(), a.Target())
		s.settle(min(from, t), max(from, t))
	default:
		s.pending--
		s.facts.declined[p]++
		s.next()
	}
}

// place puts card id, counting as as, on stack t (or a new stack) and
// returns the stack's index.
func (s *State) place(id uint8, as Kind, t int) int {
	p := as.Part()
	if t == NewStack {
		t = int(s.nStacks)
		s.stacks[t] = stack{top: [NumParts]uint8{none, none, none}, owner: s.toAct}
		s.nStacks++
	}
	st := &s.stacks[t]
	s.below[id] = st.top[p]
	st.top[p] = id
	s.as[id] = as
	return t
}

// settle follows a placement or move that touched stacks a ≤ b (the same
// when one was touched; only they can have changed): it scores them if
// complete, in order of creation, removes them and any emptied stack,
// grants the earned moves, checks for a winner and says what comes next.
// (Checking only the touched stacks is checking every stack: the others
// were incomplete before and did not change.)
func (s *State) settle(a, b int) {
	earned, gone := s.check(a)
	if b != a {
		e, g := s.check(b)
		earned, gone = earned+e, gone|g
	}
	if gone != 0 {
		j := 0
		for i := range int(s.nStacks) {
			if gone>>i&1 == 0 {
				s.stacks[j] = s.stacks[i]
				j++
			}
		}
		s.nStacks = uint8(j)
	}
	if earned > 0 {
		p := s.toAct
		switch {
		case s.chars[p] == 0xF:
			s.win(int(p))
			return
		case s.chars[p^1] == 0xF:
			s.win(int(p ^ 1))
			return
		}
		s.pending += uint16(earned)
	}
	s.next()
}

// check scores stack i if it is complete. It returns the moves earned
// (0 or 1) and, as a set, i if the stack must leave the table (scored or
// empty).
func (s *State) check(i int) (int, uint64) {
	st := &s.stacks[i]
	t0, t1, t2 := st.top[0], st.top[1], st.top[2]
	// Ids are below 64 and none is 0xFF: an OR at or above 64 means an
	// empty pile, an AND of 0xFF three.
	if t0|t1|t2 >= 64 {
		if t0&t1&t2 == none {
			return 0, 1 << i
		}
		return 0, 0
	}
	c := s.as[t0].Character()
	if s.as[t1].Character() != c || s.as[t2].Character() != c {
		return 0, 0
	}
	s.noteCompletion(st.owner, c)
	s.chars[st.owner] |= 1 << c
	s.scores[st.owner][c]++
	for _, id := range st.top {
		for ; id != none; id = s.below[id] {
			s.scored |= 1 << id
		}
	}
	return 1, 1 << i
}

// noteCompletion records that the seat to act completed a stack of
// owner's as character c.
func (s *State) noteCompletion(owner uint8, c Character) {
	f := &s.facts
	if owner == s.toAct {
		f.own[s.toAct]++
	} else {
		f.spoiled[s.toAct]++
	}
	if s.chars[owner]&(1<<c) == 0 {
		f.order[owner][f.n[owner]] = c
		f.n[owner]++
	}
}

func (s *State) win(seat int) {
	s.phase, s.winner, s.pending = Over, int8(seat), 0
}

// next goes on after an action: earned moves while the table has a card
// to move, then the rest of the turn.
func (s *State) next() {
	if s.pending > 0 && s.nStacks > 0 {
		s.phase = Move
		return
	}
	s.pending = 0
	if s.endsTurn {
		s.endTurn()
		return
	}
	s.phase = Play
}
