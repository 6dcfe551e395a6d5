package npzr

import (
	"math"
	"math/bits"

	np "github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/rng"
)

// This file is the rule-based policy shared by the bots: greedy plays it,
// pimc and ismcts play it in their rollouts and take their candidate
// actions from it. It reads only the fast State's public accessors and
// the acting seat's hand, so on a determinized state it uses nothing the
// seat could not see.

// Priorities of candidate actions, highest first. The order is the
// greedy rules: win, complete an own stack of a missing character
// (with a regular card before a wild: wilds are kept for completions),
// a wild that leaves an own stack one card from a missing character the
// hand holds, spoil an opponent's stack one card from a character it lacks, build
// towards a missing character, earn a move on an already scored
// character, start a stack, and least a card that changes nothing.
const (
	prioWin        = 10000
	prioComplete   = 1000
	prioWildDone   = 900
	prioWildSetup  = 850
	prioSpoil      = 40
	prioBuild2     = 30
	prioBuild1     = 10
	prioDuplicate  = 8
	prioNewMissing = 3
	prioNew        = 2
	prioOther      = 1
	prioDecline    = 0
)

// candidate is an action with its priority.
type candidate struct {
	a    np.Action
	prio int
}

// table is the public summary of the stacks the policy reads: the
// character each top counts as (noChar when the pile is empty).
type table struct {
	n     int
	owner [np.MaxStacks]uint8
	char  [np.MaxStacks][np.NumParts]uint8
	kind  [np.MaxStacks][np.NumParts]np.Kind
}

const noChar = 0xFF

func (t *table) read(s *np.State) {
	t.n = s.Stacks()
	for i := range t.n {
		t.owner[i] = uint8(s.Owner(i))
		for p := range np.Part(np.NumParts) {
			k, as, ok := s.Top(i, p)
			t.kind[i][p] = k
			t.char[i][p] = noChar
			if ok {
				t.char[i][p] = uint8(as.Character())
			}
		}
	}
}

// matches counts the tops of stack i counting as character c.
func (t *table) matches(i int, c uint8) int {
	n := 0
	for _, x := range t.char[i] {
		if x == c {
			n++
		}
	}
	return n
}

// nearly returns the character two of stack i's tops count as while the
// third pile's top does not (the stack is one card from complete), or
// noChar.
func (t *table) nearly(i int) uint8 {
	ch := &t.char[i]
	switch {
	case ch[0] != noChar && ch[0] == ch[1]:
		return ch[0]
	case ch[0] != noChar && ch[0] == ch[2]:
		return ch[0]
	case ch[1] != noChar && ch[1] == ch[2]:
		return ch[1]
	}
	return noChar
}

// policy generates and ranks candidate actions. Its buffers are reused.
type policy struct {
	t     table
	cands []candidate
}

// candidates fills p.cands with the sensible actions of s's seat to act,
// ranked by priority (not sorted), and returns them. It always holds at
// least one legal action when the game is not over.
func (p *policy) candidates(s *np.State) []candidate {
	p.cands = p.cands[:0]
	p.t.read(s)
	me := s.ToAct()
	mine, theirs := s.Scored(me), s.Scored(1-me)
	switch s.Phase() {
	case np.Play:
		p.plays(s, me, mine, theirs)
	case np.Move:
		p.moves(s, me, mine, theirs)
	}
	return p.cands
}

func (p *policy) add(a np.Action, prio int) {
	p.cands = append(p.cands, candidate{a, prio})
}

// completionPrio is the priority of completing stack i (owned by owner)
// with character c, for seat me whose scored set is mine and the
// opponent's theirs; ok is false when it must not be done (it gives the
// opponent a character it lacks).
func completionPrio(owner, me int, c uint8, mine, theirs uint8) (int, bool) {
	if owner == me {
		if mine>>c&1 == 1 {
			return prioDuplicate, true
		}
		if mine|1<<c == 0xF {
			return prioWin, true
		}
		return prioComplete, true
	}
	if theirs>>c&1 == 0 {
		return 0, false
	}
	return prioDuplicate, true // the opponent gains nothing, I earn a move
}

func (p *policy) plays(s *np.State, me int, mine, theirs uint8) {
	t := &p.t
	hand := s.Hand(me)
	regular := false
	for k := range np.Kind(np.NumRegular) {
		regular = regular || hand[k] > 0
	}
	for k := range np.Kind(np.NumKinds) {
		if hand[k] == 0 {
			continue
		}
		if !k.IsWild() {
			p.regularPlays(k, me, mine, theirs)
			continue
		}
		// A wild completes a stack of mine, or (when the hand has no
		// regular card) starts one for a missing character.
		for ns := k.Nominations(); ns != 0; ns &= ns - 1 {
			as := np.Kind(bits.TrailingZeros16(ns))
			c, part := uint8(as.Character()), as.Part()
			for i := range t.n {
				if t.char[i][part] == c || t.matches(i, c) != 2 || int(t.owner[i]) != me {
					continue
				}
				if prio, ok := completionPrio(me, me, c, mine, theirs); ok && prio > prioDuplicate {
					p.add(np.PlayAction(k, as, i), prio-prioComplete+prioWildDone)
				}
			}
			if !regular && mine>>c&1 == 0 {
				p.add(np.PlayAction(k, as, np.NewStack), prioNewMissing)
			}
		}
	}
	p.wildFirst(hand, me, mine, regular)
	if len(p.cands) == 0 {
		// Only wilds of characters already scored: any one, new.
		for k := range np.Kind(np.NumKinds) {
			if hand[k] > 0 {
				as := np.Kind(bits.TrailingZeros16(k.Nominations()))
				p.add(np.PlayAction(k, as, np.NewStack), prioOther)
				break
			}
		}
	}
}

// wildFirst adds what a single card cannot see, wild cards being fast:
// a wild that completes a stack for a missing character is played before
// a regular card that completes another (both score, where the regular
// card first would end the turn); and a wild that leaves an own stack one
// card from a missing character, when the hand holds that card (a regular
// one, or another wild) and a regular card (so that the wild is fast), is
// a candidate (prioWildSetup).
func (p *policy) wildFirst(hand [np.NumKinds]uint8, me int, mine uint8, regular bool) {
	t := &p.t
	var regChars uint8
	for _, c := range p.cands {
		if !c.a.Card().IsWild() && c.prio >= prioComplete {
			regChars |= 1 << c.a.As().Character()
		}
	}
	for i := range p.cands {
		c := &p.cands[i]
		if c.a.Card().IsWild() && c.prio >= prioWildDone && regChars&^(1<<c.a.As().Character()) != 0 {
			c.prio = max(c.prio, prioComplete+50)
		}
	}
	for k := np.WildNinja; k < np.NumKinds && regular; k++ {
		if hand[k] == 0 {
			continue
		}
		for ns := k.Nominations(); ns != 0; ns &= ns - 1 {
			as := np.Kind(bits.TrailingZeros16(ns))
			c, part := uint8(as.Character()), as.Part()
			if mine>>c&1 == 1 {
				continue
			}
			for i := range t.n {
				if int(t.owner[i]) != me || t.char[i][part] == c || t.matches(i, c) != 1 {
					continue
				}
				// The third pile, neither part nor the one showing c.
				third := np.Part(0)
				for q := range np.Part(np.NumParts) {
					if q != part && t.char[i][q] != c {
						third = q
					}
				}
				need := np.RegularKind(np.Character(c), third)
				ok := hand[need] > 0
				for w := np.WildNinja; w < np.NumKinds && !ok; w++ {
					spare := hand[w]
					if w == k {
						spare--
					}
					ok = spare > 0 && w.Nominations()>>need&1 == 1
				}
				if ok {
					p.add(np.PlayAction(k, as, i), prioWildSetup)
				}
			}
		}
	}
}

// regularPlays adds the sensible places for a regular card k.
func (p *policy) regularPlays(k np.Kind, me int, mine, theirs uint8) {
	t := &p.t
	c, part := uint8(k.Character()), k.Part()
	placed := false
	for i := range t.n {
		owner := int(t.owner[i])
		if t.char[i][part] == c {
			continue // changes nothing
		}
		m := t.matches(i, c)
		if m == 2 {
			if prio, ok := completionPrio(owner, me, c, mine, theirs); ok {
				p.add(np.PlayAction(k, k, i), prio)
				placed = true
			}
			continue
		}
		near := t.nearly(i)
		covers := near != noChar && t.char[i][part] == near
		if owner == me {
			if covers && mine>>near&1 == 0 {
				continue // would spoil my own nearly complete stack
			}
			if mine>>c&1 == 0 && m == 1 {
				p.add(np.PlayAction(k, k, i), prioBuild2)
				placed = true
			}
			continue
		}
		if covers && theirs>>near&1 == 0 {
			p.add(np.PlayAction(k, k, i), prioSpoil)
			placed = true
		}
	}
	if mine>>c&1 == 0 {
		p.add(np.PlayAction(k, k, np.NewStack), prioNewMissing)
	} else if !placed {
		p.add(np.PlayAction(k, k, np.NewStack), prioNew)
	}
}

func (p *policy) moves(s *np.State, me int, mine, theirs uint8) {
	t := &p.t
	p.add(np.Decline, prioDecline)
	for src := range t.n {
		for sp := range np.Part(np.NumParts) {
			k := t.kind[src][sp]
			if k == np.NoCard {
				continue
			}
			// Taking a top may uncover a card that completes its stack.
			if _, under, ok := s.Under(src, sp); ok {
				c := uint8(under.Character())
				o := t.char[src]
				o[sp] = c
				if o[0] == c && o[1] == c && o[2] == c {
					owner := int(t.owner[src])
					prio, ok := completionPrio(owner, me, c, mine, theirs)
					if !ok {
						continue // never hand the opponent a character
					}
					if prio > prioDuplicate {
						_, as, _ := s.Top(src, sp)
						p.add(np.MoveAction(src, sp, as, np.NewStack), prio)
					}
				}
			}
			// Taking an opponent's top that makes its stack nearly
			// complete spoils it (unless what lies beneath matches too,
			// which the policy does not look at).
			near := t.nearly(src)
			spoil := int(t.owner[src]) != me && near != noChar && t.char[src][sp] == near && theirs>>near&1 == 0
			for ns := k.Nominations(); ns != 0; ns &= ns - 1 {
				as := np.Kind(bits.TrailingZeros16(ns))
				c, part := uint8(as.Character()), as.Part()
				for i := range t.n {
					if i == src || t.char[i][part] == c || t.matches(i, c) != 2 || int(t.owner[i]) != me {
						continue
					}
					if prio, ok := completionPrio(me, me, c, mine, theirs); ok && prio > prioDuplicate {
						p.add(np.MoveAction(src, sp, as, i), prio)
					}
				}
				if spoil && as == k || spoil && k.IsWild() && mine>>c&1 == 0 && as.Part() == sp {
					p.add(np.MoveAction(src, sp, as, np.NewStack), prioSpoil)
				}
			}
		}
	}
}

// best returns the highest-priority candidate, ties broken by r.
func best(cands []candidate, r *rng.Wyrand) np.Action {
	top, n := -1, 0
	var a np.Action
	for _, c := range cands {
		switch {
		case c.prio > top:
			top, n, a = c.prio, 1, c.a
		case c.prio == top:
			// Reservoir sampling keeps each tie with chance 1/n.
			n++
			if r.Uint64()%uint64(n) == 0 {
				a = c.a
			}
		}
	}
	return a
}

// rollout plays s forward with the policy for seats for up to turns
// turns (or to the end) and returns its value for seat me (see value).
func (p *policy) rollout(s *np.State, me, turns int, r *rng.Wyrand) float64 {
	stop := s.Turns() + turns
	for !s.Over() && s.Turns() < stop {
		s.Step(best(p.candidates(s), r))
	}
	return value(s, me)
}

// value scores a state for seat me in [0, 1]: 1 a win, 0 a loss, ½ a
// draw; otherwise a logistic of the material difference: 100 per
// character scored and, per stack, 15 for two tops of a character its
// owner lacks and 3 for one, counted for its owner (for me, against the
// opponent), and 5 per wild card in my hand.
func value(s *np.State, me int) float64 {
	if s.Over() {
		switch s.Winner() {
		case me:
			return 1
		case -1:
			return 0.5
		}
		return 0
	}
	v := 100 * float64(s.Points(me)-s.Points(1-me))
	for i := range s.Stacks() {
		owner := s.Owner(i)
		lacks := ^s.Scored(owner)
		var count [np.NumCharacters]int
		for p := range np.Part(np.NumParts) {
			if _, as, ok := s.Top(i, p); ok {
				count[as.Character()]++
			}
		}
		w := 0.0
		for c, n := range count {
			if lacks>>c&1 == 1 {
				switch n {
				case 2:
					w = max(w, 15)
				case 1:
					w = max(w, 3)
				}
			}
		}
		if owner != me {
			w = -w
		}
		v += w
	}
	hand := s.Hand(me)
	for k := np.WildNinja; k < np.NumKinds; k++ {
		v += 5 * float64(hand[k])
	}
	return 1 / (1 + math.Exp(-v/150))
}
