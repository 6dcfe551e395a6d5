package solve

import (
	"slices"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// StateValue returns the solved game's value of st for the first seat
// (+1 a sure win, -1 a sure loss), in any phase: the character phase's
// and the booster games' certified values, a move-phase state's stored
// undiscounted value, a terminal state's payoff (a stuck player's loss
// included; a draw, a capped game too, is 0). ok is false for a state
// outside the solution: one reached through a penalty (waits below the
// rules' start) other than a stuck player's passes, or of other rules. The values satisfy the one-turn
// equation: the value of the matrix game TurnMatrix fills at st is
// StateValue(st), within the solution's certificate gap.
func (s *Solution) StateValue(st *nzsc.State) (v float64, ok bool) {
	if st.Phase == nzsc.GameOver {
		switch st.Result {
		case nzsc.FirstWins:
			return 1, true
		case nzsc.SecondWins:
			return -1, true
		}
		return 0, true
	}
	if !s.Solves(st.Rules()) {
		return 0, false
	}
	if st.Phase == nzsc.PickMove {
		// A stuck player's passes cost it waits, but its game is decided
		// (terminal): check that before the waits.
		cur := *st
		cur.Turn = 0
		cur.TurnCap = solveTurnCap
		if code, done := terminal(&cur); done {
			return TerminalValue(code), true
		}
	}
	w := int(s.Rules.Normalized().Waits)
	if st.Waits(0) != w || st.Waits(1) != w {
		return 0, false
	}
	switch st.Phase {
	case nzsc.PickCharacter:
		last, k := st.CharacterStreak(0)
		cs := s.Characters.State(last, k)
		m := s.characterMask(cs)
		if st.LegalMask(0) != m || st.LegalMask(1) != m {
			return 0, false
		}
		return (s.Characters.L[cs] + s.Characters.U[cs]) / 2, true
	case nzsc.PickBooster:
		a, b := st.Character(0), st.Character(1)
		if a >= nzsc.NumCharacters || b >= nzsc.NumCharacters || a == b {
			return 0, false
		}
		return s.Boosters[a][b].Value, true
	case nzsc.PickMove:
		p := s.Pairing(st.Loadout(0), st.Loadout(1))
		if p == nil {
			return 0, false
		}
		_, u, ok := p.ValueOf(KeyOf(st))
		return u, ok
	}
	return 0, false
}

// TurnMatrix fills m with the one-turn game at st, for the first seat:
// entry (i, j) is StateValue of the state after the first seat plays its
// i-th legal choice and the second its j-th (canonical order, as
// State.Legal lists them). ok is false when st or a successor is outside
// the solution, or a seat has no legal choice (stuck).
func (s *Solution) TurnMatrix(st *nzsc.State, m *Matrix) bool {
	var bufA, bufB [nzsc.MaxChoices]nzsc.Choice
	na, nb := st.Legal(0, &bufA), st.Legal(1, &bufB)
	if na == 0 || nb == 0 || st.Phase == nzsc.GameOver {
		return false
	}
	m.M, m.N = na, nb
	for i := range na {
		for j := range nb {
			t := *st
			t.Step(bufA[i], bufB[j])
			v, ok := s.StateValue(&t)
			if !ok {
				return false
			}
			m.A[i][j] = v
		}
	}
	return true
}

// StateValue returns the responder's value (its own side: +1 a sure
// win) at st when it plays the best response from there on against the
// bot: in any phase, a terminal state's payoff included. ok is false for
// a state outside the computed process (one the bot's support does not
// reach, or reached through a penalty).
func (x *Exploit) StateValue(st *nzsc.State) (v float64, ok bool) {
	sign := 1.0
	if x.Seat == 1 {
		sign = -1
	}
	cur := *st
	cur.Turn = 0
	cur.TurnCap = solveTurnCap
	if code, done := terminal(&cur); done {
		return sign * TerminalValue(code), true
	}
	w := int(x.Rules.Normalized().Waits)
	if st.Waits(0) != w || st.Waits(1) != w {
		return 0, false
	}
	switch st.Phase {
	case nzsc.PickCharacter:
		last, k := st.CharacterStreak(x.Seat)
		return x.Characters[characterState(int(x.Rules.Normalized().CharacterStreak), last, k)], true
	case nzsc.PickBooster:
		a, b := st.Character(0), st.Character(1)
		if a >= nzsc.NumCharacters || b >= nzsc.NumCharacters || a == b {
			return 0, false
		}
		return x.Boosters[a][b], true
	case nzsc.PickMove:
		t := x.moves[LoadoutIndex(st.Loadout(0))][LoadoutIndex(st.Loadout(1))]
		if t == nil {
			return 0, false
		}
		i, ok := slices.BinarySearch(t.keys, KeyOf(&cur))
		if !ok {
			return 0, false
		}
		return t.val[i], true
	}
	return 0, false
}
