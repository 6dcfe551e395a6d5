// Package web is the server behind `nzsc serve`: the lab's front door (a
// home page saying what to do), the Play page where a person plays any
// of the lab's games (NZSC at 2 to 4 seats, NPZR) against any bot in nzsc
// play's words, its JSON API, and the one place
// where the other pages (Rooms, Watch, Runs) are mounted. The page is
// plain HTML, CSS and JavaScript embedded in the binary; nothing is
// fetched from the network. The same page, with its script calling the
// engine compiled to WebAssembly instead of this API, is the static site
// `make web` builds (WriteStatic).
//
// A Server is safe for concurrent use. Every session is a play.Session
// held in a bounded store (count and idle expiry); bad requests get a 4xx
// with a one-line JSON error (package webapi).
package web

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nzsclab/nzsc/web/webapi"
)

//go:embed static
var staticFS embed.FS

// Config configures a Server.
type Config struct {
	// Runs is the directory of run directories (--runs), for the Runs
	// page.
	Runs string
	// AllowExec lets the pages start external programs (exec: bots)
	// for requests that carry Secret; without it such specs are refused.
	AllowExec bool
	// Secret is the per-server secret (webapi.Guard) a page must send to
	// start external programs; nzsc serve prints it in the page's link.
	Secret string
	// Hosts are the host names, besides IP addresses and localhost, that
	// requests may name (webapi.Guard; nzsc serve --allow-host).
	Hosts []string
	// Token is the page token (webapi.Guard.Token) every request that
	// changes state must carry; empty: a random one, which the pages
	// learn from lab.js. Tests set it to call the API as the pages do.
	Token string
	// MaxSessions bounds the live play sessions (default 1000); a
	// session unused for Idle (default 30 minutes) is forgotten and its
	// bot stopped.
	MaxSessions int
	Idle        time.Duration
	// Mounts are the other pages, by path prefix ("/rooms/", "/watch/",
	// "/runs/"): each handler gets every request under its prefix, with
	// the prefix stripped (/rooms/api/x arrives as /api/x), and the
	// navigation bar and the home page link to it; a handler with a
	// Close method is closed with the server. A
	// prefix starts and ends with "/" and is not one of the server's own
	// ("/", "/static/", "/api/", "/play/"). This is the one place where
	// pages from other packages join the server.
	Mounts map[string]http.Handler
}

// Section is a page the navigation bar and the home page name.
type Section struct {
	Path, Title string
	// About is one sentence of HTML (a constant of this package).
	About template.HTML
	// Here is set when the server serves it.
	Here bool
}

// sections are the lab's pages in the order the navigation shows them;
// a mount under another prefix is added after them, titled by its path.
var sections = []Section{
	{Path: "/play", Title: "Play", About: "Play NZSC (2 to 4 players) or NPZR against the original game's computer or any bots, in the same words as <code>nzsc play</code>. A seed in the address (<code>/play?seed=0xbabecaf3</code>) replays a game."},
	{Path: "/rooms/", Title: "Rooms", About: "Open a room for 2 to 4 people (NZSC) or 2 (NPZR) and send its link to your friends: each chooses in secret, the choices are shown when all are in, and each hand is seen by its owner only."},
	{Path: "/watch/", Title: "Watch", About: "Pick two bots and a seed and watch their game turn by turn, or step through a game record."},
	{Path: "/runs/", Title: "Runs", About: "Browse the run directories, each with its report; start a match, tournament or sequential test (sprt) of built-in bots and follow it."},
}

// Server serves the pages and the play API.
type Server struct {
	cfg      Config
	mux      *webapi.Mux
	sessions *webapi.Store[*live]
	pages    *template.Template
	sections []Section
	mounted  map[string]bool // the mux patterns of mounted pages
	front    http.Handler    // the mux behind the guard
	// newID makes session ids; tests replace it.
	newID func() string
	// starting are the sessions whose start is under way, by the ticket
	// their page drew (playapi.NewRequest.Ticket), for their notes; at
	// most one per place of the moves' gate.
	startMu  sync.Mutex
	starting map[string]*live
	// variants are the rules variants pages had optimal solve (each kept
	// for the process's life): at most maxPageVariants.
	variantMu sync.Mutex
	variants  map[string]bool
	// resolving counts the sessions against resolve, raised those
	// against bots with raised parameters (maxResolveSessions,
	// maxRaisedSessions).
	resolving, raised sessionPlaces
}

// New returns a server for c.
func New(c Config) (*Server, error) {
	if c.MaxSessions <= 0 {
		c.MaxSessions = 1000
	}
	if c.Idle <= 0 {
		c.Idle = 30 * time.Minute
	}
	s := &Server{cfg: c, mux: webapi.NewMux(), newID: randomID, mounted: map[string]bool{}, starting: map[string]*live{},
		resolving: sessionPlaces{max: maxResolveSessions}, raised: sessionPlaces{max: maxRaisedSessions}}
	guard := webapi.NewGuard(c.Hosts, c.Secret)
	if c.Token != "" {
		guard.Token = c.Token
	}
	guard.Page = s.errorPage
	s.front = guard.Wrap(http.HandlerFunc(s.serve))
	s.sessions = webapi.NewStore[*live](c.MaxSessions, c.Idle)
	s.sessions.Close = (*live).close
	var err error
	if s.pages, err = template.ParseFS(staticFS, "static/*.html"); err != nil {
		return nil, fmt.Errorf("web: %w", err)
	}
	s.sections = navSections(c.Mounts, false)

	static, _ := fs.Sub(staticFS, "static")
	files := http.StripPrefix("/static/", webapi.NotFoundAs(http.FileServerFS(static), s.notFound))
	s.mux.HandleFunc("GET /static/", func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".html") || strings.HasSuffix(r.URL.Path, "/") {
			// The pages' templates are rendered at their own paths,
			// never served raw, and the files are not listed.
			s.notFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
	s.mux.Handle("GET /static/lab.js", webapi.LabJS)
	s.mux.HandleFunc("GET /{$}", s.page("home.html"))
	s.mux.HandleFunc("GET /play", s.page("play.html"))
	// A bot's move takes a core: at most one per core at once.
	moves := webapi.NewGate(runtime.GOMAXPROCS(0))
	s.mux.HandleFunc("/api/play", moves.Gated(s.handleNew))
	s.mux.HandleFunc("/api/play/{id}", moves.Gated(s.handleAnswer))
	s.mux.HandleFunc("/api/play/{id}/record", s.handleRecord)
	s.mux.HandleFunc("/api/play/{id}/notes", s.handleNotes)
	s.mux.HandleFunc("/api/bots", s.handleBots)
	s.mux.HandleFunc("/api/games", s.handleGames)
	s.mux.HandleFunc("/api/trust", s.handleTrust)
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		webapi.Errorf(w, http.StatusNotFound, "no such API: %s", r.URL.Path)
	})
	for prefix, h := range c.Mounts {
		switch {
		case len(prefix) < 3 || prefix[0] != '/' || prefix[len(prefix)-1] != '/' || strings.ContainsAny(prefix, "{} \t"):
			return nil, fmt.Errorf("web: mount %q: a prefix is a path like /rooms/", prefix)
		case prefix == "/static/" || prefix == "/api/" || prefix == "/play/":
			return nil, fmt.Errorf("web: mount %q: the server's own path", prefix)
		case h == nil:
			return nil, fmt.Errorf("web: mount %q: no handler", prefix)
		}
		s.mounted[prefix] = true
		s.mux.Handle(prefix, http.StripPrefix(strings.TrimSuffix(prefix, "/"), h))
	}
	s.mux.HandleFunc("/", s.notFound)
	return s, nil
}

// notFound is the page of a path the server does not have.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	s.errorPage(w, r, http.StatusNotFound, "There is no page here.")
}

// errorPage answers a request for a page (not the API) with the lab's
// error page of status, saying msg: a person followed a link here. It
// carries the server's own pages' headers, whoever calls it (the guard
// calls it before the server has set them).
func (s *Server) errorPage(w http.ResponseWriter, r *http.Request, status int, msg string) {
	h := w.Header()
	h.Del("Content-Length")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", pageCSP)
	w.WriteHeader(status)
	heading := http.StatusText(status) // "Not Found", said "Not found"
	heading = heading[:1] + strings.ToLower(heading[1:])
	s.render(w, "error.html", pageData{Heading: heading, Message: msg})
}

// pageCSP is the Content-Security-Policy of the server's own responses:
// its own files only, no inline script (a name or record shown on a page
// cannot become code), never framed.
const pageCSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// navSections lists the sections served (Play always, the others when
// mounted), then other mounts by path. A static site has Play only.
func navSections(mounts map[string]http.Handler, static bool) []Section {
	out := slices.Clone(sections)
	for i := range out {
		_, ok := mounts[out[i].Path]
		out[i].Here = i == 0 || ok && !static
	}
	var extra []string
	for p := range mounts {
		if !slices.ContainsFunc(sections, func(s Section) bool { return s.Path == p }) {
			extra = append(extra, p)
		}
	}
	slices.Sort(extra)
	for _, p := range extra {
		out = append(out, Section{Path: p, Title: strings.Trim(p, "/"), Here: !static})
	}
	return out
}

// ServeHTTP serves the pages, the API and the mounted pages, every
// request through the guard (webapi.Guard: this server's Host only, no
// cross-origin writes, the secret for external programs).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.front.ServeHTTP(w, r)
}

// Routes returns every pattern the server serves, its own and each
// mounted page's under its prefix ("POST /rooms/api/rooms"), for the
// test that sends each what an attacker would. A mounted handler without
// a Routes method is listed by its prefix alone.
func (s *Server) Routes() []string {
	var out []string
	for _, p := range s.mux.Routes() {
		h, ok := s.cfg.Mounts[p]
		if !s.mounted[p] || !ok {
			out = append(out, p)
			continue
		}
		lister, ok := h.(interface{ Routes() []string })
		if !ok {
			out = append(out, p)
			continue
		}
		for _, sub := range lister.Routes() {
			method, path, found := strings.Cut(sub, " ")
			if !found {
				method, path = "", sub
			} else {
				method += " "
			}
			out = append(out, method+strings.TrimSuffix(p, "/")+path)
		}
	}
	return out
}

// serve serves a request the guard let in (which set the headers every
// response carries, webapi.SetHeaders). Every response of the server's
// own paths (pages, files, errors, API) carries pageCSP and may not be
// framed at all (a mounted page is framed by the lab's pages only: Runs
// frames its reports).
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	if _, pattern := s.mux.Handler(r); !s.mounted[pattern] {
		h.Set("X-Frame-Options", "DENY")
		h.Set("Content-Security-Policy", pageCSP)
	}
	s.mux.ServeHTTP(w, r)
}

// Close stops every session's bot and closes the mounted pages that have
// a Close method (Runs stops its jobs, saving what finished).
func (s *Server) Close() {
	var ids []string
	s.sessions.Each(func(id string, _ *live) { ids = append(ids, id) })
	for _, id := range ids {
		s.sessions.Remove(id)
	}
	for _, h := range s.cfg.Mounts {
		if c, ok := h.(interface{ Close() }); ok {
			c.Close()
		}
	}
}

// pageData is what the page templates read.
type pageData struct {
	Sections []Section
	// Static is set for the page `make web` writes: no server, the
	// engine in WebAssembly.
	Static bool
	Help   string
	// Base is where the page's script and style are, Home the home
	// page's address.
	Base, Home string
	// Heading and Message are an error page's (error.html).
	Heading, Message string
}

func (s *Server) page(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		s.render(w, name, pageData{})
	}
}

// render writes the page of template name, given d (an error page's
// heading and message) and the server's sections and paths.
func (s *Server) render(w http.ResponseWriter, name string, d pageData) {
	var b bytes.Buffer
	d.Sections, d.Help, d.Base, d.Home = s.sections, playHelp, "/static/", "/"
	if err := s.pages.ExecuteTemplate(&b, name, d); err != nil {
		webapi.Error(w, http.StatusInternalServerError, "rendering the page: "+err.Error())
		return
	}
	w.Write(b.Bytes())
}
