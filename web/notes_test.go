package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

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

// TestPlayNotes: a bot that thinks for seconds says so to the page, as it
// says so on a command's standard error: optimal solving a rules variant
// on a cold cache, and resolve solving its first pick. The notes of the
// answer that made it think are the session's notes (the page polls them
// while the answer is out); a new answer clears them. The old server
// wired no notes into its games: the page waited with no word.
func TestPlayNotes(t *testing.T) {
	if testing.Short() {
		t.Skip("solves a rules variant (about a second): skipped with -short")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // a cold cache
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
		call(t, ts.Client(), "POST", ts.URL+"/api/play/"+nr.ID, `{"answer": "score"}`)
		if n := notesOf(t, ts.Client(), ts.URL, nr.ID); len(n) != 0 {
			t.Errorf("%s: notes of the last answer kept: %q", c.opponent, n)
		}
	}
	if code, _ := call(t, ts.Client(), "GET", ts.URL+"/api/play/nosuch/notes", ""); code != http.StatusNotFound {
		t.Errorf("notes of no session: %d", code)
	}
}

// TestPlayPageNote: while resolve solves its first pick (a second or so
// at a small variant), the Play page shows its note on the question line,
// and the question comes back with the reply.
func TestPlayPageNote(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := newServer(t, Config{})
	ctx := browser.New(t, 1000, 800, 2*time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/play?opponent=resolve&seed=1&rule=points=3&rule=move_streak=2")); err != nil {
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
