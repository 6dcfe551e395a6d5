package solve_test

import (
	"math"
	"testing"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/internal/testsolution"

	"github.com/nzsclab/nzsc/engine"
)

func TestSolveAll(t *testing.T) {
	s := testsolution.Load(t)
	t.Logf("value %.3g gap %.3g char V %v", s.Value(), s.Gap, s.Characters.V)
	ls := engine.Loadouts()
	certified := 0
	for i := range ls {
		for j := range ls {
			p := s.Pairings[i][j]
			if p == nil {
				continue
			}
			if p.Gap <= solve.CertificateTol {
				certified++
			}
			q := s.Pairings[j][i]
			// Antisymmetry: both orders were solved independently.
			if d := math.Abs(p.Value + q.Value); d > max(p.Upper-p.Lower, q.Upper-q.Lower)+1e-9 {
				t.Errorf("V(%v, %v) = %.12f but V(%v, %v) = %.12f", p.A, p.B, p.Value, q.A, q.B, q.Value)
			}
		}
	}
	t.Logf("%d of 108 pairings certified within %g", certified, solve.CertificateTol)
	// Issue 5: every pairing certifies, Everett components included.
	if certified < 108 || !(s.Gap <= solve.CertificateTol) {
		t.Errorf("%d pairings certified, largest gap %.3g", certified, s.Gap)
	}
	// The game is symmetric: its value is 0.
	if math.Abs(s.Value()) > 1e-9 {
		t.Errorf("game value %.3g, want 0", s.Value())
	}
}
