package webapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/subtle"
	_ "embed"
	"encoding/hex"
	"mime"
	"net"
	"net/http"
	"strings"
	"time"
)

// LabScript is lab.js, the script every page of the lab loads before its
// own: it takes the secret from the lab's link into the origin's storage
// and gives the pages labHeaders(), which adds SecretHeader to a request.
//
//go:embed assets/lab.js
var LabScript []byte

// LabJS serves LabScript (Static serves it as lab.js beside every page).
var LabJS = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	http.ServeContent(w, r, "lab.js", time.Time{}, bytes.NewReader(LabScript))
})

// SecretHeader carries the server's secret (Guard.Secret) from the lab's
// own pages: the page learns it from the link nzsc serve prints, keeps it
// in the origin's storage and sends it with every API request.
const SecretHeader = "X-NZSC-Secret"

// Guard is the front door of nzsc serve: every request passes it before
// any page's handler. The server is reachable by every page a browser
// opens and by anyone who can name its address, so the guard holds three
// lines:
//
//   - Host: a request must name this server, by an IP address, localhost
//     or a name the user allowed (Hosts). A page on another site that
//     re-points its own name at 127.0.0.1 (DNS rebinding) sends its own
//     name and is refused, so it never becomes a same-origin caller.
//   - Cross-origin writes: a request that may change state (any method
//     but GET, HEAD and OPTIONS) from a browser must come from a page of
//     this origin (net/http's CrossOriginProtection reads Sec-Fetch-Site
//     and Origin), and a body must be JSON. A form or a text/plain
//     fetch, which a browser sends cross-origin without asking, is
//     refused, and a JSON one makes the browser ask first (a CORS
//     preflight), which this server never answers with a yes.
//   - Cross-origin API reads: a page of another origin may make a
//     browser GET any address (an <img>), but the API is for this
//     server's pages, so such a request for it is refused before it
//     costs anything.
//   - The secret: a request carrying Secret in SecretHeader is Trusted.
//     Only what must not be done on the say-so of any local program or
//     page (starting external programs, --allow-exec) asks for it; the
//     secret reaches the user's browser only through the link nzsc serve
//     prints.
//
// A Guard is safe for concurrent use once made.
type Guard struct {
	// Hosts are the host names, besides IP addresses and localhost, that
	// a request's Host may name (nzsc serve --allow-host).
	Hosts []string
	// Secret, when not empty, is the per-server secret a request must
	// carry to be Trusted.
	Secret string
	cop    *http.CrossOriginProtection
}

// NewGuard returns a guard allowing hosts and trusting secret (none when
// empty).
func NewGuard(hosts []string, secret string) *Guard {
	g := &Guard{Hosts: hosts, Secret: secret, cop: http.NewCrossOriginProtection()}
	g.cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		Error(w, http.StatusForbidden, "cross-origin request refused: only this server's own pages may change its state")
	}))
	return g
}

// NewSecret returns a fresh random secret (128 bits, hex).
func NewSecret() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

type trustKey struct{}

// Wrap returns next behind the guard.
func (g *Guard) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !g.hostAllowed(r.Host) {
			Errorf(w, http.StatusMisdirectedRequest, "host %q is not this server's address (nzsc serve --allow-host NAME allows a name)", r.Host)
			return
		}
		if crossSiteAPI(r) {
			Error(w, http.StatusForbidden, "cross-origin API request refused: the API answers this server's own pages")
			return
		}
		if !safeMethod(r.Method) {
			if err := g.cop.Check(r); err != nil {
				Error(w, http.StatusForbidden, "cross-origin request refused: only this server's own pages may change its state")
				return
			}
			if !jsonBody(r) {
				Error(w, http.StatusUnsupportedMediaType, "request body must be JSON (Content-Type: application/json)")
				return
			}
		}
		if g.Secret != "" {
			if s := r.Header.Get(SecretHeader); s != "" && subtle.ConstantTimeCompare([]byte(s), []byte(g.Secret)) == 1 {
				r = r.WithContext(context.WithValue(r.Context(), trustKey{}, true))
			}
		}
		next.ServeHTTP(w, r)
	})
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

// crossSiteAPI reports whether r is a request of another origin's page
// (an <img>, a script, a link followed) for the API, which only this
// server's pages call: such a GET changes nothing, but costs a core
// (a narration, a log read), so it is refused before any work.
func crossSiteAPI(r *http.Request) bool {
	site := r.Header.Get("Sec-Fetch-Site")
	return (site == "cross-site" || site == "same-site") && strings.Contains(r.URL.Path, "/api/")
}

func safeMethod(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
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
