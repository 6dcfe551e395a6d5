package webapi

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"
)

// TestGuard: each line of the guard refuses what it must and lets the
// lab's own requests through. The handler behind it records what
// arrived, so a refused request is one that never reached a page.
func TestGuard(t *testing.T) {
	const secret = "0123456789abcdef"
	g := NewGuard([]string{"lab.example"}, secret)
	tok := g.Token
	// page is what the lab's own page in a browser sends with a request
	// that changes state.
	page := func(h map[string]string) map[string]string {
		out := map[string]string{"Sec-Fetch-Site": "same-origin", TokenHeader: tok}
		for k, v := range h {
			out[k] = v
		}
		return out
	}
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
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{"Origin": "http://127.0.0.1:8080", TokenHeader: tok}, 0, false},
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{"Sec-Fetch-Site": "same-origin", TokenHeader: tok}, 0, false},
		// The lab's page proves itself: its browser says same-origin and
		// it carries the token; without either, a request changes nothing.
		{"POST", "127.0.0.1:8080", "application/json", "{}", nil, http.StatusForbidden, false},
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{TokenHeader: tok}, http.StatusForbidden, false},
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{"Sec-Fetch-Site": "same-origin"}, http.StatusForbidden, false},
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{"Sec-Fetch-Site": "same-origin", TokenHeader: tok + "0"}, http.StatusForbidden, false},
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{"Sec-Fetch-Site": "none", TokenHeader: tok}, http.StatusForbidden, false},
		{"POST", "127.0.0.1:8080", "application/json", "{}", map[string]string{"Origin": "null", TokenHeader: tok}, http.StatusForbidden, false},
		{"DELETE", "127.0.0.1:8080", "", "", map[string]string{SecretHeader: secret}, http.StatusForbidden, false},
		{"PUT", "127.0.0.1:8080", "application/json", "{}", nil, http.StatusForbidden, false},
		// OPTIONS (a preflight, or a handler blind to methods) is no read.
		{"OPTIONS", "127.0.0.1:8080", "", "", map[string]string{"Origin": "http://attacker.example", "Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, false},
		{"OPTIONS", "127.0.0.1:8080", "", "", nil, http.StatusForbidden, false},
		{"OPTIONS", "127.0.0.1:8080", "", "", page(nil), 0, false},
		// A cross-origin GET of the API (an <img>) costs nothing...
		{"GET", "127.0.0.1:8080", "", "", map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, false},
		{"GET", "127.0.0.1:8080", "", "", map[string]string{"Sec-Fetch-Site": "same-site"}, http.StatusForbidden, false},
		{"GET", "127.0.0.1:8080", "", "", map[string]string{"Sec-Fetch-Site": "none"}, 0, false},
		// ...but a body that is not JSON never does, whoever sends it.
		{"POST", "127.0.0.1:8080", "text/plain", "{}", page(nil), http.StatusUnsupportedMediaType, false},
		{"POST", "127.0.0.1:8080", "text/plain;charset=UTF-8", `{"opponent":"exec:/usr/bin/touch x"}`, page(nil), http.StatusUnsupportedMediaType, false},
		{"POST", "127.0.0.1:8080", "application/x-www-form-urlencoded", "a=b", page(nil), http.StatusUnsupportedMediaType, false},
		{"POST", "127.0.0.1:8080", "multipart/form-data; boundary=x", "--x--", page(nil), http.StatusUnsupportedMediaType, false},
		{"POST", "127.0.0.1:8080", "", "{}", page(nil), http.StatusUnsupportedMediaType, false},
		{"POST", "127.0.0.1:8080", "application/json; charset=utf-8", "{}", page(nil), 0, false},
		{"POST", "127.0.0.1:8080", "", "", page(nil), 0, false}, // no body: nothing to read
		// The secret: exact, in its header.
		{"POST", "127.0.0.1:8080", "application/json", "{}", page(map[string]string{SecretHeader: secret}), 0, true},
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

// TestLabJSToken: lab.js carries the guard's page token to the lab's own
// pages, is never cached, and is refused to another site's page, which
// would otherwise load it as a script and read the token; every answer,
// refusals included, carries the headers that keep it from other
// origins' pages.
func TestLabJSToken(t *testing.T) {
	g := NewGuard(nil, "")
	h := g.Wrap(Static(fstest.MapFS{"index.html": {Data: []byte("<p>hi")}}))
	get := func(path string, header map[string]string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", path, nil)
		req.Host = "127.0.0.1:8080"
		for k, v := range header {
			req.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		return w
	}
	w := get("/lab.js", map[string]string{"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "script"})
	if want := `const labToken = "` + g.Token + `";`; w.Code != 200 || !strings.Contains(w.Body.String(), want) || len(g.Token) != 32 {
		t.Errorf("lab.js from the page: %d, want 200 with %q", w.Code, want)
	}
	if cc := w.Header().Get("Cache-Control"); cc != "no-store" {
		t.Errorf("lab.js Cache-Control %q, want no-store", cc)
	}
	if !strings.Contains(string(LabScript), labTokenLine) || strings.Contains(string(LabScript), g.Token) {
		t.Errorf("LabScript (the static site's lab.js) must hold the empty token line and no token")
	}
	for _, site := range []string{"cross-site", "same-site"} {
		w := get("/lab.js", map[string]string{"Sec-Fetch-Site": site, "Sec-Fetch-Dest": "script"})
		if w.Code != http.StatusForbidden || strings.Contains(w.Body.String(), g.Token) {
			t.Errorf("lab.js for a %s page: %d %q, want 403 without the token", site, w.Code, w.Body)
		}
	}
	for _, c := range []struct {
		path   string
		header map[string]string
		status int
	}{
		{"/lab.js", nil, 200},
		{"/lab.js", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
		{"/", nil, 200},
		{"/nothing", nil, 404},
		{"/api/x", nil, 404},
	} {
		w := get(c.path, c.header)
		if w.Code != c.status {
			t.Errorf("GET %s: %d, want %d", c.path, w.Code, c.status)
		}
		for k, v := range map[string]string{"Cross-Origin-Resource-Policy": "same-origin", "X-Content-Type-Options": "nosniff",
			"Referrer-Policy": "no-referrer", "X-Frame-Options": "SAMEORIGIN", "Cross-Origin-Opener-Policy": "same-origin"} {
			if got := w.Header().Get(k); got != v {
				t.Errorf("GET %s (%d): %s %q, want %q", c.path, w.Code, k, got, v)
			}
		}
		if csp := w.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors") {
			t.Errorf("GET %s (%d): CSP %q without frame-ancestors", c.path, w.Code, csp)
		}
	}
}

// TestGuardReadsQueryAsBrowser: a handler behind the guard reads a
// query as a browser's URLSearchParams reads it: a ";" is part of its
// value (url.ParseQuery drops the pair holding one, so the handler saw
// another query than was sent), and a query it cannot read is refused.
func TestGuardReadsQueryAsBrowser(t *testing.T) {
	var got url.Values
	h := NewGuard(nil, "").Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.URL.Query()
	}))
	cases := []struct {
		query  string
		status int
		list   []string // the values of "list"
		game   string
	}{
		{"list=random;;", 200, []string{"random;;"}, ""},
		{"list=random;greedy&game=npzr", 200, []string{"random;greedy"}, "npzr"},
		{"game=npzr;x&list=a", 200, []string{"a"}, "npzr;x"},
		{"list=a%3Bb+c", 200, []string{"a;b c"}, ""},
		{";list=a", 200, nil, ""},
		{"list=random%zz", http.StatusBadRequest, nil, ""},
		{"list=random;%", http.StatusBadRequest, nil, ""},
	}
	for i, c := range cases {
		got = nil
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "http://127.0.0.1:8080/api/specs?"+c.query, nil))
		if w.Code != c.status {
			t.Errorf("case %d %q: %d %q, want %d", i, c.query, w.Code, w.Body, c.status)
			continue
		}
		if c.status != 200 {
			if got != nil || !strings.Contains(w.Body.String(), "query: invalid URL escape") {
				t.Errorf("case %d %q: reached the page (%v) or no reason: %q", i, c.query, got != nil, w.Body)
			}
			continue
		}
		if fmt.Sprint(got["list"]) != fmt.Sprint(c.list) || got.Get("game") != c.game {
			t.Errorf("case %d %q: list %q game %q, want %q %q", i, c.query, got["list"], got.Get("game"), c.list, c.game)
		}
	}
}

// formURLEncoded is the WHATWG URL standard's
// application/x-www-form-urlencoded parser, which URLSearchParams uses
// (url.spec.whatwg.org, "application/x-www-form-urlencoded parsing"):
// the pairs split on "&" alone, empty ones skipped; name and value split
// at the first "="; "+" read as a space, then percent-decoded, a "%" not
// followed by two hex digits kept as it is; the bytes read as UTF-8, an
// invalid sequence becoming U+FFFD. It also says whether it kept a
// broken escape, and whether it replaced bytes that were not UTF-8.
func formURLEncoded(query string) (pairs [][2]string, brokenEscape, notUTF8 bool) {
	unhex := func(c byte) (byte, bool) {
		switch {
		case '0' <= c && c <= '9':
			return c - '0', true
		case 'a' <= c && c <= 'f':
			return c - 'a' + 10, true
		case 'A' <= c && c <= 'F':
			return c - 'A' + 10, true
		}
		return 0, false
	}
	decode := func(s string) string {
		s = strings.ReplaceAll(s, "+", " ")
		var b []byte
		for i := 0; i < len(s); i++ {
			if s[i] == '%' && i+2 < len(s) {
				hi, ok1 := unhex(s[i+1])
				lo, ok2 := unhex(s[i+2])
				if ok1 && ok2 {
					b = append(b, hi<<4|lo)
					i += 2
					continue
				}
			}
			if s[i] == '%' {
				brokenEscape = true
			}
			b = append(b, s[i])
		}
		if !utf8.Valid(b) {
			notUTF8 = true
		}
		return strings.ToValidUTF8(string(b), "\uFFFD")
	}
	for seq := range strings.SplitSeq(query, "&") {
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		pairs = append(pairs, [2]string{decode(name), decode(value)})
	}
	return pairs, brokenEscape, notUTF8
}

// TestGuardQueryWHATWG: every handler behind the guard reads a query's
// pairs exactly as a browser's URLSearchParams reads them (the WHATWG
// parser, formURLEncoded), whichever way it reads them (r.URL.Query(),
// r.FormValue, r.Form), or the guard refuses the query with a 400 before
// any handler sees it: a broken escape (%zz), which the browser keeps as
// written, and bytes that are not UTF-8 (%FF), which the browser reads
// as U+FFFD and url.ParseQuery keeps as they are. The queries are the
// ones an attacker tries (";", "&&", "=" in a value, "+", %3B, %26, %00,
// repeated keys, keys differing in case) and random ones of their
// pieces.
func TestGuardQueryWHATWG(t *testing.T) {
	type seen struct {
		query url.Values
		first map[string]string // FormValue of each key
		form  url.Values
	}
	var got *seen
	h := NewGuard(nil, "").Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s := &seen{query: r.URL.Query(), first: map[string]string{}}
		if err := r.ParseForm(); err != nil {
			t.Errorf("%q: ParseForm: %v", r.URL.RawQuery, err)
		}
		for k := range s.query {
			s.first[k] = r.FormValue(k)
		}
		s.form = r.Form
		got = s
	}))
	queries := []string{
		"list=random;;", "a=1;b=2", "a=1&&b=2&", "&&&", "a==b=c", "=x", "a", "a=", "a=+b+", "a=%2B",
		"a=x%3By&b=x%26y", "a=%00", "a=1&a=2&A=3", "A=1&a=2", "a=%C3%A9", "a=%E9", "a=%FF%FE", "%FF=1",
		"a=%zz", "a=%", "a=%4", "a=%%41", "a=caf%C3", "a=%ED%A0%80", "a=%EF%BB%BFx", "a%3Db=c", "a%26b=c",
	}
	rng := rand.New(rand.NewPCG(21, 1))
	pieces := []string{"a", "b", "A", "=", "&", ";", "+", "%3B", "%26", "%00", "%41", "%C3%A9", "%FF", "%", "%z", "%3", "x"}
	for range 2000 {
		var q strings.Builder
		for range 1 + rng.IntN(10) {
			q.WriteString(pieces[rng.IntN(len(pieces))])
		}
		queries = append(queries, q.String())
	}
	for _, q := range queries {
		got = nil
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "http://127.0.0.1:8080/api/specs?"+q, nil))
		pairs, broken, notUTF8 := formURLEncoded(q)
		if broken || notUTF8 {
			if w.Code != http.StatusBadRequest || got != nil {
				t.Errorf("query %q (broken escape %v, not UTF-8 %v): %d %q, reached the page %v; want a 400 before it",
					q, broken, notUTF8, w.Code, w.Body, got != nil)
			}
			continue
		}
		if w.Code != http.StatusOK || got == nil {
			t.Errorf("query %q: %d %q, want it to reach the page", q, w.Code, w.Body)
			continue
		}
		want := url.Values{}
		for _, p := range pairs {
			want[p[0]] = append(want[p[0]], p[1])
		}
		if !reflect.DeepEqual(got.query, want) || !reflect.DeepEqual(got.form, want) {
			t.Errorf("query %q: the page read %q (Query) and %q (Form), a browser %q", q, got.query, got.form, want)
		}
		for k, v := range want {
			if got.first[k] != v[0] {
				t.Errorf("query %q: FormValue(%q) = %q, a browser's get: %q", q, k, got.first[k], v[0])
			}
		}
	}
}

// TestGuardQueryRefusals: each refusal of a query names its own problem,
// and only a broken escape is told how to write a "%": a query of more
// pairs than url.ParseQuery reads (10 000), or one that is not UTF-8, was
// told "a % in a query starts an escape: write %25".
func TestGuardQueryRefusals(t *testing.T) {
	h := NewGuard(nil, "").Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	for i, c := range []struct {
		query, want string
		hint        bool // the answer says how to write a "%"
	}{
		{"list=random%zz", "invalid URL escape", true},
		{"list=%FF", "not UTF-8", false},
		{strings.Repeat("a=1&", 10001), "number of URL query parameters exceeded limit", false},
	} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "http://127.0.0.1:8080/api/specs?"+c.query, nil))
		body := w.Body.String()
		if w.Code != http.StatusBadRequest || !strings.Contains(body, c.want) || strings.Contains(body, "write %25") != c.hint {
			t.Errorf("case %d: %d %q, want 400 naming %q, the %% hint %v", i, w.Code, body, c.want, c.hint)
		}
	}
}
