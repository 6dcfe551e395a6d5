package rooms

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/web/webapi"
)

// A game between two browser tabs, played by clicking to the end: each
// tab sees the other's choice only once both are in, both read the same
// narration, and the record downloaded replays to the result shown.
func TestRoomInTwoTabs(t *testing.T) {
	// Closed after the browser (cleanups run last first), whose long
	// polls would hold it open.
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(New(Options{MaxWait: 2 * time.Second}))) // as nzsc serve: the page proves itself
	t.Cleanup(srv.Close)
	ann := browser.New(t, 1280, 900, 3*time.Minute)
	bob := browser.Tab(t, ann)
	if err := chromedp.Do(ann, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	browser.Screenshot(t, ann, "rooms-lobby-400.png", 400)
	browser.Screenshot(t, ann, "rooms-lobby-1280.png", 1280)
	if err := chromedp.Do(ann, chromedp.SetValue(chromedp.ID("name"), "Ann"),
		chromedp.Click(chromedp.ID("create"))); err != nil {
		t.Fatal(err)
	}
	room, err := chromedp.Run(ann, chromedp.Poll[string](`document.getElementById("roomname").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	browser.Screenshot(t, ann, "rooms-waiting-1280.png", 1280)
	if err := chromedp.Do(bob, chromedp.Navigate(srv.URL+"/?room="+room), chromedp.SetValue(chromedp.ID("name"), "Bob"),
		chromedp.Click(chromedp.ID("join"))); err != nil {
		t.Fatal(err)
	}
	const hasOptions = `document.querySelectorAll("#options button:not(:disabled)").length > 0`
	for _, tab := range []context.Context{ann, bob} {
		if _, err := chromedp.Run(tab, chromedp.Poll[bool](hasOptions)); err != nil {
			t.Fatalf("no choices offered: %v", err)
		}
	}
	// Ann chooses first: Bob is told she has chosen, not what.
	if err := chromedp.Do(ann, chromedp.Click(chromedp.CSS("#options button"))); err != nil {
		t.Fatal(err)
	}
	status, err := chromedp.Run(bob, chromedp.Poll[string](`(s => s.includes("has chosen") && s)(document.getElementById("status").textContent)`))
	if err != nil {
		t.Fatalf("Bob is not told that Ann chose: %v", err)
	}
	log, _ := chromedp.Run(bob, chromedp.Text(chromedp.ID("log")))
	if strings.TrimSpace(log) != "" || !strings.Contains(status, "Ann") {
		t.Errorf("before Bob chose he reads status %q and log %q", status, log)
	}
	// Then turn by turn: Ann clicks her first choice, Bob his last.
	click := map[context.Context]string{
		ann: `(b => b.length ? (b[0].click(), true) : false)(document.querySelectorAll("#options button:not(:disabled)"))`,
		bob: `(b => b.length ? (b[b.length-1].click(), true) : false)(document.querySelectorAll("#options button:not(:disabled)"))`,
	}
	const over = `!document.getElementById("end").hidden`
	shot := false
	for i := 0; ; i++ {
		if i > 20000 {
			t.Fatal("the game did not end")
		}
		a, _ := chromedp.Run(ann, chromedp.Evaluate[bool](over))
		b, _ := chromedp.Run(bob, chromedp.Evaluate[bool](over))
		if a && b {
			break
		}
		for _, tab := range []context.Context{ann, bob} {
			if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](click[tab])); err != nil {
				t.Fatal(err)
			}
		}
		if !shot {
			if n, _ := chromedp.Run(ann, chromedp.Evaluate[int](`document.getElementById("log").textContent.split("\n").length`)); n > 12 {
				browser.Screenshot(t, ann, "rooms-game-1280.png", 1280)
				browser.Screenshot(t, bob, "rooms-game-400.png", 400)
				shot = true
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	logA, _ := chromedp.Run(ann, chromedp.Text(chromedp.ID("log")))
	logB, _ := chromedp.Run(bob, chromedp.Text(chromedp.ID("log")))
	if logA != logB {
		t.Errorf("the two tabs read different games:\n%s\n---\n%s", logA, logB)
	}
	result, _ := chromedp.Run(ann, chromedp.Text(chromedp.ID("result")))
	browser.Screenshot(t, ann, "rooms-end-1280.png", 1280)
	browser.Screenshot(t, bob, "rooms-end-400.png", 400)

	// The page's download link carries Ann's token (a stranger's GET of
	// the record is refused: TestStrangerGetsNothing).
	link, err := chromedp.Run(ann, chromedp.Evaluate[string](`document.getElementById("download").href`))
	if err != nil || !strings.Contains(link, "/api/rooms/"+room+"/record?token=") {
		t.Fatalf("download link %q: %v", link, err)
	}
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var rec game.Record
	if err := json.NewDecoder(resp.Body).Decode(&rec); err != nil {
		t.Fatal(err)
	}
	g, _ := game.Build("nzsc", 2, nil)
	st, err := game.Replay(g, &rec, nil)
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	// The result in play's words, its winner and score the replay's.
	es := &st.(*nzsc.GameState).State
	want := "The game is a draw"
	if w := st.Outcome().Winner; w >= 0 {
		want = fmt.Sprintf("%s won %d-%d", []string{"Ann", "Bob"}[w], es.Points(w), es.Points(1-w))
	}
	if !strings.HasPrefix(result, want) {
		t.Errorf("the page says %q, the record's replay %q", result, want)
	}
	// Every choice the record holds is in the narration both read.
	for i, turn := range rec.Turns {
		for s, name := range turn {
			if name != "" && !strings.Contains(logA, name) {
				t.Errorf("turn %d: seat %d's %q is not in the narration", i+1, s, name)
			}
		}
	}
}

// TestNamesTypedWithSpaces: the room's name and a person's name pasted
// with spaces around are read as the server reads them (trimmed), never
// cut first: the boxes' maxlength (20 for the room, 24 for the name)
// cut "    KB42 – XT7M – 9QRS  " to ten symbols and a 24-character name
// typed after two spaces to 22. A name the server would refuse is
// refused on the page with the server's bound (maxName, which
// TestPageBoundsAreTheServers holds the page to).
func TestNamesTypedWithSpaces(t *testing.T) {
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(New(Options{MaxWait: 2 * time.Second})))
	t.Cleanup(srv.Close)
	ann := browser.New(t, 390, 800, time.Minute)
	bob := browser.Tab(t, ann)
	const annName = "Annabel Wintergreen-Sm 1" // 24 characters, the most
	if err := chromedp.Do(ann, chromedp.EmulateViewport(390, 800), chromedp.Navigate(srv.URL+"/"),
		chromedp.SendKeys(chromedp.ID("name"), "  "+annName+"  "),
		chromedp.Click(chromedp.ID("create"))); err != nil {
		t.Fatal(err)
	}
	room, err := chromedp.Run(ann, chromedp.Poll[string](`document.getElementById("roomname").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	typed := "    " + strings.ToUpper(strings.ReplaceAll(room, "-", " – ")) + "  "
	if err := chromedp.Do(bob, chromedp.Navigate(srv.URL+"/"),
		// Too long once trimmed: the page says so and sends nothing.
		chromedp.SendKeys(chromedp.ID("name"), " "+annName+"5 "),
		chromedp.SendKeys(chromedp.ID("code"), typed),
		chromedp.Click(chromedp.ID("join"))); err != nil {
		t.Fatal(err)
	}
	if e, _ := chromedp.Run(bob, chromedp.Text(chromedp.ID("lobbyerr"))); e != fmt.Sprintf("Your name is longer than %d characters.", maxName) {
		t.Errorf("a name of %d characters: the page says %q", maxName+1, e)
	}
	if err := chromedp.Do(bob, chromedp.SetValue(chromedp.ID("name"), "  Bob  "),
		chromedp.Click(chromedp.ID("join"))); err != nil {
		t.Fatal(err)
	}
	joined, err := chromedp.Run(bob, chromedp.Poll[string](`(n => n.length === 14 && n)(document.getElementById("roomname").textContent)`, chromedp.WithPollingTimeout(10*time.Second)))
	if err != nil {
		e, _ := chromedp.Run(bob, chromedp.Text(chromedp.ID("lobbyerr")))
		t.Fatalf("joining with %q typed: %v (the page says %q)", typed, err, e)
	}
	if joined != room {
		t.Errorf("joined %q, want %q", joined, room)
	}
	// Both names as typed, trimmed, whole.
	for _, want := range []string{annName, "Bob"} {
		if _, err := chromedp.Run(bob, chromedp.Poll[bool](fmt.Sprintf(`[...document.querySelectorAll("#sides .who")].some(e => e.textContent.startsWith(%q))`, want), chromedp.WithPollingTimeout(10*time.Second))); err != nil {
			sides, _ := chromedp.Run(bob, chromedp.Text(chromedp.ID("sides")))
			t.Errorf("%q is not a person of the room: %q", want, sides)
		}
	}
}
