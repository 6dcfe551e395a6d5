package webapi

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestGuard: each line of the guard refuses what it must and lets the
// lab's own requests through. The handler behind it records what
// arrived, so a refused request is one that never reached a page.
func TestGuard(t *testing.T) {
	const secret = "0123456789abcdef"
	g := NewGuard([]string{"lab.example"}, secret)
	type seen struct{ reached, trusted, exec bool }
	var got seen
	h := g.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = seen{true, Trusted(r), ExecAllowed(r, true)}
	}))
	cases := []struct {
		method, host, ctype, body string
		header                    map[string]string
		status                    int // 0: reaches the page
		trusted                   bool
	}{
		// Host: DNS rebinding sends the attacker's name.
		{"GET", "attacker.example", "", "", nil, http.StatusMisdirectedRequest, false},
		{"GET", "attacker.example:8080", "", "", nil, http.StatusMisdirectedRequest, false},
		{"POST", "evil.localhost.example", "application/json", "{}", nil, http.StatusMisdirectedRequest, false},
		{"GET", "127.0.0.1:8080", "", "", nil, 0, false},
		{"GET", "[::1]:8080", "", "", nil, 0, false},
		{"GET", "localhost:8080", "", "", nil, 0, false},
		{"GET", "LocalHost.", "", "", nil, 0, false},
		{"GET", "app.localhost:1", "", "", nil, 0, false},
		{"GET", "192.168.1.7:8080", "", "", nil, 0, false},
		{"GET", "lab.example:8080", "", "", nil, 0, false},
		{"GET", "LAB.example", "", "", nil, 0, false},
		// Cross-origin writes: a browser says where the request comes from.
		{"POST", "127.0.0.1:8080", "text/plain", "{}", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, false},
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{"Sec-Fetch-Site": "same-site"}, http.StatusForbidden, false},
		{"DELETE", "127.0.0.1:8080", "", "", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, false},
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{"Origin": "http://attacker.example"}, http.StatusForbidden, false},
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{"Origin": "http://127.0.0.1:9999"}, http.StatusForbidden, false},
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{"Origin": "http://127.0.0.1:8080"}, 0, false},
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{"Sec-Fetch-Site": "same-origin"}, 0, false},
		// A cross-origin GET of the API (an <img>) costs nothing...
		{"GET", "127.0.0.1:8080", "", "", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, false},
		{"GET", "127.0.0.1:8080", "", "", map[string]string{"Sec-Fetch-Site": "same-site"}, http.StatusForbidden, false},
		{"GET", "127.0.0.1:8080", "", "", map[string]string{"Sec-Fetch-Site": "none"}, 0, false},
		// ...but a body that is not JSON never does, whoever sends it.
		{"POST", "127.0.0.1:8080", "text/plain", "{}", nil, http.StatusUnsupportedMediaType, false},
		{"POST", "127.0.0.1:8080", "text/plain;charset=UTF-8", `{"opponent":"exec:/usr/bin/touch x"}`, map[string]string{"Sec-Fetch-Site": "same-origin"}, http.StatusUnsupportedMediaType, false},
		{"POST", "127.0.0.1:8080", "application/x-www-form-urlencoded", "a=b", nil, http.StatusUnsupportedMediaType, false},
		{"POST", "127.0.0.1:8080", "multipart/form-data; boundary=x", "--x--", nil, http.StatusUnsupportedMediaType, false},
		{"POST", "127.0.0.1:8080", "", "{}", nil, http.StatusUnsupportedMediaType, false},
		{"POST", "127.0.0.1:8080", "application/json; charset=utf-8", "{}", nil, 0, false},
		{"POST", "127.0.0.1:8080", "", "", nil, 0, false}, // no body: nothing to read
		// The secret: exact, in its header.
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{SecretHeader: secret}, 0, true},
		{"GET", "127.0.0.1:8080", "", "", map[string]string{SecretHeader: secret}, 0, true},
		{"GET", "127.0.0.1:8080", "", "", map[string]string{SecretHeader: secret[:15]}, 0, false},
		{"GET", "127.0.0.1:8080", "", "", map[string]string{SecretHeader: secret + "0"}, 0, false},
		{"GET", "127.0.0.1:8080", "", "", map[string]string{"X-Nzsc-Secret-Not": secret}, 0, false},
	}
	for i, c := range cases {
		got = seen{}
		req := httptest.NewRequest(c.method, "/api/x", strings.NewReader(c.body))
		req.Host = c.host
		if c.ctype != "" {
			req.Header.Set("Content-Type", c.ctype)
		}
		for k, v := range c.header {
			req.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		b, _ := io.ReadAll(w.Body)
		switch {
		case c.status != 0 && (w.Code != c.status || got.reached || strings.Count(string(b), "\n") != 1 || !strings.Contains(string(b), `"error"`)):
			t.Errorf("case %d %s Host %s: %d %q (reached the page: %v), want %d with a one-line JSON error", i, c.method, c.host, w.Code, b, got.reached, c.status)
		case c.status == 0 && (!got.reached || got.trusted != c.trusted || got.exec != c.trusted):
			t.Errorf("case %d %s Host %s: %d %q: reached %v, trusted %v, exec %v; want reached, trusted %v", i, c.method, c.host, w.Code, b, got.reached, got.trusted, got.exec, c.trusted)
		}
	}
}

// TestGuardWithoutSecret: a server with no secret trusts no request,
// whatever header it sends (an empty secret must not match an empty
// header), and ExecAllowed also needs the server's permission.
func TestGuardWithoutSecret(t *testing.T) {
	var trusted, exec bool
	h := NewGuard(nil, "").Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		trusted, exec = Trusted(r), ExecAllowed(r, true)
	}))
	for _, v := range []string{"", " ", "x"} {
		req := httptest.NewRequest("GET", "/", nil)
		req.Header.Set(SecretHeader, v)
		h.ServeHTTP(httptest.NewRecorder(), req)
		if trusted || exec {
			t.Errorf("header %q: trusted by a server without a secret", v)
		}
	}
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set(SecretHeader, "s")
	NewGuard(nil, "s").Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !Trusted(r) || ExecAllowed(r, false) {
			t.Errorf("with the secret: trusted %v, exec without the server's permission %v", Trusted(r), ExecAllowed(r, false))
		}
	})).ServeHTTP(httptest.NewRecorder(), req)
	if a, b := NewSecret(), NewSecret(); len(a) != 32 || a == b {
		t.Errorf("NewSecret: %q, %q", a, b)
	}
}

// TestGuardPagesFromElsewhere: a link from another site to a page (not
// the API) is followed: the pages are for anyone who has the address.
func TestGuardPagesFromElsewhere(t *testing.T) {
	reached := false
	h := NewGuard(nil, "").Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { reached = true }))
	for _, path := range []string{"/", "/play", "/rooms/?room=x", "/watch/watch.js"} {
		reached = false
		req := httptest.NewRequest("GET", path, nil)
		req.Host = "127.0.0.1:8080"
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		h.ServeHTTP(httptest.NewRecorder(), req)
		if !reached {
			t.Errorf("GET %s from another site: refused", path)
		}
	}
}
