package nzscn

import "github.com/nzsclab/nzsc/engine/nzsc"

// Turn records what happened in one call of Step, packed into 64 bits so
// that a game's history is 8 bytes a turn.
type Turn uint64

// Bit layout of a Turn.
const (
	turnChoices  = 0  // 4 × 8 bits: each seat's choice
	turnOffences = 32 // 4 × 3 bits
	turnGained   = 44 // 4 × 4 bits
	turnPhase    = 60 // 2 bits
	turnClash    = 62
	turnDeducted = 63
)

func newTurn(p nzsc.Phase, c Choices) Turn {
	return Turn(p&3)<<turnPhase | Turn(c[0]) | Turn(c[1])<<8 | Turn(c[2])<<16 | Turn(c[3])<<24
}

// Phase is the phase the turn was played in.
func (t Turn) Phase() nzsc.Phase { return nzsc.Phase(t >> turnPhase & 3) }

// Choice is what seat answered.
func (t Turn) Choice(seat int) nzsc.Choice { return nzsc.Choice(t >> (8 * uint(seat&3))) }

// Offence is the clause seat was penalized under (nzsc.Stuck for a
// pass), or nzsc.NoOffence.
func (t Turn) Offence(seat int) nzsc.Offence {
	return nzsc.Offence(t >> (turnOffences + 3*uint(seat&3)) & 7)
}

// Gained is seat's points from this turn before the deduction rule:
// round points, headstarts, and penalty points earned from offenders.
func (t Turn) Gained(seat int) uint8 { return uint8(t >> (turnGained + 4*uint(seat&3)) & 15) }

// Clash reports that two players picked the same character and everyone
// must repick.
func (t Turn) Clash() bool { return t>>turnClash&1 == 1 }

// Deducted reports that the end-of-turn deduction rule applied (two or
// more players at 5 or more points).
func (t Turn) Deducted() bool { return t>>turnDeducted&1 == 1 }

// Nullified reports whether an offence other than a pass voided the turn
// (with 2 players a pass voids it too).
func (t Turn) Nullified(players int) bool {
	pass := false
	for i := range players {
		switch t.Offence(i) {
		case nzsc.NoOffence:
		case nzsc.Stuck:
			pass = true
		default:
			return true
		}
	}
	return pass && players == 2
}

func (t Turn) withOffences(off *[MaxPlayers]nzsc.Offence) Turn {
	for i, o := range off {
		t |= Turn(o&7) << (turnOffences + 3*i)
	}
	return t
}

// plusGained adds g to the turn's gains. Gains above 15 cannot happen (a
// turn gives a player at most 3 points).
func (t Turn) plusGained(g *[MaxPlayers]uint8) Turn {
	return t + Turn(g[0]&15)<<turnGained | Turn(g[1]&15)<<(turnGained+4) |
		Turn(g[2]&15)<<(turnGained+8) | Turn(g[3]&15)<<(turnGained+12)
}
