package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/nzsc" // the bots the doc lists
)

// TestArchitectureDrawsEveryPackage: docs/architecture.md names every
// package of the module (every directory holding Go files, testdata
// aside), each as a whole name, so that the picture of the layers stays
// the code's.
func TestArchitectureDrawsEveryPackage(t *testing.T) {
	doc, err := os.ReadFile("architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	pkgs := map[string]bool{}
	err = filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != "..") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") {
			rel, _ := filepath.Rel("..", filepath.Dir(path))
			pkgs[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	delete(pkgs, ".")
	for p := range pkgs {
		// A whole name: engine/nzscn does not name engine/nzsc.
		if !regexp.MustCompile(regexp.QuoteMeta(p) + `\b`).Match(doc) {
			t.Errorf("docs/architecture.md does not name package %s", p)
		}
	}
	if len(pkgs) < 30 {
		t.Errorf("found %d packages: the walk missed the module", len(pkgs))
	}
}

// TestArchitectureListsTwoPlayerBots: the Bots section's list of
// agents/nzsc's bots is the registry's, every bot named and no other.
func TestArchitectureListsTwoPlayerBots(t *testing.T) {
	doc, err := os.ReadFile("architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("`agents/nzsc`\\s+\\(two-player NZSC: ([^)]*)\\)").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/architecture.md: no list of agents/nzsc's bots")
	}
	listed := regexp.MustCompile(`,\s*`).Split(strings.TrimSpace(string(m[1])), -1)
	var want []string
	for _, i := range agents.RegisteredForSeats(agents.DefaultGame, 2) {
		if !i.External && !slices.Contains(want, i.Name) {
			want = append(want, i.Name)
		}
	}
	slices.Sort(listed)
	slices.Sort(want)
	if !slices.Equal(listed, want) {
		t.Errorf("docs/architecture.md lists agents/nzsc's bots as %v; registered: %v", listed, want)
	}
}
