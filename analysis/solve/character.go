package solve

import (
	"math"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// NumCharacterStates is the number of states of the character phase
// under the shared rules: the start, and (last character, streak 1..3).
// Both players share the state: the phase goes on only after a clash,
// when both picked the same character, so their streaks are always
// equal. Under a character streak limit L there are 1 + 4L states
// (CharacterGame.States), at most MaxCharacterStates.
const (
	NumCharacterStates = 1 + nzsc.DefaultStreak*nzsc.NumCharacters
	MaxCharacterStates = 1 + nzsc.MaxStreak*nzsc.NumCharacters
)

// CharacterState returns the index of the character-phase state, under
// the shared rules, where both players last picked c n times running (n
// = 0: the start).
func CharacterState(c nzsc.Character, n int) int {
	return characterState(nzsc.DefaultStreak, c, n)
}

// characterState is CharacterState under a character streak limit.
func characterState(limit int, c nzsc.Character, n int) int {
	if n == 0 || c >= nzsc.NumCharacters {
		return 0
	}
	return 1 + limit*int(c) + min(n, limit) - 1
}

// CharacterChoices returns the characters both players may pick in
// state st under the shared rules, in canonical order.
func CharacterChoices(st int) (cs [4]nzsc.Character, n int) {
	return characterChoices(nzsc.DefaultStreak, st)
}

func characterChoices(limit, st int) (cs [4]nzsc.Character, n int) {
	banned := nzsc.NoCharacter
	if st > 0 && (st-1)%limit == limit-1 {
		banned = nzsc.Character((st - 1) / limit)
	}
	for c := range nzsc.Character(nzsc.NumCharacters) {
		if c != banned {
			cs[n] = c
			n++
		}
	}
	return cs, n
}

func clashNextOf(limit, st int, c nzsc.Character) int {
	if st > 0 && nzsc.Character((st-1)/limit) == c {
		return characterState(limit, c, (st-1)%limit+2)
	}
	return characterState(limit, c, 1)
}

// States returns the number of the phase's states (1 + 4 × the
// character streak limit).
func (cg *CharacterGame) States() int { return 1 + cg.limit()*nzsc.NumCharacters }

// State returns the index of the state where both players last picked c
// n times running (n = 0: the start).
func (cg *CharacterGame) State(c nzsc.Character, n int) int {
	return characterState(cg.limit(), c, n)
}

// Choices returns the characters both players may pick in state st, in
// canonical order.
func (cg *CharacterGame) Choices(st int) ([4]nzsc.Character, int) {
	return characterChoices(cg.limit(), st)
}

func (cg *CharacterGame) limit() int {
	if cg.Limit == 0 {
		return nzsc.DefaultStreak
	}
	return cg.Limit
}

// CharacterGame is the solved character phase.
type CharacterGame struct {
	// Limit is the character streak limit (nzsc.Rules.CharacterStreak;
	// 0 means 3): the phase has States() states.
	Limit int
	// V, X, Y: every state's discounted value and both seats'
	// strategies (over Choices order); L and U the certified bounds
	// (undiscounted best responses). Entries from States() on are unused.
	V, L, U [MaxCharacterStates]float64
	X, Y    [MaxCharacterStates][MaxSide]float64
	// Value is the game's value for the first seat (midpoint of L and U
	// at the start), Gap the largest U - L.
	Value, Gap float64
}

// CharacterMatrix fills m with state st's game: a clash continues at
// the next state (worth Discount times vals there), different characters
// go to the booster phase (exits, the booster games' values, or their
// lower or upper bounds with which = -1 or +1).
func CharacterMatrix(s *Solution, st int, vals *[MaxCharacterStates]float64, which int, m *Matrix) {
	cg := &s.Characters
	cs, n := cg.Choices(st)
	m.M, m.N = n, n
	for i := range n {
		for j := range n {
			if i == j {
				m.A[i][j] = Discount * vals[clashNextOf(cg.limit(), st, cs[i])]
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
		for st := range cg.States() {
			CharacterMatrix(s, st, &cg.V, 0, &m)
			SolveMatrix(&m, &e)
			diff = max(diff, math.Abs(e.Value-cg.V[st]))
			cg.V[st], cg.X[st], cg.Y[st] = e.Value, e.X, e.Y
		}
		if diff <= 1e-15 {
			break
		}
	}
	for st := range cg.States() {
		CharacterMatrix(s, st, &cg.V, 0, &m)
		SolveMatrix(&m, &e)
		cg.X[st], cg.Y[st] = e.X, e.Y
		// A weight of rounding size is a leak, not a choice: a player
		// content with endless clashes who picks a losing character with
		// probability 1e-16 every repick loses it for sure to an opponent
		// who waits (headstarts off, points=4: a 0.29 gap).
		purge(&cg.X[st], m.M)
		purge(&cg.Y[st], m.N)
	}
	// Certificate: best responses in the undiscounted phase.
	var br mdp
	for _, upper := range [2]bool{false, true} {
		br.reset(cg.States())
		for st := range cg.States() {
			cs, n := cg.Choices(st)
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
						br.addMove(p, int32(clashNextOf(cg.limit(), st, cs[a])))
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
		v := make([]float64, cg.States())
		br.maximize(v)
		for st := range cg.States() {
			if upper {
				cg.U[st] = v[st]
			} else {
				cg.L[st] = -v[st]
			}
		}
	}
	for st := range cg.States() {
		cg.Gap = max(cg.Gap, cg.U[st]-cg.L[st])
	}
	cg.Value = (cg.L[0] + cg.U[0]) / 2
}

// leakTol is the weight below which purge drops a choice.
const leakTol = 1e-12

// purge zeroes the weights of p[:n] below leakTol and rescales the rest
// to sum to 1.
func purge(p *[MaxSide]float64, n int) {
	sum := 0.0
	for i := range n {
		if p[i] < leakTol {
			p[i] = 0
		}
		sum += p[i]
	}
	if sum > 0 {
		for i := range n {
			p[i] /= sum
		}
	}
}
