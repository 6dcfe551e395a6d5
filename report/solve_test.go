package report

import (
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/internal/testsolution"
)

// TestSolveGameTableHeadings: the list of pairings with wide certificates
// has its heading exactly when it has entries (issue 16: a heading above
// an empty list). The solution is made to have one wide pairing by
// widening a copy's gap, so both cases are checked whatever the solver
// certifies today.
func TestSolveGameTableHeadings(t *testing.T) {
	s := testsolution.Load(t)
	const heading = "Pairings whose certificate is wider than"
	wide := 0
	for i := range s.Pairings {
		for _, p := range s.Pairings[i] {
			if p != nil && p.Gap > solve.CertificateTol {
				wide++
			}
		}
	}
	var b strings.Builder
	if err := SolveGame(&b, "table", 80, s, 1); err != nil {
		t.Fatal(err)
	}
	if got := strings.Contains(b.String(), heading); got != (wide > 0) {
		t.Errorf("%d wide pairings, heading shown: %v", wide, got)
	}

	// One pairing made wide (s is this test's own copy): heading and
	// its line.
	var p *solve.Pairing
	for i := range s.Pairings {
		for _, q := range s.Pairings[i] {
			if q != nil && p == nil {
				p = q
			}
		}
	}
	p.Gap = 2 * solve.CertificateTol
	b.Reset()
	if err := SolveGame(&b, "table", 80, s, 1); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	line := "  " + p.A.String() + " vs " + p.B.String() + ": value in"
	if !strings.Contains(out, heading) || !strings.Contains(out, line) {
		t.Errorf("a wide pairing: heading %v, line %q %v", strings.Contains(out, heading), line, strings.Contains(out, line))
	}
}
