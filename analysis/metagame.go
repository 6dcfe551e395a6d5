package analysis

import (
	"fmt"
	"slices"

	"github.com/nzsclab/nzsc/analysis/nash"
	"gonum.org/v1/gonum/mat"
)

// Metagame is the Nash equilibrium of the game in which each side picks a
// bot from the population and scores the cross-table's expected score
// minus 1/2: which mix of bots no single bot can exploit.
type Metagame struct {
	Bots []string
	// Weight[i] is bot i's probability in the equilibrium mix (the row
	// player's strategy).
	Weight []float64
	// Value is the game's value for the row player; a symmetric game's
	// value is 0, so its distance from 0 reflects the certificate's
	// tolerance and the asymmetry of finite samples.
	Value float64
	// Lower and Upper are the certificate: what the mix guarantees
	// against every bot, and what the column mix concedes at most.
	Lower, Upper float64
	// Method is the LP solver that produced the certified answer.
	Method string
	// Missing counts pairs of bots that never met (a gauntlet); their
	// payoff is taken as 0 (even). Pairs with a bot of Unplayed are not
	// counted.
	Missing int
	// Unplayed lists the bots (indices into Bots) that played no game,
	// ascending: a run stopped before their games. They are left out of
	// the game, which is solved over the others (imputing them even
	// against everyone would give them weight for nothing measured), and
	// their Weight is 0.
	Unplayed []int
}

// Left reports whether bot i is left out of the meta-game (Unplayed).
func (mg *Metagame) Left(i int) bool { return slices.Contains(mg.Unplayed, i) }

// NewMetagame solves the meta-game of a cross-table with analysis/nash:
// gonum's simplex checked by its certificate, with the Bland fallback.
func NewMetagame(ct *CrossTable) (*Metagame, error) {
	n := len(ct.Bots)
	if n == 0 {
		return nil, fmt.Errorf("metagame: no bots")
	}
	mg := &Metagame{Bots: ct.Bots}
	var in []int // the bots that played
	for i := range n {
		games := int64(0)
		for j := range n {
			games += ct.Cells[i][j].Record.Games()
		}
		if games > 0 {
			in = append(in, i)
		} else {
			mg.Unplayed = append(mg.Unplayed, i)
		}
	}
	if len(in) == 0 {
		return nil, fmt.Errorf("metagame: no bot played a game")
	}
	a := mat.NewDense(len(in), len(in), nil)
	for r, i := range in {
		for c, j := range in {
			if i == j {
				continue
			}
			cell := ct.Cells[i][j]
			if cell.Record.Games() == 0 {
				mg.Missing++
				continue
			}
			a.Set(r, c, cell.Score-0.5)
		}
	}
	mg.Missing /= 2
	sol, err := nash.Solve(a)
	if err != nil {
		return nil, fmt.Errorf("metagame: %w", err)
	}
	mg.Weight = make([]float64, n)
	for r, i := range in {
		mg.Weight[i] = sol.Row[r]
	}
	mg.Value, mg.Lower, mg.Upper = sol.Value, sol.Lower, sol.Upper
	mg.Method = sol.Method.String()
	return mg, nil
}
