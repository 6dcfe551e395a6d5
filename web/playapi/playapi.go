// Package playapi is what the Play page's two back ends share: the
// server's JSON API (package web) and the engine compiled to WebAssembly
// for the static page (cmd/nzsc-wasm). It reads a request for a new
// session (bot spec, seed) the same way for both, and lists the bots the
// page offers. It knows nothing of HTTP, so the WebAssembly build stays
// small.
package playapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/play"
)

// MaxAnswer bounds an answer: the longest name is 26 letters; a pasted
// page is not an answer.
const MaxAnswer = 200

// NewRequest starts a session: the opponent's bot spec (default classic)
// and the seed (decimal or 0x hex; default picked).
type NewRequest struct {
	Opponent string `json:"opponent"`
	Seed     string `json:"seed"`
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

// maxAnswer bounds an answer: the longest name is 26 letters; a pasted
// page is not an answer.
const maxAnswer = 200

// NewSession checks a new session's request and prepares the session, as
// the server and the static page both do: an unknown bot, a bad seed or,
// unless allowExec, an external program is an error for the person.
func NewSession(req NewRequest, allowExec bool, pick func() uint64) (*play.Session, error) {
	spec := strings.TrimSpace(req.Opponent)
	if spec == "" {
		spec = "classic"
	}
	bot, err := agents.Parse(spec)
	if err != nil {
		return nil, err
	}
	if bot.Info.Name == "exec" && !allowExec {
		return nil, ErrExec
	}
	if bot.Info.New == nil {
		return nil, fmt.Errorf("bot %s does not play two-player NZSC", spec)
	}
	seed, err := play.Seed(bot, req.Seed, strings.TrimSpace(req.Seed) != "", pick)
	if err != nil {
		return nil, err
	}
	return play.NewSession(play.Options{Rules: engine.DefaultRules, Bot: bot, Seed: seed})
}

// ErrExec refuses an external program where it is not allowed.
var ErrExec = errors.New("exec: bots run programs on the server; start it with nzsc serve --allow-exec and open the page through the link it prints (the link carries the server's secret)")

// RecordLine is a game record as one JSON line.
func RecordLine(r *game.Record) ([]byte, error) {
	b, err := json.Marshal(r)
	return append(b, '\n'), err
}

// RecordName is the file name a downloaded record gets.
func RecordName(r *game.Record) string {
	return fmt.Sprintf("nzsc-%s-vs-%s-%s.jsonl", r.Bots[0], safeName(r.Bots[1]), r.Seed)
}

func safeName(s string) string {
	return strings.Map(func(c rune) rune {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' {
			return c
		}
		return '_'
	}, s)
}

// BotInfo describes a bot the page offers as an opponent.
type BotInfo struct {
	Name   string   `json:"name"`
	About  string   `json:"about"`
	Params []string `json:"params,omitempty"`
}

// Bots lists the bots that play two-player NZSC (exec: only when
// allowed).
func Bots(allowExec bool) []BotInfo {
	var out []BotInfo
	for _, i := range agents.RegisteredForSeats(agents.DefaultGame, 2) {
		if i.New == nil || i.Name == "exec" && !allowExec {
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
