package docs

import (
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestArchitectureImportsRunDown: every import of a package of the
// module by another (tests aside) runs down docs/architecture.md's
// picture: the imported package is drawn on a line below the importer's,
// or the importer stands outside the layers (after the picture's
// "outside the layers" line), and no package imports one that does. A
// package is drawn where its name first stands as a column: first on a
// line after the tree's strokes, or followed by two spaces or the line's
// end (a name inside a description is followed by one space or a
// letter).
func TestArchitectureImportsRunDown(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	doc, err := os.ReadFile("architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	_, pic, ok := strings.Cut(string(doc), "\n```\n")
	if !ok {
		t.Fatal("docs/architecture.md: no picture")
	}
	pic, _, _ = strings.Cut(pic, "\n```\n")
	// Every package, and the WebAssembly command, built for js only.
	var out []byte
	for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
		pkgs := "./..."
		if env != nil {
			pkgs = "./cmd/nzsc-wasm"
		}
		cmd := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, pkgs)
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), env...)
		b, err := cmd.Output()
		if err != nil {
			goListFailed(t, err)
		}
		out = append(out, b...)
	}
	const mod = "github.com/nzsclab/nzsc/"
	imports := map[string][]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(l)
		p, ok := strings.CutPrefix(f[0], mod)
		if !ok {
			continue
		}
		imports[p] = nil
		for _, q := range f[1:] {
			if q, ok := strings.CutPrefix(q, mod); ok {
				imports[p] = append(imports[p], q)
			}
		}
	}
	line := map[string]int{} // the line a package is drawn on
	outside := -1            // the "outside the layers" line
	for i, l := range strings.Split(pic, "\n") {
		if strings.Contains(l, "outside the layers") {
			outside = i
		}
		for p := range imports {
			q := regexp.QuoteMeta(p)
			re := regexp.MustCompile(`^[ │├└─]*` + q + `(\s|$)|\s` + q + `(  |$)`)
			if _, seen := line[p]; !seen && re.MatchString(l) {
				line[p] = i
			}
		}
	}
	if outside < 0 {
		t.Error(`docs/architecture.md: the picture has no "outside the layers" line`)
	}
	for p, qs := range imports {
		lp, ok := line[p]
		if !ok {
			t.Errorf("docs/architecture.md does not draw package %s in the picture", p)
			continue
		}
		for _, q := range qs {
			lq, ok := line[q]
			switch {
			case !ok:
				// Reported above as p.
			case outside >= 0 && lq > outside:
				t.Errorf("%s imports %s, drawn outside the layers", p, q)
			case outside >= 0 && lp > outside:
			case lq <= lp:
				t.Errorf("%s (line %d of the picture) imports %s (line %d): not drawn below it", p, lp+1, q, lq+1)
			}
		}
	}
	if len(line) < 30 {
		t.Errorf("found %d packages in the picture: the parse missed it", len(line))
	}
}

// TestArchitectureGameFreeLayers: what docs/architecture.md says of two
// packages beside its picture, which the picture's order alone does not
// say: `go list -deps ./analysis` and `go list -deps ./results` list no
// package of engine/ but engine/game (the statistics and the storage
// know no game), and results imports no renderer (report).
func TestArchitectureGameFreeLayers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	const mod = "github.com/nzsclab/nzsc/"
	for _, pkg := range []string{"analysis", "results"} {
		cmd := exec.Command("go", "list", "-deps", "./"+pkg)
		cmd.Dir = ".."
		out, err := cmd.Output()
		if err != nil {
			goListFailed(t, err)
		}
		for _, d := range strings.Fields(string(out)) {
			d, ok := strings.CutPrefix(d, mod)
			switch {
			case !ok:
			case strings.HasPrefix(d, "engine/") && d != "engine/game":
				t.Errorf("%s depends on %s: docs/architecture.md says it knows no game", pkg, d)
			case pkg == "results" && (d == "report" || strings.HasPrefix(d, "report/")):
				t.Errorf("results depends on %s: docs/architecture.md says it renders nothing", d)
			}
		}
	}
}

// goListFailed ends a test whose go list failed: skipped only where there
// is no go command to run; a package that does not list (a broken
// import, a syntax error) fails the test, which would otherwise pass
// while the picture went unchecked.
func goListFailed(t *testing.T, err error) {
	t.Helper()
	if errors.Is(err, exec.ErrNotFound) {
		t.Skipf("go list: %v", err)
	}
	msg := err.Error()
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) && len(ee.Stderr) > 0 {
		msg = strings.TrimSpace(string(ee.Stderr))
	}
	t.Fatalf("go list: %s", msg)
}
