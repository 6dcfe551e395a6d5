package web

import (
	"bytes"
	"fmt"
	"html/template"
	"os"
	"path/filepath"

	"github.com/nzsclab/nzsc/web/webapi"
)

// WriteStatic writes the Play page as a static site into dir (index.html,
// lab.js, play.js, style.css): the same page and script as the server's, with the
// script calling the engine compiled to WebAssembly. The site also needs
// nzsc.wasm (GOOS=js GOARCH=wasm go build ./cmd/nzsc-wasm) and the Go
// distribution's wasm_exec.js beside it; `make web` puts them there.
func WriteStatic(dir string) error {
	pages, err := template.ParseFS(staticFS, "static/*.html")
	if err != nil {
		return fmt.Errorf("web: %w", err)
	}
	var b bytes.Buffer
	data := pageData{Static: true, Help: playHelp, Base: "", Home: "./",
		Sections: []Section{{Path: "./", Title: "Play", Here: true}}}
	if err := pages.ExecuteTemplate(&b, "play.html", data); err != nil {
		return fmt.Errorf("web: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), b.Bytes(), 0o644); err != nil {
		return err
	}
	// lab.js finds no secret on a static site; play.js calls it all the same.
	if err := os.WriteFile(filepath.Join(dir, "lab.js"), webapi.LabScript, 0o644); err != nil {
		return err
	}
	for _, name := range []string{"play.js", "style.css"} {
		src, err := staticFS.ReadFile("static/" + name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			return err
		}
	}
	return nil
}
