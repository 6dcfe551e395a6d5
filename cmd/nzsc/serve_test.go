package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/internal/webtest"
	"github.com/nzsclab/nzsc/web"
	"github.com/nzsclab/nzsc/web/webapi"
)

var servingAt = regexp.MustCompile(`NZSC Lab at (http://\S+/) `)

// serve starts nzsc serve with args and returns its base URL, its stderr
// and a function that stops it (as a signal would) and returns its error.
func serve(t *testing.T, args ...string) (string, *syncBuffer, func() error) {
	t.Helper()
	base, _, errb, stop := serveOut(t, args...)
	return base, errb, stop
}

// serveOut is serve, with its standard output too.
func serveOut(t *testing.T, args ...string) (string, *syncBuffer, *syncBuffer, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb syncBuffer
	done := make(chan error, 1)
	go func() { done <- run(ctx, append([]string{"serve"}, args...), strings.NewReader(""), &out, &errb) }()
	for range 500 {
		if m := servingAt.FindStringSubmatch(out.String()); m != nil {
			return m[1], &out, &errb, func() error { cancel(); return <-done }
		}
		select {
		case err := <-done:
			cancel()
			t.Fatalf("serve ended: %v; stderr %s", err, errb.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	cancel()
	t.Fatalf("serve did not say where it listens: %q", out.String())
	return "", nil, nil, nil
}

var labTokenRE = regexp.MustCompile(`const labToken = "([0-9a-f]{32})";`)

// pagePost posts body to base+path as the lab's page does: with its
// browser's Sec-Fetch-Site and the page token it read from lab.js.
func pagePost(t *testing.T, base, path, body string) *http.Response {
	t.Helper()
	resp, err := http.Get(base + "static/lab.js")
	if err != nil {
		t.Fatal(err)
	}
	js, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := labTokenRE.FindStringSubmatch(string(js))
	if m == nil {
		t.Fatalf("lab.js holds no page token: %.300s", js)
	}
	req, _ := http.NewRequest("POST", base+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("X-NZSC-Token", m[1])
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// TestServe: nzsc serve answers on loopback without a warning, plays,
// and stops cleanly when its context is cancelled (Ctrl-C).
func TestServe(t *testing.T) {
	base, errb, stop := serve(t, "--addr", "127.0.0.1:0", "--runs", t.TempDir())
	resp, err := http.Get(base)
	if err != nil {
		t.Fatal(err)
	}
	home, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, p := range []string{"play", "rooms/", "watch/", "runs/"} {
		if resp.StatusCode != 200 || !strings.Contains(string(home), `href="/`+p+`"`) {
			t.Errorf("home page: %d, no link to /%s", resp.StatusCode, p)
		}
		r, err := http.Get(base + p)
		if err != nil {
			t.Fatal(err)
		}
		r.Body.Close()
		if r.StatusCode != 200 {
			t.Errorf("GET /%s: %d", p, r.StatusCode)
		}
	}
	// A program's POST is no page's: refused.
	resp, err = http.Post(base+"api/play", "application/json", strings.NewReader(`{"seed":"0xbabecaf3"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("new game from no page: %d, want 403", resp.StatusCode)
	}
	resp = pagePost(t, base, "api/play", `{"seed":"0xbabecaf3"}`)
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), "Playing against classic with seed 0xbabecaf3") {
		t.Errorf("new game: %d %s", resp.StatusCode, b)
	}
	if err := stop(); err != nil {
		t.Errorf("stopping: %v", err)
	}
	if errb.String() != "" {
		t.Errorf("stderr on loopback: %q", errb.String())
	}
}

// TestServeWarns: an address other than loopback is served with a
// warning, which names --allow-exec when it is on. Every interface
// (0.0.0.0) is said to be listened on, with a link a browser opens:
// localhost, here and in the secret's link. The link was
// http://[::]:PORT/, which browsers refuse to open.
func TestServeWarns(t *testing.T) {
	base, out, errb, stop := serveOut(t, "--addr", "0.0.0.0:0", "--allow-exec", "--runs", t.TempDir())
	u, err := url.Parse(base)
	if err != nil || u.Hostname() != "localhost" || u.Port() == "" || u.Port() == "0" {
		t.Errorf("the link %q (%v): want http://localhost:PORT/", base, err)
	}
	if resp, err := http.Get(base); err != nil || resp.StatusCode != 200 {
		t.Errorf("GET %s: %v", base, err)
	} else {
		resp.Body.Close()
	}
	if err := stop(); err != nil {
		t.Errorf("stopping: %v", err)
	}
	if o := out.String(); !strings.Contains(o, "listening on every interface of this machine") || !strings.Contains(o, "opens "+base+"#secret=") {
		t.Errorf("stdout %q: want it to say every interface is listened on, and the secret's link on %s", o, base)
	}
	if w := errb.String(); !strings.Contains(w, "warning: 0.0.0.0:") || !strings.Contains(w, "not a loopback address") || !strings.Contains(w, "--allow-exec") {
		t.Errorf("warning: %q", w)
	}
}

func TestServeUsage(t *testing.T) {
	for i, args := range [][]string{{"serve", "--addr", "nonsense"}, {"serve", "extra"}} {
		if _, stderr, code := runCmd(t, "", args...); code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("case %d %v: exit %d, stderr %q", i, args, code, stderr)
		}
	}
	// --runs naming a file: refused at start, where it used to serve a
	// Runs page that failed on every visit (the deadline ends such a
	// server in the test).
	file := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	err := run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--runs", file}, strings.NewReader(""), &out, &errb)
	if code := exitCode(err, &errb); code != 2 || !strings.Contains(errb.String(), "is a file, not a directory") {
		t.Errorf("serve --runs FILE: exit %d, stderr %q; want 2 and one line", code, errb.String())
	}
}

// TestServeRunsHelp: --runs is where the Runs page writes the runs it
// starts, so its help may not call the directory read-only (it did: a
// user who pointed it at a directory to browse only learnt otherwise
// from the first run started there). Only a run's files are served
// read-only.
func TestServeRunsHelp(t *testing.T) {
	out, _, code := runCmd(t, "", "serve", "--help")
	i := strings.Index(out, "--runs DIR")
	j := i + strings.Index(out[max(i, 0):], "--allow-exec")
	if code != 0 || i < 0 || j < i {
		t.Fatalf("serve --help: exit %d, no --runs before --allow-exec in\n%s", code, out)
	}
	help := strings.Join(strings.Fields(out[i:j]), " ")
	if strings.Contains(help, "(read-only)") || !strings.Contains(help, "where the runs it starts are written") {
		t.Errorf("serve --help says of --runs %q: want where the page's runs are written, the files read-only", help)
	}
}

// TestServeHostsAndSecret: nzsc serve answers only requests that name it
// (its IP address, localhost, or a name given with --allow-host), and
// with --allow-exec prints the link that carries its secret.
func TestServeHostsAndSecret(t *testing.T) {
	var out syncBuffer
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--runs", t.TempDir(), "--allow-exec", "--allow-host", "lab.example"}, strings.NewReader(""), &out, io.Discard)
	}()
	defer func() { cancel(); <-done }()
	var base, secret string
	linkRE := regexp.MustCompile(`opens (http://\S+/)#secret=([0-9a-f]{32}) `)
	for range 500 {
		if m := linkRE.FindStringSubmatch(out.String()); m != nil {
			base, secret = m[1], m[2]
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if base == "" {
		t.Fatalf("no link with the secret: %q", out.String())
	}
	for _, c := range []struct {
		host string
		want int
	}{{"", 200}, {"localhost", 200}, {"lab.example", 200}, {"LAB.example:80", 200}, {"attacker.example", 421}, {"lab.example.attacker.example", 421}} {
		// An empty Host is the address's.
		if code, _, _ := webtest.Send(t, "GET", base+"api/bots", "", "", map[string]string{"Host": c.host}); code != c.want {
			t.Errorf("Host %q: %d, want %d", c.host, code, c.want)
		}
	}
	if _, b, _ := webtest.Send(t, "GET", base+"api/bots", "", "", map[string]string{webapi.SecretHeader: secret}); !strings.Contains(b, `"exec"`) {
		t.Errorf("the printed secret does not open exec bots: %s", b)
	}
	if _, stderr, code := runCmd(t, "", "serve", "--allow-host", "lab.example:80"); code != 2 || strings.Count(stderr, "\n") != 1 {
		t.Errorf("--allow-host with a port: exit %d, stderr %q", code, stderr)
	}
}

// TestServeStopsLongPolls: a room's long poll (25 s) in flight does not
// hold up the server's stop: every request's context ends with it.
func TestServeStopsLongPolls(t *testing.T) {
	base, _, stop := serve(t, "--addr", "127.0.0.1:0", "--runs", t.TempDir())
	resp := pagePost(t, base, "rooms/api/rooms", `{"name":"Ann"}`)
	var j struct {
		Room, Token string
	}
	json.NewDecoder(resp.Body).Decode(&j)
	resp.Body.Close()
	polled := make(chan error, 1)
	go func() {
		req, _ := http.NewRequest("GET", base+"rooms/api/rooms/"+j.Room+"?since=1000000", nil)
		req.Header.Set("X-Room-Token", j.Token)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		polled <- err
	}()
	time.Sleep(200 * time.Millisecond) // the poll is waiting
	start := time.Now()
	if err := stop(); err != nil {
		t.Errorf("stopping: %v", err)
	}
	// Before, the stop waited for the poll up to its 5 s deadline; the
	// bound here is loose for a loaded machine, the stop takes
	// milliseconds.
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the stop took %v with a long poll in flight", d)
	}
	<-polled
}

// TestServeRoutesGuarded: every route of the server nzsc serve builds
// (serve.go's own mounts, listed from their registration by
// web.Server.Routes, so a page or route added there is in the list) is
// refused, by every method that may change state, each of the guard's
// attacks (webtest.Attacks, the list web's TestEveryRouteGuarded sends
// its own server's routes, which adds the reads and a positive control).
func TestServeRoutesGuarded(t *testing.T) {
	dir := t.TempDir()
	ms := mounts(dir, true)
	for prefix, h := range ms {
		if _, ok := h.(interface{ Routes() []string }); !ok {
			t.Errorf("mount %s lists no routes (a Routes method): its routes would go untested", prefix)
		}
	}
	srv, err := web.New(web.Config{Runs: dir, AllowExec: true, Secret: "s", Token: "the-token", Mounts: ms})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	routes := srv.Routes()
	for _, route := range routes {
		method, path := webtest.RoutePath(route)
		methods := webtest.WriteMethods
		if method != "" && method != "GET" {
			methods = []string{method}
		}
		for _, m := range methods {
			for _, a := range webtest.Attacks(strings.Split(ts.URL, ":")[2], "the-token", "s") {
				_, b, _ := webtest.Send(t, m, ts.URL+path, a.Ctype, `{"name":"x","bots":["random","exec:/bin/true"]}`, a.Header)
				var e struct{ Error string }
				json.Unmarshal([]byte(b), &e)
				if !webapi.RefusedByGuard(e.Error) {
					t.Errorf("%s %s (route %q), %s: %q, want the guard's refusal", m, path, route, a.Name, e.Error)
				}
			}
		}
	}
	if len(routes) < 30 {
		t.Errorf("%d routes listed: %q", len(routes), routes)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused requests left runs: %v", entries)
	}
}

// TestServeOptionsStar: "OPTIONS *", the request for the server as a
// whole, goes through the guard as every request does: refused (403,
// the server answers no preflight) with the headers of every answer.
// net/http answered it itself, 200, before the guard and without them.
func TestServeOptionsStar(t *testing.T) {
	base, _, stop := serve(t, "--addr", "127.0.0.1:0", "--runs", t.TempDir())
	defer stop()
	c, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(base, "http://"), "/"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprint(c, "OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || resp.Header.Get("Cross-Origin-Resource-Policy") != "same-origin" {
		t.Errorf("OPTIONS *: %d %v, want the guard's 403 with its headers", resp.StatusCode, resp.Header)
	}
}
