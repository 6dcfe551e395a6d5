package nzscn

import "github.com/nzsclab/nzsc/engine/nzsc"

// The accessors below are how bots, front ends and solvers read a State.

// Points returns seat's score.
func (s *State) Points(seat int) int { return int(s.players[seat&3].points) }

// Waits returns seat's remaining waits (0..4).
func (s *State) Waits(seat int) int { return int(s.players[seat&3].waits) }

// Character returns seat's character, or nzsc.NoCharacter before
// characters are settled.
func (s *State) Character(seat int) nzsc.Character { return s.players[seat&3].character }

// Booster returns seat's booster; it is meaningful from PickMove on.
func (s *State) Booster(seat int) nzsc.Booster { return s.players[seat&3].booster }

// Loadout returns seat's character and booster.
func (s *State) Loadout(seat int) nzsc.Loadout {
	return nzsc.Loadout{Character: s.Character(seat), Booster: s.Booster(seat)}
}

// CharacterStreak returns the character seat picked last and how many
// picks in a row (clashes included) it has been picked.
func (s *State) CharacterStreak(seat int) (nzsc.Character, int) {
	p := &s.players[seat&3]
	return p.lastCharacter, int(p.characterStreak)
}

// MoveStreak returns the move seat played last and how many rounds in a
// row it has played it; (0, 0) before its first round.
func (s *State) MoveStreak(seat int) (nzsc.Move, int) {
	p := &s.players[seat&3]
	if p.moveStreak == 0 {
		return 0, 0
	}
	return p.lastMove, int(p.moveStreak)
}

// Destroyed returns the bit set (bit i = Move i) of seat's destroyed
// moves.
func (s *State) Destroyed(seat int) uint32 { return s.players[seat&3].destroyed }

// Blocked returns the bit set of the move the three-in-a-row rule bars
// for seat (empty or one move).
func (s *State) Blocked(seat int) uint32 { return s.players[seat&3].blocked }

// Available returns the bit set of moves seat may play now; zero outside
// PickMove.
func (s *State) Available(seat int) uint32 {
	if s.Phase != nzsc.PickMove {
		return 0
	}
	return s.players[seat&3].available()
}

// Settled reports whether the loadouts are settled (the move phase has
// been reached).
func (s *State) Settled() bool { return s.players[0].owned != 0 }

// Scores returns every seat's points (zero beyond the players).
func (s *State) Scores() (sc [MaxPlayers]int) {
	for i := range int(s.Players) {
		sc[i] = int(s.players[i].points)
	}
	return sc
}
