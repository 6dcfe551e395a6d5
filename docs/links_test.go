package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestLinks: every relative link of README.md and docs/*.md names a file
// or directory of the repository, and every #anchor a heading of the
// file it points into (GitHub's anchors: the heading lowercased, its
// punctuation dropped, spaces made hyphens, a repeated heading numbered
// -1, -2, ...). A renamed section or file otherwise leaves links that
// land at the top of a page, or nowhere, without anyone noticing.
func TestLinks(t *testing.T) {
	files, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join("..", "README.md"))
	anchors := map[string]map[string]bool{} // cleaned path -> anchors
	anchorsOf := func(path string) map[string]bool {
		if a, ok := anchors[path]; ok {
			return a
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		a := headingAnchors(string(b))
		anchors[path] = a
		return a
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range mdLinks(string(b)) {
			target, frag, _ := strings.Cut(l.target, "#")
			path := filepath.Clean(f)
			if target != "" {
				path = filepath.Join(filepath.Dir(f), target)
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s:%d: link to %s: no such file", f, l.line, l.target)
					continue
				}
			}
			if frag == "" || !strings.HasSuffix(path, ".md") {
				continue
			}
			if !anchorsOf(path)[frag] {
				t.Errorf("%s:%d: link to %s: %s has no heading with anchor #%s", f, l.line, l.target, path, frag)
			}
		}
	}
}

type mdLink struct {
	target string
	line   int
}

// linkRE matches an inline link's target, also in angle brackets or
// followed by a title ([x](a.md "title")), which it once let through
// unchecked.
var linkRE = regexp.MustCompile(`\]\(<?([^)\s<>]+)>?(?:\s+"[^"]*")?\)`)

// mdLinks returns the relative link targets of a markdown text outside
// fenced blocks and code spans.
func mdLinks(text string) []mdLink {
	var out []mdLink
	fenced := false
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		l = codeSpanRE.ReplaceAllString(l, "``")
		for _, m := range linkRE.FindAllStringSubmatch(l, -1) {
			t := m[1]
			if strings.Contains(t, "://") || strings.HasPrefix(t, "mailto:") {
				continue
			}
			out = append(out, mdLink{target: t, line: i + 1})
		}
	}
	return out
}

var (
	codeSpanRE = regexp.MustCompile("`[^`]*`")
	headingRE  = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	// anchorDropRE: what GitHub drops from a heading to make its anchor
	// (anything but letters, digits, spaces, hyphens and underscores).
	anchorDropRE = regexp.MustCompile(`[^\p{L}\p{N} _-]`)
)

// headingAnchors returns the anchors GitHub gives the headings of a
// markdown text.
func headingAnchors(text string) map[string]bool {
	a := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			fenced = !fenced
			continue
		}
		m := headingRE.FindStringSubmatch(l)
		if fenced || m == nil {
			continue
		}
		s := anchorDropRE.ReplaceAllString(strings.ToLower(m[1]), "")
		s = strings.ReplaceAll(s, " ", "-")
		if n := seen[s]; n > 0 {
			a[s+"-"+strconv.Itoa(n)] = true
		} else {
			a[s] = true
		}
		seen[s]++
	}
	return a
}

// TestHeadingAnchors pins the anchor rule to GitHub's on the cases the
// docs use: code spans, punctuation, dashes and repeats.
func TestHeadingAnchors(t *testing.T) {
	a := headingAnchors("# Who may call the server?\n## `nzsc solve matrix`\n### A, B and C\n## Dup\n## Dup\n```\n# not a heading\n```\n## 3–4 players: Elo\n")
	for _, want := range []string{"who-may-call-the-server", "nzsc-solve-matrix", "a-b-and-c", "dup", "dup-1", "34-players-elo"} {
		if !a[want] {
			t.Errorf("no anchor %q in %v", want, a)
		}
	}
	if a["not-a-heading"] {
		t.Errorf("a line in a fenced block made an anchor")
	}
}

// TestMDLinks: the link targets mdLinks finds, titles and angle
// brackets taken off, and none in code.
func TestMDLinks(t *testing.T) {
	text := "[a](a.md) [b](b.md#x \"a title\") [c](<c.md>) [w](https://x.org)\n`[d](d.md)`\n```\n[e](e.md)\n```\n"
	var got []string
	for _, l := range mdLinks(text) {
		got = append(got, l.target)
	}
	if want := "a.md b.md#x c.md"; strings.Join(got, " ") != want {
		t.Errorf("mdLinks = %q, want %q", got, want)
	}
}

// TestREADMEPackagesExist: every package README.md's package table
// names (`web/...` a folder of packages) is a directory of the module
// holding Go files, so that a package renamed or moved does not leave
// the map pointing at nothing.
func TestREADMEPackagesExist(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	in, n := false, 0
	for i, l := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(l, "| package | job |"):
			in = true
			continue
		case !strings.HasPrefix(l, "|"):
			in = false
		}
		if !in || strings.HasPrefix(l, "| ---") {
			continue
		}
		cell := splitRow(l)[0]
		for _, m := range codeSpanRE.FindAllString(cell, -1) {
			p := strings.Trim(m, "`")
			pattern := filepath.Join("..", filepath.FromSlash(p), "*.go")
			if q, ok := strings.CutSuffix(p, "/..."); ok {
				pattern = filepath.Join("..", filepath.FromSlash(q), "*", "*.go")
			}
			goFiles, _ := filepath.Glob(pattern)
			if len(goFiles) == 0 {
				t.Errorf("README.md:%d: the package table names %s, no package of the module", i+1, m)
			}
			n++
		}
	}
	if n < 20 {
		t.Errorf("found %d packages in README.md's package table: the parse missed it", n)
	}
}
