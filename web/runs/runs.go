// Package runs serves the "Runs" page of nzsc serve: the run directories
// under a root, each with its report (the report package's HTML page for
// a two-player tournament, its text otherwise), and jobs that start a
// match, tournament or sequential test (sprt) of built-in bots from the
// page, with live progress (a test's LLR against its bounds) and a Stop
// button that saves what finished, as Ctrl-C does for nzsc tournament.
//
// Run directories are served read-only and only through os.Root (type
// Root), so no request path reaches outside the root. Running jobs are
// bounded by a webapi.Store. A Handler is safe for concurrent use.
package runs

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"  // jobs of NPZR: its bots
	_ "github.com/nzsclab/nzsc/agents/nzsc"  // jobs of two-player NZSC: its bots
	_ "github.com/nzsclab/nzsc/agents/nzscn" // jobs of NZSC for 3 or 4 players: their bots
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/games"
	"github.com/nzsclab/nzsc/internal/crash"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
	"github.com/nzsclab/nzsc/web/webapi"
)

//go:embed page
var page embed.FS

// Options configure the runs handler.
type Options struct {
	// Dir is the root of the run directories (nzsc serve --runs; the
	// command's default is ./runs). It need not exist until a job
	// creates it.
	Dir string
	// AllowExec lets a job name exec: bots (nzsc serve --allow-exec);
	// without it only built-in bots start from the page.
	AllowExec bool
	// MaxJobs bounds the jobs kept at once, running or finished (default
	// 2); Workers is each job's worker count (default 1); Idle is how
	// long a job nobody asks about is kept (default 24 hours; a running
	// job forgotten is stopped, its finished games saved).
	MaxJobs int
	Workers int
	Idle    time.Duration
	// MaxGames bounds the games per pairing a job may ask for (default
	// 1,000,000), MaxRunGames the games of its whole run, every pairing
	// or table (default 1,000,000): what one request can make the server
	// play and keep on disk (the run's full games log, about 50 bytes a
	// game of two-player NZSC and 200 of NPZR, compressed). The commands
	// have no such bound.
	MaxGames    int64
	MaxRunGames int64
	// Version is recorded in the manifests of the runs jobs start.
	Version string
}

// Handler serves the page and its JSON API under its own prefix.
type Handler struct {
	opt  Options
	root *Root
	jobs *webapi.Store[*job]
	mux  *webapi.Mux
	// reports keeps rendered reports while their runs do not change.
	reports reportCache
	// rendering is held by the one report rendering under way: one
	// report's bootstrap solves its replicates on every CPU
	// (analysis.EachReplicate), so renderings side by side would share
	// the CPUs for no speed and each hold its replicates' memory.
	rendering chan struct{}
	// startMu makes choosing a job's directory and adding it atomic,
	// and guards closed.
	startMu sync.Mutex
	closed  bool
	// disk reports the free space and size of the runs directory's file
	// system (diskSpace; tests replace it).
	disk func(dir string) (free, size uint64, ok bool)
}

// minFree is the free space a new run leaves on the runs directory's
// file system, at least: 1 GiB, or a twentieth of the file system when
// that is more. Every run the page starts stays on disk (a million games of
// NZSC, the most one may play: 34 MB, in 10 s), and the jobs' bound
// (two at once) bounds none of that: a program calling the API could
// start run after run until the machine's disk was full.
func minFree(size uint64) uint64 { return max(1<<30, size/20) }

// Close stops every running job and returns when each has saved what it
// finished, as nzsc tournament does on Ctrl-C; no job starts after it.
// nzsc serve calls it when it shuts down.
func (h *Handler) Close() {
	h.startMu.Lock()
	h.closed = true
	h.startMu.Unlock()
	var js []*job
	h.jobs.Each(func(_ string, j *job) { js = append(js, j) })
	for _, j := range js {
		j.cancel()
		j.stopTail() // its tables are nzsc report's to write, its counts saved
	}
	for _, j := range js {
		<-j.done
	}
}

// New returns the runs handler. Mount it with its prefix stripped:
//
//	mux.Handle("/runs/", http.StripPrefix("/runs", runs.New(runs.Options{Dir: "runs"})))
func New(o Options) *Handler {
	if o.Dir == "" {
		o.Dir = "runs"
	}
	if o.MaxJobs <= 0 {
		o.MaxJobs = 2
	}
	if o.Workers <= 0 {
		o.Workers = 1
	}
	if o.Idle <= 0 {
		o.Idle = 24 * time.Hour
	}
	if o.MaxGames <= 0 {
		o.MaxGames = 1_000_000
	}
	if o.MaxRunGames <= 0 {
		o.MaxRunGames = 1_000_000
	}
	h := &Handler{opt: o, root: &Root{Path: o.Dir}, jobs: webapi.NewStore[*job](o.MaxJobs, o.Idle), mux: webapi.NewMux(), disk: diskSpace,
		rendering: make(chan struct{}, 1)}
	h.jobs.Close = func(j *job) {
		j.cancel()
		j.stopTail()
	}
	sub, _ := fs.Sub(page, "page")
	h.mux.Handle("/", webapi.Static(sub))
	// Listing and reporting read run directories of any size: at most
	// one per core at once, whoever asks; of them, one report rendering
	// at a time (rendering).
	busy := webapi.NewGate(runtime.GOMAXPROCS(0))
	h.mux.HandleFunc("GET /api/runs", busy.Gated(h.list))
	h.mux.HandleFunc("GET /api/runs/{run}", busy.Gated(h.run))
	h.mux.HandleFunc("GET /api/runs/{run}/report.html", busy.Gated(h.reportHTML))
	h.mux.HandleFunc("GET /api/runs/{run}/report.txt", busy.Gated(h.reportText))
	h.mux.HandleFunc("GET /api/runs/{run}/files/{path...}", h.file)
	h.mux.HandleFunc("GET /api/bots", h.bots)
	h.mux.HandleFunc("GET /api/specs", ServeSpecs)
	h.mux.HandleFunc("GET /api/games", h.games)
	h.mux.HandleFunc("GET /api/jobs", h.listJobs)
	h.mux.HandleFunc("POST /api/jobs", h.start)
	h.mux.HandleFunc("GET /api/jobs/{job}", h.jobStatus)
	h.mux.HandleFunc("POST /api/jobs/{job}/stop", h.stop)
	return h
}

// Root returns the handler's runs directory, for the Watch page's games
// logs.
func (h *Handler) Root() *Root { return h.root }

// Routes returns the patterns the handler serves, under its own prefix
// (webapi.Mux): the server lists them with every page's.
func (h *Handler) Routes() []string { return h.mux.Routes() }

// ServeHTTP implements http.Handler. Paths with dot segments, empty
// segments, backslashes or encoded slashes are refused before routing:
// they name nothing a page links to, and ServeMux would otherwise
// redirect them elsewhere.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	webapi.Rooted(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if msg := badPath(r); msg != "" {
			webapi.Error(w, http.StatusBadRequest, msg)
			return
		}
		h.mux.ServeHTTP(w, r)
	})).ServeHTTP(w, r)
}

// badPath returns why the request's path is refused, naming it as the
// request gave it, or "".
func badPath(r *http.Request) string {
	why := ""
	raw := strings.ToLower(r.URL.RawPath)
	p := r.URL.Path
	switch {
	case strings.Contains(raw, "%2f") || strings.Contains(raw, "%5c"):
		why = "an encoded slash"
	case strings.ContainsAny(p, "\\\x00"):
		why = "a backslash or NUL"
	default:
		for i, seg := range strings.Split(p[1:], "/") {
			if seg == "." || seg == ".." || seg == "" && i < strings.Count(p, "/")-1 {
				why = "an empty or dot segment"
			}
		}
	}
	if why == "" {
		return ""
	}
	return fmt.Sprintf("bad path %s: %s", named(r.URL.EscapedPath()), why)
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	list, err := h.root.List()
	if err != nil {
		WriteError(w, err)
		return
	}
	running := h.running()
	for i := range list {
		list[i].Running = running[list[i].Name]
	}
	webapi.JSON(w, struct {
		Dir  string    `json:"dir"`
		Runs []Summary `json:"runs"`
	}{h.root.Path, list})
}

// running returns the runs that jobs are playing now.
func (h *Handler) running() map[string]bool {
	out := map[string]bool{}
	h.jobs.Each(func(_ string, j *job) {
		if j.status().State == stateRunning {
			out[j.run] = true
		}
	})
	return out
}

// Detail is one run as its page shows it.
type Detail struct {
	Summary
	Command []string `json:"command"`
	// Report is "html" when report.html renders the run, "text" when
	// only report.txt does.
	Report string   `json:"report"`
	Files  []string `json:"files"`
	Resume string   `json:"resume,omitempty"`
}

func (h *Handler) run(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("run")
	m, _, err := h.root.Load(name)
	if err != nil {
		WriteError(w, err)
		return
	}
	// Every kind of run has its page (report.Tail).
	d := Detail{Summary: summaryOf(name, m, h.root.logInside(name, m)), Command: m.Command, Report: "html"}
	d.Running = h.running()[name]
	if !m.Complete && !d.Running {
		d.Resume = resumeCommand(m.Kind, h.root.Path, name)
	}
	if f, err := h.root.OpenFile(name, "."); err == nil {
		entries, _ := f.ReadDir(-1)
		f.Close()
		for _, e := range entries {
			if !strings.HasPrefix(e.Name(), ".") {
				d.Files = append(d.Files, e.Name())
			}
		}
		slices.Sort(d.Files)
	}
	webapi.JSON(w, d)
}

// WriteError answers err with its status (StatusOf: an Error's own,
// 500 for any other) and its one-line message.
func WriteError(w http.ResponseWriter, err error) {
	webapi.Error(w, StatusOf(err), err.Error())
}

// renderReport renders run's report in format ("html" or "table")
// through the handler's cache, one rendering at a time (rendering), for
// a request that waits until leave is closed (its context's Done: the
// client gone, the server stopping).
func (h *Handler) renderReport(leave <-chan struct{}, run, format string) ([]byte, error) {
	return h.reports.get(leave, h.root, run, format, func(stop <-chan struct{}) ([]byte, error) {
		select {
		case h.rendering <- struct{}{}:
			defer func() { <-h.rendering }()
		case <-stop:
			return nil, errNobodyWaits
		}
		m, c, err := h.root.Load(run)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if format == "html" {
			err = tail(&b, report.End{Manifest: m, Counts: &c.Tournament, Format: "html", Options: report.Options{Top: report.DefaultTop}, Done: stop})
		} else {
			err = Text(&b, m, c, stop)
		}
		return b.Bytes(), err
	})
}

// serveReport writes run's report in format, or its error.
func (h *Handler) serveReport(w http.ResponseWriter, r *http.Request, format string) ([]byte, bool) {
	b, err := h.renderReport(r.Context().Done(), r.PathValue("run"), format)
	if err != nil {
		WriteError(w, err)
		return nil, false
	}
	return b, true
}

// reportHTML serves the run's HTML page (report.Tail).
func (h *Handler) reportHTML(w http.ResponseWriter, r *http.Request) {
	b, ok := h.serveReport(w, r, "html")
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	// The Runs page shows the report in a frame: allowed from this site
	// only (a server that sets X-Frame-Options: DENY for every page
	// has it replaced here).
	w.Header().Set("X-Frame-Options", "SAMEORIGIN")
	w.Header().Set("Content-Security-Policy", reportCSP(b))
	w.Write(b)
}

// reportCSP is the Content-Security-Policy of a run's HTML report: it
// loads nothing (report.Tail's page is self-contained) and runs its one
// script, the last of the page (the tables' sorting), allowed by its
// hash. The report is this origin's page and shows names a run was
// given: were one ever to slip out unescaped as a script, it would run
// with the lab's token and secret; under this policy it does not run.
func reportCSP(page []byte) string {
	script := "'none'"
	if i, j := bytes.LastIndex(page, []byte("<script>")), bytes.LastIndex(page, []byte("</script>")); i >= 0 && j > i {
		sum := sha256.Sum256(page[i+len("<script>") : j])
		script = "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src " + script +
		"; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
}

func (h *Handler) reportText(w http.ResponseWriter, r *http.Request) {
	b, ok := h.serveReport(w, r, "table")
	if !ok {
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b)
}

// Text renders a run's text report from its manifest and counts, as
// nzsc report prints it for each kind of run; done, when closed, stops
// it (report.End.Done).
func Text(w io.Writer, m *results.Manifest, c *results.Counts, done <-chan struct{}) error {
	return tail(w, report.End{Manifest: m, Counts: &c.Tournament, Format: "table", Options: report.Options{Top: report.DefaultTop}, Done: done})
}

// file serves one file of a run directory, read-only, through os.Root.
func (h *Handler) file(w http.ResponseWriter, r *http.Request) {
	f, err := h.root.OpenFile(r.PathValue("run"), r.PathValue("path"))
	if err != nil {
		WriteError(w, err)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		webapi.Error(w, http.StatusNotFound, "not a file")
		return
	}
	// A file of a run directory is data: never run as a page of this
	// site.
	w.Header().Set("Content-Security-Policy", "sandbox; default-src 'none'; frame-ancestors 'self'")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if ext := filepath.Ext(st.Name()); ext == ".json" || ext == ".jsonl" || ext == ".csv" || ext == ".log" || ext == ".txt" {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	}
	http.ServeContent(w, r, st.Name(), st.ModTime(), f)
}

// Bot is a bot the page offers.
type Bot struct {
	Name   string   `json:"name"`
	Help   string   `json:"help"`
	Params []string `json:"params,omitempty"`
}

// BotsFor lists the bots of game for seats players that the page may
// start: every registered one but the external-program kinds, unless
// allowExec.
func BotsFor(gameName string, seats int, allowExec bool) []Bot {
	var out []Bot
	for _, i := range agents.RegisteredForSeats(gameName, seats) {
		if i.StartsProgram() && !allowExec {
			continue
		}
		b := Bot{Name: i.Name, Help: i.Help}
		if i.Prefix {
			b.Name += ":"
		}
		for _, p := range i.Params {
			b.Params = append(b.Params, p.Name+"="+p.Default)
		}
		out = append(out, b)
	}
	return out
}

// ParseBot reads a bot spec for game at seats, refusing external
// programs and parameters naming a file on the server unless allowExec,
// before anything is built or opened (agents.ParseAllowed): otherwise
// the answer would tell a caller whether a path exists.
func ParseBot(gameName string, seats int, spec string, allowExec bool) (*agents.Bot, error) {
	return agents.ParseAllowed(gameName, seats, spec, allowExec)
}

func (h *Handler) bots(w http.ResponseWriter, r *http.Request) {
	ServeBots(w, r, h.opt.AllowExec)
}

func (h *Handler) games(w http.ResponseWriter, r *http.Request) {
	webapi.JSON(w, GamesFor(webapi.ExecAllowed(r, h.opt.AllowExec)))
}

// ServeBots answers GET /api/bots[?game=G&players=N] (Runs and Watch):
// the bots of that game and seat count (default two-player NZSC) that
// the page may start.
func ServeBots(w http.ResponseWriter, r *http.Request, allowExec bool) {
	name, players, err := GameParams(r)
	if err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	webapi.JSON(w, BotsFor(name, players, webapi.ExecAllowed(r, allowExec)))
}

// ServeSpecs is GET /api/specs?list=LIST on the pages that take a list
// of bot specs (Runs' "more bot specs" and field, Watch's bots= link):
// LIST split as nzsc tournament --bots splits it (agents.SplitSpecs, at
// commas and semicolons that begin a registered bot), so that
// mcts:iters=100,c=2 stays one spec, as on the command line; the pages
// ask rather than split, so there is one rule. A blank list is []; one
// with an empty piece (two commas in a row, one at an end) is refused
// as the command refuses it, and so is one longer than maxSpecsList.
func ServeSpecs(w http.ResponseWriter, r *http.Request) {
	list := r.URL.Query().Get("list")
	if len(list) > maxSpecsList {
		webapi.Errorf(w, http.StatusBadRequest, "list: %d bytes of bot specs, at most %d", len(list), maxSpecsList)
		return
	}
	if strings.TrimSpace(list) == "" {
		webapi.JSON(w, []string{})
		return
	}
	specs := agents.SplitSpecs(list)
	if slices.Contains(specs, "") {
		webapi.Errorf(w, http.StatusBadRequest, "list %q has an empty bot name (two commas in a row, or one at an end)", list)
		return
	}
	webapi.JSON(w, specs)
}

// maxSpecsList bounds GET /api/specs's list, which anyone who reaches
// the server may send, ungated: splitting costs time growing as the
// square of a spec's options (mcts:a=1,a=1,... of the server's 64 kB
// request line took half a second of CPU a request), and no page needs
// more (a run takes at most maxBots bots, its whole request 16 kB).
const maxSpecsList = 8 << 10

// GameParams reads ?game= and ?players= (default two-player NZSC) and
// checks that the lab has that game at that many seats.
func GameParams(r *http.Request) (name string, players int, err error) {
	name, players = strings.TrimSpace(r.URL.Query().Get("game")), 2
	if name == "" {
		name = agents.DefaultGame
	}
	if p := r.URL.Query().Get("players"); p != "" {
		if players, err = strconv.Atoi(p); err != nil {
			return "", 0, fmt.Errorf("players=%q: want a number", p)
		}
	}
	if _, err := game.Build(name, players, nil); err != nil {
		return "", 0, err
	}
	return name, players, nil
}

// GameChoice is a game and seat count the page offers, with its bots.
type GameChoice struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	Label   string `json:"label"`
	// SetGames is the games that share a seed (every seat order): games
	// per pairing are a multiple of it.
	SetGames int `json:"set_games"`
	// Openings are the balanced designs of openings the game has at
	// these seats (StartRequest.Openings; DesignsOf); none for a game
	// whose games start from deals of the seed only.
	Openings []string `json:"openings,omitempty"`
	Bots     []Bot    `json:"bots"`
}

// GamesFor lists every registered game at every seat count it has,
// two-player NZSC first (games.Registered's order), each with the bots
// BotsFor offers.
func GamesFor(allowExec bool) []GameChoice {
	var out []GameChoice
	for _, i := range games.Registered() {
		for n := i.MinSeats; n <= i.MaxSeats; n++ {
			bots := BotsFor(i.Name, n, allowExec)
			if len(bots) == 0 {
				continue
			}
			var designs []string
			if g, err := game.Build(i.Name, n, nil); err == nil {
				designs = DesignsOf(g)
			}
			out = append(out, GameChoice{Game: i.Name, Players: n, Label: game.Label(i.Name, n), SetGames: roundrobin.SetGames(n), Openings: designs, Bots: bots})
		}
	}
	return out
}

// designs are the balanced designs of openings a job may name: the
// commands' --openings designs. Their files of deal seeds or game
// records are for the commands only (a request names no file of the
// server's).
var designs = []string{roundrobin.DesignLoadouts, roundrobin.DesignCharacters}

// DesignsOf lists the designs of openings game g has, as the commands'
// --openings reads them (roundrobin.NZSCDesign, through the game
// contract): NZSC's loadouts and characters at any seat count; none for
// NPZR, whose games start from the seed's deals as a run without
// --openings does.
func DesignsOf(g game.Game) []string {
	var out []string
	for _, d := range designs {
		if _, err := roundrobin.NZSCDesign(g, d); err == nil {
			out = append(out, d)
		}
	}
	return out
}

const (
	stateRunning  = "running"
	stateFinished = "finished"
	stateStopped  = "stopped"
	stateFailed   = "failed"
)

// job is a run a request started.
type job struct {
	id, run, kind string
	cancel        context.CancelFunc
	done          chan struct{} // closed when the run has ended and saved
	// halt, closed (stopTail), stops the run's tail (report.End.Done):
	// a Stop while the tail runs, or the server's Close.
	halt     chan struct{}
	haltOnce sync.Once
	// total and base are the games the run plans and had before this
	// session; games counts the games played now.
	total, base uint64
	games       atomic.Uint64
	started     time.Time

	// test is a sequential test's settings, nil for other kinds.
	test *sprtTest

	mu      sync.Mutex
	tailing bool   // the run's games are played and its tail runs
	final   uint64 // the games saved, once ended
	state   string
	err     string
	note    string
	ended   time.Time
	sprt    *report.SPRT // a test's last look, then its result
}

// stopTail stops the job's tail, now or when it starts.
func (j *job) stopTail() { j.haltOnce.Do(func() { close(j.halt) }) }

// end stops the job as Stop does: its games, and its tail if the games
// are over (a Stop during the games leaves the tail of what finished to
// run, as Ctrl-C leaves nzsc tournament's; a second Stop ends it).
func (j *job) end() {
	j.cancel()
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.tailing {
		j.stopTail()
	}
}

// JobStatus is what a job's progress request answers.
type JobStatus struct {
	ID        string    `json:"id"`
	Run       string    `json:"run"`
	Kind      string    `json:"kind"`
	State     string    `json:"state"`
	GamesDone uint64    `json:"games_done"`
	Games     uint64    `json:"games"`
	Started   time.Time `json:"started"`
	Ended     time.Time `json:"ended,omitzero"`
	Error     string    `json:"error,omitempty"`
	// Tail says that a running job's games are over and its tail (its
	// CSV tables) is being written: a Stop now ends it.
	Tail bool `json:"tail,omitempty"`
	// Note says what a job that did not fail left undone: its tail
	// stopped, its CSV tables not written.
	Note   string `json:"note,omitempty"`
	Resume string `json:"resume,omitempty"`
	// SPRT is a sequential test's state, as nzsc sprt --format json
	// writes its result: its last look's games, LLR, counts and bounds,
	// and once it ended its verdict; nil before the first look and for
	// other kinds.
	SPRT *report.SPRT `json:"sprt,omitempty"`
}

func (j *job) status() JobStatus {
	j.mu.Lock()
	defer j.mu.Unlock()
	s := JobStatus{ID: j.id, Run: j.run, Kind: j.kind, State: j.state, GamesDone: j.base + j.games.Load(),
		Games: j.total, Started: j.started, Ended: j.ended, Error: j.err, Note: j.note, SPRT: j.sprt}
	if j.state != stateRunning {
		// Games of a chunk cut short by Stop are played but not kept.
		s.GamesDone = j.final
	} else {
		s.Tail = j.tailing
	}
	return s
}

// StartRequest is the body of POST /api/jobs.
type StartRequest struct {
	// Kind is "tournament" (a round robin of two or more bots), "match"
	// (as many bots as the game has seats) or "sprt" (a sequential test
	// of NEW against BASE, the two Bots, as nzsc sprt: SPRT holds its
	// settings, Games its most games).
	Kind string `json:"kind"`
	// Game and Players name the game and its seats ("nzsc" and 2 when
	// empty); GamesFor lists what the page offers.
	Game    string   `json:"game,omitempty"`
	Players int      `json:"players,omitempty"`
	Bots    []string `json:"bots"`
	// Games per pairing (per table at 3 or 4 seats): a positive multiple
	// of the games that share a seed (every seat order:
	// roundrobin.SetGames).
	Games int64 `json:"games"`
	// Seed, decimal or 0x hex; empty picks one.
	Seed string `json:"seed,omitempty"`
	// TC is a clock for every bot whose spec gives none, as the
	// commands' --tc: TIME+INC or MOVES/TIME+INC in seconds
	// (agents.ParseTimeControl); empty: none.
	TC string `json:"tc,omitempty"`
	// Openings names a balanced design of openings, as the commands'
	// --openings: "loadouts" or "characters" for the games that have
	// them (GameChoice.Openings); empty: each set of games starts from
	// its seed's deal.
	Openings string `json:"openings,omitempty"`
	// SPRT is a sequential test's settings (Kind "sprt").
	SPRT *SPRTRequest `json:"sprt,omitempty"`
}

// maxBots bounds a tournament's entrants (its pairings grow as n²).
const maxBots = 12

func (h *Handler) start(w http.ResponseWriter, r *http.Request) {
	var req StartRequest
	if !webapi.Decode(w, r, 16<<10, &req) {
		return
	}
	cfg, test, err := h.configOf(&req, webapi.ExecAllowed(r, h.opt.AllowExec))
	if err == nil {
		err = cfg.Check() // roundrobin.Create's own check, before it touches a file
	}
	if err != nil {
		// A program refused is not a mistake in the request: 403, as
		// Play and Watch answer it, so the page can tell the two apart.
		status := http.StatusBadRequest
		if errors.Is(err, agents.ErrExec) {
			status = http.StatusForbidden
		}
		webapi.Error(w, status, err.Error())
		return
	}
	h.startMu.Lock()
	defer h.startMu.Unlock()
	if h.closed {
		webapi.Error(w, http.StatusServiceUnavailable, "the server is shutting down")
		return
	}
	h.forgetFinished()
	if h.jobs.Len() >= h.opt.MaxJobs {
		webapi.Errorf(w, http.StatusServiceUnavailable, "%d jobs are running already: wait for one to end or stop it", h.jobs.Len())
		return
	}
	// Everything the request chose is checked (configOf, cfg.Check):
	// from here a failure is the server's (its runs directory is not
	// writable, or full), 500, naming the directory.
	first := filepath.Join(h.opt.Dir, time.Now().UTC().Format("20060102-150405")+"-"+strconv.FormatUint(cfg.Seed, 16))
	if err := os.MkdirAll(h.opt.Dir, 0o755); err != nil {
		h.cannotCreate(w, filepath.Base(first), err)
		return
	}
	if free, size, ok := h.disk(h.opt.Dir); ok && free < minFree(size) {
		webapi.Errorf(w, http.StatusInsufficientStorage, "the disk of the server's runs directory has %d MiB free, and the page starts a run only while %d MiB stay free: remove old runs, or run it with nzsc %s", free>>20, minFree(size)>>20, req.Kind)
		return
	}
	// A free name, its games log's too (the same rule as the commands'
	// runs/<UTC time>-<seed>).
	out := results.FreshPath(first, ".games.jsonl.gz")
	name := filepath.Base(out)
	games := "--games"
	if test != nil {
		games = "--max-games"
	}
	cmd := []string{"nzsc", req.Kind, "--game", cfg.Game.Info().Name, "--players", strconv.Itoa(cfg.Game.Seats()),
		games, strconv.FormatInt(req.Games, 10), "--seed", fmt.Sprintf("%#x", cfg.Seed)}
	switch req.Kind {
	case results.KindMatch, results.KindSPRT:
		cmd = append(cmd, req.Bots...)
	default:
		cmd = append(cmd, "--bots", strings.Join(req.Bots, ";"))
	}
	if test != nil {
		cmd = append(cmd, sprtArgs(req.SPRT)...)
	}
	if req.TC != "" {
		cmd = append(cmd, "--tc", req.TC)
	}
	if req.Openings != "" {
		cmd = append(cmd, "--openings", req.Openings)
	}
	// The games log lies beside the run directory (which starts empty),
	// inside the root, where the Watch page finds it.
	log := out + ".games.jsonl.gz"
	cmd = append(cmd, "--out", out, "--games-log", log)
	spec := roundrobin.NewRun{Out: out, Kind: req.Kind, Command: cmd, Version: h.opt.Version,
		GamesLog: log, GamesLogLevel: results.LevelFull}
	if test != nil {
		spec.SPRT = test.st
	}
	rd, err := createRun(cfg, spec)
	if err != nil {
		h.cannotCreate(w, name, err)
		return
	}
	// External bots (with AllowExec) log into this job's run directory:
	// settings of its own, so that concurrent jobs do not share them.
	exec := agents.DefaultExecSettings()
	exec.LogDir = filepath.Join(rd.Dir.Path, "bots")
	for _, b := range cfg.Bots {
		b.Exec = &exec
	}
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{id: name, run: name, kind: req.Kind, cancel: cancel, done: make(chan struct{}), halt: make(chan struct{}), total: rd.Manifest.GamesPlanned, base: rd.Manifest.GamesDone,
		started: time.Now().UTC(), state: stateRunning, test: test}
	if err := h.jobs.Add(j.id, j); err != nil {
		cancel()
		// Nothing played: remove what Create made.
		os.RemoveAll(out)
		os.Remove(log)
		webapi.Error(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	go h.play(ctx, j, rd)
	webapi.JSON(w, j.status())
}

// createRun makes a job's run directory and games log; tests replace it
// to make the file system fail (the tests run as root, whom permissions
// do not stop).
var createRun = roundrobin.Create

// cannotCreate answers a run that the server could not create in its
// runs directory (500): one line naming the directory, the run and the
// system's reason, with no other path of the server's.
func (h *Handler) cannotCreate(w http.ResponseWriter, run string, err error) {
	webapi.Errorf(w, http.StatusInternalServerError, "the server cannot create run %s in its runs directory %s: %s", run, h.opt.Dir, cleanErr(err, h.opt.Dir))
}

// configOf checks a start request and builds its run's config, and a
// sequential test's settings for kind sprt; external programs only when
// allowExec (webapi.ExecAllowed). It writes req.TC, req.Openings and
// req.SPRT.Model in their normal forms.
func (h *Handler) configOf(req *StartRequest, allowExec bool) (*roundrobin.Config, *sprtTest, error) {
	name, players := strings.TrimSpace(req.Game), req.Players
	if name == "" {
		name = agents.DefaultGame
	}
	if players == 0 {
		players = 2
	}
	g, err := game.Build(name, players, nil)
	if err != nil {
		return nil, nil, err
	}
	cfg := &roundrobin.Config{Game: g, Gauntlet: -1}
	switch req.Kind {
	case results.KindTournament:
		if len(req.Bots) < g.Seats() || len(req.Bots) > maxBots {
			return nil, nil, fmt.Errorf("a tournament of %d players needs %d to %d bots, got %d", g.Seats(), g.Seats(), maxBots, len(req.Bots))
		}
	case results.KindMatch:
		if len(req.Bots) != g.Seats() {
			return nil, nil, fmt.Errorf("a match of %d players needs %d bots, got %d", g.Seats(), g.Seats(), len(req.Bots))
		}
		cfg.HeadToHead = true
	case results.KindSPRT:
		// NEW and BASE, and the field at 3 or 4 players: below, as
		// nzsc sprt reads them.
	default:
		return nil, nil, fmt.Errorf("kind %q: want tournament, match or sprt", req.Kind)
	}
	specs := make([]string, len(req.Bots))
	for i, spec := range req.Bots {
		specs[i] = strings.TrimSpace(spec)
	}
	if req.Kind == results.KindSPRT {
		// A test's bots as nzsc sprt reads them (one reader): NEW and
		// BASE, then the field of the other seats, copies of BASE by
		// default; one spec may play itself, as on the command line.
		var field []string
		if req.SPRT != nil {
			for _, f := range req.SPRT.Field {
				field = append(field, strings.TrimSpace(f))
			}
			req.SPRT.Field = field
		}
		if specs, err = roundrobin.SPRTSpecs(g.Seats(), specs, field); err != nil {
			return nil, nil, fmt.Errorf("sprt: %w", err)
		}
	}
	// The clock, read as the commands read --tc (one parser), and
	// written back in its normal form for the run's command line.
	if req.TC = strings.TrimSpace(req.TC); req.TC != "" {
		tc, err := agents.ParseTimeControl(req.TC)
		if err != nil {
			return nil, nil, fmt.Errorf("clock: %w", err)
		}
		req.TC = tc.String()
		specs = agents.WithClock(g.Info().Name, g.Seats(), specs, tc)
	}
	for _, spec := range specs {
		b, err := ParseBot(g.Info().Name, g.Seats(), spec, allowExec)
		if err != nil {
			return nil, nil, err
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	// Two bots of one name, refused as the commands refuse them
	// (agents.CheckNames): one spec may be listed twice. A match's
	// copies at 3 or 4 seats are named as nzsc match names them
	// (random, random2: agents.NameCopies), a tournament's at every
	// size as nzsc tournament does (agents.NumberCopies).
	switch err := agents.CheckNames(cfg.Bots, true); {
	case err != nil && req.Kind == results.KindSPRT:
		return nil, nil, fmt.Errorf("sprt: %w", err)
	case err != nil:
		return nil, nil, err
	case req.Kind == results.KindMatch:
		if cfg.Bots, err = agents.NameCopies(cfg.Bots, g); err != nil {
			return nil, nil, err
		}
	case req.Kind == results.KindTournament:
		if cfg.Bots, err = agents.NumberCopies(cfg.Bots, g); err != nil {
			return nil, nil, err
		}
	}
	// A sequential test is set up as nzsc sprt sets it up: its
	// settings, its bots, its most games and batch even, seat-swapped
	// pairs of NEW and BASE at every seat count.
	var test *sprtTest
	var start roundrobin.Start
	games := "games per pairing"
	if req.Kind == results.KindSPRT {
		if test, start, err = newSPRT(cfg, req); err != nil {
			return nil, nil, err
		}
		games = "the most games of a sequential test"
	}
	// Games that share a seed: every seat order, or a test's pair.
	set := int64(cfg.SetGames())
	if req.Games <= 0 || req.Games%set != 0 || req.Games > h.opt.MaxGames {
		return nil, nil, fmt.Errorf("%s must be a positive multiple of %d (every seat order of a seed) and at most %d, got %d", games, set, h.opt.MaxGames, req.Games)
	}
	cfg.PairsPerPairing = uint64(req.Games / set)
	// The whole run: a tournament of 12 bots has 66 pairings, and at 4
	// players 495 tables.
	if tables := int64(len(cfg.Tables())); req.Games > h.opt.MaxRunGames/tables {
		return nil, nil, fmt.Errorf("%d %s × %d games is more than the %d games in all a run started from this page may play (nzsc %s plays more): ask for at most %d games per %s",
			tables, map[bool]string{true: "tables", false: "pairings"}[g.Seats() > 2], req.Games, h.opt.MaxRunGames, req.Kind,
			h.opt.MaxRunGames/tables/set*set, map[bool]string{true: "table", false: "pairing"}[g.Seats() > 2])
	}
	// The openings, read by the commands' --openings (one parser), but
	// a design only: anything else would name a file of the server's.
	if req.Openings = strings.TrimSpace(req.Openings); req.Openings != "" {
		if !slices.Contains(designs, req.Openings) {
			return nil, nil, fmt.Errorf("openings %q: want %s (files of openings are for the commands)", req.Openings, strings.Join(designs, " or "))
		}
		if err := cfg.SetOpenings(req.Openings, 0); err != nil {
			return nil, nil, fmt.Errorf("openings: %w", err)
		}
	}
	// The commands' chunks (a 32nd of a pairing, 4 to 512 pairs): Stop
	// saves most of what was played, and a job gives the same games as
	// the command it shows, series of a bot that learns across games
	// included (a chunk is a series).
	// A test's chunks are the command's (one pair: roundrobin.NewSPRT),
	// so that it decides where the command does.
	cfg.ChunkPairs = roundrobin.DefaultChunk(req.Games, g.Seats())
	if test != nil {
		cfg.ChunkPairs = start.Chunk
	}
	if req.Seed == "" {
		cfg.Seed = uint64(time.Now().UnixNano())
	} else if cfg.Seed, err = game.ParseSeed(req.Seed); err != nil {
		return nil, nil, err
	}
	return cfg, test, nil
}

// play runs the job to its end (or Stop) and records how it ended.
// playRun plays a job's run; tests replace it to make a run fail.
var playRun = (*roundrobin.RunDir).Play

// tail is every report the handler renders and every job's tail
// (report.Tail); tests replace it to see it stopped.
var tail = report.Tail

func (h *Handler) play(ctx context.Context, j *job, rd *roundrobin.RunDir) {
	defer close(j.done)
	opts := roundrobin.RunOptions{}
	if t := j.test; t != nil {
		// The test's looks, as nzsc sprt takes them; each tells the
		// job's status (from the runner's goroutine: under j.mu).
		verdict := analysis.Continue
		opts = rd.SPRTOptions(t.t, &verdict, func(l results.SPRTLook) {
			o := t.status(rd, []results.SPRTLook{l}, analysis.Continue, false, true)
			j.mu.Lock()
			j.sprt = o
			j.mu.Unlock()
		})
	}
	opts.Workers, opts.Progress = h.opt.Workers, &j.games
	var res roundrobin.Result
	// A panic in the job's own goroutine (the runner's, not a bot's: the
	// runner's workers catch those) fails the job rather than the server.
	err := crash.Guard(func() (err error) {
		if res, err = playRun(rd, ctx, opts); err != nil {
			return err
		}
		// The run's tail, as the command that plays it ends it: its
		// derived tables beside its counts (the page renders the report
		// on request). A fit of many bots far apart takes minutes: a
		// Stop now ends it (j.end), the tables unwritten.
		j.mu.Lock()
		j.tailing = true
		j.mu.Unlock()
		return tail(io.Discard, report.End{Dir: rd.Dir, Manifest: rd.Manifest, Counts: rd.Total(), Done: j.halt})
	})
	tailStopped := errors.Is(err, analysis.ErrStopped)
	if tailStopped {
		err = nil
	}
	var test *report.SPRT
	if t := j.test; t != nil {
		// The verdict as the run directory gives it (report.Tail's).
		st := rd.Manifest.SPRT
		test = t.status(rd, st.Looks, t.t.Final(st.Last()), res.Interrupted || !rd.Manifest.Complete, false) // failed: neither
		// A test stopped between two looks: the pairs it read and saved,
		// as nzsc sprt and nzsc report give them, not its last look's.
		test.ReadTo(t.t, st, rd.Total())
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	j.ended = time.Now().UTC()
	j.final = rd.Manifest.GamesDone
	if test != nil {
		j.sprt = test
	}
	if tailStopped {
		j.note = fmt.Sprintf("stopped in its report's tail: its games are saved, its CSV tables not written ('nzsc report %s' writes them)", shellWord(filepath.Join(h.opt.Dir, j.run)))
	}
	switch {
	case err != nil:
		j.state, j.err = stateFailed, cleanErr(err, h.opt.Dir)
	case res.Interrupted:
		j.state = stateStopped
	default:
		j.state = stateFinished
	}
	j.cancel()
}

// forgetFinished drops ended jobs from the store, so that only running
// ones count against MaxJobs (their runs stay on disk).
func (h *Handler) forgetFinished() {
	var ended []string
	h.jobs.Each(func(id string, j *job) {
		if j.status().State != stateRunning {
			ended = append(ended, id)
		}
	})
	for _, id := range ended {
		h.jobs.Remove(id)
	}
}

func (h *Handler) listJobs(w http.ResponseWriter, r *http.Request) {
	out := []JobStatus{}
	h.jobs.Each(func(_ string, j *job) { out = append(out, h.withResume(j.kind, j.status())) })
	slices.SortFunc(out, func(a, b JobStatus) int { return strings.Compare(b.ID, a.ID) })
	webapi.JSON(w, out)
}

func (h *Handler) job(w http.ResponseWriter, r *http.Request) (*job, bool) {
	j, ok := h.jobs.Get(r.PathValue("job"))
	if !ok {
		webapi.Errorf(w, http.StatusNotFound, "no job %q (its run directory keeps its results)", r.PathValue("job"))
	}
	return j, ok
}

func (h *Handler) jobStatus(w http.ResponseWriter, r *http.Request) {
	if j, ok := h.job(w, r); ok {
		webapi.JSON(w, h.withResume(j.kind, j.status()))
	}
}

func (h *Handler) withResume(kind string, s JobStatus) JobStatus {
	if s.State == stateStopped || s.State == stateFailed {
		s.Resume = resumeCommand(kind, h.opt.Dir, s.Run)
	}
	return s
}

// stop cancels a job: the run saves its finished chunks and ends
// interrupted, resumable with nzsc tournament --resume.
func (h *Handler) stop(w http.ResponseWriter, r *http.Request) {
	if j, ok := h.job(w, r); ok {
		j.end()
		webapi.JSON(w, h.withResume(j.kind, j.status()))
	}
}

// resumeCommand is the command that continues run name of kind under
// the runs directory dir, as a person pastes it into a shell: its path
// is one word (shellWord) whatever it holds. The runs directory may
// have a space in its name (--runs "My runs"), and a run directory
// copied in from elsewhere any name at all ("x; rm -rf ~"), which
// pasted unquoted would run as a command of its own.
func resumeCommand(kind, dir, name string) string {
	return "nzsc " + kind + " --resume " + shellWord(filepath.Join(dir, name))
}

// shellWord writes s as one word of a POSIX shell: as it is when it
// holds only characters no shell reads specially (the page's shell()
// rule), else between single quotes, each quote inside it ended,
// escaped with a backslash and begun again.
func shellWord(s string) string {
	plain := s != ""
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("_@%+=:,./-", c)) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
