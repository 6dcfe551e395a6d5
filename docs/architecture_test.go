package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
