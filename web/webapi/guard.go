package webapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// LabScript is lab.js, the script every page of the lab loads before its
// own: it takes the secret from the lab's link into the origin's storage
// and gives the pages labHeaders(), which adds SecretHeader to a request.
//
//go:embed assets/lab.js
var LabScript []byte

// LabStyle is lab.css, the stylesheet every mounted page (Rooms, Watch,
// Runs) loads before its own: the lab's header, body and title, drawn
// once for all of them.
//
//go:embed assets/lab.css
var LabStyle []byte

// LabJS serves LabScript with the request's page token (Guard.Token,
// from the request's context) in labToken, never cached (a token is a
// server's, and a restarted server has another). Every page of the lab
// loads it from its own origin; another origin's page that loads it as a
// script would read the token, so the guard refuses that load (a
// cross-site request for it, and Cross-Origin-Resource-Policy).
var LabJS = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	script := LabScript
	if t, _ := r.Context().Value(tokenKey{}).(string); t != "" {
		script = bytes.Replace(LabScript, []byte(labTokenLine), []byte(`const labToken = "`+t+`";`), 1)
	}
	http.ServeContent(w, r, "lab.js", time.Time{}, bytes.NewReader(script))
})

// labTokenLine is lab.js's line that LabJS fills with the page token; as
// written by WriteStatic (a site without a server) it holds none.
const labTokenLine = `const labToken = "";`

// TokenHeader carries the page token (Guard.Token): every request that
// may change state must carry it, which only a client that read lab.js
// from this server (the lab's own page) can.
const TokenHeader = "X-NZSC-Token"

// SecretHeader carries the server's secret (Guard.Secret) from the lab's
// own pages: the page learns it from the link nzsc serve prints, keeps it
// in the origin's storage and sends it with every API request.
const SecretHeader = "X-NZSC-Secret"

// Guard is the front door of nzsc serve: every request passes it before
// any page's handler. The server is reachable by every page a browser
// opens and by anyone who can name its address, so the guard holds these
// lines:
//
//   - Host: a request must name this server, by an IP address, localhost
//     or a name the user allowed (Hosts). A page on another site that
//     re-points its own name at 127.0.0.1 (DNS rebinding) sends its own
//     name and is refused, so it never becomes a same-origin caller.
//   - State changes come from the lab's page: a request of any method
//     but GET and HEAD (the only ones no handler changes anything for)
//     must show that a page of this origin sent it. The browser says so:
//     Sec-Fetch-Site same-origin, or, from a browser that sends no
//     Sec-Fetch-Site, an Origin naming this server (net/http's
//     CrossOriginProtection refuses another origin first, a request
//     saying neither is not a browser's page at all); and the page says
//     so: it carries Token in TokenHeader, which only a client that read
//     lab.js from this server holds. Its body must be JSON: a form or a
//     text/plain fetch, which a browser sends cross-origin without
//     asking, is refused, and a JSON one makes the browser ask first (a
//     CORS preflight, an OPTIONS request), which is refused as well.
//   - Cross-origin reads: a page of another origin may make a browser
//     GET any address (an <img>, a <script>), but the API and lab.js
//     (which holds the token) are for this server's pages, so such a
//     request for them is refused before it costs anything; every
//     answer also says Cross-Origin-Resource-Policy: same-origin.
//   - The secret: a request carrying Secret in SecretHeader is Trusted.
//     Only what must not be done on the say-so of any local program or
//     page (starting external programs, --allow-exec) asks for it; the
//     secret reaches the user's browser only through the link nzsc serve
//     prints.
//   - Bounds and headers: a request body is read to at most MaxBody
//     bytes whatever its handler does, and every answer, refusals and
//     errors included, carries the headers of SetHeaders.
//
// A Guard is safe for concurrent use once made.
type Guard struct {
	// Hosts are the host names, besides IP addresses and localhost, that
	// a request's Host may name (nzsc serve --allow-host).
	Hosts []string
	// Secret, when not empty, is the per-server secret a request must
	// carry to be Trusted.
	Secret string
	// Token is the page token every state-changing request must carry
	// (NewGuard draws one); LabJS hands it to the lab's pages.
	Token string
	// Page, when set, answers a refusal of a request for a page (a path
	// outside the API, APIPath), which a person's browser followed a
	// link to, as an HTML page of status and msg; nil answers it as the
	// API's refusals are, a one-line JSON error.
	Page func(w http.ResponseWriter, r *http.Request, status int, msg string)
	cop  *http.CrossOriginProtection
}

// NewGuard returns a guard allowing hosts and trusting secret (none when
// empty), with a fresh page token.
func NewGuard(hosts []string, secret string) *Guard {
	g := &Guard{Hosts: hosts, Secret: secret, Token: NewSecret(), cop: http.NewCrossOriginProtection()}
	g.cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		Error(w, http.StatusForbidden, refusedCrossOrigin)
	}))
	return g
}

// NewSecret returns a fresh random secret (128 bits, hex).
func NewSecret() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

type (
	trustKey struct{}
	tokenKey struct{}
)

// The guard's refusals, one sentence each: tests tell a refusal of the
// guard from a handler's by them.
const (
	refusedCrossOrigin = "cross-origin request refused: only this server's own pages may change its state"
	refusedNotPage     = "request refused: a request that changes state must come from this server's own page (its browser's Sec-Fetch-Site or Origin, and the page's token: reload the page if the server was restarted)"
	refusedCrossAPI    = "cross-origin request refused: the API and lab.js answer this server's own pages"
	refusedNotJSON     = "request body must be JSON (Content-Type: application/json)"
)

// RefusedByGuard reports whether a one-line JSON error message is one of
// the guard's refusals (for tests that must tell them from a page's).
func RefusedByGuard(msg string) bool {
	return msg == refusedCrossOrigin || msg == refusedNotPage || msg == refusedCrossAPI || msg == refusedNotJSON ||
		strings.HasPrefix(msg, "host ") && strings.HasSuffix(msg, "allows a name)")
}

// Wrap returns next behind the guard.
func (g *Guard) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		SetHeaders(w.Header())
		if !g.hostAllowed(r.Host) {
			Errorf(w, http.StatusMisdirectedRequest, "host %q is not this server's address (nzsc serve --allow-host NAME allows a name)", r.Host)
			return
		}
		if crossSiteRead(r) {
			Error(w, http.StatusForbidden, refusedCrossAPI)
			return
		}
		r, err := readableQuery(r)
		if err != nil {
			msg := "query: " + err.Error()
			if g.Page != nil && !APIPath(r.URL.Path) {
				g.Page(w, r, http.StatusBadRequest, msg)
				return
			}
			Error(w, http.StatusBadRequest, msg)
			return
		}
		if !safeMethod(r.Method) {
			if err := g.cop.Check(r); err != nil {
				Error(w, http.StatusForbidden, refusedCrossOrigin)
				return
			}
			if !g.fromPage(r) {
				Error(w, http.StatusForbidden, refusedNotPage)
				return
			}
			if !jsonBody(r) {
				Error(w, http.StatusUnsupportedMediaType, refusedNotJSON)
				return
			}
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		}
		ctx := context.WithValue(r.Context(), tokenKey{}, g.Token)
		if g.Secret != "" {
			if s := r.Header.Get(SecretHeader); s != "" && subtle.ConstantTimeCompare([]byte(s), []byte(g.Secret)) == 1 {
				ctx = context.WithValue(ctx, trustKey{}, true)
			}
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// readableQuery returns r with its query read as a browser reads one
// (URLSearchParams): only "&" separates its pairs, and a ";" is part of a
// value. Go's url.ParseQuery (r.URL.Query()) drops every pair holding a
// ";", so ?list=random;; would reach a handler as no list at all and be
// answered for another list than was sent; here it reaches every handler
// as the "random;;" the person typed, as nzsc tournament --bots reads it.
// A query with an escape that is none (%zz), which url.ParseQuery would
// drop the same way, is refused, and so is one whose names or values are
// not UTF-8 (%FF): a browser reads those bytes as U+FFFD, url.ParseQuery
// hands them on as they are, so a handler would read another value than
// the page that sent it.
func readableQuery(r *http.Request) (*http.Request, error) {
	if strings.Contains(r.URL.RawQuery, ";") {
		r = r.Clone(r.Context())
		r.URL.RawQuery = strings.ReplaceAll(r.URL.RawQuery, ";", "%3B")
	}
	q, err := url.ParseQuery(r.URL.RawQuery)
	if escape := url.EscapeError(""); errors.As(err, &escape) {
		return r, fmt.Errorf("%w (a %% in a query starts an escape: write %%25)", err)
	}
	if err != nil {
		return r, err
	}
	for k, vs := range q {
		if !utf8.ValidString(k) || slices.ContainsFunc(vs, func(v string) bool { return !utf8.ValidString(v) }) {
			return r, errors.New("a name or value that is not UTF-8 text")
		}
	}
	return r, nil
}

// fromPage reports whether r shows that a page of this server sent it:
// its browser says the request is same-origin (Sec-Fetch-Site, or Origin
// naming r's Host where a browser sends no Sec-Fetch-Site), and it
// carries the page token.
func (g *Guard) fromPage(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "same-origin":
	case "":
		o, err := url.Parse(r.Header.Get("Origin"))
		if err != nil || o.Host == "" || !strings.EqualFold(o.Host, r.Host) {
			return false
		}
	default:
		return false
	}
	t := r.Header.Get(TokenHeader)
	return g.Token != "" && t != "" && subtle.ConstantTimeCompare([]byte(t), []byte(g.Token)) == 1
}

// SetHeaders sets the headers every answer of the server carries, errors
// and refusals included: no sniffing, no referrer, no use by another
// origin's page (Cross-Origin-Resource-Policy), no handle on the lab's
// window for another origin's page that opened it
// (Cross-Origin-Opener-Policy: such a page could otherwise keep the
// window and send it, with the secret it holds, to any address of the
// lab at any later time, or count its frames), framed by the lab's own
// pages only, and PageCSP. A handler may narrow them (the server's own
// pages are never framed; a run's file is sandboxed).
func SetHeaders(h http.Header) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("X-Frame-Options", "SAMEORIGIN")
	h.Set("Content-Security-Policy", PageCSP)
}

// Trusted reports whether r passed a Guard carrying the server's secret.
func Trusted(r *http.Request) bool {
	t, _ := r.Context().Value(trustKey{}).(bool)
	return t
}

// ExecAllowed reports whether r may start external programs (exec:
// bots): the server allows it (allow, nzsc serve --allow-exec) and the
// request carries the server's secret. It is the one rule every page
// applies before it lists or starts such a bot.
func ExecAllowed(r *http.Request, allow bool) bool {
	return allow && Trusted(r)
}

// crossSiteRead reports whether r is a request of another origin's page
// (an <img>, a <script>, a link followed) for the API, which only this
// server's pages call, or for lab.js, which holds the page token: such a
// GET changes nothing, but costs a core (a narration, a log read) or
// would hand the token to a script of that page, so it is refused before
// any work.
func crossSiteRead(r *http.Request) bool {
	site := r.Header.Get("Sec-Fetch-Site")
	return (site == "cross-site" || site == "same-site") && (APIPath(r.URL.Path) || strings.HasSuffix(r.URL.Path, "/lab.js"))
}

// APIPath reports whether a path of the server is the API's, the
// server's own (/api/...) or a mounted page's (/rooms/api/...), which
// answers JSON; every other path is a page's, which a person may follow
// a link to.
func APIPath(path string) bool { return strings.Contains(path, "/api/") }

// safeMethod reports whether no handler changes anything for method m:
// GET and HEAD only. OPTIONS is not one: the server answers no CORS
// preflight, and a handler that does not look at the method must not be
// reached by one without the lab's proof.
func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead
}

// jsonBody reports whether r's body, if it has one, says it is JSON.
func jsonBody(r *http.Request) bool {
	if r.ContentLength == 0 && r.Header.Get("Content-Type") == "" {
		return true
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return err == nil && mt == "application/json"
}

// hostAllowed reports whether a request's Host names this server: an IP
// address (a browser sends one only when the user typed it, so no other
// site can make it), localhost or a name under it (browsers resolve those
// to loopback themselves), or a name in Hosts. An empty Host (HTTP/1.0)
// names nothing a browser would send.
func (g *Guard) hostAllowed(hostport string) bool {
	if hostport == "" {
		return true
	}
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(strings.Trim(host, "[]")), ".")
	if net.ParseIP(host) != nil || host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	for _, h := range g.Hosts {
		if strings.EqualFold(strings.TrimSuffix(h, "."), host) {
			return true
		}
	}
	return false
}

// ThisMachine is the client (Client) of every loopback address.
const ThisMachine = "this machine"

// Client names where a request comes from, for the bounds one client may
// hold: its IPv4 address; the /64 prefix of an IPv6 address (a host is
// given a whole /64, so every address in it is the same client); and
// ThisMachine for every loopback address (127.0.0.0/8, ::1), which
// are all the machine the server runs on, the common case of one person
// with a browser or two. People behind one NAT share their router's
// address, and so its bounds.
func Client(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap()
	switch {
	case ip.IsLoopback():
		return ThisMachine
	case ip.Is6():
		p, _ := ip.WithZone("").Prefix(64)
		return p.String()
	}
	return ip.String()
}
