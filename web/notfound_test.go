package web

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestMountedNotFoundIsAPage: a path no mounted page has (/rooms/x,
// /watch/a/b, /runs/nosuch.html) is answered 404 with the lab's small
// "Not found" page, HTML, whose stylesheet and links lead to the page it
// is under, with every header the page's own start answers with (the
// guard's and the page's policy); the pages' API paths keep their
// one-line JSON errors. A 404 there was the file server's "404 page not
// found" in plain text.
func TestMountedNotFoundIsAPage(t *testing.T) {
	base := labServer(t, t.TempDir(), "")
	get := func(path string) (*http.Response, string) {
		t.Helper()
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(b)
	}
	for _, c := range []struct{ page, path, style string }{
		{"/rooms/", "/rooms/x", "/rooms/style.css"},
		{"/watch/", "/watch/a/b", "/watch/style.css"},
		{"/runs/", "/runs/nosuch.html", "/runs/style.css"},
	} {
		start, _ := get(c.page)
		resp, body := get(c.path)
		if resp.StatusCode != 404 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") || !strings.Contains(body, "<h1>Not found</h1>") {
			t.Errorf("%s: %d %s %.100q; want 404 and the Not found page", c.path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
			continue
		}
		for _, k := range []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "Cross-Origin-Resource-Policy", "Cross-Origin-Opener-Policy"} {
			if got, want := resp.Header.Get(k), start.Header.Get(k); got != want || want == "" {
				t.Errorf("%s: %s %q, the page's start says %q", c.path, k, got, want)
			}
		}
		// Its links, resolved as the browser resolves them.
		at, _ := url.Parse(base + c.path)
		for _, want := range []struct{ attr, to string }{{`rel="stylesheet" href="`, c.page + "lab.css"}, {`lab.css">` + "\n" + `<link rel="stylesheet" href="`, c.style}, {`<header><a href="`, "/"}, {`<p>There is no page here. <a href="`, c.page}} {
			i := strings.Index(body, want.attr)
			if i < 0 {
				t.Fatalf("%s: no %s in %s", c.path, want.attr, body)
			}
			href, _, _ := strings.Cut(body[i+len(want.attr):], `"`)
			ref, _ := url.Parse(href)
			if got := at.ResolveReference(ref).EscapedPath(); got != want.to {
				t.Errorf("%s: %s%s\" leads to %s, want %s", c.path, want.attr, href, got, want.to)
			}
		}
		for _, style := range []string{c.page + "lab.css", c.style} {
			if resp, _ := get(style); resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/css") {
				t.Errorf("%s: the page's stylesheet: %d %s", style, resp.StatusCode, resp.Header.Get("Content-Type"))
			}
		}
	}
	for _, path := range []string{"/rooms/api/nosuch", "/watch/api/runs/nosuch/games", "/runs/api/runs/nosuch"} {
		resp, body := get(path)
		if resp.StatusCode != 404 || resp.Header.Get("Content-Type") != "application/json" || !strings.HasPrefix(body, `{"error":`) {
			t.Errorf("%s: %d %s %q; want a 404 JSON error", path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
	}
}

// TestNotFoundPageSizeBounded: the Not found page's links climb one "../"
// per directory of the path asked for, three times over, so a 64 kB path
// of a/a/a/… was answered with about 290 kB; past notFoundDepth the page
// has no links and its size no longer follows the request's.
func TestNotFoundPageSizeBounded(t *testing.T) {
	base := labServer(t, t.TempDir(), "")
	for _, n := range []int{notFoundDepthForTest, notFoundDepthForTest + 1, 20000} {
		resp, err := http.Get(base + "/watch/" + strings.Repeat("a/", n))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 404 || !strings.Contains(string(b), "<h1>Not found</h1>") {
			t.Errorf("%d directories deep: %d %.80q; want 404 and the Not found page", n, resp.StatusCode, b)
		}
		if len(b) > 1024+3*3*notFoundDepthForTest {
			t.Errorf("%d directories deep: the Not found page is %d bytes", n, len(b))
		}
	}
}

// notFoundDepthForTest is webapi's notFoundDepth, the deepest path the
// Not found page links back from.
const notFoundDepthForTest = 32

// TestBadLinksArePages: a link a person follows to a page with a broken
// escape in its query (/play?seed=%zz) is answered 400 with the lab's
// error page, HTML with the server's own headers, saying what is wrong;
// the API's paths keep their one-line JSON errors. A file /static/ does
// not have (/static/%2e%2e/web.go, a path climbing out of it) is the
// lab's Not found page. Before, the first was a JSON error and the
// second the file server's "404 page not found" in plain text.
func TestBadLinksArePages(t *testing.T) {
	base := labServer(t, t.TempDir(), "")
	home, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	home.Body.Close()
	for _, c := range []struct {
		path   string
		status int
		html   bool
		says   string
	}{
		{"/play?seed=%zz", 400, true, "<h1>Bad request</h1>"},
		{"/?x=%zz", 400, true, `invalid URL escape &#34;%zz&#34;`},
		{"/rooms/?room=%zz", 400, true, "<h1>Bad request</h1>"},
		{"/watch/?bots=random;%", 400, true, "<h1>Bad request</h1>"},
		{"/runs/?x=%zz", 400, true, "write %25"},
		{"/api/bots?game=%zz", 400, false, `{"error":"query: invalid URL escape`},
		{"/rooms/api/games?x=%zz", 400, false, `{"error":"query: invalid URL escape`},
		{"/static/%2e%2e/web.go", 404, true, "<h1>Not found</h1>"},
		{"/static/..%2fweb.go", 404, true, "<h1>Not found</h1>"},
		{"/static/nosuch.js", 404, true, "<h1>Not found</h1>"},
		{"/nosuch", 404, true, "<h1>Not found</h1>"},
	} {
		resp, err := http.Get(base + c.path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		ct := resp.Header.Get("Content-Type")
		if resp.StatusCode != c.status || strings.HasPrefix(ct, "text/html") != c.html || !strings.Contains(string(b), c.says) {
			t.Errorf("%s: %d %s %.300q; want %d, HTML %v, saying %q", c.path, resp.StatusCode, ct, b, c.status, c.html, c.says)
			continue
		}
		if !c.html {
			continue
		}
		for _, k := range []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy"} {
			if got, want := resp.Header.Get(k), home.Header.Get(k); got != want || want == "" {
				t.Errorf("%s: %s %q, the home page says %q", c.path, k, got, want)
			}
		}
	}
}
