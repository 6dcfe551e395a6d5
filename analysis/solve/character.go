package solve

import (
	"math"

	"github.com/nzsclab/nzsc/engine"
)

// NumCharacterStates is the number of states of the character phase:
// the start, and (last character, streak 1..3). Both players share the
// state: the phase goes on only after a clash, when both picked the same
// character, so their streaks are always equal.
const NumCharacterStates = 1 + 3*engine.NumCharacters

// CharacterState returns the index of the character-phase state where
// both players last picked c n times running (n = 0: the start).
func CharacterState(c engine.Character, n int) int {
	if n == 0 || c >= engine.NumCharacters {
		return 0
	}
	return 1 + 3*int(c) + min(n, 3) - 1
}

// CharacterChoices returns the characters both players may pick in
// state st, in canonical order.
func CharacterChoices(st int) (cs [4]engine.Character, n int) {
	banned := engine.NoCharacter
	if st > 0 && (st-1)%3 == 2 {
		banned = engine.Character((st - 1) / 3)
	}
	for c := range engine.Character(engine.NumCharacters) {
		if c != banned {
			cs[n] = c
			n++
		}
	}
	return cs, n
}

// clashNext returns the state after both pick c in state st.
func clashNext(st int, c engine.Character) int {
	if st > 0 && engine.Character((st-1)/3) == c {
		return CharacterState(c, (st-1)%3+2)
	}
	return CharacterState(c, 1)
}

// CharacterGame is the solved character phase.
type CharacterGame struct {
	// V, X, Y: every state's discounted value and both seats'
	// strategies (over CharacterChoices order); L and U the certified
	// bounds (undiscounted best responses).
	V, L, U [NumCharacterStates]float64
	X, Y    [NumCharacterStates][MaxSide]float64
	// Value is the game's value for the first seat (midpoint of L and U
	// at the start), Gap the largest U - L.
	Value, Gap float64
}

// CharacterMatrix fills m with state st's game: a clash continues at
// the next state (worth Discount times vals there), different characters
// go to the booster phase (exits, the booster games' values, or their
// lower or upper bounds with which = -1 or +1).
func CharacterMatrix(s *Solution, st int, vals *[NumCharacterStates]float64, which int, m *Matrix) {
	cs, n := CharacterChoices(st)
	m.M, m.N = n, n
	for i := range n {
		for j := range n {
			if i == j {
				m.A[i][j] = Discount * vals[clashNext(st, cs[i])]
				continue
			}
			bg := &s.Boosters[cs[i]][cs[j]]
			switch which {
			case -1:
				m.A[i][j] = bg.Lower
			case 1:
				m.A[i][j] = bg.Upper
			default:
				m.A[i][j] = bg.Value
			}
		}
	}
}

func (cg *CharacterGame) solve(s *Solution) {
	var m Matrix
	var e Equilibrium
	// Value iteration: 13 states, a contraction by Discount and, since
	// clashes are rarely optimal, far faster in practice.
	for it := 0; it < 100000; it++ {
		diff := 0.0
		for st := range NumCharacterStates {
			CharacterMatrix(s, st, &cg.V, 0, &m)
			SolveMatrix(&m, &e)
			diff = max(diff, math.Abs(e.Value-cg.V[st]))
			cg.V[st], cg.X[st], cg.Y[st] = e.Value, e.X, e.Y
		}
		if diff <= 1e-15 {
			break
		}
	}
	for st := range NumCharacterStates {
		CharacterMatrix(s, st, &cg.V, 0, &m)
		SolveMatrix(&m, &e)
		cg.X[st], cg.Y[st] = e.X, e.Y
	}
	// Certificate: best responses in the undiscounted phase.
	var br mdp
	for _, upper := range [2]bool{false, true} {
		br.reset(NumCharacterStates)
		for st := range NumCharacterStates {
			cs, n := CharacterChoices(st)
			for a := range n {
				br.beginAction()
				for o := range n {
					p := cg.X[st][o]
					if upper {
						p = cg.Y[st][o]
					}
					if p == 0 {
						continue
					}
					if a == o {
						br.addMove(p, int32(clashNext(st, cs[a])))
						continue
					}
					if upper {
						br.addExit(p, s.Boosters[cs[a]][cs[o]].Upper)
					} else {
						br.addExit(p, -s.Boosters[cs[o]][cs[a]].Lower)
					}
				}
			}
			br.endState()
		}
		v := make([]float64, NumCharacterStates)
		br.maximize(v)
		for st := range NumCharacterStates {
			if upper {
				cg.U[st] = v[st]
			} else {
				cg.L[st] = -v[st]
			}
		}
	}
	for st := range NumCharacterStates {
		cg.Gap = max(cg.Gap, cg.U[st]-cg.L[st])
	}
	cg.Value = (cg.L[0] + cg.U[0]) / 2
}
