package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/web/playapi"
	"github.com/nzsclab/nzsc/web/webapi"
)

// handbook is the original handbook's game against the classic computer
// with seed 0xbabecaf3 (cmd/nzsc's TestPlayHandbook checks its transcript
// word for word).
var handbook = []string{"Ninja", "Clown", "Moustachio", "Big Hairy Deal", "Juggling Knives",
	"Mustache Mash", "Nose", "Big Hairy Deal", "Acid Spray", "Juggling Knives",
	"Juggling Knives", "Juggling Knives", "Mustache Mash", "Juggling Knives"}

// testToken is the page token of the tests' servers (Config.Token):
// call and pageTransport send it as the lab's pages do.
const testToken = "test-page-token"

func newServer(t testing.TB, c Config) (*Server, *httptest.Server) {
	t.Helper()
	if c.Token == "" {
		c.Token = testToken
	}
	s, err := New(c)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	t.Cleanup(func() { ts.Close(); s.Close() })
	return s, ts
}

// call sends a request as the lab's page does (asPage) and returns the
// status and body.
func call(t testing.TB, c *http.Client, method, url, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	asPage(req)
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }

// apiGame plays answers through the API and returns the transcript a
// terminal would show (answers echoed, as nzsc play with piped input),
// the session id and the last reply.
func apiGame(t *testing.T, base, opponent, seed string, answers []string) (string, string, play.Reply) {
	t.Helper()
	code, b := call(t, http.DefaultClient, "POST", base+"/api/play", fmt.Sprintf(`{"opponent":%s,"seed":%s}`, jsonString(opponent), jsonString(seed)))
	if code != 200 {
		t.Fatalf("new game: %d %s", code, b)
	}
	var nr playapi.NewReply
	if err := json.Unmarshal(b, &nr); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	play.Write(&out, nr.Reply)
	r := nr.Reply
	for _, a := range answers {
		if r.Over {
			break
		}
		out.WriteString(a + "\n")
		r = answerAPI(t, base, nr.ID, a)
		play.Write(&out, r)
	}
	return out.String(), nr.ID, r
}

// runGame is nzsc play (play.Run, echoing piped answers) fed answers.
func runGame(t *testing.T, opponent string, seed uint64, answers []string) string {
	t.Helper()
	bot, err := agents.Parse(opponent)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	in := strings.NewReader(strings.Join(answers, "\n") + "\n")
	if err := play.Run(context.Background(), in, &out, play.Options{Rules: nzsc.DefaultRules, Bot: bot, Seed: seed, Echo: true}); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestAPIGameIsPlay: whole sessions played by API calls give nzsc play's
// transcript for the same answers: the handbook game, a second game after
// "y", commands and bad names; and a game against another bot.
func TestAPIGameIsPlay(t *testing.T) {
	_, ts := newServer(t, Config{})
	for i, c := range []struct {
		opponent string
		seed     uint64
		answers  []string
	}{
		{"classic", 0xbabecaf3, append(append([]string{}, handbook...), "n")},
		{"classic", 0xbabecaf3, append(append([]string{"help", "Pirat"}, handbook...), "score", "y", "Zombie", "rules", "quit")},
		{"random", 12345, []string{"Samurai", "Samurai", "Strong", "Smash", "Smash", "Twist", "Bend", "Helmet", "Twist", "Bend", "Smash", "Twist", "Bend", "Helmet", "quit"}},
	} {
		got, _, _ := apiGame(t, ts.URL, c.opponent, fmt.Sprintf("%#x", c.seed), c.answers)
		want := runGame(t, c.opponent, c.seed, c.answers)
		if got != want {
			t.Errorf("case %d: the API's transcript differs from nzsc play's:\n%s\n--- nzsc play ---\n%s", i, got, want)
		}
	}
	// Decimal seeds are the same seeds.
	a, _, _ := apiGame(t, ts.URL, "classic", "3133065971", append(handbook[:3:3], "quit"))
	if b := runGame(t, "classic", 0xbabecaf3, append(handbook[:3:3], "quit")); a != b {
		t.Errorf("decimal seed: a different game")
	}
}

// TestRecordDownload: a finished game downloads as a game record that
// replays through the engine to its result.
func TestRecordDownload(t *testing.T) {
	_, ts := newServer(t, Config{})
	_, id, r := apiGame(t, ts.URL, "classic", "0xbabecaf3", handbook)
	if r.Status.Result != "You won 5-2 (Obliteration)." {
		t.Fatalf("result %q", r.Status.Result)
	}
	resp, err := http.Get(ts.URL + "/api/play/" + id + "/record")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), `filename="nzsc-person-vs-classic-0xbabecaf3.jsonl"`) {
		t.Fatalf("%d %q %s", resp.StatusCode, resp.Header.Get("Content-Disposition"), b)
	}
	if bytes.Count(b, []byte("\n")) != 1 {
		t.Errorf("not one JSON line: %q", b)
	}
	var rec game.Record
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := play.Replay(&out, nzsc.NewContractGame(nzsc.DefaultRules), &rec); err != nil {
		t.Fatalf("replay: %v", err)
	}
	if rec.Seed != "0xbabecaf3" || len(rec.Turns) != len(handbook) || rec.Result.Score[0] != 5 || rec.Result.Score[1] != 2 ||
		!strings.Contains(out.String(), "You won 5-2 (Obliteration).") {
		t.Errorf("record %+v\n%s", rec, out.String())
	}
}

// TestBadRequests: every bad request gets a 4xx with a one-line JSON
// error.
func TestBadRequests(t *testing.T) {
	_, ts := newServer(t, Config{})
	_, id, _ := apiGame(t, ts.URL, "classic", "7", nil)
	_, over, _ := apiGame(t, ts.URL, "classic", "7", []string{"quit"})
	for i, c := range []struct {
		method, path, body string
		status             int
		msg                string
	}{
		{"POST", "/api/play", `{"seed":"0"}`, 400, "1..4294967295"},
		{"POST", "/api/play", `{"seed":"0x100000000"}`, 400, "1..4294967295"},
		{"POST", "/api/play", `{"seed":"babe"}`, 400, "not a decimal or 0x-hex"},
		{"POST", "/api/play", `{"seed":"-1","opponent":"random"}`, 400, "not a decimal or 0x-hex"},
		{"POST", "/api/play", `{"opponent":"nosuchbot"}`, 400, `unknown bot "nosuchbot"`},
		{"POST", "/api/play", `{"opponent":"classic:seed=5","seed":"6"}`, 400, "disagree"},
		{"POST", "/api/play", `{"opponent":"mcts:iters=x"}`, 400, "iters"},
		{"POST", "/api/play", `{"opponent":"exec:/bin/true"}`, 403, "--allow-exec"},
		{"POST", "/api/play", `{"opponent":"exec:sh -c true;timeout=1s"}`, 403, "--allow-exec"},
		{"POST", "/api/play", `not json`, 400, "bad JSON"},
		{"POST", "/api/play", ``, 400, "empty request body"},
		{"POST", "/api/play", `{"colour":1}`, 400, "unknown field"},
		{"POST", "/api/play", `{"seat":1}`, 400, "seats are alike"},
		{"POST", "/api/play", `{"game":"npzr","seat":2}`, 400, "seats 0 to 1"},
		{"POST", "/api/play", `{"game":"npzr","players":3}`, 400, "played by 2 players"},
		{"POST", "/api/play", `{"game":"chess"}`, 400, "unknown game"},
		{"POST", "/api/play", `{"game":"npzr","opponent":"classic"}`, 400, "unknown bot"},
		{"POST", "/api/play", `{"players":3,"opponent":"exec:/bin/true"}`, 403, "--allow-exec"},
		{"GET", "/api/bots?game=npzr&players=x", ``, 400, "want a number"},
		{"GET", "/api/bots?game=npzr&players=4", ``, 400, "played by 2 players"},
		{"POST", "/api/games", ``, 405, "GET the list"},
		{"POST", "/api/play", `{"seed":"1"} {}`, 400, "trailing data"},
		{"POST", "/api/play", `{"opponent":"` + strings.Repeat("x", 5000) + `"}`, 413, "over 4096 bytes"},
		{"GET", "/api/play", ``, 405, "POST a new game"},
		{"POST", "/api/play/nosuchid", `{"answer":"Ninja"}`, 404, "no such game"},
		{"POST", "/api/play/" + id, `{"answer":"Ninja\nClown"}`, 400, "one line"},
		{"POST", "/api/play/" + id, `{"answer":"` + strings.Repeat("n", 201) + `"}`, 400, "at most 200 bytes"},
		{"POST", "/api/play/" + id, `{"answer":1}`, 400, "bad JSON"},
		{"PUT", "/api/play/" + id, `{"answer":"Ninja"}`, 405, "POST an answer"},
		{"GET", "/api/play/" + id + "/record", ``, 404, "no game finished yet"},
		{"POST", "/api/play/" + id + "/record", ``, 405, "GET the record"},
		{"POST", "/api/play/" + over, `{"answer":"Ninja"}`, 409, "over"},
		{"GET", "/api/nothing", ``, 404, "no such API"},
		{"POST", "/api/bots", ``, 405, "GET the list"},
	} {
		code, b := call(t, http.DefaultClient, c.method, ts.URL+c.path, c.body)
		var e struct{ Error string }
		if code != c.status || json.Unmarshal(b, &e) != nil || !strings.Contains(e.Error, c.msg) || bytes.Count(b, []byte("\n")) != 1 {
			t.Errorf("case %d %s %s: %d %q; want %d with a one-line JSON error containing %q", i, c.method, c.path, code, b, c.status, c.msg)
		}
	}
}

// TestAllowExec: with AllowExec an exec: bot is started for a request
// that carries the server's secret, and refused (403) for one that does
// not; one that fails ends its session with a JSON error (502), not a
// crash.
func TestAllowExec(t *testing.T) {
	const secret = "5ec2e7"
	_, ts := newServer(t, Config{AllowExec: true, Secret: secret})
	withSecret := &http.Client{Transport: headerTransport{webapi.SecretHeader: secret}}
	code, b := call(t, http.DefaultClient, "POST", ts.URL+"/api/play", `{"opponent":"exec:/bin/false;handshake=1s"}`)
	if code != http.StatusForbidden || !strings.Contains(string(b), "secret") {
		t.Errorf("exec allowed, no secret: %d %s", code, b)
	}
	code, b = call(t, withSecret, "POST", ts.URL+"/api/play", `{"opponent":"exec:/bin/false;handshake=1s"}`)
	if code != 200 {
		t.Fatalf("exec allowed, with the secret: %d %s", code, b)
	}
	var nr playapi.NewReply
	json.Unmarshal(b, &nr)
	code, b = call(t, http.DefaultClient, "POST", ts.URL+"/api/play/"+nr.ID, `{"answer":"Ninja"}`)
	if code != http.StatusBadGateway || !strings.Contains(string(b), "opponent exec:/bin/false;handshake=1s failed") {
		t.Errorf("failing bot: %d %s", code, b)
	}
	if code, _ = call(t, http.DefaultClient, "POST", ts.URL+"/api/play/"+nr.ID, `{"answer":"Ninja"}`); code != 404 {
		t.Errorf("the failed session lives on: %d", code)
	}
	var bots []playapi.BotInfo
	_, b = call(t, withSecret, "GET", ts.URL+"/api/bots", "")
	json.Unmarshal(b, &bots)
	if !hasBot(bots, "exec") || !hasBot(bots, "classic") || hasBot(bots, "paranoid") {
		t.Errorf("bots with exec allowed: %s", b)
	}
	_, b = call(t, http.DefaultClient, "GET", ts.URL+"/api/bots", "")
	bots = nil
	json.Unmarshal(b, &bots)
	if hasBot(bots, "exec") {
		t.Errorf("exec offered without the secret")
	}
	_, ts2 := newServer(t, Config{Secret: secret})
	_, b = call(t, withSecret, "GET", ts2.URL+"/api/bots", "")
	bots = nil
	json.Unmarshal(b, &bots)
	if hasBot(bots, "exec") {
		t.Errorf("exec offered without --allow-exec")
	}
}

// asPage gives req what a request from the lab's own page in a browser
// carries: Sec-Fetch-Site same-origin and the page token.
func asPage(req *http.Request) {
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set(webapi.TokenHeader, testToken)
}

// pageTransport sends every request as the lab's page does (asPage).
type pageTransport struct{ http.RoundTripper }

func (p pageTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	asPage(r)
	return p.RoundTripper.RoundTrip(r)
}

// headerTransport adds its headers to every request.
type headerTransport map[string]string

func (h headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range h {
		r.Header.Set(k, v)
	}
	return http.DefaultTransport.RoundTrip(r)
}

func hasBot(bots []playapi.BotInfo, name string) bool {
	for _, b := range bots {
		if b.Name == name {
			return true
		}
	}
	return false
}

// TestSessionLimits: the store holds at most MaxSessions; a session left
// (DELETE) or idle past Idle is forgotten.
func TestSessionLimits(t *testing.T) {
	s, ts := newServer(t, Config{MaxSessions: 2})
	_, a, _ := apiGame(t, ts.URL, "classic", "1", nil)
	apiGame(t, ts.URL, "classic", "2", nil)
	if code, b := call(t, http.DefaultClient, "POST", ts.URL+"/api/play", `{}`); code != 503 || !strings.Contains(string(b), "too many") {
		t.Errorf("third session: %d %s", code, b)
	}
	if code, _ := call(t, http.DefaultClient, "DELETE", ts.URL+"/api/play/"+a, ""); code != 204 {
		t.Errorf("leave: %d", code)
	}
	if s.sessions.Len() != 1 {
		t.Errorf("%d sessions after one left", s.sessions.Len())
	}
	if code, _ := call(t, http.DefaultClient, "POST", ts.URL+"/api/play", `{}`); code != 200 {
		t.Errorf("a session after one left: %d", code)
	}

	_, ts = newServer(t, Config{Idle: time.Millisecond})
	_, id, _ := apiGame(t, ts.URL, "classic", "1", nil)
	time.Sleep(5 * time.Millisecond) // past Idle: the next request forgets it
	if code, _ := call(t, http.DefaultClient, "POST", ts.URL+"/api/play/"+id, `{"answer":"Ninja"}`); code != 404 {
		t.Errorf("an idle session answered: %d", code)
	}
}

// TestPages: the home page links to Play and to each mounted page, which
// gets its requests; a page not mounted is named but not linked; an
// unknown page is a 404 page.
func TestPages(t *testing.T) {
	rooms := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "rooms here: "+r.URL.Path) })
	_, ts := newServer(t, Config{Mounts: map[string]http.Handler{"/rooms/": rooms, "/extra/": rooms}})
	code, b := call(t, http.DefaultClient, "GET", ts.URL+"/", "")
	home := string(b)
	for _, want := range []string{`<a href="/play">Play</a>`, `<a href="/rooms/">Rooms</a>`, `<a href="/extra/">extra</a>`, `<h2>Watch</h2>`, `<h2>Runs</h2>`} {
		if code != 200 || !strings.Contains(home, want) {
			t.Errorf("home page lacks %s", want)
		}
	}
	if strings.Contains(home, `href="/watch/"`) {
		t.Errorf("home page links to a page not mounted")
	}
	if _, b := call(t, http.DefaultClient, "GET", ts.URL+"/rooms/abc", ""); string(b) != "rooms here: /abc" {
		t.Errorf("mount got %q", b)
	}
	code, b = call(t, http.DefaultClient, "GET", ts.URL+"/play?seed=0x5", "")
	if code != 200 || !strings.Contains(string(b), `<script src="/static/play.js">`) || !strings.Contains(string(b), "legal  every choice you may make now") {
		t.Errorf("play page: %d", code)
	}
	for _, p := range []string{"/static/play.js", "/static/style.css"} {
		if code, _ := call(t, http.DefaultClient, "GET", ts.URL+p, ""); code != 200 {
			t.Errorf("%s: %d", p, code)
		}
	}
	if code, b := call(t, http.DefaultClient, "GET", ts.URL+"/nothing", ""); code != 404 || !strings.Contains(string(b), "There is no page here") {
		t.Errorf("unknown page: %d", code)
	}
}

func TestBadMounts(t *testing.T) {
	h := http.NotFoundHandler()
	for i, m := range []map[string]http.Handler{{"/": h}, {"rooms/": h}, {"/rooms": h}, {"/api/": h}, {"/static/": h}, {"/x/": nil}} {
		if _, err := New(Config{Mounts: m}); err == nil {
			t.Errorf("case %d %v: no error", i, m)
		}
	}
}

type closer struct {
	http.Handler
	closed bool
}

func (c *closer) Close() { c.closed = true }

// TestMountHeaders: the server's own pages may not be framed, a mounted
// page sets its own rules; a mounted page with Close is closed with the
// server.
func TestMountHeaders(t *testing.T) {
	runs := &closer{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, r.URL.Path) })}
	s, err := New(Config{Mounts: map[string]http.Handler{"/runs/": runs}})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s)
	defer ts.Close()
	for path, deny := range map[string]bool{"/": true, "/play": true, "/api/bots": true, "/runs/": false, "/runs/x/report.html": false} {
		resp, err := http.Get(ts.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if got := resp.Header.Get("X-Frame-Options") == "DENY"; got != deny || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: X-Frame-Options %q, nosniff %q", path, resp.Header.Get("X-Frame-Options"), resp.Header.Get("X-Content-Type-Options"))
		}
	}
	s.Close()
	if !runs.closed {
		t.Errorf("the mounted page was not closed")
	}
}

// apiSession plays a session through the API from the request req,
// answering each question with answer(reply) until it returns "", and
// returns the transcript a terminal would show and the answers given.
func apiSession(t *testing.T, base string, req playapi.NewRequest, answer func(play.Reply) string) (string, []string) {
	t.Helper()
	body, _ := json.Marshal(req)
	code, b := call(t, http.DefaultClient, "POST", base+"/api/play", string(body))
	if code != 200 {
		t.Fatalf("new game %s: %d %s", body, code, b)
	}
	var nr playapi.NewReply
	if err := json.Unmarshal(b, &nr); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	var answers []string
	play.Write(&out, nr.Reply)
	for r := nr.Reply; !r.Over; {
		a := answer(r)
		if a == "" {
			break
		}
		answers = append(answers, a)
		out.WriteString(a + "\n")
		r = answerAPI(t, base, nr.ID, a)
		play.Write(&out, r)
	}
	return out.String(), answers
}

// answerAPI sends answer a to session id of the server at base, as the
// page does, and returns the reply.
func answerAPI(t *testing.T, base, id, a string) play.Reply {
	t.Helper()
	code, b := call(t, http.DefaultClient, "POST", base+"/api/play/"+id, `{"answer":`+jsonString(a)+`}`)
	if code != 200 {
		t.Fatalf("answer %q: %d %s", a, code, b)
	}
	var r play.Reply
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestAPIEveryGame: NPZR from either seat and NZSC at 3 and 4 players,
// played to the end through the API (the first option of every question,
// with commands and a bad answer slipped in), give nzsc play's
// transcript for the same answers.
func TestAPIEveryGame(t *testing.T) {
	_, ts := newServer(t, Config{})
	for _, req := range []playapi.NewRequest{
		{Game: "npzr", Seed: "0x11"},
		{Game: "npzr", Seat: 1, Opponent: "random", Seed: "0x12"},
		{Players: 3, Seed: "13"},
		{Players: 4, Opponent: "random", Seed: "14"},
	} {
		n := 0
		got, answers := apiSession(t, ts.URL, req, func(r play.Reply) string {
			n++
			switch {
			case r.Kind == play.AskAgain:
				return "n"
			case n%7 == 3:
				return "legal"
			case n%11 == 5:
				return "zzz"
			}
			return r.Options[0]
		})
		g, err := game.Build(map[bool]string{true: "npzr", false: "nzsc"}[req.Game == "npzr"], max(req.Players, 2), nil)
		if err != nil {
			t.Fatal(err)
		}
		spec := req.Opponent
		if spec == "" {
			spec = play.DefaultOpponent(g.Info().Name, g.Seats())
		}
		bot, err := agents.ParseForSeats(g.Info().Name, g.Seats(), spec)
		if err != nil {
			t.Fatal(err)
		}
		seed, _ := game.ParseSeed(req.Seed)
		var want strings.Builder
		in := strings.NewReader(strings.Join(answers, "\n") + "\n")
		if err := play.Run(context.Background(), in, &want, play.Options{Game: g, Seat: req.Seat, Bot: bot, Seed: seed, Echo: true}); err != nil {
			t.Fatal(err)
		}
		if got != want.String() {
			t.Errorf("%+v: the API's transcript differs from nzsc play's:\n%s\n--- nzsc play ---\n%s", req, got, want.String())
		}
		if !strings.Contains(got, "Play again? y/N") {
			t.Errorf("%+v: the game did not end:\n%s", req, got)
		}
	}
}

// TestGamesList: /api/games offers every game at every number of
// players, each with its default bot among its bots; exec: only with
// AllowExec, to a request with the server's secret.
func TestGamesList(t *testing.T) {
	const secret = "5ec2e7"
	withSecret := &http.Client{Transport: headerTransport{webapi.SecretHeader: secret}}
	for _, c := range []struct {
		allow  bool
		client *http.Client
		exec   bool
	}{{false, withSecret, false}, {true, http.DefaultClient, false}, {true, withSecret, true}} {
		allow := c.exec
		_, ts := newServer(t, Config{AllowExec: c.allow, Secret: secret})
		_, b := call(t, c.client, "GET", ts.URL+"/api/games", "")
		var games []playapi.GameInfo
		if err := json.Unmarshal(b, &games); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, g := range games {
			got = append(got, fmt.Sprintf("%s/%d", g.Game, g.Players))
			if !hasBot(g.Bots, g.Opponent) || hasBot(g.Bots, "exec") != allow {
				t.Errorf("%s/%d (allow exec %v): default %s, bots %+v", g.Game, g.Players, allow, g.Opponent, g.Bots)
			}
			if g.Seats != (g.Game == "npzr") {
				t.Errorf("%s/%d: seats %v", g.Game, g.Players, g.Seats)
			}
		}
		if strings.Join(got, " ") != "nzsc/2 nzsc/3 nzsc/4 npzr/2" {
			t.Errorf("games %v", got)
		}
	}
}

// TestLeftClientStopsBot: a bot thinking for a client that hung up stops
// at once (its search ends on the request's context), so the session is
// free again within moments, though the search asked for would take
// seconds; and the session is whole: the answer was played (the request
// had long arrived when its client left), and the next request gets the
// next question.
func TestLeftClientStopsBot(t *testing.T) {
	_, ts := newServer(t, Config{})
	_, id, _ := apiGame(t, ts.URL, "mcts:iters=10000000", "1", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", ts.URL+"/api/play/"+id, strings.NewReader(`{"answer":"Ninja"}`))
	req.Header.Set("Content-Type", "application/json")
	asPage(req)
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("ten million iterations answered in 300 ms")
	}
	// The session's next request waits for the bot's move to end: with
	// the bot stopped it is quick; before, minutes.
	done := make(chan int, 1)
	var after []byte
	go func() {
		code, b := call(t, http.DefaultClient, "POST", ts.URL+"/api/play/"+id, `{"answer":"score"}`)
		after = b
		done <- code
	}()
	select {
	case code := <-done:
		var r play.Reply
		if code != 200 || json.Unmarshal(after, &r) != nil || r.Status.Turn != 1 || r.Ask == "" {
			t.Errorf("after the client left: %d %s", code, after)
		}
	case <-time.After(5 * time.Second): // the stop takes milliseconds; 5 s for a loaded machine
		t.Fatal("the bot went on thinking for a client that left")
	}
}

// TestOwnResponsesHeaders: every response of the server's own paths,
// pages, files, errors and API alike, says no-sniff, may not be framed
// and carries the pages' Content-Security-Policy (the 404 page was
// served without one); the page templates are not files to serve (they
// came out raw under /static/).
func TestOwnResponsesHeaders(t *testing.T) {
	_, ts := newServer(t, Config{})
	for _, c := range []struct {
		path   string
		status int
	}{
		{"/", 200}, {"/play", 200}, {"/nothing", 404}, {"/static/play.js", 200}, {"/static/style.css", 200},
		{"/static/lab.js", 200}, {"/api/bots", 200}, {"/api/nothing", 404},
		{"/static/play.html", 404}, {"/static/layout.html", 404}, {"/static/home.html", 404}, {"/static/error.html", 404}, {"/static/", 404},
	} {
		resp, err := http.Get(ts.URL + c.path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		h := resp.Header
		if resp.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d", c.path, resp.StatusCode, c.status)
		}
		if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: CSP %q, nosniff %q, X-Frame-Options %q", c.path, h.Get("Content-Security-Policy"), h.Get("X-Content-Type-Options"), h.Get("X-Frame-Options"))
		}
		if bytes.Contains(b, []byte("{{")) {
			t.Errorf("%s: a template served raw: %.80q", c.path, b)
		}
	}
}
