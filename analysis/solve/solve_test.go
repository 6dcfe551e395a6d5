package solve_test

import (
	"math"
	"testing"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/internal/testsolution"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

func TestSolveAll(t *testing.T) {
	s := testsolution.Load(t)
	t.Logf("value %.3g gap %.3g char V %v", s.Value(), s.Gap, s.Characters.V)
	ls := nzsc.Loadouts()
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
			// One of each pairing and its reverse is solved, the other
			// is its mirror image (the reverse solved alone agrees:
			// TestMirrorPlayer; the graphs mirror: TestMirrorGraphs).
			q := s.Pairings[j][i]
			if (p.Mirror == nil) == (q.Mirror == nil) || p.Value != -q.Value || p.Lower != -q.Upper {
				t.Errorf("%v vs %v: mirrored %v, value %v; reverse mirrored %v, value %v", p.A, p.B, p.Mirror != nil, p.Value, q.Mirror != nil, q.Value)
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
