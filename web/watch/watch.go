// Package watch serves the "Watch" page of nzsc serve: bots play a game
// (any registered game and seat count) from a seed and the page steps through it turn by turn, or a game
// record (uploaded, or picked from a run's games log) is stepped through
// the same way, narrated as nzsc replay narrates it (play.Narrate's
// words for two-player NZSC).
//
// A Handler is safe for concurrent use. Bot games are bounded (MaxPlays
// at once); only built-in bots play unless AllowExec is set; games logs
// are read through runs.Root, never outside the runs directory.
package watch

import (
	"bufio"
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"runtime"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games" // records of any registered game replay
	"github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
	"github.com/nzsclab/nzsc/web/playapi"
	"github.com/nzsclab/nzsc/web/runs"
	"github.com/nzsclab/nzsc/web/webapi"
)

//go:embed page
var page embed.FS

// Options configure the watch handler. The zero value is usable.
type Options struct {
	// Runs, when set, is the runs directory whose games logs the page
	// offers (nzsc serve --runs).
	Runs *runs.Root
	// AllowExec lets the page name exec: bots (nzsc serve --allow-exec).
	AllowExec bool
	// MaxPlays bounds the bot games played at once (default 2).
	MaxPlays int
}

// Handler serves the page and its JSON API under its own prefix.
type Handler struct {
	opt   Options
	slots chan struct{}
	mux   *webapi.Mux
}

// New returns the watch handler. Mount it with its prefix stripped:
//
//	mux.Handle("/watch/", http.StripPrefix("/watch", watch.New(watch.Options{Runs: runsHandler.Root()})))
func New(o Options) *Handler {
	if o.MaxPlays <= 0 {
		o.MaxPlays = 2
	}
	h := &Handler{opt: o, slots: make(chan struct{}, o.MaxPlays), mux: webapi.NewMux()}
	sub, _ := fs.Sub(page, "page")
	h.mux.Handle("/", webapi.Static(sub))
	h.mux.HandleFunc("GET /api/bots", h.bots)
	h.mux.HandleFunc("GET /api/specs", runs.ServeSpecs)
	h.mux.HandleFunc("GET /api/games", h.gameList)
	// Playing, narrating and reading a log take a core each: at most one
	// per core at once, whoever asks.
	busy := webapi.NewGate(runtime.GOMAXPROCS(0))
	h.mux.HandleFunc("POST /api/play", busy.Gated(h.play))
	h.mux.HandleFunc("POST /api/record", busy.Gated(h.record))
	h.mux.HandleFunc("GET /api/runs", busy.Gated(h.runs))
	h.mux.HandleFunc("GET /api/runs/{run}/games", busy.Gated(h.games))
	h.mux.HandleFunc("GET /api/runs/{run}/games/{index}", busy.Gated(h.game))
	return h
}

// Routes returns the patterns the handler serves, under its own prefix
// (webapi.Mux): the server lists them with every page's.
func (h *Handler) Routes() []string { return h.mux.Routes() }

// ServeHTTP implements http.Handler. A path left without its leading
// slash by http.StripPrefix("/watch/", …) is served as well.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	webapi.Rooted(h.mux).ServeHTTP(w, r)
}

// Game is a game as the page steps through it: the record, and the
// narration cut into steps. Header, then every step's Text, then End is
// exactly what nzsc replay (play.Replay) prints for the record.
type Game struct {
	// Title is the game's full name, Label its name at the record's
	// table as every page names it (game.Label).
	Title string `json:"title"`
	Label string `json:"label"`
	// StepNoun names what a step of the game is, by the game contract
	// (game.Info.Simultaneous, game.Action): "turn" in a simultaneous
	// game (NZSC: every seat to act chooses at once), "action" in one
	// where one seat acts at a time (NPZR, whose turn is several
	// actions).
	StepNoun string       `json:"step_noun"`
	Header   string       `json:"header"`
	Steps    []Step       `json:"steps"`
	End      string       `json:"end"`
	Record   *game.Record `json:"record"`
	// TurnCap is the game's turn cap (its rules' turn_cap: turns, all
	// phases counted in NZSC, both players' turns in NPZR; 0 when the
	// game has none), and Capped says that the game ended there, a draw
	// (SPEC: a game that reaches the cap is a draw). Such a game loops
	// (two copies of one deterministic bot may clash on every pick), so
	// the page says so when it opens, rather than leave the viewer
	// stepping through a thousand repeated turns to learn it.
	TurnCap int  `json:"turn_cap,omitempty"`
	Capped  bool `json:"capped,omitempty"`
}

// Step is one step of a game.
type Step struct {
	Turn int `json:"turn"`
	// Names are the seats' actions by name ("" for a seat that did not
	// decide).
	Names []string `json:"names"`
	// Text is the step's narration.
	Text string `json:"text"`
	// Score is the points by seat after the step (NZSC).
	Score []int `json:"score,omitempty"`
	// State is seat 0's observation after the step (the game's JSON
	// form: characters, boosters, waits, destroyed moves).
	State json.RawMessage `json:"state,omitempty"`
}

// Narrate replays r through its game and cuts play.Tell's narration of
// it into steps. A record whose game is unknown, or whose moves do not
// give its result, is an error.
func Narrate(r *game.Record) (*Game, error) {
	if err := r.Check(); err != nil {
		return nil, err
	}
	g, err := game.Build(r.Game, r.Seats, r.Rules)
	if err != nil {
		return nil, err
	}
	out := &Game{Title: g.Info().Title, Label: game.Label(g.Info().Name, g.Seats()), StepNoun: stepNoun(g.Info()), Record: r, Steps: []Step{}}
	var last game.State
	out.Header, out.End, err = play.Tell(g, r, func(turn int, s *game.Step, text string) {
		last = s.After
		st := Step{Turn: turn, Names: s.Names, Text: text}
		st.State, _ = json.Marshal(s.After.Observe(0))
		switch a := s.After.(type) {
		case *nzsc.GameState:
			st.Score = []int{a.State.Points(0), a.State.Points(1)}
		case *nzscn.GameState:
			for i := range r.Seats {
				st.Score = append(st.Score, a.State.Points(i))
			}
		}
		out.Steps = append(out.Steps, st)
	})
	if err != nil {
		return nil, err
	}
	out.TurnCap, out.Capped = cappedAt(g, last)
	return out, nil
}

// cappedAt returns g's turn cap and whether st, a game's last state,
// ended there: over, nobody won, and its turns (NPZR's are several
// steps each) have reached the cap.
func cappedAt(g game.Game, st game.State) (int, bool) {
	limit, err := strconv.Atoi(g.Rules()["turn_cap"])
	if err != nil || limit <= 0 {
		return 0, false
	}
	if st == nil || !st.Over() {
		return limit, false
	}
	if o := st.Outcome(); !o.Draw() {
		return limit, false
	}
	turns := st.Turn()
	if o, ok := st.Observe(0).(*npzr.Observation); ok {
		turns = o.Turns
	}
	return limit, turns >= limit
}

// stepNoun names a step of a game of info (Game.StepNoun).
func stepNoun(info *game.Info) string {
	if info.Simultaneous {
		return "turn"
	}
	return "action"
}

func (h *Handler) bots(w http.ResponseWriter, r *http.Request) {
	runs.ServeBots(w, r, h.opt.AllowExec)
}

// gameList is GET /api/games: every game and seat count, with its bots
// (the same list as the Runs page's).
func (h *Handler) gameList(w http.ResponseWriter, r *http.Request) {
	webapi.JSON(w, runs.GamesFor(webapi.ExecAllowed(r, h.opt.AllowExec)))
}

// PlayRequest is the body of POST /api/play: the game and its number of
// players (two-player NZSC when empty), a bot spec for each seat and a
// seed (decimal or 0x hex; empty is 1).
type PlayRequest struct {
	Game    string   `json:"game,omitempty"`
	Players int      `json:"players,omitempty"`
	Bots    []string `json:"bots"`
	Seed    string   `json:"seed,omitempty"`
	// Link says that the page asks by itself, from its address, not on
	// the person's Play: each bot is held to playapi.LinkAllows.
	Link bool `json:"link,omitempty"`
}

// Play plays one game of gameName at players seats ("" and 0: two-player
// NZSC) between bots from seed and returns its record, as a run's games
// log would hold it.
func Play(ctx context.Context, gameName string, players int, specs []string, seed uint64, allowExec bool) (*game.Record, error) {
	return playGame(ctx, gameName, players, specs, seed, allowExec, false)
}

// playGame is Play, for a game asked for by a link when link is set: its
// bots are held to playapi.LinkAllows before any is built.
func playGame(ctx context.Context, gameName string, players int, specs []string, seed uint64, allowExec, link bool) (*game.Record, error) {
	if gameName == "" {
		gameName = agents.DefaultGame
	}
	if players == 0 {
		players = 2
	}
	g, err := game.Build(gameName, players, nil)
	if err != nil {
		return nil, err
	}
	if len(specs) != g.Seats() {
		return nil, fmt.Errorf("want %d bots, got %d", g.Seats(), len(specs))
	}
	seats := make([]agents.Player, len(specs))
	rec := game.NewRecord(g, seed, nil)
	defer func() {
		for _, p := range seats {
			if p == nil {
				continue
			}
			if c := agents.CloserOf(p); c != nil {
				c.Close()
			}
		}
	}()
	for i, s := range specs {
		b, err := runs.ParseBot(g.Info().Name, g.Seats(), strings.TrimSpace(s), allowExec)
		if err != nil {
			return nil, err
		}
		if link {
			if err := playapi.LinkAllows(b); err != nil {
				return nil, err
			}
		}
		if seats[i], err = b.NewPlayer(); err != nil {
			return nil, err
		}
		rec.Bots = append(rec.Bots, b.Name())
	}
	t := agents.NewPlayerTable()
	t.Record = true
	// The bots think for this request only: when ctx ends (the client
	// left, the server stops) they stop, and the cut game is no game.
	t.SetContext(ctx)
	res := t.Play(g, seed, seats)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	roundrobin.FillRecord(rec, t, &res)
	return rec, nil
}

func (h *Handler) play(w http.ResponseWriter, r *http.Request) {
	var req PlayRequest
	if !webapi.Decode(w, r, 4096, &req) {
		return
	}
	seed := uint64(1)
	if req.Seed != "" {
		var err error
		if seed, err = game.ParseSeed(req.Seed); err != nil {
			webapi.Error(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	select {
	case h.slots <- struct{}{}:
	default:
		webapi.Error(w, http.StatusServiceUnavailable, "games are being played for others: try again in a moment")
		return
	}
	rec, err := playGame(r.Context(), strings.TrimSpace(req.Game), req.Players, req.Bots, seed, webapi.ExecAllowed(r, h.opt.AllowExec), req.Link)
	<-h.slots
	if err != nil {
		// A program refused is forbidden, as on the Play page, so that
		// the page can tell it from a mistake in the request.
		status := http.StatusBadRequest
		if errors.Is(err, agents.ErrExec) || errors.Is(err, playapi.ErrLink) {
			status = http.StatusForbidden
		}
		webapi.Error(w, status, err.Error())
		return
	}
	h.narrated(w, rec)
}

func (h *Handler) narrated(w http.ResponseWriter, rec *game.Record) {
	out, err := Narrate(rec)
	if err != nil {
		webapi.Error(w, http.StatusBadRequest, "the game record does not replay: "+err.Error())
		return
	}
	webapi.JSON(w, out)
}

// record steps through an uploaded game record (one line of a games
// log).
func (h *Handler) record(w http.ResponseWriter, r *http.Request) {
	var rec game.Record
	if !webapi.Decode(w, r, webapi.MaxBody, &rec) {
		return
	}
	h.narrated(w, &rec)
}

func (h *Handler) runs(w http.ResponseWriter, r *http.Request) {
	out := []runs.Summary{}
	if h.opt.Runs != nil {
		list, err := h.opt.Runs.List()
		if err != nil {
			runs.WriteError(w, err)
			return
		}
		for _, s := range list {
			if s.GamesLog {
				out = append(out, s)
			}
		}
	}
	webapi.JSON(w, out)
}

// GameLine is one game of a games log as the list shows it.
type GameLine struct {
	Index  int      `json:"index"`
	Bots   []string `json:"bots"`
	Seed   string   `json:"seed"`
	Places []int    `json:"places"`
	Winner int      `json:"winner"`
	Steps  int      `json:"steps"`
	// StepNoun names what a step of the game is (Game.StepNoun): the
	// list says "53 actions" of an NPZR game, as its page counts them,
	// not "53 turns".
	StepNoun string `json:"step_noun"`
	Turns    bool   `json:"turns"`
}

// maxList bounds a page of the games list; maxIndex how far into a log a
// request may read (a log is read from its start).
const (
	maxList  = 200
	maxIndex = 10_000_000
)

var errEnough = errors.New("enough")

// readLog calls visit for the records of run's games log from index
// from on, until visit returns false. The records before from are
// skipped as lines, not decoded (a log is compressed, so it is read from
// its start, but a line costs a scan, not a parse), and the reading
// stops when ctx ends (the client left).
func (h *Handler) readLog(ctx context.Context, run string, from int, visit func(i int, r *game.Record) bool) error {
	if h.opt.Runs == nil {
		return &runs.Error{Status: http.StatusNotFound, Msg: "this server has no runs directory"}
	}
	rd, err := h.opt.Runs.GamesLog(run)
	if err != nil {
		return err
	}
	defer rd.Close()
	return readRecords(ctx, rd, run, from, visit)
}

// readRecords calls visit for the records of the games log rd of run
// from index from on, until visit returns false (readLog). Every read of
// rd first looks at ctx: a log may hold gigabytes of blank lines or one
// huge line (a run directory is data, and a gzip file of megabytes
// unpacks to such), which neither the records counted nor visit would
// ever see, and it is read only while its client waits.
func readRecords(ctx context.Context, rd io.Reader, run string, from int, visit func(i int, r *game.Record) bool) error {
	br := bufio.NewReaderSize(ctxReader{ctx, rd}, 64<<10)
	if err := skipRecords(ctx, br, from); err != nil {
		return fmt.Errorf("%s games log: %w", run, err)
	}
	i := from
	err := results.ReadRecordsFrom(br, run+" games log", func(r *game.Record) error {
		defer func() { i++ }()
		if !visit(i, r) {
			return errEnough
		}
		return ctx.Err()
	})
	if errors.Is(err, errEnough) {
		return nil
	}
	return err
}

// ctxReader reads r until ctx ends, then fails with ctx's error.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// skipRecords reads past n records of a games log (its lines that are
// not blank, as results.ReadRecordsFrom counts them), or to its end.
func skipRecords(ctx context.Context, br *bufio.Reader, n int) error {
	for seen := 0; seen < n; {
		blank := true
		for {
			chunk, err := br.ReadSlice('\n')
			if len(bytes.TrimSpace(chunk)) > 0 {
				blank = false
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err == io.EOF {
				return nil
			}
			if err != nil {
				return err
			}
			break
		}
		if !blank {
			seen++
			if seen%4096 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
		}
	}
	return nil
}

func intParam(r *http.Request, name string, def, max int) (int, error) {
	s := r.URL.Query().Get(name)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > max {
		return 0, fmt.Errorf("%s: want a whole number from 0 to %d", name, max)
	}
	return n, nil
}

func (h *Handler) games(w http.ResponseWriter, r *http.Request) {
	from, err := intParam(r, "from", 0, maxIndex)
	if err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	n, err := intParam(r, "n", 50, maxList)
	if err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	out := []GameLine{}
	more := false
	err = h.readLog(r.Context(), r.PathValue("run"), from, func(i int, rec *game.Record) bool {
		if len(out) == n {
			more = true
			return false
		}
		noun := "step"
		if info, err := game.Lookup(rec.Game); err == nil {
			noun = stepNoun(info)
		}
		out = append(out, GameLine{Index: i, Bots: rec.Bots, Seed: rec.Seed, Places: rec.Result.Places,
			Winner: rec.Result.Winner, Steps: rec.Result.Steps, StepNoun: noun, Turns: rec.Turns != nil})
		return true
	})
	if err != nil {
		runs.WriteError(w, err)
		return
	}
	webapi.JSON(w, struct {
		Games []GameLine `json:"games"`
		More  bool       `json:"more"`
	}{out, more})
}

func (h *Handler) game(w http.ResponseWriter, r *http.Request) {
	idx, err := strconv.Atoi(r.PathValue("index"))
	if err != nil || idx < 0 || idx > maxIndex {
		webapi.Errorf(w, http.StatusBadRequest, "game index: want a whole number from 0 to %d", maxIndex)
		return
	}
	var found *game.Record
	err = h.readLog(r.Context(), r.PathValue("run"), idx, func(_ int, rec *game.Record) bool {
		found = rec
		return false
	})
	switch {
	case err != nil:
		runs.WriteError(w, err)
	case found == nil:
		webapi.Errorf(w, http.StatusNotFound, "run %s's games log has no game %d", r.PathValue("run"), idx)
	default:
		h.narrated(w, found)
	}
}
