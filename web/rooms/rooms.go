// Package rooms serves the Rooms page of nzsc serve: a room whose
// name its people pass around, for any game of the registry at any number
// of seats it offers (NZSC for 2 to 4 people, NPZR for 2). In a game
// whose seats choose at once (NZSC) each person chooses in secret and the
// server reveals the choices only when everyone who decides the step is
// in, as the original two-player site did; in a game of turns with hidden
// hands (NPZR) only the person to act decides, and each person is sent
// only that seat's observation, so a hand goes to its owner alone. The
// game is played through the game contract (package game), narrated in
// package play's words; a finished game downloads as a game record.
//
// A Handler is safe for concurrent use. Rooms are held in a bounded
// webapi.Store and forgotten when idle; a person who goes away leaves the
// room waiting, never the server.
package rooms

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/big"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/games"
	"github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
	"github.com/nzsclab/nzsc/internal/progress"
	"github.com/nzsclab/nzsc/internal/shown"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/web/webapi"
)

//go:embed page
var page embed.FS

// Options configure the rooms handler. The zero value is usable.
type Options struct {
	// MaxRooms bounds the rooms open at once (default 100) and Idle is
	// how long a room lives without a request (default 1 hour).
	MaxRooms int
	Idle     time.Duration
	// Unjoined is how long a room only its opener sits in lives without
	// a request (default 10 minutes): the opener's page asks at least
	// every MaxWait while it is open, so only a room whose page is gone
	// goes, and a room opened and left does not hold a place for Idle.
	Unjoined time.Duration
	// PerClient bounds the rooms opened from one client
	// (webapi.Client: an address, all loopback as one) open at once
	// (default 20, 429 above), so that one client cannot hold all
	// MaxRooms and keep everyone else from opening one.
	PerClient int
	// MaxWait bounds a long poll (default 25 s), under proxies' and
	// browsers' idle limits.
	MaxWait time.Duration
	// MaxPolls bounds the long polls waiting at once in all rooms
	// (default 512, over the 400 seats of 100 full rooms of four; 503
	// above), and each seat holds at most PollsPerSeat of them (429
	// above): each holds a connection for up to MaxWait, and a seat's
	// token is all it takes to send them. The bound is the seat's, not
	// the room's, so that one person's tabs never take another's places.
	MaxPolls int
}

// PollsPerSeat bounds the long polls one seat has waiting at once: a
// person's tab and its reload (whose first poll may come before the old
// tab's connection is closed). A third tab of the same person is told
// to close one (429); the others' seats keep their own places.
const PollsPerSeat = 2

// Handler serves the page and its JSON API under its own prefix.
type Handler struct {
	opt   Options
	rooms *webapi.Store[*room]
	mux   *webapi.Mux
	polls chan struct{} // a place per long poll waiting (MaxPolls)
	// opening makes counting a client's rooms and adding one a single
	// step, so that simultaneous creates cannot pass PerClient.
	opening sync.Mutex
}

// New returns the rooms handler. Mount it with its prefix stripped:
//
//	mux.Handle("/rooms/", http.StripPrefix("/rooms", rooms.New(rooms.Options{})))
func New(o Options) *Handler {
	if o.MaxRooms <= 0 {
		o.MaxRooms = 100
	}
	if o.Idle <= 0 {
		o.Idle = time.Hour
	}
	if o.Unjoined <= 0 {
		o.Unjoined = 10 * time.Minute
	}
	if o.PerClient <= 0 {
		o.PerClient = 20
	}
	if o.MaxWait <= 0 {
		o.MaxWait = 25 * time.Second
	}
	if o.MaxPolls <= 0 {
		o.MaxPolls = 512
	}
	h := &Handler{opt: o, rooms: webapi.NewStore[*room](o.MaxRooms, o.Idle), mux: webapi.NewMux(), polls: make(chan struct{}, o.MaxPolls)}
	h.rooms.Close = func(r *room) { r.close() }
	h.rooms.IdleFor = func(r *room) time.Duration {
		if r.joined.Load() {
			return o.Idle
		}
		return o.Unjoined
	}
	sub, _ := fs.Sub(page, "page")
	h.mux.Handle("/", webapi.Static(sub))
	h.mux.HandleFunc("GET /api/games", h.games)
	h.mux.HandleFunc("POST /api/rooms", h.create)
	h.mux.HandleFunc("POST /api/rooms/{room}/join", h.join)
	h.mux.HandleFunc("GET /api/rooms/{room}", h.view)
	h.mux.HandleFunc("POST /api/rooms/{room}/choose", h.choose)
	h.mux.HandleFunc("POST /api/rooms/{room}/again", h.again)
	h.mux.HandleFunc("GET /api/rooms/{room}/record", h.record)
	return h
}

// Routes returns the patterns the handler serves, under its own prefix
// (webapi.Mux): the server lists them with every page's.
func (h *Handler) Routes() []string { return h.mux.Routes() }

// Open returns how many rooms are open.
func (h *Handler) Open() int { return h.rooms.Len() }

// ServeHTTP implements http.Handler. A path left without its leading
// slash by http.StripPrefix("/rooms/", …) is served as well.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	webapi.Rooted(h.mux).ServeHTTP(w, r)
}

// room is one room: its seats and the game under way. Everything is
// guarded by mu; changed is closed (and replaced) at every change, which
// wakes the long polls.
type room struct {
	name string
	// opener is the client that opened the room (webapi.Client), which
	// it counts against; joined says whether anyone else has sat down
	// (read by the store without the room's lock).
	opener  string
	joined  atomic.Bool
	mu      sync.Mutex
	version int
	changed chan struct{}
	closed  bool

	// names, tokens and seen are by seat; a seat is free while its token
	// is "". seen is each seat's last request, to tell a person gone.
	names  []string
	tokens []string
	seen   []time.Time
	// waiting counts each seat's long polls waiting (PollsPerSeat at
	// most).
	waiting []int

	g     game.Game
	info  *game.Info
	seed  uint64
	st    game.State
	games int // games started in the room
	// picks are this step's secret choices; chosen says which are in.
	picks  []game.Action
	chosen []bool
	// turns are the steps' action names (the record's form); lines the
	// narration of the game so far, shown to everyone.
	turns [][]string
	lines []string
}

func (r *room) bump() {
	r.version++
	close(r.changed)
	r.changed = make(chan struct{})
}

func (r *room) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.closed {
		r.closed = true
		r.bump()
	}
}

// secretSeed reports whether the seed must stay hidden while a game is
// under way: in a game of chance with hidden hands (NPZR) the seed fixes
// the deck, so whoever knew it would know every hand and every draw.
func (r *room) secretSeed() bool { return r.info.Chance && r.info.Hidden }

// full reports whether every seat is taken; the caller holds mu.
func (r *room) full() bool { return !slices.Contains(r.tokens, "") }

// words is the game's narration with the people's names.
func (r *room) words() *play.Shared {
	w, err := play.ForPeople(r.g, r.names)
	if err != nil {
		panic(err) // create checked the game
	}
	return w
}

// newGame starts a game from seed; the caller holds mu.
func (r *room) newGame(seed uint64) {
	r.seed = seed
	r.st = r.g.NewState(seed)
	r.games++
	r.picks = make([]game.Action, r.g.Seats())
	r.chosen = make([]bool, r.g.Seats())
	r.turns, r.lines = nil, nil
}

// deciding returns the seats that must choose now: those to act with a
// legal action. A stuck seat passes without being asked.
func (r *room) deciding() []int {
	var out []int
	var legal []game.Action
	if r.st.Over() {
		return nil
	}
	for _, s := range r.st.ToAct(nil) {
		if legal = r.st.Legal(s, legal); len(legal) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// advance applies the step when every deciding seat has chosen, and
// again while nobody has anything to decide; the caller holds mu.
func (r *room) advance() error {
	for !r.st.Over() {
		dec := r.deciding()
		for _, s := range dec {
			if !r.chosen[s] {
				return nil
			}
		}
		acts := make([]game.Action, r.g.Seats())
		names := make([]string, len(acts))
		for s := range acts {
			acts[s] = game.Pass
			if slices.Contains(dec, s) {
				acts[s] = r.picks[s]
				names[s] = r.st.Observe(s).ActionString(acts[s])
			}
		}
		before := r.st.Clone()
		if err := r.st.Apply(acts); err != nil {
			return err
		}
		r.turns = append(r.turns, names)
		r.lines = append(r.lines, r.words().Step(before, r.st, acts)...)
		clear(r.picks)
		clear(r.chosen)
	}
	return nil
}

// View is what one seat sees of a room: that seat's observation of the
// game (in NPZR its own hand, never another's), and of the others'
// pending choices only whether they are in, never what they are.
type View struct {
	Room    string `json:"room"`
	Seat    int    `json:"seat"`
	Version int    `json:"version"`
	// Kind is the game's registry name ("nzsc", "npzr"), Title its full
	// name, Label its name at this table as every page names it
	// (game.Label) and Seats the number of people it is for.
	Kind  string `json:"kind"`
	Title string `json:"title"`
	Label string `json:"label"`
	Seats int    `json:"seats"`
	// Names are the people's names by seat; Joined whether each seat is
	// taken; Away whether a seated person has not been heard from lately.
	Names  []string `json:"names"`
	Joined []bool   `json:"joined"`
	Away   []bool   `json:"away"`
	Game   int      `json:"game"`
	// Seed is the game's seed; in a game whose seed fixes hidden cards
	// (NPZR) it is "" until the game is over.
	Seed string `json:"seed"`
	Turn int    `json:"turn"`
	Over bool   `json:"over"`
	// Deciding are the seats that decide now (all that act in NZSC, the
	// one to act in NPZR).
	Deciding []int `json:"deciding"`
	// Question and Options are this seat's decision ("Choose a
	// character:" and the legal names), empty when it has none now.
	Question string   `json:"question,omitempty"`
	Options  []string `json:"options,omitempty"`
	// Chosen is this seat's secret choice of the step, once made;
	// Decided says by seat whether each has chosen, not what, and
	// OtherChosen whether anyone else has.
	Chosen      string `json:"chosen,omitempty"`
	Decided     []bool `json:"decided"`
	OtherChosen bool   `json:"other_chosen"`
	// Score is the points by seat (NPZR: the characters scored).
	Score []int `json:"score"`
	// Board is the game's picture of the table as this seat sees it
	// (play.NZSCBoard or play.NPZRBoard), State this seat's observation
	// in the game's JSON form.
	Board any             `json:"board"`
	State json.RawMessage `json:"state"`
	// Lines are the narration of the game so far.
	Lines []string `json:"lines"`
	// Result is the end in words, when over.
	Result string `json:"result,omitempty"`
	Closed bool   `json:"closed,omitempty"`
}

const awayAfter = 45 * time.Second

// viewOf builds seat's view; the caller holds mu. The view shares
// nothing the room may change: a long poll encodes it after giving the
// lock back, while a join may name a seat.
func (r *room) viewOf(seat int, now time.Time) *View {
	n := r.g.Seats()
	v := &View{Room: r.name, Seat: seat, Version: r.version, Kind: r.info.Name, Title: r.info.Title, Label: game.Label(r.info.Name, n), Seats: n,
		Names: slices.Clone(r.names), Joined: make([]bool, n), Away: make([]bool, n), Game: r.games,
		Seed: game.FormatSeed(r.seed), Turn: r.st.Turn(), Over: r.st.Over(), Lines: r.lines, Closed: r.closed,
		Deciding: r.deciding(), Decided: make([]bool, n)}
	if r.secretSeed() && !v.Over {
		v.Seed = ""
	}
	for s := range n {
		v.Joined[s] = r.tokens[s] != ""
		v.Away[s] = v.Joined[s] && now.Sub(r.seen[s]) > awayAfter
	}
	if v.Lines == nil {
		v.Lines = []string{}
	}
	if v.Deciding == nil {
		v.Deciding = []int{}
	}
	obs := r.st.Observe(seat)
	v.State, _ = json.Marshal(obs)
	v.Board = r.words().Board(r.st, seat)
	switch b := v.Board.(type) {
	case play.NZSCBoard:
		for _, p := range b.Players {
			v.Score = append(v.Score, p.Points)
		}
	case play.NPZRBoard:
		for _, sc := range b.Scored {
			v.Score = append(v.Score, len(sc))
		}
	}
	if v.Over {
		v.Result = r.words().Result(r.st)
		return v
	}
	if r.full() {
		copy(v.Decided, r.chosen)
	}
	for s, c := range v.Decided {
		v.OtherChosen = v.OtherChosen || c && s != seat
	}
	if slices.Contains(v.Deciding, seat) && r.full() {
		if r.chosen[seat] {
			v.Chosen = obs.ActionString(r.picks[seat])
		} else {
			v.Question = question(r.st, obs)
			for _, a := range r.st.Legal(seat, nil) {
				v.Options = append(v.Options, obs.ActionString(a))
			}
		}
	}
	return v
}

// question is what a person deciding now is asked, in play's words.
func question(st game.State, obs game.Observation) string {
	switch s := st.(type) {
	case *nzsc.GameState:
		return fmt.Sprintf("Choose a %s:", s.State.Phase)
	case *nzscn.GameState:
		return fmt.Sprintf("Choose a %s:", s.State.Phase)
	}
	if o, ok := obs.(*npzr.Observation); ok && o.Phase == npzr.Move {
		return fmt.Sprintf("You earned %d move(s): move a top card, or decline.", o.Pending)
	}
	return "Your play:"
}

// recordOf returns the room's current game as a game record; the game
// must be over.
func (r *room) recordOf() (*game.Record, error) {
	if !r.st.Over() {
		return nil, fmt.Errorf("the game is not over yet")
	}
	rec := game.NewRecord(r.g, r.seed, nil)
	rec.Turns = r.turns
	for _, n := range r.names {
		rec.Bots = append(rec.Bots, "person:"+n)
	}
	rec.Result.SetOutcome(r.st.Outcome())
	rec.Result.Steps = r.st.Turn()
	return rec, nil
}

// Offer is a game a room can hold at one number of people.
type Offer struct {
	Game    string `json:"game"`
	Title   string `json:"title"`
	Players int    `json:"players"`
	// Label names it as every page does (game.Label).
	Label string `json:"label"`
}

// Offers lists every registered game at every number of seats that
// people can share, for the page's choice of game: NZSC first, as every
// page lists the games (games.Registered).
func Offers() []Offer {
	var out []Offer
	for _, i := range games.Registered() {
		for n := i.MinSeats; n <= i.MaxSeats; n++ {
			g, err := i.New(n, nil)
			if err != nil {
				continue
			}
			if _, err := play.ForPeople(g, make([]string, n)); err == nil {
				out = append(out, Offer{Game: i.Name, Title: i.Title, Players: n, Label: game.Label(i.Name, n)})
			}
		}
	}
	return out
}

func (h *Handler) games(w http.ResponseWriter, r *http.Request) { webapi.JSON(w, Offers()) }

// Joined is the answer to create and join: the seat and the token that
// proves it in later requests (header X-Room-Token).
type Joined struct {
	Room  string `json:"room"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

type joinBody struct {
	Name string `json:"name"`
	Seed string `json:"seed,omitempty"`
	// Game and Players are the game the room holds and the number of
	// people it waits for, chosen by whoever opens it (default two-player
	// NZSC).
	Game    string `json:"game,omitempty"`
	Players int    `json:"players,omitempty"`
}

// maxName bounds a person's name.
const maxName = 24

// cleanName reads a person's name as the others will see it: trimmed,
// each run of spaces (any Unicode space) one ASCII space, as a page
// shows it anyway. A name is shown to the others in their narration, so
// it may hold nothing that acts on the text around it or hides: no
// control character, and no formatting character (Unicode's Cf): a
// bidirectional override (U+202E before "Bob") turned the rest of the
// line the others read right to left, and a zero-width space made a
// second "Ann" that looked like the first. The zero-width joiner and
// non-joiner are kept, for the names of some scripts and emoji that
// need them (sameLook tells names that differ only by them apart).
func cleanName(s string, seat int) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return fmt.Sprintf("Player %d", seat+1), nil
	}
	if err := shown.Check(s); err != nil {
		return "", fmt.Errorf("name with %w", err)
	}
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > maxName {
		return "", fmt.Errorf("name longer than %d characters", maxName)
	}
	return s, nil
}

// sameLook reports whether two names look alike: equal once the
// zero-width joiners, which show nothing of their own, are dropped.
func sameLook(a, b string) bool {
	drop := strings.NewReplacer(string(shown.ZWNJ), "", string(shown.ZWJ), "")
	return drop.Replace(a) == drop.Replace(b)
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	var b joinBody
	if !webapi.Decode(w, r, maxBody, &b) {
		return
	}
	name, err := cleanName(b.Name, 0)
	if err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	if b.Game == "" {
		b.Game = nzsc.Info.Name
	}
	if b.Players == 0 {
		b.Players = 2
	}
	g, err := game.Build(b.Game, b.Players, nil)
	if err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	rm := &room{changed: make(chan struct{}), g: g, info: g.Info(), opener: webapi.Client(r)}
	n := g.Seats()
	rm.names, rm.tokens, rm.seen, rm.waiting = make([]string, n), make([]string, n), make([]time.Time, n), make([]int, n)
	for s := range n {
		rm.names[s] = fmt.Sprintf("Player %d", s+1)
	}
	rm.names[0] = name
	if _, err := play.ForPeople(g, rm.names); err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	seed := randomSeed(rm.secretSeed())
	if b.Seed != "" {
		if rm.secretSeed() {
			webapi.Errorf(w, http.StatusBadRequest, "in %s the seed fixes the hidden cards, so the server draws it (it is shown when the game is over)", g.Info().Name)
			return
		}
		if seed, err = game.ParseSeed(b.Seed); err != nil {
			webapi.Error(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	rm.tokens[0] = token()
	rm.seen[0] = time.Now()
	rm.newGame(seed)
	h.opening.Lock()
	defer h.opening.Unlock()
	if n := h.rooms.Count(func(o *room) bool { return o.opener == rm.opener }); n >= h.opt.PerClient {
		webapi.Errorf(w, http.StatusTooManyRequests, "the rooms opened from %s and still open are the most one address may hold (%d): join one of them, or wait (a room nobody joined closes %s after its page is gone, any other %s after its last request)",
			clientName(rm.opener), n, progress.Duration(h.opt.Unjoined), progress.Duration(h.opt.Idle))
		return
	}
	// A fresh name that no live room holds; Add replaces an existing id,
	// so check first (a clash among 27^12 names never happens, but is
	// cheap to rule out).
	for range 20 {
		rm.name = roomName()
		if _, taken := h.rooms.Get(rm.name); !taken {
			break
		}
	}
	if err := h.rooms.Add(rm.name, rm); err != nil {
		webapi.Error(w, http.StatusServiceUnavailable, "too many rooms open: try again later")
		return
	}
	webapi.JSON(w, Joined{Room: rm.name, Seat: 0, Token: rm.tokens[0]})
}

func (h *Handler) join(w http.ResponseWriter, r *http.Request) {
	rm, b, ok := roomRequest[joinBody](h, w, r)
	if !ok {
		return
	}
	if b.Seed != "" || b.Game != "" || b.Players != 0 {
		webapi.Error(w, http.StatusBadRequest, "the game, the players and the seed are chosen by whoever opens the room")
		return
	}
	rm.mu.Lock()
	defer rm.mu.Unlock()
	seat := slices.Index(rm.tokens, "")
	if seat < 0 {
		webapi.Errorf(w, http.StatusConflict, "room %s is full: it is for %d people", rm.name, len(rm.tokens))
		return
	}
	name, err := cleanName(b.Name, seat)
	if err != nil {
		webapi.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	// Names tell the people apart in the narration: a name taken gets
	// the seat's number.
	for k, base := 2, name; slices.ContainsFunc(rm.names[:seat], func(n string) bool { return sameLook(n, name) }); k++ {
		name = fmt.Sprintf("%s (%d)", base, k)
	}
	rm.names[seat], rm.tokens[seat], rm.seen[seat] = name, token(), time.Now()
	rm.joined.Store(true)
	rm.bump()
	webapi.JSON(w, Joined{Room: rm.name, Seat: seat, Token: rm.tokens[seat]})
}

// clientName names a client (webapi.Client) to its person: behind a NAT
// it is the router's address, shared with everyone behind it.
func clientName(c string) string {
	if c == webapi.ThisMachine {
		return c
	}
	return "your address (" + c + ")"
}

// roomKey reads a room's name as people pass it on: said aloud, typed
// from a message or pasted with spaces around, in either case, with its
// dashes, spaces or none ("KB42 XT7M 9QRS", "kb42xt7m9qrs"); each names
// room kb42-xt7m-9qrs. Letters and digits are all a name holds, so
// anything else between them is dropped; a name of another length is
// kept as it was typed, to be named in the not-found error.
func roomKey(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	k := b.String()
	if len(k) != roomNameSymbols {
		return strings.TrimSpace(strings.ToLower(s))
	}
	return k[0:4] + "-" + k[4:8] + "-" + k[8:12]
}

// room looks up the room of the request's path.
func (h *Handler) room(w http.ResponseWriter, r *http.Request) (*room, bool) {
	name := roomKey(r.PathValue("room"))
	rm, ok := h.rooms.Get(name)
	if !ok {
		if len(name) > 40 {
			name = name[:40] + "…"
		}
		webapi.Errorf(w, http.StatusNotFound, "no room %q (rooms close after %s without use)", name, h.opt.Idle)
		return nil, false
	}
	return rm, true
}

// roomRequest returns the room a request names (Handler.room) and its
// JSON body, of at most maxBody bytes; on failure it has answered.
func roomRequest[T any](h *Handler, w http.ResponseWriter, r *http.Request) (*room, T, bool) {
	var b T
	rm, ok := h.room(w, r)
	if !ok || !webapi.Decode(w, r, maxBody, &b) {
		return nil, b, false
	}
	return rm, b, true
}

// maxBody bounds the body of a request that opens or joins a room or
// makes a choice: a name, a game and a seed, or a choice.
const maxBody = 4096

// seatOf returns the seat whose token the request carries in the
// X-Room-Token header, or -1; the caller holds mu. link also takes it
// from the address's token parameter, for the record's download link
// alone (a browser follows a link without the page's headers): an
// address is copied, shared and kept in the history, so a token there
// must not let anyone see the seat's view (in NPZR its hand) or choose
// for it.
func (rm *room) seatOf(r *http.Request, link bool) int {
	t := r.Header.Get("X-Room-Token")
	if t == "" && link {
		t = r.URL.Query().Get("token")
	}
	for s, tok := range rm.tokens {
		if tok != "" && subtle.ConstantTimeCompare([]byte(t), []byte(tok)) == 1 {
			return s
		}
	}
	return -1
}

// person locks the room and returns the seat of the request's person
// (seatOf, never from the address): the one check of every request that
// sees or plays a seat. A request of no person in the room is answered
// 403 and returns false with the room unlocked.
func (rm *room) person(w http.ResponseWriter, r *http.Request) (int, bool) {
	rm.mu.Lock()
	seat := rm.seatOf(r, false)
	if seat < 0 {
		rm.mu.Unlock()
		webapi.Error(w, http.StatusForbidden, "not a person in this room (join it first)")
		return -1, false
	}
	return seat, true
}

// personLocked is person for a handler that gives the room back on
// every return: unlock unlocks it once, however often it is called.
func (rm *room) personLocked(w http.ResponseWriter, r *http.Request) (seat int, unlock func(), ok bool) {
	if seat, ok = rm.person(w, r); !ok {
		return -1, nil, false
	}
	return seat, sync.OnceFunc(rm.mu.Unlock), true
}

func (h *Handler) view(w http.ResponseWriter, r *http.Request) {
	rm, ok := h.room(w, r)
	if !ok {
		return
	}
	since := -1
	if s := r.URL.Query().Get("since"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			webapi.Error(w, http.StatusBadRequest, "since: not a whole number")
			return
		}
		since = n
	}
	seat, ok := rm.person(w, r)
	if !ok {
		return
	}
	rm.seen[seat] = time.Now()
	// The long poll: wait for a change past since, the client leaving, or
	// the bound, never holding the lock while waiting.
	if rm.version <= since && !rm.closed {
		if rm.waiting[seat] >= PollsPerSeat {
			rm.mu.Unlock()
			webapi.Errorf(w, http.StatusTooManyRequests, "%d tabs of this seat are following room %s already: close this one", rm.waiting[seat], rm.name)
			return
		}
		select {
		case h.polls <- struct{}{}:
		default:
			rm.mu.Unlock()
			w.Header().Set("Retry-After", "2")
			webapi.Errorf(w, http.StatusServiceUnavailable, "the server is busy (%d requests waiting in rooms): try again", cap(h.polls))
			return
		}
		rm.waiting[seat]++
		ch := rm.changed
		rm.mu.Unlock()
		ctx, cancel := context.WithTimeout(r.Context(), h.opt.MaxWait)
		select {
		case <-ch:
		case <-ctx.Done():
		}
		cancel()
		<-h.polls
		rm.mu.Lock()
		rm.waiting[seat]--
		if r.Context().Err() != nil {
			rm.mu.Unlock()
			return // the client went away
		}
		rm.seen[seat] = time.Now()
	}
	rm.send(w, seat, rm.mu.Unlock)
}

type chooseBody struct {
	Choice string `json:"choice"`
}

func (h *Handler) choose(w http.ResponseWriter, r *http.Request) {
	rm, b, ok := roomRequest[chooseBody](h, w, r)
	if !ok {
		return
	}
	seat, unlock, ok := rm.personLocked(w, r)
	if !ok {
		return
	}
	defer unlock()
	switch {
	case !rm.full():
		webapi.Error(w, http.StatusConflict, "wait for everyone to join")
		return
	case rm.st.Over():
		webapi.Error(w, http.StatusConflict, "the game is over")
		return
	case !slices.Contains(rm.deciding(), seat):
		webapi.Error(w, http.StatusConflict, "you have nothing to choose now")
		return
	case rm.chosen[seat]:
		webapi.Error(w, http.StatusConflict, "you have already chosen this turn")
		return
	}
	obs := rm.st.Observe(seat)
	var pick game.Action = game.Pass
	legal := rm.st.Legal(seat, nil)
	for _, a := range legal {
		if strings.EqualFold(obs.ActionString(a), strings.TrimSpace(b.Choice)) {
			pick = a
		}
	}
	if pick == game.Pass {
		names := make([]string, len(legal))
		for i, a := range legal {
			names[i] = obs.ActionString(a)
		}
		webapi.Errorf(w, http.StatusBadRequest, "%q is not a choice now (choices: %s)", b.Choice, strings.Join(names, ", "))
		return
	}
	rm.seen[seat] = time.Now()
	rm.picks[seat], rm.chosen[seat] = pick, true
	if err := rm.advance(); err != nil {
		webapi.Error(w, http.StatusInternalServerError, err.Error())
		return
	}
	rm.bump()
	rm.send(w, seat, unlock)
}

// send answers seat's view of the room, built under the room's lock and
// written after unlock gives it back: a client that does not read its
// answer (a long game's view is hundreds of kilobytes, more than the
// sockets' buffers) then holds its own connection, not the room, which
// every other request of its people (their long polls too) waits for,
// until the server's write timeout.
func (rm *room) send(w http.ResponseWriter, seat int, unlock func()) {
	v := rm.viewOf(seat, time.Now())
	unlock()
	webapi.JSON(w, v)
}

func (h *Handler) again(w http.ResponseWriter, r *http.Request) {
	rm, ok := h.room(w, r)
	if !ok {
		return
	}
	seat, unlock, ok := rm.personLocked(w, r)
	if !ok {
		return
	}
	defer unlock()
	if !rm.st.Over() {
		webapi.Error(w, http.StatusConflict, "the game is not over yet")
		return
	}
	// The next seed: the one after in NZSC (a room opened with a seed
	// replays as a series), a fresh secret one where it fixes hidden
	// cards, since the last one is shown at the end.
	if rm.secretSeed() {
		rm.newGame(randomSeed(true))
	} else {
		rm.newGame(rm.seed + 1)
	}
	rm.bump()
	rm.send(w, seat, unlock)
}

func (h *Handler) record(w http.ResponseWriter, r *http.Request) {
	rm, ok := h.room(w, r)
	if !ok {
		return
	}
	rm.mu.Lock()
	if rm.seatOf(r, true) < 0 {
		rm.mu.Unlock()
		webapi.Error(w, http.StatusForbidden, "not a person in this room: only its people may download its games")
		return
	}
	rec, err := rm.recordOf()
	rm.mu.Unlock()
	if err != nil {
		webapi.Error(w, http.StatusConflict, err.Error())
		return
	}
	b, err := json.Marshal(rec)
	if err != nil {
		webapi.Error(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "nzsc-room-"+rm.name+".jsonl"))
	w.Write(append(b, '\n'))
}

// roomName is a name people can read out to each other, three groups of
// four from 27 symbols ("kb42-xt7m-9qrs"; no vowels so no words, no 0 or
// 1 to mistake for O or l). The name is the invitation: whoever knows it
// may take a room's free seat, so it must not be guessed. 27^12 ≈ 1.5e17
// names (57 bits): at 10 000 requests a second, finding one given room
// takes about 240 000 years on average; the old four symbols (36 100
// names) took seconds.
func roomName() string {
	const symbols = "bcdfghjkmnpqrstvwxz23456789"
	var b [roomNameSymbols]byte
	for i := range b {
		// rand.Int is uniform; crypto/rand never fails (Go 1.24+).
		n, _ := rand.Int(rand.Reader, big.NewInt(int64(len(symbols))))
		b[i] = symbols[n.Int64()]
	}
	return string(b[0:4]) + "-" + string(b[4:8]) + "-" + string(b[8:12])
}

// roomNameSymbols is the length of a room's name without its dashes.
const roomNameSymbols = 12

func token() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// randomSeed draws a seed: 32 bits, short to read out, or 64 where it
// must not be guessed (it fixes hidden cards).
func randomSeed(secret bool) uint64 {
	var b [8]byte
	rand.Read(b[:])
	if !secret {
		b[4], b[5], b[6], b[7] = 0, 0, 0, 0
	}
	return binary.LittleEndian.Uint64(b[:])
}
