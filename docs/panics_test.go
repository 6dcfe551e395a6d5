package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestPanicsNameTheirPackage: a panic's text starts with the name of the
// package it comes from (STYLE.md: "Panics only for programmer mistakes,
// prefixed with the package name"), as the package is now: its name, or
// its path in the module where the name alone is another package's too
// (agents/nzsc beside engine/nzsc); a command's, the command's. A move of
// a package that leaves "engine:" or "agents:" behind fails here.
func TestPanicsNameTheirPackage(t *testing.T) {
	prefix := regexp.MustCompile(`^([a-z][a-z0-9]*(?:/[a-z0-9]+)*): `)
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != "..") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir, _ := filepath.Rel("..", filepath.Dir(path))
		dir = filepath.ToSlash(dir)
		names := map[string]bool{f.Name.Name: true, dir: true}
		if f.Name.Name == "main" {
			names[filepath.Base(dir)] = true
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "panic" {
				return true
			}
			text, ok := leadingText(call.Args[0])
			if !ok {
				return true
			}
			checked++
			m := prefix.FindStringSubmatch(text)
			switch {
			case m == nil:
				t.Errorf("%s: panic(%q) does not start with its package's name", fset.Position(call.Pos()), text)
			case !names[m[1]]:
				t.Errorf("%s: panic(%q) names %s, not its package %s (%s)", fset.Position(call.Pos()), text, m[1], f.Name.Name, dir)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 20 {
		t.Errorf("only %d panic texts found: the walk misses the module", checked)
	}
}

// leadingText is the constant text a panic's argument starts with: a
// string literal, the left end of a concatenation, or the format of
// fmt.Sprintf; ok is false for anything else (panic(err)).
func leadingText(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			return leadingText(e.X)
		}
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok && len(e.Args) > 0 {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "fmt" && sel.Sel.Name == "Sprintf" {
				return leadingText(e.Args[0])
			}
		}
	}
	return "", false
}
