package web

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/web/playapi"
)

// notesOf returns the notes of session id (GET /api/play/{id}/notes).
func notesOf(t *testing.T, c *http.Client, base, id string) []string {
	t.Helper()
	code, b := call(t, c, "GET", base+"/api/play/"+id+"/notes", "")
	var n playapi.Notes
	if code != http.StatusOK || json.Unmarshal(b, &n) != nil {
		t.Fatalf("notes: %d %s", code, b)
	}
	return n.Notes
}

// playNotesChild, set in the environment, says that this process is
// TestPlayNotes's own.
const playNotesChild = "NZSC_TEST_PLAY_NOTES_CHILD"

// TestPlayNotes: a bot that thinks for seconds says so to the page, as it
// says so on a command's standard error: optimal solving a rules variant
// on a cold cache, and resolve solving its first pick. The notes of the
// answer that made it think are the session's notes (the page polls them
// while the answer is out); a new answer clears them. The old server
// wired no notes into its games: the page waited with no word.
//
// optimal keeps each rules variant it solved for the process's life, so
// in a process that already solved this one (go test -count=2, or any
// test before this one playing it) it says nothing, rightly: the test
// runs itself in a process of its own (playNotesChild), whose memo and
// cache are cold whatever ran before.
func TestPlayNotes(t *testing.T) {
	if testing.Short() {
		t.Skip("solves a rules variant (about a second): skipped with -short")
	}
	if os.Getenv(playNotesChild) == "" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPlayNotes$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), playNotesChild+"=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: TestPlayNotes") {
			t.Fatalf("TestPlayNotes in a process of its own: %v\n%s", err, out)
		}
		return
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache) // a cold cache
	_, ts := newServer(t, Config{})
	for _, c := range []struct{ opponent, want string }{
		{"optimal", "optimal: solving this rules variant"},
		{"resolve", "resolve: solving the whole game for its first character pick"},
	} {
		code, b := call(t, ts.Client(), "POST", ts.URL+"/api/play",
			fmt.Sprintf(`{"opponent": %q, "seed": "1", "rules": {"points": "3", "move_streak": "2"}}`, c.opponent))
		var nr playapi.NewReply
		if code != http.StatusOK || json.Unmarshal(b, &nr) != nil {
			t.Fatalf("%s: %d %s", c.opponent, code, b)
		}
		if !strings.Contains(nr.Reply.Status.Replay, "--rule move_streak=2 --rule points=3") {
			t.Errorf("%s: the rules are not the game's: %s", c.opponent, nr.Reply.Status.Replay)
		}
		if n := notesOf(t, ts.Client(), ts.URL, nr.ID); len(n) != 0 {
			t.Errorf("%s: notes before any decision: %q", c.opponent, n)
		}
		if code, b := call(t, ts.Client(), "POST", ts.URL+"/api/play/"+nr.ID, `{"answer": "Ninja"}`); code != http.StatusOK {
			t.Fatalf("%s: answer: %d %s", c.opponent, code, b)
		}
		n := notesOf(t, ts.Client(), ts.URL, nr.ID)
		if len(n) == 0 || !strings.HasPrefix(n[0], c.want) {
			t.Errorf("%s: notes %q, want one starting %q", c.opponent, n, c.want)
		}
		// The note says where the solution is kept for the person at
		// the terminal, not for a remote player.
		if len(n) > 0 && strings.Contains(n[0], cache) {
			t.Errorf("%s: a page's note names the server's cache directory: %q", c.opponent, n[0])
		}
		call(t, ts.Client(), "POST", ts.URL+"/api/play/"+nr.ID, `{"answer": "score"}`)
		if n := notesOf(t, ts.Client(), ts.URL, nr.ID); len(n) != 0 {
			t.Errorf("%s: notes of the last answer kept: %q", c.opponent, n)
		}
	}
	if code, _ := call(t, ts.Client(), "GET", ts.URL+"/api/play/nosuch/notes", ""); code != http.StatusNotFound {
		t.Errorf("notes of no session: %d", code)
	}
}

// TestPlayPageNote: while resolve solves its first pick, the Play page
// shows its note on the question line, and the question comes back with
// the reply. The shared rules, a solve of seconds (1.8 s of CPU): the
// page asks for notes every 0.4 s, and a small variant (points=3,
// move_streak=2: 0.26 s of CPU) was often solved before the first ask,
// so the test failed in a run of the whole package and passed alone.
func TestPlayPageNote(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := newServer(t, Config{})
	ctx := browser.New(t, 1000, 800, 2*time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/play?opponent=resolve&seed=1")); err != nil {
		t.Fatal(err)
	}
	sel := `#options button[data-answer="Ninja"]:not([disabled])`
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("question").textContent.startsWith("resolve: solving")`)); err != nil {
		t.Fatalf("no note on the question line: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll("#transcript .line.you").length == 1 && document.getElementById("question").textContent.startsWith("Choose a ")`)); err != nil {
		t.Fatalf("the question did not come back: %v", err)
	}
}

// slowStart is a bot of NPZR (registered for these tests only) that says
// a note at its first decision and then thinks until released (or its
// context ends): a bot deciding first, before the page has the session's
// id.
type slowStart struct {
	agents.Interrupt
	ctx context.Context
}

const slowStartNote = "slowstart: thinking about the first move"

// slowStartRelease is closed to let the slowstart bots move; each test
// sets a fresh one (newSlowStart).
var slowStartRelease atomic.Pointer[chan struct{}]

// newSlowStart returns the function releasing the slowstart bots, which
// wait until then.
func newSlowStart() func() {
	ch := make(chan struct{})
	slowStartRelease.Store(&ch)
	var once sync.Once
	return func() { once.Do(func() { close(ch) }) }
}

func (b *slowStart) SetContext(ctx context.Context)     { b.ctx = ctx; b.Interrupt.SetContext(ctx) }
func (b *slowStart) NewGame(game.Game, int, *rand.Rand) {}
func (b *slowStart) Act(_ game.Observation, legal []game.Action) game.Action {
	agents.Note(b.ctx, slowStartNote)
	select {
	case <-*slowStartRelease.Load():
	case <-b.ctx.Done():
	}
	return legal[0]
}

func init() {
	agents.Register(agents.Info{Game: "npzr", Name: "slowstart-test", Help: "a test bot: notes, then waits",
		NewPlayer: func(agents.Params) (agents.Player, error) { return &slowStart{ctx: context.Background()}, nil }})
}

// TestPlayStartNotes: a bot that decides first thinks while the game
// starts, before the page has the session's id; its note is answered
// under the ticket the page drew for the start, and only while the start
// is under way. The old server had no ticket (a start said nothing).
func TestPlayStartNotes(t *testing.T) {
	_, ts := newServer(t, Config{})
	const ticket = "00112233445566778899aabbccddeeff"
	release := newSlowStart()
	defer release()
	done := make(chan int, 1)
	go func() {
		code, _ := call(t, ts.Client(), "POST", ts.URL+"/api/play", `{"game":"npzr","seat":1,"opponent":"slowstart-test","seed":"1","ticket":"`+ticket+`"}`)
		done <- code
	}()
	deadline := time.Now().Add(20 * time.Second)
	for {
		code, b := call(t, ts.Client(), "GET", ts.URL+"/api/play/"+ticket+"/notes", "")
		var n playapi.Notes
		if code == http.StatusOK && json.Unmarshal(b, &n) == nil && len(n.Notes) > 0 {
			if n.Notes[0] != slowStartNote {
				t.Errorf("notes of the start: %q", n.Notes)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no note under the start's ticket: %d %s", code, b)
		}
		time.Sleep(20 * time.Millisecond)
	}
	release()
	if code := <-done; code != http.StatusOK {
		t.Errorf("the start: %d", code)
	}
	if code, _ := call(t, ts.Client(), "GET", ts.URL+"/api/play/"+ticket+"/notes", ""); code != http.StatusNotFound {
		t.Errorf("notes under a finished start's ticket: %d, want 404", code)
	}
	for _, bad := range []string{"short", "00112233445566778899AABBCCDDEEFF", strings.Repeat("a", 65), "0011223344556677../notes"} {
		if code, _ := call(t, ts.Client(), "POST", ts.URL+"/api/play", `{"ticket":"`+bad+`"}`); code != http.StatusBadRequest {
			t.Errorf("ticket %q: %d, want 400", bad, code)
		}
	}
}

// TestPlayPageStartNote: the Play page shows the note of a bot that
// decides first while the game starts (on the question line, where it
// said "Starting…" and nothing more), then the first question.
func TestPlayPageStartNote(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := newServer(t, Config{})
	ctx := browser.New(t, 1000, 800, 2*time.Minute)
	release := newSlowStart()
	defer release()
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/play?game=npzr&seat=1&opponent=slowstart-test&seed=1")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("question").textContent === `+fmt.Sprintf("%q", slowStartNote), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		q, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("question").textContent`))
		t.Fatalf("no note on the question line while the game starts (it says %q): %v", q, err)
	}
	release()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll("#options button").length > 0 && document.getElementById("question").textContent !== `+fmt.Sprintf("%q", slowStartNote), chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the first question did not come: %v", err)
	}
}
