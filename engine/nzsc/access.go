package nzsc

// The accessors below are how bots, front ends and solvers read a State;
// the representation behind them is the engine's own.

// Points returns seat's score.
func (s *State) Points(seat int) int { return int(s.points[seat&1]) }

// Waits returns seat's remaining waits (0..4).
func (s *State) Waits(seat int) int { return int(s.waits[seat&1]) }

// Character returns seat's character, or NoCharacter before characters
// are settled.
func (s *State) Character(seat int) Character { return s.players[seat&1].character }

// Booster returns seat's booster; it is meaningful from PickMove on.
func (s *State) Booster(seat int) Booster { return s.players[seat&1].booster }

// Loadout returns seat's character and booster.
func (s *State) Loadout(seat int) Loadout {
	return Loadout{s.Character(seat), s.Booster(seat)}
}

// CharacterStreak returns the character seat picked last and how many
// picks in a row (clashes included) it has been picked.
func (s *State) CharacterStreak(seat int) (Character, int) {
	p := &s.players[seat&1]
	return p.lastCharacter, int(p.characterStreak)
}

// MoveStreak returns the move seat played last and how many rounds in a
// row it has played it; (0, 0) before the first round.
func (s *State) MoveStreak(seat int) (Move, int) {
	if s.moveStreak[seat&1] == 0 {
		return 0, 0
	}
	return s.lastMove[seat&1], int(s.moveStreak[seat&1])
}

// Destroyed returns the bit set (bit i = Move i) of seat's destroyed moves.
func (s *State) Destroyed(seat int) uint32 { return s.players[seat&1].destroyed }

// Available returns the bit set of moves seat may play now (its loadout's
// moves less destroyed ones and less a move played three rounds running);
// zero outside PickMove.
func (s *State) Available(seat int) uint32 {
	if s.Phase != PickMove {
		return 0
	}
	return s.players[seat&1].available()
}

// Settled reports whether both loadouts are settled, that is whether the
// game reached the move phase.
func (s *State) Settled() bool { return s.players[0].owned != 0 }
