package web

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis/solve"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/web/playapi"
)

// TestLinkStartsNoCostlyOpponent: the Play page starts the game its
// address names by itself (link), and any site can send a browser there:
// an opponent with a search's parameters, which in NPZR's seat 0 thinks
// at once, is refused for a link (403, before the bot is built) and
// started on the person's Start; an opponent at its defaults, with its
// seed, starts from a link.
func TestLinkStartsNoCostlyOpponent(t *testing.T) {
	_, ts := newServer(t, Config{})
	c := ts.Client()
	costly := `{"game":"npzr","seat":1,"opponent":"ismcts:iters=10000000","link":true}`
	if st, body := call(t, c, "POST", ts.URL+"/api/play", costly); st != http.StatusForbidden || !strings.Contains(string(body), "a link alone may not") {
		t.Errorf("a link to a costly opponent: %d %s, want 403 and the link's refusal", st, body)
	}
	for _, req := range []string{
		`{"game":"npzr","seat":1,"opponent":"ismcts:iters=50"}`,
		`{"game":"npzr","seat":1,"opponent":"ismcts","link":true}`,
		`{"opponent":"classic:seed=7","link":true}`,
	} {
		if st, body := call(t, c, "POST", ts.URL+"/api/play", req); st != http.StatusOK {
			t.Errorf("%s: %d %s, want a game", req, st, body)
		}
	}
}

// TestNoteHidesServerPaths: optimal's note names its cache file for the
// person at the terminal; a remote player's page hears the note without
// the server's directories.
func TestNoteHidesServerPaths(t *testing.T) {
	cache, home := t.TempDir(), t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", home)
	path, err := solve.CachePathRules(nz.DefaultRules)
	if err != nil {
		t.Fatal(err)
	}
	l := &live{}
	ctx := l.notesFor(context.Background())
	for _, msg := range []string{
		"optimal: solving the game once, as no solution of it is saved (about 5 s of CPU); it will be cached in " + path,
		"optimal: solved in 5s; open " + home + "/x: permission denied: the next run solves again",
	} {
		agents.Note(ctx, msg)
	}
	said := l.saidNotes()
	if len(said) != 2 {
		t.Fatalf("notes %q, want 2", said)
	}
	for _, n := range said {
		if strings.Contains(n, cache) || strings.Contains(n, home) {
			t.Errorf("a remote player's note names the server's directories: %q", n)
		}
	}
	if want := "it will be cached in the server's cache, as " + filepath.Base(path); !strings.HasSuffix(said[0], want) {
		t.Errorf("note %q, want it to end %q", said[0], want)
	}
}

// TestOptimalVariantNotSolvedForPage: optimal solves the rules variant
// it plays at its first decision and keeps it for the server's life (the
// largest: a minute of CPU, 300 MB, a 94 MB file); a remote player may
// not make the server do that. A variant the server has a saved solution
// of plays, as do the shared rules.
func TestOptimalVariantNotSolvedForPage(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	_, ts := newServer(t, Config{})
	c := ts.Client()
	big := `{"opponent":"optimal","rules":{"points":"9","move_streak":"4","waits":"8"}}`
	st, body := call(t, c, "POST", ts.URL+"/api/play", big)
	if st != http.StatusForbidden || !strings.Contains(string(body), "nzsc solve game --rule move_streak=4 --rule points=9 --rule waits=8") {
		t.Errorf("optimal in an unsolved variant: %d %s, want 403 saying how to solve it on the server", st, body)
	}
	r, err := nz.ParseRules(map[string]string{"points": "9", "move_streak": "4", "waits": "8"})
	if err != nil {
		t.Fatal(err)
	}
	path, err := solve.CachePathRules(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, req := range []string{big, `{"opponent":"optimal"}`, `{"opponent":"greedy","rules":{"points":"9"}}`} {
		if st, body := call(t, c, "POST", ts.URL+"/api/play", req); st != http.StatusOK {
			t.Errorf("%s: %d %s, want a game", req, st, body)
		}
	}
	// Variants no larger than the shared rules are solved for pages, at
	// most maxPageVariants of them in the server's life; one let through
	// plays again.
	small := []string{`{"points":"3"}`, `{"points":"4"}`, `{"waits":"3"}`, `{"waits":"2","headstarts":"off"}`, `{"waits":"1"}`, `{"points":"3"}`}
	for i, rules := range small {
		st, body := call(t, c, "POST", ts.URL+"/api/play", `{"opponent":"optimal","rules":`+rules+`}`)
		if want := i != maxPageVariants; (st == http.StatusOK) != want || !want && (st != http.StatusForbidden || !strings.Contains(string(body), "nzsc solve game --rule waits=1")) {
			t.Errorf("variant %d %s: %d %s, want a game %v", i, rules, st, body, want)
		}
	}
}

// TestResolveBoundedForPages: resolve reads no saved solution and solves
// the whole game in each session, keeping it for the session's life: a
// page may not play it in rules larger than the shared ones (403, naming
// the command that plays them on the server), and at most
// maxResolveSessions sessions against it are kept at once (503 past
// them, other bots unaffected); a session that ends gives its place
// back. Neither was bounded: each session against resolve in the largest
// variant could take a minute of CPU and hundreds of MB, as many at once
// as the server keeps sessions (1000).
func TestResolveBoundedForPages(t *testing.T) {
	_, ts := newServer(t, Config{})
	c := ts.Client()
	st, body := call(t, c, "POST", ts.URL+"/api/play", `{"opponent":"resolve","rules":{"points":"9","move_streak":"4","waits":"8"}}`)
	if st != http.StatusForbidden || !strings.Contains(string(body), "larger than the shared rules") || !strings.Contains(string(body), "nzsc play --opponent resolve --rule move_streak=4 --rule points=9 --rule waits=8") {
		t.Errorf("resolve in a large variant: %d %s, want 403 naming the command", st, body)
	}
	var ids []string
	for i := range maxResolveSessions + 1 {
		rules := []string{`{}`, `{"points":"3"}`}[i%2] // shared rules or smaller: both count
		st, body := call(t, c, "POST", ts.URL+"/api/play", `{"opponent":"resolve","rules":`+rules+`}`)
		if i < maxResolveSessions {
			var nr playapi.NewReply
			if st != http.StatusOK || json.Unmarshal(body, &nr) != nil {
				t.Fatalf("session %d against resolve: %d %s", i, st, body)
			}
			ids = append(ids, nr.ID)
			continue
		}
		if st != http.StatusServiceUnavailable || !strings.Contains(string(body), "games against resolve are being played") {
			t.Errorf("session %d against resolve: %d %s, want 503", i, st, body)
		}
	}
	if st, body := call(t, c, "POST", ts.URL+"/api/play", `{"opponent":"greedy"}`); st != http.StatusOK {
		t.Errorf("greedy while resolve's places are taken: %d %s", st, body)
	}
	if st, _ := call(t, c, "DELETE", ts.URL+"/api/play/"+ids[0], ""); st != http.StatusNoContent {
		t.Fatalf("leave: %d", st)
	}
	if st, body := call(t, c, "POST", ts.URL+"/api/play", `{"opponent":"resolve"}`); st != http.StatusOK {
		t.Errorf("resolve after a session against it ended: %d %s", st, body)
	}
}

// TestExploiterVariantNotSolvedForPage: exploiter plays from optimal's
// solution, solved at its first decision in the rules it plays and kept
// for the server's life, so a page may not make the server solve a
// variant for it either: refused (403) past the shared rules, counted
// toward the page variants' budget below them. Only optimal was
// bounded: exploiter in points=9, move_streak=4, waits=8 was a game.
func TestExploiterVariantNotSolvedForPage(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	_, ts := newServer(t, Config{})
	c := ts.Client()
	st, body := call(t, c, "POST", ts.URL+"/api/play", `{"opponent":"exploiter:models=greedy","rules":{"points":"9","move_streak":"4","waits":"8"}}`)
	if st != http.StatusForbidden || !strings.HasPrefix(string(body), `{"error":"exploiter: `) || !strings.Contains(string(body), "nzsc solve game --rule move_streak=4 --rule points=9 --rule waits=8") {
		t.Errorf("exploiter in an unsolved large variant: %d %s, want 403 naming it and how to solve the rules on the server", st, body)
	}
	small := []string{`{"points":"3"}`, `{"points":"4"}`, `{"waits":"3"}`, `{"waits":"2","headstarts":"off"}`, `{"waits":"1"}`, `{"points":"2"}`}
	for i, rules := range small[:maxPageVariants+1] {
		bot := []string{"exploiter", "optimal"}[i%2] // one budget for both
		st, body := call(t, c, "POST", ts.URL+"/api/play", `{"opponent":"`+bot+`","rules":`+rules+`}`)
		if want := i < maxPageVariants; (st == http.StatusOK) != want || !want && st != http.StatusForbidden {
			t.Errorf("variant %d %s (%s): %d %s, want a game %v", i, rules, bot, st, body, want)
		}
	}
}

// TestRaisedBotsBoundedForPages: a search bot keeps its search's storage
// for its session's life, as large as its parameters let it grow
// (mcts:iters=10000000 held 139 MB a session after one move), so at most
// maxRaisedSessions sessions against a bot with parameters a link may
// not name are kept at once (503 past them); a bot at its defaults, or
// with only its seed, name or noise, is not counted, and a session that
// ends gives its place back. Unbounded, a program calling the API could
// open sessions until the server ran out of memory (the store's bound,
// 1000 sessions, is 139 GB of such trees).
func TestRaisedBotsBoundedForPages(t *testing.T) {
	_, ts := newServer(t, Config{})
	c := ts.Client()
	var ids []string
	for i := range maxRaisedSessions + 1 {
		bot := []string{"mcts:iters=2", "mcts:c=0.5", "random:tc=10+1"}[i%3]
		st, body := call(t, c, "POST", ts.URL+"/api/play", `{"opponent":"`+bot+`"}`)
		if i < maxRaisedSessions {
			var nr playapi.NewReply
			if st != http.StatusOK || json.Unmarshal(body, &nr) != nil {
				t.Fatalf("session %d against %s: %d %s", i, bot, st, body)
			}
			ids = append(ids, nr.ID)
			continue
		}
		if st != http.StatusServiceUnavailable || !strings.Contains(string(body), "games against bots with raised parameters are being played") {
			t.Errorf("session %d against %s: %d %s, want 503", i, bot, st, body)
		}
	}
	for _, bot := range []string{"mcts", "classic:seed=7", "greedy:name=G", "mcts:noise=0.1"} {
		if st, body := call(t, c, "POST", ts.URL+"/api/play", `{"opponent":"`+bot+`"}`); st != http.StatusOK {
			t.Errorf("%s while the raised bots' places are taken: %d %s", bot, st, body)
		}
	}
	if st, _ := call(t, c, "DELETE", ts.URL+"/api/play/"+ids[0], ""); st != http.StatusNoContent {
		t.Fatalf("leave: %d", st)
	}
	if st, body := call(t, c, "POST", ts.URL+"/api/play", `{"opponent":"mcts:iters=2"}`); st != http.StatusOK {
		t.Errorf("a raised bot after a session against one ended: %d %s", st, body)
	}
}
