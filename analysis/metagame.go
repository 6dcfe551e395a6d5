package analysis

import (
	"fmt"

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
	// payoff is taken as 0 (even).
	Missing int
}

// NewMetagame solves the meta-game of a cross-table with analysis/nash:
// gonum's simplex checked by its certificate, with the Bland fallback.
func NewMetagame(ct *CrossTable) (*Metagame, error) {
	n := len(ct.Bots)
	if n == 0 {
		return nil, fmt.Errorf("metagame: no bots")
	}
	a := mat.NewDense(n, n, nil)
	mg := &Metagame{Bots: ct.Bots}
	for i := range n {
		for j := range n {
			if i == j {
				continue
			}
			c := ct.Cells[i][j]
			if c.Record.Games() == 0 {
				mg.Missing++
				continue
			}
			a.Set(i, j, c.Score-0.5)
		}
	}
	mg.Missing /= 2
	sol, err := nash.Solve(a)
	if err != nil {
		return nil, fmt.Errorf("metagame: %w", err)
	}
	mg.Weight = sol.Row
	mg.Value, mg.Lower, mg.Upper = sol.Value, sol.Lower, sol.Upper
	mg.Method = sol.Method.String()
	return mg, nil
}
