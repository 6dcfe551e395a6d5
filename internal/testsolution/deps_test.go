package testsolution

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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

// TestSolverModulesAreSolvesDeps: the other modules whose versions name
// the cached solution are exactly those analysis/solve is built from.
func TestSolverModulesAreSolvesDeps(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Path}}{{end}}{{end}}", "github.com/nzsclab/nzsc/analysis/solve").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	want := slices.Compact(slices.Sorted(slices.Values(strings.Fields(string(out)))))
	got := slices.Sorted(slices.Values(solverModules))
	if !slices.Equal(got, want) {
		t.Errorf("solverModules = %v; analysis/solve is built from %v", got, want)
	}
}

// TestKeyNamesModuleVersions: the cache file's name changes with the
// version go.mod requires of gonum (whose LP solves the one-round
// games), and not with a module the solver does not use. It named the
// sources alone: after a gonum bump, tests kept loading a solution
// solved with the old one.
func TestKeyNamesModuleVersions(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	// A copy of the module's root: its go.mod, the solver's packages
	// linked.
	dir := t.TempDir()
	for _, p := range solverPackages {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(root, p), filepath.Join(dir, p)); err != nil {
			t.Fatal(err)
		}
	}
	keyOf := func(gomod string) string {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
			t.Fatal(err)
		}
		k, err := key(dir)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	base := keyOf(string(gomod))
	if !regexp.MustCompile(`gonum.org/v1/gonum v\S+`).Match(gomod) {
		t.Fatal("go.mod requires no gonum.org/v1/gonum")
	}
	bumped := regexp.MustCompile(`(gonum.org/v1/gonum) v\S+`).ReplaceAllString(string(gomod), "$1 v0.99.0")
	if keyOf(bumped) == base {
		t.Error("the key did not change with gonum's version")
	}
	if other := string(gomod) + "\nrequire example.com/unrelated v1.0.0\n"; keyOf(other) != base {
		t.Error("the key changed with a module the solver does not use")
	}
}
