package web

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/web/playapi"
	"github.com/nzsclab/nzsc/web/webapi"
)

// playHelp is what the Play page says a person may type, in any game.
const playHelp = `Click a choice, or type it: case and spaces do not matter. In NZSC a typed
name that is not one of the choices offered costs waits, as in the original
game; in NPZR a number picks the action legal lists with it.
` + play.Commands

// live is one play session behind the API; its lock serializes a
// client's requests (a double click sends two answers at once).
type live struct {
	mu sync.Mutex
	s  *play.Session
	// notes are the bots' notes (agents.Note: optimal solving a cold
	// cache, resolve solving its first pick: seconds with nothing else
	// to show) said during the request in progress or the last one, each
	// once. noteMu guards them apart from mu, which that request holds
	// while the page reads them (GET /api/play/{id}/notes).
	noteMu sync.Mutex
	notes  []string
	// release gives back what the session holds of the server's budgets
	// (a place among the sessions against resolve); never nil.
	release func()
}

// notesFor returns ctx carrying l's note taker (agents.WithNotes), its
// notes cleared for a new request.
func (l *live) notesFor(ctx context.Context) context.Context {
	l.noteMu.Lock()
	l.notes = nil
	l.noteMu.Unlock()
	return agents.WithNotes(ctx, func(msg string) {
		msg = remoteNote(msg)
		l.noteMu.Lock()
		defer l.noteMu.Unlock()
		if !slices.Contains(l.notes, msg) {
			l.notes = append(l.notes, msg)
		}
	})
}

// remoteNote is a bot's note as a remote player sees it: without the
// server's directories, which a note may name for the person at the
// terminal (optimal: "it will be cached in /root/.cache/nzsc/...") and
// which tell a remote player about the server's file system.
func remoteNote(msg string) string {
	if dir, err := os.UserCacheDir(); err == nil && len(dir) > 1 {
		msg = strings.ReplaceAll(msg, filepath.Join(dir, "nzsc")+string(filepath.Separator), "the server's cache, as ")
		msg = strings.ReplaceAll(msg, dir, "the server's cache")
	}
	if dir, err := os.UserHomeDir(); err == nil && len(dir) > 1 {
		msg = strings.ReplaceAll(msg, dir, "the server's home")
	}
	return msg
}

// saidNotes returns the notes of the request in progress or the last one.
func (l *live) saidNotes() []string {
	l.noteMu.Lock()
	defer l.noteMu.Unlock()
	return append([]string{}, l.notes...)
}

func (l *live) close() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.s.Close()
	l.release()
}

// maxResolveSessions bounds the sessions against resolve kept at once:
// each solves the whole game at its first pick (seconds of CPU) and
// keeps it for the session's life, about 65 MB at the shared rules
// (larger rules are refused: playapi.checkSolve). A session gives its
// place back when it ends (the page left, or idle for Config.Idle).
const maxResolveSessions = 4

// maxRaisedSessions bounds the sessions kept at once against a bot
// with parameters a link may not name (playapi.Where.Raised): a search
// bot keeps its search's storage for the session's life, so 1000
// sessions against mcts:iters=10000000 (139 MB each, its tree's cap) or
// ismcts:iters=10000000 (hundreds of MB, no cap) would hold far more
// memory than a machine has. Four hold at most a few GB; the bots at
// their defaults keep a few MB and are bounded by the sessions' count.
const maxRaisedSessions = 4

// sessionPlaces counts the sessions of one kind the server keeps at
// once, at most max.
type sessionPlaces struct {
	mu        sync.Mutex
	held, max int
}

// budget returns the take of one place for a new session (full, when
// none is left) and its release (once; a no-op when it took none).
func (p *sessionPlaces) budget(full func() error) (take func() error, release func()) {
	taken := false
	take = func() error {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.held >= p.max {
			return full()
		}
		p.held++
		taken = true
		return nil
	}
	release = sync.OnceFunc(func() {
		if taken {
			p.mu.Lock()
			p.held--
			p.mu.Unlock()
		}
	})
	return take, release
}

// sessionBudgets returns playapi.Where's Resolve and Raised for one new
// session, and the release of the places it takes.
func (s *Server) sessionBudgets() (resolve, raised func() error, release func()) {
	resolve, releaseResolve := s.resolving.budget(func() error {
		return fmt.Errorf("resolve: %w: %d games against resolve are being played, the most this server keeps at once (each holds the solved game); try again when one ends, or play another bot", playapi.ErrBusy, maxResolveSessions)
	})
	raised, releaseRaised := s.raised.budget(func() error {
		return fmt.Errorf("%w: %d games against bots with raised parameters are being played, the most this server keeps at once (a search bot keeps its search's storage, up to hundreds of MB, while its game lasts); try again when one ends, or play a bot at its defaults", playapi.ErrBusy, maxRaisedSessions)
	})
	return resolve, raised, func() { releaseResolve(); releaseRaised() }
}

// maxPageVariants bounds the rules variants, none larger than the shared
// rules, that pages may have optimal solve in one server's life: each is
// seconds of CPU, up to about 100 MB kept in memory and a file in the
// cache (playapi.Where.Solve).
const maxPageVariants = 4

// variantBudget is playapi.Where.Solve: a variant already let through
// may be played again; a new one only while fewer than maxPageVariants
// have been.
func (s *Server) variantBudget(variant string) error {
	s.variantMu.Lock()
	defer s.variantMu.Unlock()
	if s.variants[variant] {
		return nil
	}
	if len(s.variants) >= maxPageVariants {
		return fmt.Errorf("optimal: %w: this server has solved %d rules variants for pages, the most it keeps; play another bot, or solve it on the server first (nzsc solve game %s)", playapi.ErrSolve, maxPageVariants, variant)
	}
	if s.variants == nil {
		s.variants = map[string]bool{}
	}
	s.variants[variant] = true
	return nil
}

// handleNew is POST /api/play.
func (s *Server) handleNew(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		webapi.Error(w, http.StatusMethodNotAllowed, "POST a new game: {\"game\": GAME, \"players\": N, \"seat\": SEAT, \"opponent\": SPEC, \"seed\": SEED}")
		return
	}
	var req playapi.NewRequest
	if !webapi.Decode(w, r, 4096, &req) {
		return
	}
	if t := req.Ticket; t != "" && (len(t) < 16 || len(t) > 64 || strings.Trim(t, "0123456789abcdef") != "") {
		webapi.Error(w, http.StatusBadRequest, "ticket: want 16 to 64 lower-case hex digits")
		return
	}
	resolve, raised, release := s.sessionBudgets()
	sess, err := playapi.NewSession(req, playapi.Where{AllowExec: webapi.ExecAllowed(r, s.cfg.AllowExec), Solve: s.variantBudget, Resolve: resolve, Raised: raised}, randomUint64)
	if err != nil {
		release()
		status := http.StatusBadRequest
		switch {
		case errors.Is(err, playapi.ErrExec) || errors.Is(err, playapi.ErrLink) || errors.Is(err, playapi.ErrSolve):
			status = http.StatusForbidden
		case errors.Is(err, playapi.ErrBusy):
			status = http.StatusServiceUnavailable
			w.Header().Set("Retry-After", "60")
		}
		webapi.Error(w, status, err.Error())
		return
	}
	l := &live{s: sess, release: release}
	id := s.newID()
	if err := s.sessions.Add(id, l); err != nil {
		l.close()
		webapi.Error(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	if req.Ticket != "" {
		// The page polls the notes of a slow start under its ticket.
		s.startMu.Lock()
		s.starting[req.Ticket] = l
		s.startMu.Unlock()
		defer func() {
			s.startMu.Lock()
			delete(s.starting, req.Ticket)
			s.startMu.Unlock()
		}()
	}
	l.mu.Lock()
	sess.SetContext(l.notesFor(r.Context()))
	reply, err := sess.Start()
	sess.SetContext(context.Background()) // the request is over: no stop to watch
	l.mu.Unlock()
	if err != nil {
		s.sessions.Remove(id)
		webapi.Error(w, http.StatusBadGateway, err.Error())
		return
	}
	webapi.JSON(w, playapi.NewReply{ID: id, Reply: reply})
}

// handleAnswer is POST /api/play/{id} (an answer) and DELETE (the person
// leaves: the session ends and its bot stops).
func (s *Server) handleAnswer(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	l, ok := s.sessions.Get(id)
	if !ok {
		webapi.Error(w, http.StatusNotFound, "no such game (it may have ended or been idle too long): start a new one")
		return
	}
	switch r.Method {
	case http.MethodDelete:
		s.sessions.Remove(id)
		w.WriteHeader(http.StatusNoContent)
		return
	case http.MethodPost:
	default:
		webapi.Error(w, http.StatusMethodNotAllowed, "POST an answer: {\"answer\": LINE}, or DELETE to leave")
		return
	}
	var req playapi.AnswerRequest
	if !webapi.Decode(w, r, 1024, &req) {
		return
	}
	if len(req.Answer) > playapi.MaxAnswer || strings.ContainsAny(req.Answer, "\n\r") {
		webapi.Errorf(w, http.StatusBadRequest, "an answer is one line of at most %d bytes", playapi.MaxAnswer)
		return
	}
	l.mu.Lock()
	if l.s.Over() {
		l.mu.Unlock()
		webapi.Error(w, http.StatusConflict, "this session is over: start a new one")
		return
	}
	// The bots think for this client only: if it leaves, they stop.
	l.s.SetContext(l.notesFor(r.Context()))
	reply, err := l.s.Answer(req.Answer)
	l.s.SetContext(context.Background()) // the request is over: no stop to watch
	l.mu.Unlock()
	if err != nil {
		s.sessions.Remove(id)
		webapi.Error(w, http.StatusBadGateway, err.Error())
		return
	}
	webapi.JSON(w, reply)
}

// handleNotes is GET /api/play/{id}/notes: the bots' notes said during
// the session's request in progress (or its last), {"notes": [...]}, which
// the page polls while an answer is slow to come back and shows on its
// question line. It does not wait for that request. While a session
// starts, id may be the ticket its page drew (a bot deciding first).
func (s *Server) handleNotes(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		webapi.Error(w, http.StatusMethodNotAllowed, "GET the notes")
		return
	}
	s.startMu.Lock()
	l, ok := s.starting[r.PathValue("id")]
	s.startMu.Unlock()
	if !ok {
		l, ok = s.sessions.Get(r.PathValue("id"))
	}
	if !ok {
		webapi.Error(w, http.StatusNotFound, "no such game (it may have ended or been idle too long)")
		return
	}
	webapi.JSON(w, playapi.Notes{Notes: l.saidNotes()})
}

// handleRecord is GET /api/play/{id}/record: the last finished game as a
// game record (one JSON line, as nzsc play --record writes), a download.
func (s *Server) handleRecord(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		webapi.Error(w, http.StatusMethodNotAllowed, "GET the record")
		return
	}
	l, ok := s.sessions.Get(r.PathValue("id"))
	if !ok {
		webapi.Error(w, http.StatusNotFound, "no such game (it may have ended or been idle too long)")
		return
	}
	l.mu.Lock()
	rec := l.s.Record()
	l.mu.Unlock()
	if rec == nil {
		webapi.Error(w, http.StatusNotFound, "no game finished yet: a record is kept when a game ends")
		return
	}
	b, err := playapi.RecordLine(rec)
	if err != nil {
		webapi.Error(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", playapi.RecordName(rec)))
	w.Write(b)
}

// handleBots is GET /api/bots[?game=G&players=N]: the bots that may sit
// at a table of that game (default two-player NZSC).
func (s *Server) handleBots(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		webapi.Error(w, http.StatusMethodNotAllowed, "GET the list of bots")
		return
	}
	name, players := r.URL.Query().Get("game"), 2
	if name == "" {
		name = agents.DefaultGame
	}
	if p := r.URL.Query().Get("players"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil {
			webapi.Errorf(w, http.StatusBadRequest, "players=%q: want a number", p)
			return
		}
		players = n
	}
	if _, err := game.Build(name, players, nil); err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	webapi.JSON(w, playapi.Bots(name, players, playapi.Where{AllowExec: webapi.ExecAllowed(r, s.cfg.AllowExec), Solve: s.variantBudget}))
}

// handleGames is GET /api/games: every game and number of players the
// page offers, with their bots.
func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		webapi.Error(w, http.StatusMethodNotAllowed, "GET the list of games")
		return
	}
	webapi.JSON(w, playapi.Games(playapi.Where{AllowExec: webapi.ExecAllowed(r, s.cfg.AllowExec), Solve: s.variantBudget}))
}

// handleTrust is GET /api/trust: {"trusted": true} when the request
// carries the server's secret (webapi.Trusted). lab.js asks it before it
// keeps a secret a link brings, so that a link from anywhere with a
// #secret= of its own cannot replace the one the person holds.
func (s *Server) handleTrust(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet {
		webapi.Error(w, http.StatusMethodNotAllowed, "GET whether the request's secret is the server's")
		return
	}
	webapi.JSON(w, struct {
		Trusted bool `json:"trusted"`
	}{webapi.Trusted(r)})
}

func randomID() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

func randomUint64() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}
