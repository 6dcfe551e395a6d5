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
