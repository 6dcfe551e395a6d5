package testsolution

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestSolverPackagesAreSolvesDeps: the packages whose sources name the
// cached solution are exactly the module's packages analysis/solve is
// built from. With engine/nzsc and analysis/solve alone, a change in
// analysis/nash (the one-round games' simplex) or engine/rng kept
// serving a solution solved before it.
func TestSolverPackagesAreSolvesDeps(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/nzsclab/nzsc/analysis/solve").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	const mod = "github.com/nzsclab/nzsc/"
	var want []string
	for _, p := range strings.Fields(string(out)) {
		if q, ok := strings.CutPrefix(p, mod); ok {
			want = append(want, q)
		}
	}
	slices.Sort(want)
	got := slices.Clone(solverPackages)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("solverPackages = %v; analysis/solve is built from %v", got, want)
	}
}
