// Package testsolution gives tests the solved game, solved at most once
// per version of the solver: the first test that needs it solves it and
// saves it in the user's cache directory (nzsc/test/) under a name
// derived from a hash of the sources it depends on (the module's
// packages analysis/solve imports, directly or not: solverPackages; the
// versions go.mod requires of the other modules it imports:
// solverModules; and the Go version); every later test, in any package
// and any test run, loads that file. A lock file keeps two test binaries
// of one `go test ./...` run from solving at the same time. The hash is
// of the sources on disk when the test runs: editing them during a run
// costs at most one more solve.
//
// It is for tests only: it calls t.Skip in -short mode and t.Fatal on
// errors.
package testsolution

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/analysis/solve"
)

// Path returns the path of the saved solution of the default rules,
// solving and saving it first if no test has yet. It skips t in -short
// mode.
func Path(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("needs the solved game")
	}
	path, err := path()
	if err != nil {
		t.Fatal(err)
	}
	unlock, err := lock(path + ".lock")
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	if solve.CheckFile(path) == nil {
		if _, err := solve.Load(path); err == nil {
			now := time.Now()
			os.Chtimes(path, now, now) // in use: see removeOthers
			return path
		}
	}
	s, err := solve.Solve(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	removeOthers(path)
	return path
}

// staleAfter is how long a solution of another solver version stays
// beside a new one: another checkout's tests may be using it now (Path
// marks a file in use by its modification time).
const staleAfter = 24 * time.Hour

// removeOthers deletes the solutions of other solver versions beside path
// that no test has used for staleAfter, so that the cache does not grow
// with every change while two checkouts' tests can share it.
func removeOthers(path string) {
	old, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "solution-*.bin"))
	for _, o := range old {
		if fi, err := os.Stat(o); o != path && err == nil && time.Since(fi.ModTime()) > staleAfter {
			os.Remove(o)
			os.Remove(o + ".lock")
		}
	}
}

// Load returns the solved game (see Path).
func Load(t testing.TB) *solve.Solution {
	t.Helper()
	s, err := solve.Load(Path(t))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// solverPackages are the module's packages the solution is computed
// with: analysis/solve and every package of the module it imports,
// directly or not (TestSolverPackagesAreSolvesDeps checks the list
// against go list -deps). A change in any of them, such as the simplex
// of analysis/nash that solves the one-round games, may change the
// solution, so it names another cache file.
var solverPackages = []string{
	"analysis/nash",
	"analysis/solve",
	"engine/game",
	"engine/nzsc",
	"engine/rng",
	"internal/crash",
	"internal/inputfile",
	"internal/shown",
}

// solverModules are the other modules analysis/solve is built from
// (gonum's LP solves analysis/nash's one-round games): go.mod's lines
// naming them, their versions, are hashed with the sources, so that a
// version bump names another cache file
// (TestSolverModulesAreSolvesDeps checks the list against go list -deps).
var solverModules = []string{
	"golang.org/x/sync",
	"gonum.org/v1/gonum",
}

// path names the cache file by the hash of the solver's sources.
func path() (string, error) {
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	sum, err := key(root)
	if err != nil {
		return "", err
	}
	// The user's own cache directory, not the shared temporary one,
	// where another user could plant a file under the expected name.
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	dir = filepath.Join(dir, "nzsc", "test")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	return filepath.Join(dir, "solution-"+sum+".bin"), nil
}

// key hashes what the solution of the module at root is computed with.
func key(root string) (string, error) {
	h := sha256.New()
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	for _, l := range strings.Split(string(gomod), "\n") {
		if f := strings.Fields(l); slices.ContainsFunc(f, func(w string) bool { return slices.Contains(solverModules, w) }) {
			fmt.Fprintln(h, strings.Join(f, " "))
		}
	}
	fmt.Fprintln(h, runtime.Version())
	for _, dir := range solverPackages {
		names, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), "*.go"))
		if err != nil {
			return "", err
		}
		slices.Sort(names)
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			b, err := os.ReadFile(name)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(h, "%s %d\n", filepath.Base(name), len(b))
			h.Write(b)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:20], nil
}

// moduleRoot walks up from the working directory (a test runs in its
// package's directory) to the directory holding go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("testsolution: no go.mod above the working directory")
		}
		dir = parent
	}
}
