package watch

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr" // an NPZR record to step through
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
	"github.com/nzsclab/nzsc/web/runs"
)

func post(t *testing.T, srv *httptest.Server, path string, body any) (int, []byte) {
	t.Helper()
	var b []byte
	switch v := body.(type) {
	case []byte:
		b = v
	default:
		b, _ = json.Marshal(v)
	}
	resp, err := http.Post(srv.URL+path, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

func get(t *testing.T, srv *httptest.Server, path string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

// checkSteps holds a stepped game to nzsc replay's narration of its
// record: the header, every step's text and the end are play.Replay's
// output, in order.
func checkSteps(t *testing.T, g *Game) {
	t.Helper()
	gm, err := game.Build(g.Record.Game, g.Record.Seats, g.Record.Rules)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := play.Replay(&want, gm, g.Record); err != nil {
		t.Fatalf("play.Replay: %v", err)
	}
	var got strings.Builder
	got.WriteString(g.Header)
	for _, s := range g.Steps {
		got.WriteString(s.Text)
	}
	got.WriteString(g.End)
	if got.String() != want.String() {
		t.Errorf("stepped narration differs from play.Replay:\n--- got\n%s\n--- want\n%s", got.String(), want.String())
	}
	if len(g.Steps) != g.Record.Result.Steps || len(g.Steps) != len(g.Record.Turns) {
		t.Errorf("%d steps, record says %d with %d turns", len(g.Steps), g.Record.Result.Steps, len(g.Record.Turns))
	}
}

func TestBotGameStepsLikeReplay(t *testing.T) {
	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	for _, c := range []struct {
		bots []string
		seed string
	}{
		{[]string{"greedy", "classic"}, "5"},
		{[]string{"random", "nash"}, "0x2a"},
		{[]string{"classic", "random"}, ""},
	} {
		st, body := post(t, srv, "/api/play", PlayRequest{Bots: c.bots, Seed: c.seed})
		if st != 200 {
			t.Fatalf("%v: status %d: %s", c.bots, st, body)
		}
		var g Game
		if err := json.Unmarshal(body, &g); err != nil {
			t.Fatal(err)
		}
		checkSteps(t, &g)
		if g.Record.Bots[0] != c.bots[0] || g.Record.Bots[1] != c.bots[1] {
			t.Errorf("record bots %v", g.Record.Bots)
		}
		// The same bots and seed play the same game.
		_, again := post(t, srv, "/api/play", PlayRequest{Bots: c.bots, Seed: c.seed})
		if !bytes.Equal(body, again) {
			t.Errorf("%v seed %q: a second game differs", c.bots, c.seed)
		}
		if last := g.Steps[len(g.Steps)-1]; last.Score[0] != g.Record.Result.Score[0] || last.Score[1] != g.Record.Result.Score[1] {
			t.Errorf("last step's score %v, result %v", last.Score, g.Record.Result.Score)
		}
	}
}

// npzrRecord plays an NPZR game of bots a and b with seed on a
// PlayerTable, as a run plays it, and returns its record and the
// record's JSON line.
func npzrRecord(t *testing.T, a, b string, seed uint64) (*game.Record, []byte) {
	t.Helper()
	g, err := game.Build("npzr", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	var players []agents.Player
	for _, s := range []string{a, b} {
		b, err := agents.ParseFor("npzr", s)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := b.NewPlayer()
		players = append(players, p)
	}
	table := agents.NewPlayerTable()
	table.Record = true
	res := table.Play(g, seed, players)
	rec := &game.Record{Format: game.RecordFormat, Version: game.RecordVersion, Game: "npzr", Seats: 2,
		Rules: g.Rules(), Seed: game.FormatSeed(seed), Bots: []string{a, b}}
	roundrobin.FillRecord(rec, table, &res)
	line, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return rec, line
}

// An uploaded record of another game (NPZR, played here on a
// PlayerTable) steps through as nzsc replay narrates it.
func TestUploadedRecordStepsLikeReplay(t *testing.T) {
	rec, line := npzrRecord(t, "random", "random", 9)

	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	st, body := post(t, srv, "/api/record", line)
	if st != 200 {
		t.Fatalf("status %d: %s", st, body)
	}
	var w Game
	if err := json.Unmarshal(body, &w); err != nil {
		t.Fatal(err)
	}
	checkSteps(t, &w)

	// A record whose moves do not give its result is refused.
	rec.Result.Winner = 1 - rec.Result.Winner
	rec.Result.Places[0], rec.Result.Places[1] = rec.Result.Places[1], rec.Result.Places[0]
	bad, _ := json.Marshal(rec)
	if st, body := post(t, srv, "/api/record", bad); st != http.StatusBadRequest {
		t.Errorf("a record with the wrong result: %d %s", st, body)
	}
}

// A run's games log (inside the runs directory) lists its games, and a
// game picked from it is the log's record.
func TestRunGamesLog(t *testing.T) {
	root := t.TempDir()
	log := playRun(t, root, testRun{Bots: []string{"greedy", "classic"}, Name: "r1", Pairs: 3, Seed: 11, Log: ".games.jsonl.gz"})
	var want []*game.Record
	if err := results.ReadRecords(log, func(r *game.Record) error { want = append(want, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(want) != 6 {
		t.Fatalf("the log holds %d games", len(want))
	}

	srv := httptest.NewServer(New(Options{Runs: &runs.Root{Path: root}}))
	defer srv.Close()
	st, body := get(t, srv, "/api/runs")
	if st != 200 || !strings.Contains(string(body), `"name":"r1"`) {
		t.Fatalf("runs: %d %s", st, body)
	}
	var list struct {
		Games []GameLine
		More  bool
	}
	st, body = get(t, srv, "/api/runs/r1/games?from=1&n=4")
	if err := json.Unmarshal(body, &list); st != 200 || err != nil {
		t.Fatalf("games: %d %s", st, body)
	}
	if len(list.Games) != 4 || !list.More || list.Games[0].Index != 1 || list.Games[3].Seed != want[4].Seed {
		t.Errorf("games list %+v", list)
	}
	st, body = get(t, srv, "/api/runs/r1/games/4")
	var w Game
	if err := json.Unmarshal(body, &w); st != 200 || err != nil {
		t.Fatalf("game 4: %d %s", st, body)
	}
	a, _ := json.Marshal(w.Record)
	b, _ := json.Marshal(want[4])
	if !bytes.Equal(a, b) {
		t.Errorf("game 4 is\n%s\nthe log's 5th record is\n%s", a, b)
	}
	checkSteps(t, &w)
	for _, path := range []string{"/api/runs/r1/games/6", "/api/runs/r1/games/-1", "/api/runs/r1/games?n=1000",
		"/api/runs/nothere/games", "/api/runs/%2e%2e/games", "/api/runs/..%2fr1/games/0"} {
		if st, body := get(t, srv, path); st < 400 || st >= 500 {
			t.Errorf("GET %s: %d %s", path, st, body)
		}
	}
}

func TestPlayRefuses(t *testing.T) {
	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	// A program is forbidden (403, as on the Play page), a mistake in
	// the request is bad (400).
	if st, body := post(t, srv, "/api/play", PlayRequest{Bots: []string{"greedy", "exec:/bin/true"}}); st != http.StatusForbidden {
		t.Errorf("an exec: bot without the secret: %d %s, want 403", st, body)
	}
	for i, c := range []any{
		PlayRequest{Bots: []string{"greedy", "nosuch"}},
		PlayRequest{Bots: []string{"greedy"}},
		PlayRequest{Bots: []string{"greedy", "classic"}, Seed: "-1"},
		map[string]any{"bots": []string{"greedy", "classic"}, "speed": 2},
	} {
		st, body := post(t, srv, "/api/play", c)
		var e struct{ Error string }
		if st != http.StatusBadRequest || json.Unmarshal(body, &e) != nil || e.Error == "" {
			t.Errorf("case %d: %d %s", i, st, body)
		}
	}
	if st, _ := post(t, srv, "/api/record", []byte(`{"format":"nzsc-lab-game","version":1,"game":"chess","seats":2,"bots":["a","b"],"seed":"1","result":{"places":[1,2],"winner":0,"score":[0,0]}}`)); st != http.StatusBadRequest {
		t.Errorf("record of an unknown game: %d", st)
	}
	if st, _ := post(t, srv, "/api/record", bytes.Repeat([]byte(" "), 2<<20)); st != http.StatusRequestEntityTooLarge {
		t.Errorf("a 2 MB upload: %d", st)
	}
	var bots []runs.Bot
	_, body := get(t, srv, "/api/bots")
	json.Unmarshal(body, &bots)
	for _, b := range bots {
		if strings.HasPrefix(b.Name, "exec") {
			t.Errorf("exec offered: %v", b)
		}
	}
}

// TestSkipRecords: skipping n records passes n lines that are not blank,
// whatever their length (past the reader's buffer) and the blank lines
// between them, as results.ReadRecordsFrom counts records; and it stops
// when its context ends.
func TestSkipRecords(t *testing.T) {
	long := strings.Repeat("x", 200_000)
	log := "r0\n\n   \nr1 " + long + "\n\t\nr2\nr3\n" + long + "\n\nr5"
	want := []string{"r0", "r1 " + long, "r2", "r3", long, "r5", ""}
	for n := range want {
		br := bufio.NewReaderSize(strings.NewReader(log), 16)
		if err := skipRecords(context.Background(), br, n); err != nil {
			t.Fatalf("skip %d: %v", n, err)
		}
		rest, _ := io.ReadAll(br)
		got := strings.TrimLeft(string(rest), " \t\n")
		if i := strings.IndexByte(got, '\n'); i >= 0 {
			got = got[:i]
		}
		if got != want[n] {
			t.Errorf("after skipping %d: next line %.20q, want %.20q", n, got, want[n])
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	many := strings.Repeat("r\n", 10_000)
	if err := skipRecords(ctx, bufio.NewReader(strings.NewReader(many)), 9_000); err == nil {
		t.Errorf("skipping after the client left: no error")
	}
}

// TestStepNoun: the page names a step of each game by what it is: a
// turn of NZSC (every seat chooses at once, at any seat count), an
// action of NPZR (one seat's decision; its turns are several).
func TestStepNoun(t *testing.T) {
	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	for _, c := range []struct {
		game    string
		players int
		bots    []string
		want    string
	}{
		{"nzsc", 2, []string{"random", "greedy"}, "turn"},
		{"nzsc", 3, []string{"random", "greedy", "random"}, "turn"},
		{"npzr", 2, []string{"random", "greedy"}, "action"},
	} {
		st, body := post(t, srv, "/api/play", PlayRequest{Game: c.game, Players: c.players, Bots: c.bots, Seed: "3"})
		if st != 200 {
			t.Fatalf("%s: status %d: %s", c.game, st, body)
		}
		var g Game
		if err := json.Unmarshal(body, &g); err != nil {
			t.Fatal(err)
		}
		if g.StepNoun != c.want {
			t.Errorf("%s at %d: a step is %q, want %q", c.game, c.players, g.StepNoun, c.want)
		}
	}
}

// TestTurnCapGame: two seats of classic with one fixed seed at one
// four-player table draw the same character every turn (the same
// generator in both seats), so everyone repicks until the 1000-turn
// cap, a draw. (Two greedy seats did so until greedy drew its repicks.) The game says so (Capped), for the page to say it when the game
// opens; a game won before the cap, and an NPZR game at a cap of 2 of
// its turns (several steps each), are told apart.
func TestTurnCapGame(t *testing.T) {
	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	for i, c := range []struct {
		req           PlayRequest
		steps, cap    int
		capped, first bool
	}{
		{PlayRequest{Game: "nzsc", Players: 4, Bots: []string{"classic:seed=1", "classic", "random", "classic:seed=1"}, Seed: "1"}, 1000, 1000, true, false},
		{PlayRequest{Bots: []string{"greedy", "classic"}, Seed: "5"}, -1, 1000, false, true},
	} {
		code, b := post(t, srv, "/api/play", c.req)
		var g Game
		if err := json.Unmarshal(b, &g); code != 200 || err != nil {
			t.Fatalf("case %d: %d %.200s", i, code, b)
		}
		if g.Capped != c.capped || g.TurnCap != c.cap || c.steps >= 0 && len(g.Steps) != c.steps || c.first && g.Record.Result.Winner < 0 {
			t.Errorf("case %d %v: capped %v at %d after %d steps, winner %d; want capped %v at %d", i, c.req.Bots, g.Capped, g.TurnCap, len(g.Steps), g.Record.Result.Winner, c.capped, c.cap)
		}
	}
	// NPZR counts its cap in turns, each several actions: a game cut at
	// 2 turns is capped, though it took more than 2 steps.
	g, err := game.Build("npzr", 2, game.Rules{"turn_cap": "2"})
	if err != nil {
		t.Fatal(err)
	}
	st := g.NewState(1)
	acts := make([]game.Action, 2)
	for !st.Over() {
		for s := range acts {
			acts[s] = game.Pass
		}
		for _, s := range st.ToAct(nil) {
			l := st.Legal(s, nil)
			acts[s] = l[len(l)-1]
		}
		if err := st.Apply(acts); err != nil {
			t.Fatal(err)
		}
	}
	if limit, capped := cappedAt(g, st); limit != 2 || !capped || st.Turn() <= 2 {
		t.Errorf("NPZR at turn_cap=2 after %d steps: cap %d, capped %v; want 2, true", st.Turn(), limit, capped)
	}
}

// TestRunsErrors: the runs directory unreadable is the server's failure
// (500, naming the directory as configured, which it used to answer
// with the system's error and its resolved path), a run that is not
// there is 404.
func TestRunsErrors(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "runs")
	if err := os.WriteFile(dir, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(New(Options{Runs: &runs.Root{Path: dir}}))
	defer srv.Close()
	code, b := get(t, srv, "/api/runs")
	if code != 500 || !strings.Contains(string(b), "the server cannot read its runs directory "+dir+": ") {
		t.Errorf("list of a runs directory that is a file: %d %s", code, b)
	}
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if code, b := get(t, srv, "/api/runs/nosuchrun/games"); code != 404 || !strings.Contains(string(b), `no run \"nosuchrun\"`) {
		t.Errorf("games of no run: %d %s", code, b)
	}
}

// endless is a games log of size bytes of b (a newline: blank lines; a
// letter: one huge line), made as it is read, that calls left once
// after 1 MiB has been read: the client leaves.
type endless struct {
	b          byte
	size, read int64
	left       func()
}

func (e *endless) Read(p []byte) (int, error) {
	if e.read >= e.size {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), e.size-e.read))
	for i := range n {
		p[i] = e.b
	}
	if e.read < 1<<20 && e.read+int64(n) >= 1<<20 {
		e.left()
	}
	e.read += int64(n)
	return n, nil
}

// TestLogReadStopsWhenClientLeaves: reading a games log for a request
// stops soon after its client leaves, whatever the log holds. The old
// reading looked at the request's context once per 4096 records, so a
// log of blank lines, or of one huge line, was read to its end (a gzip
// file of 250 KB unpacks to 256 MB of newlines; of megabytes, to
// gigabytes) for a client long gone, holding a place of the page's.
func TestLogReadStopsWhenClientLeaves(t *testing.T) {
	for i, c := range []struct {
		b    byte
		from int
	}{
		{'\n', 0}, // blank lines where the records would be
		{'\n', 3}, // blank lines while skipping to record 3
		{'x', 3},  // one huge line while skipping
	} {
		ctx, cancel := context.WithCancel(context.Background())
		log := &endless{b: c.b, size: 256 << 20, left: cancel}
		err := readRecords(ctx, log, "r", c.from, func(int, *game.Record) bool { return true })
		if err == nil || !errors.Is(err, context.Canceled) {
			t.Errorf("case %d: %v, want the context's error", i, err)
		}
		if log.read > 2<<20 {
			t.Errorf("case %d: %d MiB read, the client left after 1 MiB", i, log.read>>20)
		}
		cancel()
	}
}

// TestGamesListNamesSteps: a run's games list names each game's steps
// as its page counts them (Game.StepNoun): NPZR's are actions, several
// a turn, so "53 turns" of an NPZR game that the page steps through as
// "Action 1 of 53" was wrong by a factor of the actions a turn.
func TestGamesListNamesSteps(t *testing.T) {
	root := t.TempDir()
	for _, c := range []struct {
		game, noun string
		bots       []string
	}{
		{"nzsc", "turn", []string{"greedy", "classic"}},
		{"npzr", "action", []string{"greedy", "random"}},
	} {
		playRun(t, root, testRun{Game: c.game, Bots: c.bots, Name: c.game, Pairs: 1, Seed: 3})
	}
	srv := httptest.NewServer(New(Options{Runs: &runs.Root{Path: root}}))
	defer srv.Close()
	for _, c := range []struct{ game, noun string }{{"nzsc", "turn"}, {"npzr", "action"}} {
		var list struct{ Games []GameLine }
		st, body := get(t, srv, "/api/runs/"+c.game+"/games")
		if err := json.Unmarshal(body, &list); st != 200 || err != nil || len(list.Games) != 2 {
			t.Fatalf("%s games: %d %s", c.game, st, body)
		}
		for _, l := range list.Games {
			if l.StepNoun != c.noun {
				t.Errorf("%s game %d: its %d steps are %q, want %q", c.game, l.Index, l.Steps, l.StepNoun, c.noun)
			}
		}
	}
}

// TestLinkStartsNoCostlyBot: the page plays the game its address names
// by itself (link), and any site can send a browser to that address, so
// a link may not ask for a search's parameters (minutes of the server's
// cores): such a request is refused at once, before any bot is built,
// while a link to bots at their defaults plays and the person's Play
// (no link) starts the bot with its parameters.
func TestLinkStartsNoCostlyBot(t *testing.T) {
	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	for _, bots := range [][]string{
		{"mcts:iters=10000000", "mcts:iters=10000000"},
		{"greedy", "random:tc=40/60"},
	} {
		st, body := post(t, srv, "/api/play", PlayRequest{Bots: bots, Link: true})
		if st != http.StatusForbidden || !strings.Contains(string(body), "a link alone may not") {
			t.Errorf("a link to %v: %d %s, want 403 and the link's refusal", bots, st, body)
		}
	}
	for _, c := range []struct {
		bots []string
		link bool
	}{
		{[]string{"greedy", "classic:seed=1,name=c"}, true},
		{[]string{"mcts", "random:noise=0.1"}, true},
		{[]string{"mcts:iters=20", "greedy"}, false},
	} {
		if st, body := post(t, srv, "/api/play", PlayRequest{Bots: c.bots, Link: c.link}); st != http.StatusOK {
			t.Errorf("%v (link %v): %d %s, want the game", c.bots, c.link, st, body)
		}
	}
}
