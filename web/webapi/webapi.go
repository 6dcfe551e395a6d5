// Package webapi holds what every handler of `nzsc serve` shares: the
// guard in front of every page (Guard: host, the lab's page's proof for
// every state change, the secret for programs, the headers of every
// answer), one-line JSON errors, request bodies read with a bound, a
// bounded store of live objects (play sessions, rooms, jobs) that forgets
// idle ones, and a mux that lists its routes (Mux). It exists so that
// each page's handlers enforce the same limits the same way.
package webapi

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"
)

// MaxBody is the largest request body any handler reads (a game record
// upload is the largest legitimate one).
const MaxBody = 1 << 20

// Error writes status with a one-line JSON body {"error": msg}. It is the
// only way handlers report a bad request, so a client never sees a stack
// trace or an HTML error page.
func Error(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	b, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{msg})
	w.Write(append(b, '\n'))
}

// Errorf is Error with a format.
func Errorf(w http.ResponseWriter, status int, format string, a ...any) {
	Error(w, status, fmt.Sprintf(format, a...))
}

// JSON writes v as the 200 response.
func JSON(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		Error(w, http.StatusInternalServerError, "encoding the response: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(append(b, '\n'))
}

// Decode reads a JSON request body of at most max bytes (MaxBody when max
// is 0) into v, refusing unknown fields and trailing data. On failure it
// has already written a 4xx response and returns false.
func Decode(w http.ResponseWriter, r *http.Request, max int64, v any) bool {
	if max <= 0 {
		max = MaxBody
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, max))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case errors.As(err, &tooBig):
			Errorf(w, http.StatusRequestEntityTooLarge, "request body over %d bytes", max)
		case errors.Is(err, io.EOF):
			Error(w, http.StatusBadRequest, "empty request body: JSON expected")
		default:
			Error(w, http.StatusBadRequest, "bad JSON in request body: "+err.Error())
		}
		return false
	}
	if dec.More() {
		Error(w, http.StatusBadRequest, "bad JSON in request body: trailing data")
		return false
	}
	return true
}

// ErrFull is returned by Store.Add when the store holds its maximum.
var ErrFull = errors.New("too many at once: try again later")

// Store holds up to Max live objects by id and forgets those not used for
// Idle. Handlers look objects up by the id a client sends; a forgotten or
// unknown id is simply not found.
type Store[T any] struct {
	Max  int
	Idle time.Duration
	// IdleFor, when set, is an object's own idle limit in place of Idle
	// (a room nobody joined goes sooner than one in play). It is called
	// under the store's lock, so it must not call the store or wait.
	IdleFor func(T) time.Duration
	// Close, when set, is called (outside the lock) on each object the
	// store forgets, so a session can stop its bot or a job its run.
	Close func(T)

	mu    sync.Mutex
	items map[string]*entry[T]
	now   func() time.Time // the clock; tests replace it
}

type entry[T any] struct {
	v    T
	used time.Time
}

// NewStore makes a store of at most max objects that forgets an object
// after idle without use.
func NewStore[T any](max int, idle time.Duration) *Store[T] {
	return &Store[T]{Max: max, Idle: idle, items: map[string]*entry[T]{}, now: time.Now}
}

// Add stores v under id, first forgetting idle objects; it fails with
// ErrFull when the store is still at its maximum, and replaces an
// existing object with the same id.
func (s *Store[T]) Add(id string, v T) error {
	gone := s.expire()
	defer s.closeAll(gone)
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.items[id]; !ok && len(s.items) >= s.Max {
		return ErrFull
	}
	s.items[id] = &entry[T]{v: v, used: s.now()}
	return nil
}

// Get returns the object under id and marks it used.
func (s *Store[T]) Get(id string) (T, bool) {
	gone := s.expire()
	defer s.closeAll(gone)
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.items[id]
	if !ok {
		var zero T
		return zero, false
	}
	e.used = s.now()
	return e.v, true
}

// Remove forgets id, calling Close on its object.
func (s *Store[T]) Remove(id string) {
	s.mu.Lock()
	e, ok := s.items[id]
	delete(s.items, id)
	s.mu.Unlock()
	if ok && s.Close != nil {
		s.Close(e.v)
	}
}

// Len is the number of live objects.
func (s *Store[T]) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.items)
}

// Count forgets idle objects and returns how many of the live ones
// keep holds (called under the store's lock; it must not call the
// store).
func (s *Store[T]) Count(keep func(T) bool) int {
	gone := s.expire()
	defer s.closeAll(gone)
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, e := range s.items {
		if keep(e.v) {
			n++
		}
	}
	return n
}

// Each calls f on every live object (in no order) under the store's
// lock; f must not call the store.
func (s *Store[T]) Each(f func(id string, v T)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, e := range s.items {
		f(id, e.v)
	}
}

func (s *Store[T]) expire() []T {
	s.mu.Lock()
	defer s.mu.Unlock()
	var gone []T
	now := s.now()
	for id, e := range s.items {
		idle := s.Idle
		if s.IdleFor != nil {
			idle = s.IdleFor(e.v)
		}
		if now.Sub(e.used) > idle {
			gone = append(gone, e.v)
			delete(s.items, id)
		}
	}
	return gone
}

func (s *Store[T]) closeAll(gone []T) {
	if s.Close == nil {
		return
	}
	for _, v := range gone {
		s.Close(v)
	}
}

// PageCSP is the Content-Security-Policy of the pages Static serves:
// their own files only (frames included: the Runs page frames a report
// from its own API).
const PageCSP = "default-src 'self'; img-src 'self' data:; frame-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'"

// Static serves a page's embedded files for GET and HEAD, and the lab's
// lab.js (LabJS) and lab.css (LabStyle) beside them; it answers
// anything else a JSON error: 404 for an unknown API path (under /api/),
// 405 for another method. Registered at "/" beside a page's
// method-specific API patterns, it is what a request none of them
// matches gets, so the API never answers with an HTML or plain-text
// error.
//
// The page's index.html starts with the lab's top, {{template "top"
// TITLE}} (assets/top.html: the head, the page's two stylesheets and
// the lab's header), and is rendered once, here: a page that cannot be
// rendered is the program's mistake, and panics.
func Static(fsys fs.FS) http.Handler {
	files := NotFoundAs(http.FileServerFS(fsys), NotFoundPage)
	index, err := renderIndex(fsys)
	if err != nil {
		panic("webapi: " + err.Error())
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/" && index != nil && (r.Method == http.MethodGet || r.Method == http.MethodHead):
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Content-Security-Policy", PageCSP)
			http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(index))
		case r.URL.Path == "/lab.js" && (r.Method == http.MethodGet || r.Method == http.MethodHead):
			LabJS.ServeHTTP(w, r)
		case r.URL.Path == "/lab.css" && (r.Method == http.MethodGet || r.Method == http.MethodHead):
			w.Header().Set("Content-Type", "text/css; charset=utf-8")
			http.ServeContent(w, r, "lab.css", time.Time{}, bytes.NewReader(LabStyle))
		case strings.HasPrefix(r.URL.Path, "/api/"):
			Errorf(w, http.StatusNotFound, "no API %s %s", r.Method, r.URL.Path)
		case r.Method != http.MethodGet && r.Method != http.MethodHead:
			w.Header().Set("Allow", "GET, HEAD")
			Errorf(w, http.StatusMethodNotAllowed, "method %s not allowed here", r.Method)
		default:
			// The pages load nothing from elsewhere and run no inline
			// script: a name or record shown on them cannot become code.
			w.Header().Set("Content-Security-Policy", PageCSP)
			files.ServeHTTP(w, r)
		}
	})
}

// topHTML defines the template "top" every page's index.html starts
// with.
//
//go:embed assets/top.html
var topHTML string

// renderIndex renders fsys's index.html (nil when it has none) after
// the lab's top.
func renderIndex(fsys fs.FS) ([]byte, error) {
	src, err := fs.ReadFile(fsys, "index.html")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	t, err := template.New("index.html").Parse(topHTML)
	if err == nil {
		t, err = t.Parse(string(src))
	}
	var b bytes.Buffer
	if err == nil {
		err = t.Execute(&b, nil)
	}
	return b.Bytes(), err
}

// NotFoundAs serves files (a file server) but answers its 404s (a file
// the page does not have: /watch/nosuch, /static/%2e%2e/web.go) with
// page, the lab's Not found page, instead of the file server's "404
// page not found" in plain text.
func NotFoundAs(files http.Handler, page http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		files.ServeHTTP(&notFoundWriter{ResponseWriter: w, r: r, page: page}, r)
	})
}

// notFoundWriter passes a file server's answer through, but for a 404,
// which it answers with page.
type notFoundWriter struct {
	http.ResponseWriter
	r        *http.Request
	page     http.HandlerFunc
	notFound bool
}

func (n *notFoundWriter) WriteHeader(status int) {
	if status == http.StatusNotFound && !n.notFound {
		n.notFound = true
		n.page(n.ResponseWriter, n.r)
		return
	}
	n.ResponseWriter.WriteHeader(status)
}

func (n *notFoundWriter) Write(b []byte) (int, error) {
	if n.notFound {
		return len(b), nil // the file server's plain text, replaced
	}
	return n.ResponseWriter.Write(b)
}

// NotFoundPage answers 404 with the lab's small "Not found" page (as the
// server's own paths answer), for a browser that followed a wrong link
// into a mounted page (/rooms/x, /watch/a/b): its stylesheet and its
// links are relative to the page's start, wherever it is mounted, so it
// looks like the page it is under. The headers already set (the
// guard's, the page's policy) are kept; the API's paths answer JSON
// errors instead.
func NotFoundPage(w http.ResponseWriter, r *http.Request) {
	// The page's start, relative to the path asked for: one "../" for
	// each directory below it (the escaped path: an encoded slash is not
	// a directory to the browser).
	depth := max(strings.Count(r.URL.EscapedPath(), "/")-1, 0)
	start := strings.Repeat("../", min(depth, notFoundDepth))
	if start == "" {
		start = "./"
	}
	h := w.Header()
	h.Del("Content-Length")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	if h.Get("Content-Security-Policy") == "" {
		h.Set("Content-Security-Policy", PageCSP)
	}
	w.WriteHeader(http.StatusNotFound)
	if depth > notFoundDepth {
		// No page is that deep: a person did not type it, and its links
		// would be three times its length.
		fmt.Fprint(w, notFoundBareHTML)
		return
	}
	fmt.Fprintf(w, notFoundHTML, start, start, start, start)
}

// notFoundDepth is the deepest path NotFoundPage links back from; a
// deeper one gets the page without links, so that the answer's size does
// not grow with the request's.
const notFoundDepth = 32

// notFoundBareHTML is the Not found page without its links.
const notFoundBareHTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Not found · NZSC Lab</title>
</head>
<body>
<main>
<h1>Not found</h1>
<p>There is no page here.</p>
</main>
</body>
</html>
`

// notFoundHTML is NotFoundPage's page, given the page's start four
// times (its two stylesheets, the lab's home above it, the page's start).
const notFoundHTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not found · NZSC Lab</title>
<link rel="stylesheet" href="%slab.css">
<link rel="stylesheet" href="%sstyle.css">
</head>
<body>
<header><a href="%s../">NZSC Lab</a></header>
<main>
<h1>Not found</h1>
<p>There is no page here. <a href="%s">Back to the start</a>.</p>
</main>
</body>
</html>
`

// Rooted serves h with every path starting with "/", so that a page's
// handler works whether it is mounted with http.StripPrefix("/p", h) or
// http.StripPrefix("/p/", h), which leaves "api/..." without its slash.
func Rooted(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/") {
			r2 := *r
			u := *r.URL
			u.Path = "/" + u.Path
			if u.RawPath != "" {
				u.RawPath = "/" + u.RawPath
			}
			r2.URL = &u
			r = &r2
		}
		h.ServeHTTP(w, r)
	})
}

// Gate bounds how many requests do one costly thing at once (a bot's
// move, a narration, a run listing): a request waits for a place while
// its client is there, at most Wait, and is then told the server is
// busy. It keeps a burst of requests, or one page's flood of them, from
// taking every core.
type Gate struct {
	places chan struct{}
	// Wait bounds the wait for a place (default 10 s), and for room to
	// send an answer.
	Wait time.Duration
	// sending holds the bytes of the answers being sent, at most
	// sendMax (MaxSending).
	sending *semaphore.Weighted
	sendMax int64
	// receiving holds the bytes of the request bodies read before a
	// place is taken, at most recvMax (MaxReceiving).
	receiving *semaphore.Weighted
	recvMax   int64
}

// MaxReceiving bounds the bytes of a gate's request bodies being read at
// once (Gated): a body is read before its request takes a place, so that
// a client dripping it (up to the server's read timeout, 30 s) holds no
// place, which two such clients of Watch's record upload did, shutting
// everyone out of the page for as long as they kept dripping. A body is
// counted by its Content-Length (MaxBody when it gives none); one that
// finds no room within Wait is 503.
const MaxReceiving = 64 << 20

// MaxSending bounds the bytes of a gate's answers being sent at once
// (Gated): an answer is sent after its place is given back, so that a
// client that never reads it holds no place, but then it is kept in
// memory until the client has it, and without a bound clients that
// read nothing would pile up answers (a Watch narration of a long
// record is 15 MB) until the write timeout. An answer that finds no
// room within Wait is 503; one larger than the bound takes all of it.
const MaxSending = 256 << 20

// NewGate returns a gate of n places (at least 1).
func NewGate(n int) *Gate {
	return &Gate{places: make(chan struct{}, max(n, 1)), Wait: 10 * time.Second, sending: semaphore.NewWeighted(MaxSending), sendMax: MaxSending,
		receiving: semaphore.NewWeighted(MaxReceiving), recvMax: MaxReceiving}
}

// Enter takes a place for r. When none frees up in time, or the client
// leaves, it writes 503 (or nothing, to a client gone) and reports false;
// otherwise the caller must Leave.
func (g *Gate) Enter(w http.ResponseWriter, r *http.Request) bool {
	select {
	case g.places <- struct{}{}:
		return true
	default:
	}
	t := time.NewTimer(g.Wait)
	defer t.Stop()
	select {
	case g.places <- struct{}{}:
		return true
	case <-r.Context().Done():
		return false
	case <-t.C:
		w.Header().Set("Retry-After", "5")
		Errorf(w, http.StatusServiceUnavailable, "the server is busy (%d requests of this kind at once): try again", cap(g.places))
		return false
	}
}

// Leave gives back the place Enter took.
func (g *Gate) Leave() { <-g.places }

// Gated serves h through g. The place is held while h works, neither
// while the request's body arrives nor while the answer is sent: the
// body is read first (MaxReceiving), h writes into memory, and the
// answer goes to the client after the place is given back
// (MaxSending). A client that drips its body, or reads its answer
// slowly or never (a narration of a long record is megabytes, more
// than the sockets' buffers), holds its own connection until the
// server's timeouts, not a place: two such clients used to shut
// everyone out of Watch.
func (g *Gate) Gated(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		received := func() {}
		if r.Body != nil && r.Body != http.NoBody {
			n := r.ContentLength
			if n < 0 || n > MaxBody {
				n = MaxBody
			}
			n = min(n, g.recvMax)
			if !g.room(w, r, g.receiving, n) {
				return
			}
			// Given back once the handler is done with the body, or
			// when no place is found.
			received = sync.OnceFunc(func() { g.receiving.Release(n) })
			defer received()
			// At most MaxBody (the guard bounds it too); an error (the
			// bound, the client gone) is the handler's to read.
			body, err := io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
			if err == nil && int64(len(body)) > MaxBody {
				err = &http.MaxBytesError{Limit: MaxBody}
			}
			r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(body), errReader{err}))
		}
		if !g.Enter(w, r) {
			return
		}
		b := &bufferedAnswer{header: w.Header().Clone()}
		func() {
			defer g.Leave()
			h(b, r)
		}()
		received()
		if n := min(int64(b.body.Len()), g.sendMax); n > 0 {
			if !g.room(w, r, g.sending, n) {
				return
			}
			defer g.sending.Release(n)
		}
		if b.status == 0 {
			b.status = http.StatusOK
		}
		clear(w.Header())
		maps.Copy(w.Header(), b.header)
		w.WriteHeader(b.status)
		w.Write(b.body.Bytes())
	}
}

// room takes n bytes of sem for r, waiting at most Wait. When no room
// frees up in time, or the client leaves, it writes 503 (or nothing, to
// a client gone) and reports false; otherwise the caller must release
// them.
func (g *Gate) room(w http.ResponseWriter, r *http.Request, sem *semaphore.Weighted, n int64) bool {
	ctx, cancel := context.WithTimeout(r.Context(), g.Wait)
	err := sem.Acquire(ctx, n)
	cancel()
	if err == nil {
		return true
	}
	if r.Context().Err() == nil {
		w.Header().Set("Retry-After", "5")
		Error(w, http.StatusServiceUnavailable, "the server is busy (other clients' requests or answers are on their way): try again")
	}
	return false
}

// errReader fails every read with err, or ends (err nil).
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	return 0, io.EOF
}

// bufferedAnswer is an http.ResponseWriter that keeps the answer in
// memory (Gated), its headers a copy of the real writer's until it is
// sent.
type bufferedAnswer struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (b *bufferedAnswer) Header() http.Header { return b.header }

func (b *bufferedAnswer) WriteHeader(status int) {
	if b.status == 0 {
		b.status = status
	}
}

func (b *bufferedAnswer) Write(p []byte) (int, error) {
	if b.status == 0 {
		b.status = http.StatusOK
	}
	return b.body.Write(p)
}

// Mux is an http.ServeMux that remembers its patterns, so that the
// server can list every route it serves (Routes) and a test can send
// each one what an attacker would: a route added later is in the list
// without anyone copying it there.
type Mux struct {
	http.ServeMux
	patterns []string
}

// NewMux returns an empty Mux.
func NewMux() *Mux { return &Mux{} }

// Handle registers h for pattern, as http.ServeMux.Handle.
func (m *Mux) Handle(pattern string, h http.Handler) {
	m.ServeMux.Handle(pattern, h)
	m.patterns = append(m.patterns, pattern)
}

// HandleFunc registers f for pattern, as http.ServeMux.HandleFunc.
func (m *Mux) HandleFunc(pattern string, f func(http.ResponseWriter, *http.Request)) {
	m.Handle(pattern, http.HandlerFunc(f))
}

// Routes returns the patterns registered, in their order.
func (m *Mux) Routes() []string { return slices.Clone(m.patterns) }
