//go:build js && wasm

// Command nzsc-wasm is the engine for the static Play page (`make web`):
// built with GOOS=js GOARCH=wasm, it puts on globalThis.nzsc the
// functions the page's script calls instead of nzsc serve's API, over the
// same play.Session, for every game. Each takes and returns JSON text; a
// failure is {"error": "..."}:
//
//	start(request)  -> {"id", "reply"}  (request: {"game", "players", "seat", "opponent", "seed"})
//	answer(id, line) -> reply
//	record(id)      -> {"line", "name"}  the last finished game's record
//	games()         -> [{"game", "players", "label", "seats", "opponent", "bots"}]
//	close(id)
package main

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"strconv"
	"strings"
	"syscall/js"

	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/web/playapi"
)

var (
	sessions = map[string]*play.Session{}
	next     int
)

// static is where these sessions run: in the browser, so no programs
// (exec:) and no bot that needs the solved game.
var static = playapi.Where{Static: true}

func main() {
	api := map[string]any{
		"start":  js.FuncOf(start),
		"answer": js.FuncOf(answer),
		"record": js.FuncOf(record),
		"games":  js.FuncOf(func(js.Value, []js.Value) any { return encode(playapi.Games(static)) }),
		"close":  js.FuncOf(closeSession),
	}
	js.Global().Set("nzsc", js.ValueOf(api))
	select {} // serve calls until the page goes
}

func encode(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fail(err.Error())
	}
	return string(b)
}

func fail(msg string) string {
	b, _ := json.Marshal(map[string]string{"error": msg})
	return string(b)
}

func arg(args []js.Value, i int) string {
	if i < len(args) && args[i].Type() == js.TypeString {
		return args[i].String()
	}
	return ""
}

func start(_ js.Value, args []js.Value) any {
	var req playapi.NewRequest
	dec := json.NewDecoder(strings.NewReader(arg(args, 0)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		return fail("bad request: " + err.Error())
	}
	// No programs run in a browser: exec: bots are refused.
	s, err := playapi.NewSession(req, static, randomUint64)
	if err != nil {
		return fail(err.Error())
	}
	r, err := s.Start()
	if err != nil {
		return fail(err.Error())
	}
	next++
	id := strconv.Itoa(next)
	sessions[id] = s
	return encode(playapi.NewReply{ID: id, Reply: r})
}

func answer(_ js.Value, args []js.Value) any {
	s, ok := sessions[arg(args, 0)]
	if !ok {
		return fail("no such game: start a new one")
	}
	line := arg(args, 1)
	if len(line) > playapi.MaxAnswer || strings.ContainsAny(line, "\r\n") {
		return fail("an answer is one short line")
	}
	if s.Over() {
		return fail("this session is over: start a new one")
	}
	r, err := s.Answer(line)
	if err != nil {
		return fail(err.Error())
	}
	return encode(r)
}

func record(_ js.Value, args []js.Value) any {
	s, ok := sessions[arg(args, 0)]
	if !ok || s.Record() == nil {
		return fail("no game finished yet")
	}
	b, err := playapi.RecordLine(s.Record())
	if err != nil {
		return fail(err.Error())
	}
	return encode(map[string]string{"line": string(b), "name": playapi.RecordName(s.Record())})
}

func closeSession(_ js.Value, args []js.Value) any {
	id := arg(args, 0)
	if s, ok := sessions[id]; ok {
		s.Close()
		delete(sessions, id)
	}
	return nil
}

func randomUint64() uint64 {
	var b [8]byte
	rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}
