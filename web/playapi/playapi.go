// Package playapi is what the Play page's two back ends share: the
// server's JSON API (package web) and the engine compiled to WebAssembly
// for the static page (cmd/nzsc-wasm). It reads a request for a new
// session (game, players, seat, bot spec, seed) the same way for both,
// and lists the games and bots the page offers. It knows nothing of HTTP,
// so the WebAssembly build stays small.
package playapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"  // NPZR's bots
	_ "github.com/nzsclab/nzsc/agents/nzsc"  // the bots of two-player NZSC
	_ "github.com/nzsclab/nzsc/agents/nzscn" // the bots of NZSC for 3 or 4 players
	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/games"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/play"
)

// MaxAnswer bounds an answer: the longest NPZR action is under 50
// bytes, the longest NZSC name 26 letters; a pasted page is not an
// answer.
const MaxAnswer = 200

// NewRequest starts a session: the game (default nzsc) and its players
// (default 2), the person's seat (default 0), the bots' spec (default
// classic in two-player NZSC, greedy otherwise) and the seed (decimal or
// 0x hex; default picked), and the rules options of a variant ("points":
// "3"; default none: the game's rules, as nzsc play --rule).
type NewRequest struct {
	Game     string     `json:"game"`
	Players  int        `json:"players"`
	Seat     int        `json:"seat"`
	Opponent string     `json:"opponent"`
	Seed     string     `json:"seed"`
	Rules    game.Rules `json:"rules,omitempty"`
	// Ticket, when set, is a name the page draws for the start (16 to
	// 64 hex digits): while the start is under way (a bot deciding
	// first can think for seconds), the server answers the session's
	// notes under it (GET /api/play/TICKET/notes), before the page has
	// the session's id. The static page has no notes and sends none.
	Ticket string `json:"ticket,omitempty"`
	// Link says that the page asks by itself, from its address, not on
	// the person's Start: the bot is held to LinkAllows.
	Link bool `json:"link,omitempty"`
}

// Notes are the bots' notes (agents.Note) of a session's request in
// progress or its last: what a bot says while it thinks for seconds.
type Notes struct {
	Notes []string `json:"notes"`
}

// NewReply is a new session's id and its first reply.
type NewReply struct {
	ID    string     `json:"id"`
	Reply play.Reply `json:"reply"`
}

// AnswerRequest is one line the person typed or clicked.
type AnswerRequest struct {
	Answer string `json:"answer"`
}

// Where says where a session runs: which bots it may start.
type Where struct {
	// AllowExec allows external programs (exec:), on a server started
	// with --allow-exec.
	AllowExec bool
	// Static is the page without a server (WebAssembly in the browser):
	// no programs, and no bot that needs the solver (optimal, whose
	// solution is a file or a solve of seconds).
	Static bool
	// Solve, when set, is asked before optimal is given a rules variant
	// the server has no saved solution of and that is no larger than the
	// shared rules (a solve of seconds, kept for the process's life): it
	// refuses with an error wrapping ErrSolve once the server has solved
	// enough of them for pages. Larger variants are refused before it.
	Solve func(variant string) error
	// Resolve, when set, is asked before a session against resolve (in
	// rules no larger than the shared ones; larger are refused before
	// it): resolve solves the whole game at its first pick and keeps it
	// for the session's life (about 65 MB at the shared rules), so the
	// server bounds the sessions against it at once. It refuses with an
	// error wrapping ErrBusy.
	Resolve func() error
	// Raised, when set, is asked before a session against a bot with
	// parameters a link may not name (LinkAllows: a search budget, a
	// clock): a search bot keeps its search's storage for the session's
	// life, as large as its parameters let it grow (mcts:iters=10000000
	// about 139 MB, ismcts:iters=1000000 about 65 MB), so the server
	// bounds those sessions at once. It refuses with an error wrapping
	// ErrBusy.
	Raised func() error
}

// ErrBusy refuses a session the server has no room for now (too many
// sessions of its kind at once); the server answers 503.
var ErrBusy = errors.New("the server is busy")

// solverBots need the solution of two-player NZSC (a file, or a solve
// of seconds and much memory), which the static page has not: optimal,
// exploiter, which plays from optimal's solution, and resolve, which
// solves the whole game at each game's first decision.
var solverBots = map[string]bool{"optimal": true, "exploiter": true, "resolve": true}

// NewSession checks a new session's request and prepares the session, as
// the server and the static page both do: an unknown game or bot, a seat
// the game has not, a bad seed or a bot not allowed where the session
// runs is an error for the person.
func NewSession(req NewRequest, where Where, pick func() uint64) (*play.Session, error) {
	name := strings.TrimSpace(req.Game)
	if name == "" {
		name = agents.DefaultGame
	}
	players := req.Players
	if players == 0 {
		players = 2
	}
	g, err := game.Build(name, players, req.Rules)
	if err != nil {
		return nil, err
	}
	spec := strings.TrimSpace(req.Opponent)
	if spec == "" {
		spec = play.DefaultOpponent(g.Info().Name, g.Seats())
	}
	// On a server, a bot that starts a program or names a file is
	// refused before it is built (neither started nor opened).
	parse := func(game string, seats int, spec string) (*agents.Bot, error) {
		return agents.ParseAllowed(game, seats, spec, where.AllowExec)
	}
	if where.Static {
		parse = agents.ParseForSeats
	}
	bot, err := parse(g.Info().Name, g.Seats(), spec)
	if err != nil {
		return nil, err
	}
	if req.Link {
		if err := LinkAllows(bot); err != nil {
			return nil, err
		}
	}
	switch {
	case where.Static && bot.Info.StartsProgram():
		return nil, errors.New("exec: bots run programs, which a page without a server cannot")
	case where.Static && solverBots[bot.Info.Name]:
		return nil, fmt.Errorf("%s needs the solved game, which this page without a server does not have: run nzsc serve", bot.Info.Name)
	}
	seed, err := play.Seed(bot, req.Seed, strings.TrimSpace(req.Seed) != "", pick)
	if err != nil {
		return nil, err
	}
	// Last: a variant let through counts toward the server's budget, a
	// bot with raised parameters toward its own.
	if !where.Static {
		if err := checkSolve(g, bot, where); err != nil {
			return nil, err
		}
		if where.Raised != nil && LinkAllows(bot) != nil {
			if err := where.Raised(); err != nil {
				return nil, err
			}
		}
	}
	return play.NewSession(play.Options{Game: g, Seat: req.Seat, Bot: bot, Seed: seed})
}

// ErrExec refuses an external program where it is not allowed: the
// refusal of every page (agents.ErrExec).
var ErrExec = agents.ErrExec

// ErrLink refuses a bot a link alone may not start (LinkAllows); the
// server answers 403 Forbidden, and the page asks for the person's click.
var ErrLink = errors.New("a link alone may not start a bot with parameters beyond seed=, name= and noise= (they can ask for minutes of the server's cores): check the bots and press the button if you mean it")

// LinkAllows returns an error wrapping ErrLink when b is a bot that a
// page may not start from its address alone. Any site can send a browser
// to an address of the lab (/play?opponent=SPEC, /watch/?bots=A,B), with
// no click, and the lab's own page starts the game it names; a search
// bot's parameters (mcts:iters=10000000) can make that game cost minutes
// of both cores, again at every visit. So a link may name any bot at its
// defaults (seconds at most), with its seed, name and noise; any other
// parameter, or a clock (tc=), waits for the person's click. Every page
// that starts a game from its address applies it: Play and Watch.
func LinkAllows(b *agents.Bot) error {
	if b.TC != nil {
		return fmt.Errorf("bot %q: %w", b.Spec, ErrLink)
	}
	for _, p := range b.Info.Params {
		if p.Name != "seed" && b.Params[p.Name] != p.Default {
			return fmt.Errorf("bot %q: %w", b.Spec, ErrLink)
		}
	}
	return nil
}

// ErrSolve refuses optimal in a rules variant a page may not make the
// server solve (Where.Solve); the server answers 403 Forbidden.
var ErrSolve = errors.New("a page may not make the server solve this rules variant")

// checkSolve bounds what a page can make the server solve and keep for
// the bots that solve NZSC: optimal, exploiter (which plays from
// optimal's solution) and resolve.
//
// optimal (at its cache, not a file of its own), and exploiter, which
// plays from the same solution, solve the rules they play at their first
// decision, unless the server has them saved, and keep the solution for
// the process's life and in the user's cache: a
// remote player asking for variant after variant would make the server
// spend up to a minute of CPU on each (points=9 with move_streak=4 and
// waits=8: 63 s), keep 300 MB more in memory each and write files of up
// to 94 MB. So a variant larger than the shared rules in any setting
// (more points or waits, a longer streak) is refused, and a smaller one
// (a solve of seconds at most) is left to where.Solve, which counts them.
// The shared rules are one solve of seconds, kept once; a variant the
// server's user saved (nzsc solve game --rule ...) is only loaded.
//
// resolve reads no saved solution: every session against it solves the
// whole game at its first character pick and keeps it for the session's
// life. So it too is refused in a variant larger than the shared rules
// (that minute of CPU and those 300 MB, for each session), and its
// sessions in any other rules are left to where.Resolve, which bounds
// how many are kept at once.
func checkSolve(g game.Game, bot *agents.Bot, where Where) error {
	eg, ok := g.(interface{ EngineRules() nz.Rules })
	if !ok {
		return nil
	}
	r := eg.EngineRules()
	switch {
	case bot.Info.Name == "resolve":
		if largerThanShared(r) {
			return fmt.Errorf("resolve: %w: it is larger than the shared rules, and resolve solves the whole game for each session (up to a minute of CPU and hundreds of MB kept while the session lasts); play another bot, or play resolve in these rules on the server (nzsc play --opponent resolve %s)", ErrSolve, variantFlags(r))
		}
		if where.Resolve != nil {
			return where.Resolve()
		}
		return nil
	case !cachedSolvers[bot.Info.Name] || bot.Params["path"] != "" || !r.Variant():
		return nil
	}
	if path, err := solve.CachePathRules(r); err == nil {
		if _, err := os.Stat(path); err == nil {
			return nil
		}
	}
	variant := variantFlags(r)
	if largerThanShared(r) {
		return fmt.Errorf("%s: %w: it is larger than the shared rules (up to a minute of CPU and hundreds of MB kept for the server's life), and this server has no saved solution of it; play another bot, or solve it on the server first (nzsc solve game %s)", bot.Info.Name, ErrSolve, variant)
	}
	if where.Solve == nil {
		return nil
	}
	return where.Solve(variant)
}

// cachedSolvers are the bots that solve the rules they play at their
// first decision, unless saved, and keep the solution for the process's
// life (solutionFor in agents/nzsc): optimal, and exploiter, which plays
// from the same solution (and computes best responses in it).
var cachedSolvers = map[string]bool{"optimal": true, "exploiter": true}

// largerThanShared reports whether rules r are larger than the shared
// rules in any setting (more points or waits, a longer streak): a solve
// of up to a minute and hundreds of MB.
func largerThanShared(r nz.Rules) bool {
	n, d := r.Normalized(), nz.DefaultRules.Normalized()
	return n.Points > d.Points || n.Waits > d.Waits || n.MoveStreak > d.MoveStreak || n.CharacterStreak > d.CharacterStreak
}

// variantFlags names rules r as the commands' --rule flags, sorted, the
// turn cap left out (a solution is the same under any cap).
func variantFlags(r nz.Rules) string {
	var opts []string
	for k, v := range r.Options() {
		if k != "turn_cap" {
			opts = append(opts, "--rule "+k+"="+v)
		}
	}
	slices.Sort(opts)
	return strings.Join(opts, " ")
}

// RecordLine is a game record as one JSON line.
func RecordLine(r *game.Record) ([]byte, error) {
	b, err := json.Marshal(r)
	return append(b, '\n'), err
}

// RecordName is the file name a downloaded record gets.
func RecordName(r *game.Record) string {
	var bots []string
	for _, b := range r.Bots {
		bots = append(bots, safeName(b))
	}
	return fmt.Sprintf("%s-%s-%s.jsonl", r.Game, strings.Join(bots, "-vs-"), r.Seed)
}

func safeName(s string) string {
	return strings.Map(func(c rune) rune {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' {
			return c
		}
		return '_'
	}, s)
}

// GameInfo is a game and number of players the page offers.
type GameInfo struct {
	Game    string `json:"game"`
	Players int    `json:"players"`
	// Label names it for the selector, as every page names it
	// (game.Label: "Ninja Zombie Samurai Clown, 3 players").
	Label string `json:"label"`
	// Seats is whether the person may choose a seat (the seats differ:
	// NPZR's seat 0 moves first).
	Seats bool `json:"seats"`
	// Opponent is the default bot; Bots every bot that may sit there.
	Opponent string    `json:"opponent"`
	Bots     []BotInfo `json:"bots"`
}

// BotInfo describes a bot the page offers as an opponent.
type BotInfo struct {
	Name   string   `json:"name"`
	About  string   `json:"about"`
	Params []string `json:"params,omitempty"`
}

// Games lists every game of the registry at every number of players a
// person can play, with the bots that may sit there, in the order every
// page lists the games (games.Registered: NZSC first, then the others by
// name).
func Games(where Where) []GameInfo {
	var out []GameInfo
	for _, i := range games.Registered() {
		for n := i.MinSeats; n <= i.MaxSeats; n++ {
			g, err := i.New(n, nil)
			if err != nil || !play.Playable(g) {
				continue
			}
			out = append(out, GameInfo{Game: i.Name, Players: n, Label: game.Label(i.Name, n), Seats: !i.Simultaneous,
				Opponent: play.DefaultOpponent(i.Name, n), Bots: Bots(i.Name, n, where)})
		}
	}
	return out
}

// Bots lists the bots of game at a table of players (exec: only when
// allowed, no solver on the static page).
func Bots(gameName string, players int, where Where) []BotInfo {
	var out []BotInfo
	for _, i := range agents.RegisteredForSeats(gameName, players) {
		if i.StartsProgram() && (where.Static || !where.AllowExec) || where.Static && solverBots[i.Name] {
			continue
		}
		b := BotInfo{Name: i.Name, About: i.Help}
		for _, p := range i.Params {
			b.Params = append(b.Params, p.Name+"="+p.Default)
		}
		out = append(out, b)
	}
	return out
}
