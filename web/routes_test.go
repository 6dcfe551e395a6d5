package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/internal/webtest"
	"github.com/nzsclab/nzsc/web/rooms"
	"github.com/nzsclab/nzsc/web/runs"
	"github.com/nzsclab/nzsc/web/watch"
	"github.com/nzsclab/nzsc/web/webapi"
)

// TestEveryRouteGuarded sends every route the server serves (its own and
// each mounted page's, as registered: Server.Routes, never a copy), by
// every method that may change state, what another site's page, a
// rebound name or a program may send: each is refused by the guard
// before any handler runs, and every answer carries the security
// headers. Then the same requests, bodies and query strings that would
// start something (a game, a room, a job, a program) as GET and HEAD
// from no page: nothing starts either. A positive control sends each
// route's writes as the lab's page does and sees them reach a handler.
func TestEveryRouteGuarded(t *testing.T) {
	dir := t.TempDir()
	touch := filepath.Join(t.TempDir(), "ran")
	rm := rooms.New(rooms.Options{})
	rn := runs.New(runs.Options{Dir: dir, AllowExec: true})
	mounts := map[string]http.Handler{"/rooms/": rm, "/watch/": watch.New(watch.Options{Runs: rn.Root(), AllowExec: true}), "/runs/": rn}
	srv, ts := newServer(t, Config{Runs: dir, AllowExec: true, Secret: "the-secret", Mounts: mounts})
	for prefix, h := range mounts {
		if _, ok := h.(interface{ Routes() []string }); !ok {
			t.Errorf("mount %s lists no routes (a Routes method): its routes would go untested", prefix)
		}
	}
	routes := srv.Routes()
	if len(routes) < 30 {
		t.Fatalf("Server.Routes lists %d routes: %q", len(routes), routes)
	}
	exec := fmt.Sprintf("exec:/usr/bin/touch %s", touch)
	// body would start something on any route that reads it.
	body := fmt.Sprintf(`{"opponent":%q,"bots":["random",%q],"kind":"match","games":2,"name":"x","answer":"Ninja","choice":"Ninja"}`, exec, exec)
	query := "?" + url.Values{"opponent": {exec}, "bots": {"random," + exec}, "kind": {"match"}, "games": {"2"}, "name": {"x"}, "answer": {"Ninja"}, "seed": {"1"}}.Encode()
	send := func(method, path, ctype string, header map[string]string) (int, string, http.Header) {
		t.Helper()
		return webtest.Send(t, method, ts.URL+path, ctype, body, header)
	}
	headers := func(what string, h http.Header) {
		t.Helper()
		for k, v := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "Cross-Origin-Resource-Policy": "same-origin",
			"Cross-Origin-Opener-Policy": "same-origin"} {
			if h.Get(k) != v {
				t.Errorf("%s: %s %q, want %q", what, k, h.Get(k), v)
			}
		}
		if csp := h.Get("Content-Security-Policy"); h.Get("X-Frame-Options") == "" || !strings.Contains(csp, "frame-ancestors") {
			t.Errorf("%s: X-Frame-Options %q, CSP %q: want both, framing bounded", what, h.Get("X-Frame-Options"), csp)
		}
	}
	refused := func(what string, code int, b string, h http.Header) {
		t.Helper()
		var e struct{ Error string }
		json.Unmarshal([]byte(b), &e)
		if code != 403 && code != 415 && code != 421 || !webapi.RefusedByGuard(e.Error) {
			t.Errorf("%s: %d %.200q, want the guard's refusal", what, code, b)
		}
		headers(what, h)
	}
	attacks := webtest.Attacks(strings.Split(ts.URL, ":")[2], testToken, "the-secret")
	for _, route := range routes {
		method, path := webtest.RoutePath(route)
		methods := webtest.WriteMethods
		if method != "" && method != "GET" {
			methods = []string{method}
		}
		for _, m := range methods {
			for _, a := range attacks {
				what := fmt.Sprintf("%s (route %q) %s", m, route, a.Name)
				code, b, h := send(m, path, a.Ctype, a.Header)
				refused(what, code, b, h)
			}
			// The positive control: the lab's page reaches the handler.
			code, b, h := send(m, path, "application/json", map[string]string{"Sec-Fetch-Site": "same-origin", webapi.TokenHeader: testToken})
			var e struct{ Error string }
			json.Unmarshal([]byte(b), &e)
			if webapi.RefusedByGuard(e.Error) {
				t.Errorf("%s (route %q) from the lab's page: %d %q: refused by the guard", m, route, code, b)
			}
			headers(fmt.Sprintf("%s (route %q) from the lab's page", m, route), h)
		}
		// Reads: another site's page, a rebound name.
		for _, m := range []string{"GET", "HEAD"} {
			if strings.Contains(path, "/api/") || strings.HasSuffix(path, "lab.js") {
				code, b, h := send(m, path+query, "", map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "image"})
				if m == "GET" {
					refused(fmt.Sprintf("cross-site %s %s", m, path), code, b, h)
				} else if code != 403 {
					t.Errorf("cross-site HEAD %s: %d, want 403", path, code)
				}
			}
			code, b, h := send(m, path+query, "", map[string]string{"Host": "evil.example"})
			if m == "GET" {
				refused(fmt.Sprintf("rebound %s %s", m, path), code, b, h)
			} else if code != 421 {
				t.Errorf("rebound HEAD %s: %d, want 421", path, code)
			}
			// A GET from no page, or from the page with the secret,
			// with a body and a query that would start something.
			for _, hd := range []map[string]string{nil, {"Sec-Fetch-Site": "same-origin", webapi.TokenHeader: testToken, webapi.SecretHeader: "the-secret"}} {
				code, _, h := send(m, path+query, "application/json", hd)
				headers(fmt.Sprintf("%s %s (%d)", m, path+query, code), h)
			}
		}
	}
	time.Sleep(100 * time.Millisecond) // a program started would have run by now
	if _, err := os.Stat(touch); err == nil {
		t.Errorf("a refused request or a read ran a program")
	}
	if n := srv.sessions.Len(); n != 0 {
		t.Errorf("%d play sessions opened by refused requests and reads", n)
	}
	if n := rm.Open(); n != 0 {
		t.Errorf("%d rooms opened by refused requests and reads", n)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused requests and reads left run directories: %v", entries)
	}
}

// TestSpecsListAsSent: GET api/specs (Runs and Watch) answers for the
// list that was sent, a raw ";" in it included (url.ParseQuery dropped
// the pair holding one: `random;;` was answered [] where nzsc tournament
// --bots 'random;;' refuses the empty bot), and refuses a query whose
// escapes it cannot read rather than answer for another list.
func TestSpecsListAsSent(t *testing.T) {
	dir := t.TempDir()
	rn := runs.New(runs.Options{Dir: dir})
	_, ts := newServer(t, Config{Runs: dir, Mounts: map[string]http.Handler{"/runs/": rn, "/watch/": watch.New(watch.Options{Runs: rn.Root()})}})
	cases := []struct {
		query  string // raw, as typed after ?
		status int
		want   string // the JSON list, or a piece of the error
	}{
		{"list=random;;", 400, "empty bot name"},
		{"list=random;greedy", 200, `["random","greedy"]`},
		{"list=mcts:iters=20;c=0.5;greedy", 200, `["mcts:iters=20;c=0.5","greedy"]`},
		{"list=random%3Bgreedy", 200, `["random","greedy"]`},
		{"game=npzr&list=greedy;random", 200, `["greedy","random"]`},
		{"list=random%zz", 400, "invalid URL escape"},
	}
	for _, page := range []string{"/runs/", "/watch/"} {
		for _, c := range cases {
			code, b, _ := webtest.Send(t, "GET", ts.URL+page+"api/specs?"+c.query, "", "", nil)
			if code != c.status || !strings.Contains(b, c.want) {
				t.Errorf("%sapi/specs?%s: %d %s, want %d %s", page, c.query, code, b, c.status, c.want)
			}
		}
	}
}
