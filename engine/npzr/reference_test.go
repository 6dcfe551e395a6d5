package npzr

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// A reference model of SPEC-NPZR's game, written from the SPEC's
// sentences with plain slices and maps and nothing of this package's
// logic: a card is its id (the engine's labels: regular kind k's copies
// are 4k..4k+3, the wilds 48..55 in kind order), a stack three piles
// listed from the bottom, a hand a set. Only chance is taken from the
// engine: the order of a new deck (the SPEC leaves it to the game's
// seeded source), after the model checked which cards it holds.

type refStack struct {
	owner int
	piles [NumParts][]int
}

type refNPZR struct {
	hand         [2]map[int]bool
	deck         []int // top card last
	scored       []int
	stacks       []*refStack
	as           map[int]Kind
	chars        [2][NumCharacters]int
	toAct        int
	phase        Phase
	pending      int
	endsTurn     bool
	turns, cap   int
	winner       int
	reshuffle    func(cards []int) []int
	reshuffleErr string
}

// refKind is the kind of card id.
func refKind(id int) Kind {
	if id < 48 {
		return Kind(id / 4)
	}
	return Kind(NumRegular + id - 48)
}

// refNominations lists what a kind may count as, from the SPEC's words:
// a regular card only itself; a character wild "that character's head,
// torso or legs"; a part wild "that part of any character"; the universal
// wild "any part of any character".
func refNominations(k Kind) []Kind {
	var out []Kind
	for c := range NumCharacters {
		for p := range NumParts {
			n := Kind(3*c + p)
			switch {
			case k < NumRegular && n == k,
				k >= WildNinja && k < WildHead && c == int(k-WildNinja),
				k >= WildHead && k < Wild && p == int(k-WildHead),
				k == Wild:
				out = append(out, n)
			}
		}
	}
	return out
}

func (m *refNPZR) top(st *refStack, p int) (int, bool) {
	pl := st.piles[p]
	if len(pl) == 0 {
		return 0, false
	}
	return pl[len(pl)-1], true
}

// legal lists the actions of the seat to act.
func (m *refNPZR) legal() []Action {
	var out []Action
	targets := func(add func(t int)) {
		for t := range m.stacks {
			add(t)
		}
		add(NewStack)
	}
	switch m.phase {
	case Play:
		kinds := map[Kind]bool{}
		for id := range m.hand[m.toAct] {
			kinds[refKind(id)] = true
		}
		for k := range kinds {
			for _, n := range refNominations(k) {
				targets(func(t int) { out = append(out, PlayAction(k, n, t)) })
			}
		}
	case Move:
		out = append(out, Decline)
		for i, st := range m.stacks {
			for p := range NumParts {
				if id, ok := m.top(st, p); ok {
					for _, n := range refNominations(refKind(id)) {
						targets(func(t int) { out = append(out, MoveAction(i, Part(p), n, t)) })
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

// place puts card id, counting as n, on stack t (NewStack: a new stack in
// front of the seat to act).
func (m *refNPZR) place(id int, n Kind, t int) {
	if t == NewStack {
		m.stacks = append(m.stacks, &refStack{owner: m.toAct})
		t = len(m.stacks) - 1
	}
	st := m.stacks[t]
	st.piles[n.Part()] = append(st.piles[n.Part()], id)
	m.as[id] = n
}

// settle checks every stack in order of creation, scores the complete
// ones, drops the empty ones, grants the moves and checks for a winner.
func (m *refNPZR) settle() {
	earned := 0
	var kept []*refStack
	for _, st := range m.stacks {
		ids := [NumParts]int{}
		full, empty := true, true
		for p := range NumParts {
			id, ok := m.top(st, p)
			ids[p] = id
			full = full && ok
			empty = empty && !ok
		}
		if empty {
			continue
		}
		if full {
			c := m.as[ids[0]].Character()
			if m.as[ids[1]].Character() == c && m.as[ids[2]].Character() == c {
				m.chars[st.owner][c]++
				for _, pl := range st.piles {
					m.scored = append(m.scored, pl...)
				}
				earned++
				continue
			}
		}
		kept = append(kept, st)
	}
	m.stacks = kept
	all := func(s int) bool {
		for _, n := range m.chars[s] {
			if n == 0 {
				return false
			}
		}
		return true
	}
	switch {
	case all(m.toAct):
		m.phase, m.winner, m.pending = Over, m.toAct, 0
		return
	case all(1 - m.toAct):
		m.phase, m.winner, m.pending = Over, 1-m.toAct, 0
		return
	}
	m.pending += earned
	m.next()
}

func (m *refNPZR) next() {
	if m.pending > 0 && len(m.stacks) > 0 {
		m.phase = Move
		return
	}
	m.pending = 0
	if m.endsTurn {
		m.endTurn()
		return
	}
	m.phase = Play
}

func (m *refNPZR) endTurn() {
	for {
		m.turns++
		if m.turns >= m.cap {
			m.phase, m.pending = Over, 0
			return
		}
		m.toAct = 1 - m.toAct
		if len(m.deck) == 0 && len(m.scored) > 0 {
			// "shuffle every scored card (both players') into a new deck"
			cards := slices.Clone(m.scored)
			slices.Sort(cards)
			m.deck = m.reshuffle(cards)
			m.scored = nil
		}
		if n := len(m.deck); n > 0 {
			m.hand[m.toAct][m.deck[n-1]] = true
			m.deck = m.deck[:n-1]
		}
		if len(m.hand[m.toAct]) > 0 {
			m.phase = Play
			return
		}
	}
}

// step plays a legal action.
func (m *refNPZR) step(a Action) {
	switch {
	case a.IsPlay():
		k := a.Card()
		hasRegular := false
		id := -1
		for h := range m.hand[m.toAct] {
			if refKind(h) < NumRegular {
				hasRegular = true
			}
			if refKind(h) == k && (id < 0 || h < id) {
				id = h // which copy is a label, not a rule: the lowest
			}
		}
		// A wild is fast, unless its player holds no regular card.
		m.endsTurn = k < NumRegular || !hasRegular
		delete(m.hand[m.toAct], id)
		m.place(id, a.As(), a.Target())
		m.settle()
	case a.IsMove():
		m.pending--
		from, p := a.From()
		pl := m.stacks[from].piles[p]
		id := pl[len(pl)-1]
		m.stacks[from].piles[p] = pl[:len(pl)-1]
		m.place(id, a.As(), a.Target())
		m.settle()
	default:
		m.pending--
		m.next()
	}
}

// newRefNPZR copies the engine's dealt game (the deal is chance).
func newRefNPZR(s *State) *refNPZR {
	m := &refNPZR{as: map[int]Kind{}, toAct: int(s.toAct), phase: s.phase, cap: int(s.turnCap), winner: -1}
	for p := range 2 {
		m.hand[p] = map[int]bool{}
		for id := range MaxCards {
			if s.hand[p]>>id&1 == 1 {
				m.hand[p][id] = true
			}
		}
	}
	for _, id := range s.deck[:s.deckN] {
		m.deck = append(m.deck, int(id))
	}
	return m
}

// diff compares the engine with the model.
func (m *refNPZR) diff(s *State) string {
	if s.phase != m.phase || int(s.winner) != m.winner || int(s.turns) != m.turns {
		return fmt.Sprintf("phase %v winner %d turns %d, model %v %d %d", s.phase, s.winner, s.turns, m.phase, m.winner, m.turns)
	}
	if m.phase == Over {
		return ""
	}
	if int(s.toAct) != m.toAct || int(s.pending) != m.pending {
		return fmt.Sprintf("seat %d to act with %d moves, model %d %d", s.toAct, s.pending, m.toAct, m.pending)
	}
	for p := range 2 {
		var h uint64
		for id := range m.hand[p] {
			h |= 1 << id
		}
		if s.hand[p] != h {
			return fmt.Sprintf("seat %d's hand %x, model %x", p, s.hand[p], h)
		}
		for c := range NumCharacters {
			if int(s.scores[p][c]) != m.chars[p][c] {
				return fmt.Sprintf("seat %d's scores %v, model %v", p, s.scores[p], m.chars[p])
			}
		}
	}
	var sc uint64
	for _, id := range m.scored {
		sc |= 1 << id
	}
	if s.scored != sc || int(s.deckN) != len(m.deck) {
		return fmt.Sprintf("scored %x deck %d, model %x %d", s.scored, s.deckN, sc, len(m.deck))
	}
	if int(s.nStacks) != len(m.stacks) {
		return fmt.Sprintf("%d stacks, model %d", s.nStacks, len(m.stacks))
	}
	for i, st := range m.stacks {
		if int(s.stacks[i].owner) != st.owner {
			return fmt.Sprintf("stack %d's owner %d, model %d", i, s.stacks[i].owner, st.owner)
		}
		for p := range NumParts {
			var got []int
			for id := s.stacks[i].top[p]; id != none; id = s.below[id] {
				got = append([]int{int(id)}, got...)
				if s.as[id] != m.as[int(id)] {
					return fmt.Sprintf("card %d counts as %v, model %v", id, s.as[id], m.as[int(id)])
				}
			}
			if !slices.Equal(got, st.piles[p]) {
				return fmt.Sprintf("stack %d pile %v: %v, model %v", i, Part(p), got, st.piles[p])
			}
		}
	}
	var buf []Action
	if got, want := slices.Sorted(slices.Values(s.Legal(buf))), m.legal(); !slices.Equal(got, want) {
		return fmt.Sprintf("%d legal actions, model %d", len(got), len(want))
	}
	return ""
}

// completes reports whether a, applied to the model, completes a stack
// (the driver prefers such actions, which random play rarely finds).
func (m *refNPZR) completes(a Action) bool {
	if a.IsDecline() {
		return false
	}
	t := a.Target()
	if t == NewStack {
		return false
	}
	st := m.stacks[t]
	c := a.As().Character()
	for p := range NumParts {
		if Part(p) == a.As().Part() {
			continue
		}
		id, ok := m.top(st, p)
		if !ok || m.as[id].Character() != c {
			return false
		}
	}
	return true
}

// TestEngineIsTheReferenceModel plays random games (every copies option,
// short turn caps now and then) with the engine and the model side by
// side and compares hands, deck, table, scores, moves and the legal
// actions after every decision.
func TestEngineIsTheReferenceModel(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 60
	}
	rng := rand.New(rand.NewPCG(7, 2026))
	var reshuffles, wins, caps, moves int
	for k := range games {
		r := Rules{Copies: 1 + k%4, TurnCap: 500}
		if k%7 == 0 {
			r.TurnCap = 5 + rng.IntN(40)
		}
		s, err := New(r, uint64(k))
		if err != nil {
			t.Fatal(err)
		}
		m := newRefNPZR(&s)
		m.reshuffle = func(cards []int) []int {
			// The engine's new deck: what is left of it and the card just
			// drawn from its top.
			var deck []int
			for _, id := range s.deck[:s.deckN] {
				deck = append(deck, int(id))
			}
			for id := range MaxCards {
				if s.hand[m.toAct]>>id&1 == 1 && !m.hand[m.toAct][id] {
					deck = append(deck, id)
				}
			}
			if got := slices.Sorted(slices.Values(deck)); !slices.Equal(got, cards) {
				m.reshuffleErr = fmt.Sprintf("new deck %v, model %v", got, cards)
			}
			reshuffles++
			return deck
		}
		if d := m.diff(&s); d != "" {
			t.Fatalf("game %d at the deal: %s", k, d)
		}
		for step := 0; !s.Over(); step++ {
			legal := m.legal()
			a := legal[rng.IntN(len(legal))]
			if rng.IntN(4) > 0 {
				for _, b := range legal {
					if m.completes(b) {
						a = b
						break
					}
				}
			}
			if a.IsMove() {
				moves++
			}
			s.Step(a)
			m.step(a)
			if m.reshuffleErr != "" {
				t.Fatalf("game %d step %d: %s", k, step, m.reshuffleErr)
			}
			if d := m.diff(&s); d != "" {
				t.Fatalf("game %d (rules %+v) step %d, after %#x: %s", k, r, step, uint32(a), d)
			}
		}
		if m.winner >= 0 {
			wins++
		} else {
			caps++
		}
	}
	if reshuffles == 0 || wins == 0 || caps == 0 || moves == 0 {
		t.Errorf("reshuffles %d, won games %d, capped %d, moves %d: some rule never came up", reshuffles, wins, caps, moves)
	}
	t.Logf("reshuffles %d, won games %d, capped %d, moves %d", reshuffles, wins, caps, moves)
}
