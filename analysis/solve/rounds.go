package solve

import (
	"fmt"
	"math/bits"

	"gonum.org/v1/gonum/mat"

	"github.com/nzsclab/nzsc/analysis/nash"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Round is the one-round sub-game of an ordered loadout pairing with
// every move available: the first seat's payoff is its points minus the
// opponent's.
type Round struct {
	A, B nzsc.Loadout
	// MovesA and MovesB are the two seats' moves, in canonical order.
	MovesA, MovesB []nzsc.Move
	// Payoff[i][j] is the first seat's payoff when it plays MovesA[i] and
	// the second MovesB[j].
	Payoff [][]float64
	// Value is the first seat's value; X and Y are optimal strategies;
	// Lower and Upper the certificate (what X guarantees, what Y concedes).
	Value, Lower, Upper float64
	X, Y                []float64
	// Method is the LP solver that produced the certified answer.
	Method string
}

func movesOf(l nzsc.Loadout) []nzsc.Move {
	var ms []nzsc.Move
	for m := l.Moves(); m != 0; m &= m - 1 {
		ms = append(ms, nzsc.Move(bits.TrailingZeros32(m)))
	}
	return ms
}

// SolveRound solves the one-round game of a against b with package
// nash's certified LP.
func SolveRound(a, b nzsc.Loadout) (*Round, error) {
	r := &Round{A: a, B: b, MovesA: movesOf(a), MovesB: movesOf(b)}
	sa, sb := a.Booster == nzsc.Strong, b.Booster == nzsc.Strong
	d := mat.NewDense(len(r.MovesA), len(r.MovesB), nil)
	r.Payoff = make([][]float64, len(r.MovesA))
	for i, mi := range r.MovesA {
		r.Payoff[i] = make([]float64, len(r.MovesB))
		for j, mj := range r.MovesB {
			v := float64(nzsc.RoundPoints(mi, mj, sa, sb)) - float64(nzsc.RoundPoints(mj, mi, sb, sa))
			r.Payoff[i][j] = v
			d.Set(i, j, v)
		}
	}
	s, err := nash.Solve(d)
	if err != nil {
		return nil, fmt.Errorf("solve: round %v vs %v: %w", a, b, err)
	}
	r.Value, r.Lower, r.Upper, r.X, r.Y, r.Method = s.Value, s.Lower, s.Upper, s.Row, s.Col, s.Method.String()
	return r, nil
}

// Rounds solves the one-round game of every ordered pairing of loadouts
// with different characters (108), in nzsc.Loadouts order.
func Rounds() ([]*Round, error) {
	ls := nzsc.Loadouts()
	var out []*Round
	for _, a := range ls {
		for _, b := range ls {
			if a.Character == b.Character {
				continue
			}
			r, err := SolveRound(a, b)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
	}
	return out, nil
}
