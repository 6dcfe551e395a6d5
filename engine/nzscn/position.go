package nzscn

import "github.com/nzsclab/nzsc/engine/nzsc"

// Position returns s as a position of a decision process that counts its
// horizon apart: the turn count cleared, the cap lifted to its largest,
// and once the characters are settled the character streaks cleared
// (they only bar a fourth pick in a row, and no pick is left), so that
// positions that differ only in how they were reached compare equal.
// Solvers key their tables by it (analysis/exploitn); the rules never
// call it.
func (s State) Position() State {
	s.Turn, s.TurnCap = 0, 0xFFFF
	if s.Phase == nzsc.PickMove || s.Phase == nzsc.GameOver && s.Settled() {
		for i := range s.players {
			s.players[i].lastCharacter, s.players[i].characterStreak = nzsc.NoCharacter, 0
		}
	}
	return s
}
