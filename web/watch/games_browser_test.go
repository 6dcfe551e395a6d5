package watch

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/web/webapi"
)

// secondPerson finds a narration that speaks to a reader ("you", "You
// won", "the computer") rather than of the seats.
var secondPerson = regexp.MustCompile(`\b[Yy]ou\b|\byour\b|the computer|Computer`)

// newestInView checks that the narration's last line is in the window:
// the narration scrolled to it, below the controls that stick to the
// top, above the window's bottom.
func newestInView(t *testing.T, ctx context.Context, step string) {
	t.Helper()
	geo, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`(() => {
		const pre = document.getElementById("text");
		const w = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
		let node = null;
		for (let n = w.nextNode(); n; n = w.nextNode()) if (/\S/.test(n.data)) node = n;
		const i = node.data.search(/\S\s*$/);
		const r = document.createRange();
		r.setStart(node, i); r.setEnd(node, i + 1);
		const last = r.getBoundingClientRect(), box = pre.getBoundingClientRect();
		const top = document.getElementById("controls").getBoundingClientRect().bottom;
		return {top: last.top, bottom: last.bottom, boxTop: box.top, boxBottom: box.bottom, controls: top, viewH: innerHeight};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if geo["bottom"] > geo["boxBottom"]+1 || geo["top"] < geo["boxTop"]-1 || geo["bottom"] > geo["viewH"] || geo["top"] < geo["controls"]-1 {
		t.Errorf("%s: the newest line is not in view: %v", step, geo)
	}
}

// shot saves what the window shows (not the whole page) as name in
// $NZSC_SCREENSHOTS, for a person to look at.
func shot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv(browser.ScreenshotDir)
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// stepToEnd clicks Next until the last step, checking after each that
// the page shows want's narration up to it with the newest line in view
// and the step's position named by noun ("Turn", "Action"), and returns
// the page's text at the end.
func stepToEnd(t *testing.T, ctx context.Context, want *Game, label, noun string) string {
	t.Helper()
	text := want.Header
	for k, s := range want.Steps {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("next"))); err != nil {
			t.Fatal(err)
		}
		text += s.Text
		if k == len(want.Steps)-1 {
			text += want.End
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("text").textContent`))
		if err != nil {
			t.Fatal(err)
		}
		if got != text {
			t.Fatalf("%s step %d: the page shows\n%s\nwant\n%s", label, k+1, got, text)
		}
		newestInView(t, ctx, fmt.Sprintf("%s step %d of %d", label, k+1, len(want.Steps)))
		if pos, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("pos"))); pos != fmt.Sprintf("%s %d of %d", noun, k+1, len(want.Steps)) {
			t.Fatalf("%s step %d: the position reads %q, want %s %d of %d", label, k+1, pos, noun, k+1, len(want.Steps))
		}
		if k == 2 {
			shot(t, ctx, label+"-step3.png")
		}
	}
	shot(t, ctx, label+"-end.png")
	return text
}

// An uploaded NPZR record steps to its end, told in the third person by
// bot name, the newest line in view after every step at 1280×800 and
// 390×800; and a three-player NZSC game picked in the form is played
// and stepped through the same way.
func TestWatchEveryGame(t *testing.T) {
	rec, line := npzrRecord(t, "random", "greedy", 4)
	file := filepath.Join(t.TempDir(), "npzr.jsonl")
	if err := os.WriteFile(file, append(line, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	want, err := Narrate(rec)
	if err != nil {
		t.Fatal(err)
	}

	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(New(Options{}))) // as nzsc serve: the page proves itself
	t.Cleanup(srv.Close)
	for _, width := range []int{1280, 390} {
		ctx := browser.New(t, width, 800, 90*time.Second)
		// The viewport is set: a window is never narrower than 500 px.
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), 800), chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.ID("bot1")),
			chromedp.SetUploadFiles(chromedp.ID("file"), []string{file}), chromedp.Click(chromedp.ID("open")),
			chromedp.WaitVisible(chromedp.ID("viewer"))); err != nil {
			t.Fatal(err)
		}
		label := fmt.Sprintf("watch-npzr-%d", width)
		text := stepToEnd(t, ctx, want, label, "Action") // one seat's decision a step
		if w, _ := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, innerWidth]`)); len(w) != 2 || w[1] != width || w[0] > w[1] {
			t.Errorf("%s: the page is %v px wide (page, window)", label, w)
		}
		if m := secondPerson.FindString(text); m != "" {
			t.Errorf("%s: the narration says %q: want the seats by their bots' names", label, m)
		}
		winner := rec.Bots[rec.Result.Winner]
		if !strings.Contains(text, winner+" won;") {
			t.Errorf("%s: the end does not name the winner %s:\n%s", label, winner, want.End)
		}
	}

	// Two-player NZSC by link at phone width: every step in view.
	rec2, err := Play(context.Background(), "", 0, []string{"greedy", "classic"}, 5, false)
	if err != nil {
		t.Fatal(err)
	}
	want2, _ := Narrate(rec2)
	phone := browser.New(t, 390, 800, 90*time.Second)
	if err := chromedp.Do(phone, chromedp.EmulateViewport(390, 800), chromedp.Navigate(srv.URL+"/?bots=greedy,classic&seed=5"),
		chromedp.WaitVisible(chromedp.ID("viewer"))); err != nil {
		t.Fatal(err)
	}
	if text := stepToEnd(t, phone, want2, "watch-nzsc2-390", "Turn"); secondPerson.MatchString(text) {
		t.Errorf("two bots are spoken to: %q", secondPerson.FindString(text))
	}

	// Three-player NZSC from the form: the game picked, a bot per seat.
	ctx := browser.New(t, 1280, 800, 90*time.Second)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.ID("bot1"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		const sel = document.getElementById("game");
		const o = [...sel.options].find((o) => o.textContent.endsWith("3 players"));
		if (!o) throw new Error("no 3-player game among " + [...sel.options].map((o) => o.textContent).join(" | "));
		sel.value = o.value;
		sel.dispatchEvent(new Event("change"));
		return true;
	})()`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.ID("bot2")), chromedp.SetValue(chromedp.ID("bot0"), "greedy"),
		chromedp.SetValue(chromedp.ID("bot1"), "random"), chromedp.SetValue(chromedp.ID("bot2"), "random"),
		chromedp.SetValue(chromedp.ID("seed"), "11"), chromedp.Click(chromedp.ID("play")),
		chromedp.WaitVisible(chromedp.ID("viewer"))); err != nil {
		t.Fatal(err)
	}
	rec3, err := Play(context.Background(), "nzsc", 3, []string{"greedy", "random", "random"}, 11, false)
	if err != nil {
		t.Fatal(err)
	}
	want3, err := Narrate(rec3)
	if err != nil {
		t.Fatal(err)
	}
	text := stepToEnd(t, ctx, want3, "watch-nzsc3-1280", "Turn")
	if m := secondPerson.FindString(text); m != "" {
		t.Errorf("three-player NZSC: the narration says %q", m)
	}
	if !strings.Contains(text, "random (seat 1)") || !strings.Contains(text, "random (seat 2)") {
		t.Errorf("two seats of one bot are not told apart by seat:\n%s", want3.Header)
	}
	sides, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`[...document.querySelectorAll("#sides .side")].filter((e) => !e.hidden).length`))
	if sides != 3 {
		t.Errorf("%d seats shown, want 3", sides)
	}
}
