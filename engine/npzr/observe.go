package npzr

import (
	"encoding/json"
	"fmt"
	"math/bits"

	"github.com/nzsclab/nzsc/engine/rng"
)

// Placed is a card on the table: its kind and the regular kind it counts
// as (itself for a regular card, the nomination for a wild).
type Placed struct {
	Kind, As Kind
}

// TableCard is a card on the table with its place.
type TableCard struct {
	Stack uint8
	Part  Part
	Placed
}

// Observation is what one seat sees of a game: its own hand, the number
// of cards in the opponent's hand and in the deck, every card on the
// table, the scored cards and who scored what, and whose decision it is.
// It is a comparable value: two states that differ only in what the seat
// cannot see give equal Observations. Fields are read-only for bots.
type Observation struct {
	seat int
	// ToAct is the seat that decides now; Phase what it decides; Pending
	// the earned moves it has left; EndsTurn whether its turn ends after
	// them (the card it played was regular or a wild played instead of
	// one).
	ToAct    int
	Phase    Phase
	Pending  int
	EndsTurn bool
	// Turns are the turns finished, Steps the decisions applied, TurnCap
	// the turns after which the game is drawn, Copies the copies of each
	// regular card.
	Turns, Steps, TurnCap, Copies int
	// Hand counts the observer's cards by kind.
	Hand [NumKinds]uint8
	// OppHand and Deck are the sizes of the hidden piles.
	OppHand, Deck int
	// Stacks is the number of stacks; Owner their owners and Top their
	// piles' top cards (Kind NoCard for an empty pile), in order of
	// creation.
	Stacks int
	Owner  [MaxStacks]uint8
	Top    [MaxStacks][NumParts]Placed
	// Table[:NTable] is every card on the table, by stack, then pile,
	// from the bottom of the pile up.
	Table  [MaxCards]TableCard
	NTable int
	// Scored counts the scored cards that wait for a reshuffle, by kind;
	// Scores[s][c] is how many times seat s scored character c.
	Scored [NumKinds]uint8
	Scores [2][NumCharacters]uint8
	// DeckFrom counts by kind the cards the deck was made of at the last
	// reshuffle (the whole deck before the first); Reshuffles counts
	// them. The deck is drawn from DeckFrom, which Determinize respects.
	DeckFrom   [NumKinds]uint8
	Reshuffles int
	// Winner is the winning seat once the game is over, else -1.
	Winner int
}

// Observe writes into o what seat sees of s.
func (s *State) Observe(seat int, o *Observation) {
	seat &= 1
	*o = Observation{
		seat: seat, ToAct: int(s.toAct), Phase: s.phase, Pending: int(s.pending), EndsTurn: s.endsTurn,
		Turns: int(s.turns), Steps: int(s.steps), TurnCap: int(s.turnCap), Copies: int(s.copies),
		Hand: s.Hand(seat), OppHand: s.HandSize(seat ^ 1), Deck: int(s.deckN),
		Stacks: int(s.nStacks), Scores: s.scores, DeckFrom: s.deckFrom,
		Reshuffles: int(s.reshuffles), Winner: int(s.winner),
	}
	for set := s.scored; set != 0; set &= set - 1 {
		o.Scored[kindOf[bits.TrailingZeros64(set)]]++
	}
	for i := range int(s.nStacks) {
		st := &s.stacks[i]
		o.Owner[i] = st.owner
		for p, top := range st.top {
			o.Top[i][p] = Placed{NoCard, NoCard}
			if top == none {
				continue
			}
			o.Top[i][p] = Placed{kindOf[top], s.as[top]}
			// The pile is linked from the top down; write it bottom up.
			depth := 0
			for id := top; id != none; id = s.below[id] {
				depth++
			}
			j := o.NTable + depth
			for id := top; id != none; id = s.below[id] {
				j--
				o.Table[j] = TableCard{uint8(i), Part(p), Placed{kindOf[id], s.as[id]}}
			}
			o.NTable += depth
		}
	}
}

// Seat implements game.Observation.
func (o *Observation) Seat() int { return o.seat }

// Determinize returns a State consistent with o: the cards o's seat
// cannot see are dealt at random from r to the opponent's hand and the
// deck, the deck drawn only from cards its last reshuffle put in (by
// kind), and the state's own future reshuffles seeded from r. Two
// Observations that are equal give States drawn from the same
// distribution. It returns an error when o is not an observation of a
// game (its counts do not add up).
func (o *Observation) Determinize(r *rng.Wyrand) (State, error) {
	var s State
	if o.Copies < 1 || o.Copies > MaxCopies || o.TurnCap < 1 || o.TurnCap > 0xFFFF || o.Stacks < 0 || o.Stacks > MaxStacks || o.NTable < 0 || o.NTable > MaxCards {
		return s, fmt.Errorf("npzr: observation out of range")
	}
	free := deckCards(o.Copies)
	take := func(k Kind) (uint8, bool) {
		if k >= NumKinds || free&kindCards[k] == 0 {
			return 0, false
		}
		id := bits.TrailingZeros64(free & kindCards[k])
		free &^= 1 << id
		return uint8(id), true
	}
	me := o.seat & 1
	for k, n := range o.Hand {
		for range n {
			id, ok := take(Kind(k))
			if !ok {
				return s, fmt.Errorf("npzr: observation holds more %v than the deck", Kind(k))
			}
			s.hand[me] |= 1 << id
		}
	}
	for k, n := range o.Scored {
		for range n {
			id, ok := take(Kind(k))
			if !ok {
				return s, fmt.Errorf("npzr: observation holds more %v than the deck", Kind(k))
			}
			s.scored |= 1 << id
		}
	}
	s.nStacks = uint8(o.Stacks)
	for i := range o.Stacks {
		s.stacks[i] = stack{top: [NumParts]uint8{none, none, none}, owner: o.Owner[i] & 1}
	}
	for _, c := range o.Table[:o.NTable] {
		id, ok := take(c.Kind)
		if !ok || int(c.Stack) >= o.Stacks || c.Part >= NumParts || c.As >= NumRegular || c.As.Part() != c.Part || nominations[c.Kind]>>c.As&1 == 0 {
			return s, fmt.Errorf("npzr: observation's table card %v is not possible", c)
		}
		st := &s.stacks[c.Stack]
		s.below[id], st.top[c.Part], s.as[id] = st.top[c.Part], id, c.As
	}
	// What is left is the opponent's hand and the deck. The deck comes
	// from the cards its last reshuffle put in: of kind k at most
	// DeckFrom[k].
	unseen := free
	var cand [MaxCards]uint8
	nc := 0
	for k := range Kind(NumKinds) {
		room := int(o.DeckFrom[k])
		for set := unseen & kindCards[k]; set != 0 && room > 0; set &= set - 1 {
			cand[nc] = uint8(bits.TrailingZeros64(set))
			nc++
			room--
		}
	}
	if o.Deck < 0 || o.Deck > nc || bits.OnesCount64(unseen) != o.Deck+o.OppHand {
		return s, fmt.Errorf("npzr: observation's hidden cards do not add up")
	}
	for i := range o.Deck {
		j := i + int(bounded(r, uint64(nc-i)))
		cand[i], cand[j] = cand[j], cand[i]
		s.deck[i] = cand[i]
		unseen &^= 1 << cand[i]
	}
	s.deckN = uint8(o.Deck)
	s.hand[me^1] = unseen
	s.deckFrom = o.DeckFrom
	s.reshuffles = uint16(o.Reshuffles)
	s.scores = o.Scores
	for p := range 2 {
		for c, n := range o.Scores[p] {
			if n > 0 {
				s.chars[p] |= 1 << c
			}
		}
	}
	s.phase, s.toAct, s.winner = o.Phase, uint8(o.ToAct&1), int8(o.Winner)
	s.pending, s.endsTurn = uint16(o.Pending), o.EndsTurn
	s.turns, s.turnCap, s.copies, s.steps = uint16(o.Turns), uint16(o.TurnCap), uint8(o.Copies), uint32(o.Steps)
	s.rng.Seed(r.Uint64(), shuffleStream)
	return s, nil
}

// Legal appends the observer's legal actions to dst[:0] (none when it is
// not the observer's decision): the same as State.Legal, computed from
// what the observer sees.
func (o *Observation) Legal(dst []Action) []Action {
	dst = dst[:0]
	if o.Phase == Over || o.ToAct != o.seat {
		return dst
	}
	targets := o.Stacks
	add := func(base Action, ns uint16) {
		for ; ns != 0; ns &= ns - 1 {
			b := base | Action(bits.TrailingZeros16(ns))<<6
			for t := range targets {
				dst = append(dst, b|Action(t))
			}
			dst = append(dst, b|NewStack)
		}
	}
	if o.Phase == Play {
		for k, n := range o.Hand {
			if n > 0 {
				add(PlayAction(Kind(k), 0, 0), nominations[k])
			}
		}
		return dst
	}
	dst = append(dst, Decline)
	for i := range o.Stacks {
		for p, c := range o.Top[i] {
			if c.Kind != NoCard {
				add(MoveAction(i, Part(p), 0, 0), nominations[c.Kind])
			}
		}
	}
	return dst
}

// placedName names a card on the table: "Ninja Head", "Wild Torso as
// Pirate Torso".
func placedName(c Placed) string {
	if c.Kind.IsWild() {
		return c.Kind.String() + " as " + c.As.String()
	}
	return c.Kind.String()
}

// MarshalJSON implements game.Observation; docs/npzr.md documents the
// form.
func (o *Observation) MarshalJSON() ([]byte, error) {
	type stackJSON struct {
		N     int      `json:"n"`
		Owner int      `json:"owner"`
		Head  []string `json:"head"`
		Torso []string `json:"torso"`
		Legs  []string `json:"legs"`
	}
	stacks := make([]stackJSON, o.Stacks)
	for i := range stacks {
		stacks[i] = stackJSON{N: i + 1, Owner: int(o.Owner[i]), Head: []string{}, Torso: []string{}, Legs: []string{}}
	}
	for _, c := range o.Table[:o.NTable] {
		st := &stacks[c.Stack]
		pile := [NumParts]*[]string{&st.Head, &st.Torso, &st.Legs}[c.Part]
		*pile = append(*pile, placedName(c.Placed))
	}
	kinds := func(counts *[NumKinds]uint8) []string {
		out := []string{}
		for k, n := range counts {
			for range n {
				out = append(out, Kind(k).String())
			}
		}
		return out
	}
	var scores [2][NumCharacters]int
	for p := range 2 {
		for c := range NumCharacters {
			scores[p][c] = int(o.Scores[p][c])
		}
	}
	return json.Marshal(struct {
		Seat        int                   `json:"seat"`
		ToAct       int                   `json:"to_act"`
		Phase       string                `json:"phase"`
		Pending     int                   `json:"pending_moves"`
		EndsTurn    bool                  `json:"ends_turn"`
		Turn        int                   `json:"turn"`
		TurnCap     int                   `json:"turn_cap"`
		Hand        []string              `json:"hand"`
		OppHand     int                   `json:"opponent_hand"`
		Deck        int                   `json:"deck"`
		Stacks      []stackJSON           `json:"stacks"`
		ScoredCards []string              `json:"scored_cards"`
		Scores      [2][NumCharacters]int `json:"scores"`
		DeckFrom    []string              `json:"deck_from"`
		Reshuffles  int                   `json:"reshuffles"`
		Winner      int                   `json:"winner"`
	}{o.seat, o.ToAct, o.Phase.String(), o.Pending, o.EndsTurn, o.Turns, o.TurnCap,
		kinds(&o.Hand), o.OppHand, o.Deck, stacks, kinds(&o.Scored), scores,
		kinds(&o.DeckFrom), o.Reshuffles, o.Winner})
}
