package solve

import (
	"slices"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Strategy writes into probs the solution's strategy for seat in state
// st over the seat's legal choices in canonical order (as State.Legal
// lists them) and returns how many there are. ok is false when the
// state is outside the solution: a move-phase state the solved game
// never reaches (points or waits changed by penalties), or a stuck seat.
// It is safe to call from many goroutines at once. A move-phase state's
// strategies are computed (two small matrix games) at the first call
// there and remembered: every later call is a lookup, and only the first
// allocates.
func (s *Solution) Strategy(st *nzsc.State, seat int, probs *[MaxSide]float64) (n int, ok bool) {
	seat &= 1
	switch st.Phase {
	case nzsc.PickCharacter:
		last, k := st.CharacterStreak(seat)
		cs := s.Characters.State(last, k)
		_, n = s.Characters.Choices(cs)
		if st.LegalMask(seat) != s.characterMask(cs) {
			return 0, false
		}
		src := &s.Characters.X[cs]
		if seat == 1 {
			src = &s.Characters.Y[cs]
		}
		*probs = *src
		return n, true
	case nzsc.PickBooster:
		a, b := st.Character(0), st.Character(1)
		if a >= nzsc.NumCharacters || b >= nzsc.NumCharacters || a == b {
			return 0, false
		}
		bg := &s.Boosters[a][b]
		if seat == 0 {
			*probs = bg.Eq.X
			return bg.Game.M, true
		}
		*probs = bg.Eq.Y
		return bg.Game.N, true
	case nzsc.PickMove:
		return s.moveStrategy(st, seat, probs)
	}
	return 0, false
}

func (s *Solution) characterMask(cs int) uint32 {
	cs4, n := s.Characters.Choices(cs)
	m := uint32(0)
	for _, c := range cs4[:n] {
		m |= 1 << c
	}
	return m
}

// moveStrategy is Strategy in the move phase: the stored pairing's
// equilibrium at st, computed from the state's two one-round games (the
// values of its successors, discounted and not) and memoized per state;
// false where the solution holds none (a pairing not stored, waits
// already spent, a state not among the pairing's).
func (s *Solution) moveStrategy(st *nzsc.State, seat int, probs *[MaxSide]float64) (int, bool) {
	p := s.Pairing(st.Loadout(0), st.Loadout(1))
	w := int(s.Rules.Normalized().Waits)
	if p == nil || st.Waits(0) != w || st.Waits(1) != w {
		return 0, false
	}
	// A mirrored pairing's strategies are its original's in the mirrored
	// state, the seats swapped: below, x and y, na and nb and the keys
	// are the original's, and the first seat of the original is this
	// state's second.
	mirror := p.Mirror != nil
	if mirror {
		p, seat = p.Mirror, seat^1
	}
	cur := *st
	cur.Turn = 0
	cur.TurnCap = solveTurnCap
	if _, done := terminal(&cur); done {
		return 0, false
	}
	ki, found := p.index(pairingKey(&cur, mirror))
	if !found {
		return 0, false
	}
	if ki < len(p.memo) {
		if m := p.memo[ki].Load(); m != nil {
			if seat == 0 {
				*probs = m.x
				return int(m.na), true
			}
			*probs = m.y
			return int(m.nb), true
		}
	}
	var md, mu Matrix
	if !p.stateGames(&cur, mirror, &md, &mu) {
		return 0, false
	}
	na, nb := md.M, md.N
	var x, y [MaxSide]float64
	pickStrategies(&md, &mu, p.Undisc[ki], p.Rules[ki], &x, &y)
	if !p.explicitStrategies(ki, &x, &y) {
		return 0, false
	}
	if ki < len(p.memo) {
		p.memo[ki].Store(&memoStrategies{x: x, y: y, na: uint8(na), nb: uint8(nb)})
	}
	if seat == 0 {
		*probs = x
		return na, true
	}
	*probs = y
	return nb, true
}

// pairingKey is t's key in its pairing, or, for a mirrored pairing, in
// the original it is stored as.
func pairingKey(t *nzsc.State, mirror bool) Key {
	if mirror {
		return KeyOf(t).Mirror()
	}
	return KeyOf(t)
}

// stateGames writes the one-round games at cur into md (successors'
// values discounted) and mu (undiscounted), rows the original pairing's
// first seat; false when a successor is not among the pairing's states.
func (p *Pairing) stateGames(cur *nzsc.State, mirror bool, md, mu *Matrix) bool {
	var bufA, bufB [nzsc.MaxChoices]nzsc.Choice
	na, nb := cur.Legal(0, &bufA), cur.Legal(1, &bufB)
	first, second := &bufA, &bufB
	if mirror {
		na, nb, first, second = nb, na, second, first
	}
	md.M, md.N, mu.M, mu.N = na, nb, na, nb
	for i := range na {
		for j := range nb {
			t := *cur
			if mirror {
				t.Step(second[j], first[i])
			} else {
				t.Step(first[i], second[j])
			}
			t.Turn = 0
			if code, done := terminal(&t); done {
				v := TerminalValue(code)
				if mirror {
					v = -v
				}
				md.A[i][j] = Discount * v
				mu.A[i][j] = v
				continue
			}
			k, ok := p.index(pairingKey(&t, mirror))
			if !ok {
				return false
			}
			md.A[i][j] = Discount * p.Disc[k]
			mu.A[i][j] = p.Undisc[k]
		}
	}
	return true
}

// explicitStrategies replaces x or y by the strategy the file stores
// for state ki where its rule says the stored one is explicit; false
// when it is missing.
func (p *Pairing) explicitStrategies(ki int, x, y *[MaxSide]float64) bool {
	r := p.Rules[ki]
	if r.first() != explicitSeat && r.second() != explicitSeat {
		return true
	}
	i, ok := slices.BinarySearch(p.ExplicitKeys, p.Keys[ki])
	if !ok {
		return false
	}
	if r.first() == explicitSeat {
		*x = p.Explicit[i][0]
	}
	if r.second() == explicitSeat {
		*y = p.Explicit[i][1]
	}
	return true
}

// memoStrategies are both seats' strategies in one state of a pairing,
// computed at the first decision there (Pairing.memo).
type memoStrategies struct {
	x, y   [MaxSide]float64
	na, nb uint8
}

func (p *Pairing) index(k Key) (int, bool) {
	lo, hi := 0, len(p.Keys)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if p.Keys[m] < k {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo, lo < len(p.Keys) && p.Keys[lo] == k
}
