package report

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis/nash"
)

// threeCoins is a 2×2×2 game where everyone gets 1 when all three
// coins match: its pure equilibria are profiles 0 and 7.
func threeCoins() *nash.Game {
	g := &nash.Game{Title: "coins", Players: []string{"A", "B", "C"}, Strategies: [][]string{{"H", "T"}, {"H", "T"}, {"H", "T"}}}
	for p := range 8 {
		v := int64(0)
		if p == 0 || p == 7 {
			v = 1
		}
		g.Payoffs = append(g.Payoffs, []*big.Rat{big.NewRat(v, 1), big.NewRat(v, 1), big.NewRat(v, 1)})
	}
	return g
}

// TestSolveNPlayerUncertified: a profile whose regret exceeds epsilon is
// written as not certified, in every format, with its regret.
func TestSolveNPlayerUncertified(t *testing.T) {
	g := NPlayerGame{Title: "Game coins", Game: threeCoins()}
	m := &nash.Mixed{Strategies: [][]float64{{1, 0}, {0, 1}, {0.5, 0.5}}, Payoffs: []float64{0, 0, 0},
		Regrets: []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 2), big.NewRat(0, 1)}, MaxRegret: 0.5, Epsilon: 1e-9, Lambda: 3, Steps: 7}
	var text bytes.Buffer
	if err := SolveNPlayer(&text, "table", 80, g, []int{0, 7}, m); err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(text.String()), " ") // unwrapped
	for _, s := range []string{"every one (exact and complete", "No equilibrium certified", "the largest is 0.5, not within epsilon 1e-09"} {
		if !strings.Contains(flat, s) {
			t.Errorf("text lacks %q:\n%s", s, text.String())
		}
	}
	var js bytes.Buffer
	if err := SolveNPlayer(&js, "json", 80, g, []int{0, 7}, m); err != nil {
		t.Fatal(err)
	}
	var d struct {
		Pure struct {
			Equilibria []struct{ Strategies, Payoffs []string }
		}
		Mixed struct {
			Certified bool
			Regrets   []float64
		}
	}
	if err := json.Unmarshal(js.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	if d.Mixed.Certified || d.Mixed.Regrets[0] != 0.5 || len(d.Pure.Equilibria) != 2 ||
		strings.Join(d.Pure.Equilibria[1].Strategies, "") != "TTT" || d.Pure.Equilibria[1].Payoffs[0] != "1" {
		t.Errorf("json: %s", js.String())
	}
}

// TestSolveNPlayerNoMixed: without a mixed equilibrium the document
// says null, and an empty list of pure ones is [] rather than null.
func TestSolveNPlayerNoMixed(t *testing.T) {
	var js bytes.Buffer
	if err := SolveNPlayer(&js, "json", 80, NPlayerGame{Title: "Game coins", Game: threeCoins()}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"mixed": null`) || !strings.Contains(js.String(), `"equilibria": []`) {
		t.Errorf("json: %s", js.String())
	}
}

// TestSolveNPlayerBudgetSpent: paths stopped by their work budget say
// so in text and JSON.
func TestSolveNPlayerBudgetSpent(t *testing.T) {
	g := NPlayerGame{Title: "Game coins", Game: threeCoins()}
	m := &nash.Mixed{Strategies: [][]float64{{1, 0}, {0, 1}, {0.5, 0.5}}, Payoffs: []float64{0, 0, 0},
		Regrets: []*big.Rat{big.NewRat(1, 2), big.NewRat(1, 2), big.NewRat(0, 1)}, MaxRegret: 0.5, Epsilon: 1e-9, Lambda: 3, Steps: 7, BudgetSpent: true}
	var text, js bytes.Buffer
	if err := SolveNPlayer(&text, "table", 80, g, nil, m); err != nil {
		t.Fatal(err)
	}
	if flat := strings.Join(strings.Fields(text.String()), " "); !strings.Contains(flat, "No equilibrium certified: the paths stopped when their work budget was spent (1.2e+10 units") {
		t.Errorf("text does not say the budget was spent:\n%s", text.String())
	}
	if err := SolveNPlayer(&js, "json", 80, g, nil, m); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"budget_spent": true`) {
		t.Errorf("json lacks budget_spent true:\n%s", js.String())
	}
}
