// Package webtest holds what the tests of nzsc serve's pages share to
// attack the server as a hostile client would: one request builder
// (Send), the paths a mux pattern reaches (RoutePath) and the requests
// the guard must refuse (Attacks); and the check that a page answers
// wherever it is mounted (Mounted). It is for tests only (package web's
// and cmd/nzsc's), never imported by the server. Its functions are safe
// for concurrent use.
package webtest

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/web/webapi"
)

// Send sends one request as an attacker would write it: method,
// address, Content-Type (none when empty), body, and headers, where
// "Host" sets the request's Host. It returns the status, the body (its
// first MiB) and the headers of the answer; a request that cannot be
// sent fails the test.
func Send(t testing.TB, method, addr, ctype, body string, header map[string]string) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, addr, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, string(b), resp.Header
}

var wildcard = regexp.MustCompile(`\{[^}]*\}`)

// RoutePath turns a mux pattern ("POST /api/play/{id}") into its method
// ("" for any) and a path that reaches its handler: each wildcard
// becomes a segment "x".
func RoutePath(pattern string) (method, path string) {
	method, path, ok := strings.Cut(pattern, " ")
	if !ok {
		method, path = "", pattern
	}
	path = strings.ReplaceAll(path, "{$}", "")
	return method, wildcard.ReplaceAllString(path, "x")
}

// WriteMethods are the methods that may change state: the guard lets
// none of them through without the page's proof.
var WriteMethods = []string{"POST", "PUT", "PATCH", "DELETE", "OPTIONS"}

// Attack is a request's Content-Type and headers, as one kind of hostile
// client sends them.
type Attack struct {
	Name, Ctype string
	Header      map[string]string
}

// Attacks are the writes the guard must refuse on every route of a
// server listening on port whose page token is token and secret secret:
// another site's page (JSON, a text/plain or form POST that needs no
// preflight, another port of this machine), a program (no browser's
// word, with or without the secret), the page's word without the token,
// the token without the page's word, and a rebound name.
func Attacks(port, token, secret string) []Attack {
	return []Attack{
		{"cross-origin JSON", "application/json", map[string]string{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}},
		{"cross-origin text/plain (no preflight)", "text/plain;charset=UTF-8", map[string]string{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"}},
		{"cross-origin form", "application/x-www-form-urlencoded", map[string]string{"Origin": "http://evil.example"}},
		{"another port's page", "application/json", map[string]string{"Origin": "http://127.0.0.1:1", "Sec-Fetch-Site": "same-site", webapi.TokenHeader: token}},
		{"no Origin, JSON", "application/json", nil},
		{"no Origin, text/plain", "text/plain", nil},
		{"no Origin, the secret", "application/json", map[string]string{webapi.SecretHeader: secret}},
		{"same-origin without the token", "application/json", map[string]string{"Sec-Fetch-Site": "same-origin", webapi.SecretHeader: secret}},
		{"the token without a browser's word", "application/json", map[string]string{webapi.TokenHeader: token, webapi.SecretHeader: secret}},
		{"rebound name", "application/json", map[string]string{"Host": "evil.example:" + port, "Sec-Fetch-Site": "same-origin", webapi.TokenHeader: token}},
	}
}

// Mounted checks that page h answers mounted as nzsc serve mounts it,
// under prefix ("/rooms/"), whichever way the prefix is stripped
// (http.StripPrefix of "/rooms" or of "/rooms/"): a GET of each path of
// want (under prefix) answers a body holding want[path].
func Mounted(t *testing.T, prefix string, h http.Handler, want map[string]string) {
	t.Helper()
	for _, strip := range []string{strings.TrimSuffix(prefix, "/"), prefix} {
		mux := http.NewServeMux()
		mux.Handle(prefix, http.StripPrefix(strip, h))
		srv := httptest.NewServer(mux)
		for path, want := range want {
			code, b, _ := Send(t, "GET", srv.URL+prefix+path, "", "", nil)
			if !strings.Contains(b, want) {
				t.Errorf("StripPrefix(%q): GET %s: %d %q, want it to hold %q", strip, prefix+path, code, b, want)
			}
		}
		srv.Close()
	}
}
