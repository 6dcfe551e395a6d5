package solve_test

import (
	"encoding/json"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/testsolution"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.json from this solver's answers")

// golden is what testdata/golden.json pins: the values of the default
// rules as the solver computed them before it was made fast (Nov 2026),
// from which no later version may move by more than goldenTol.
type golden struct {
	// Pairings[i][j] is Pairing.Value (NaN-free; 0 for equal characters).
	Pairings [solve.NumLoadouts][solve.NumLoadouts]float64
	// Boosters[a][b] is BoosterGame.Value.
	Boosters [nzsc.NumCharacters][nzsc.NumCharacters]float64
	// Characters is CharacterGame.V (discounted, every state) and Value.
	Characters [solve.NumCharacterStates]float64
	Value      float64
}

const goldenTol = 1e-9

func goldenOf(s *solve.Solution) *golden {
	g := &golden{Value: s.Value()}
	copy(g.Characters[:], s.Characters.V[:])
	for i := range solve.NumLoadouts {
		for j := range solve.NumLoadouts {
			if p := s.Pairings[i][j]; p != nil {
				g.Pairings[i][j] = p.Value
			}
		}
	}
	for a := range nzsc.NumCharacters {
		for b := range nzsc.NumCharacters {
			g.Boosters[a][b] = s.Boosters[a][b].Value
		}
	}
	return g
}

// TestGolden: the solved values of the default rules, every pairing,
// booster and character state, agree with the stored ones to goldenTol,
// and every certificate is within solve.CertificateTol.
func TestGolden(t *testing.T) {
	// The solution of this version of the solver (solved once and
	// shared by every package's tests; see internal/testsolution).
	s := testsolution.Load(t)
	got := goldenOf(s)
	path := filepath.Join("testdata", "golden.json")
	if *update {
		b, err := json.MarshalIndent(got, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var want golden
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	check := func(what string, g, w float64) {
		t.Helper()
		if !(math.Abs(g-w) <= goldenTol) {
			t.Errorf("%s: got %.15g, want %.15g", what, g, w)
		}
	}
	ls := nzsc.Loadouts()
	for i := range solve.NumLoadouts {
		for j := range solve.NumLoadouts {
			if p := s.Pairings[i][j]; p != nil {
				check("pairing "+ls[i].String()+" vs "+ls[j].String(), got.Pairings[i][j], want.Pairings[i][j])
				if !(p.Gap <= solve.CertificateTol) {
					t.Errorf("pairing %v vs %v: gap %.3g", ls[i], ls[j], p.Gap)
				}
			}
		}
	}
	for a := range nzsc.Character(nzsc.NumCharacters) {
		for b := range nzsc.Character(nzsc.NumCharacters) {
			check("boosters "+a.String()+" vs "+b.String(), got.Boosters[a][b], want.Boosters[a][b])
		}
	}
	for st := range solve.NumCharacterStates {
		check("character state", got.Characters[st], want.Characters[st])
	}
	check("game value", got.Value, want.Value)
}
