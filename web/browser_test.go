package web

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
)

// clickGame plays answers on the Play page at url by clicking the option
// buttons ("#0" clicks the first), and returns the page's transcript,
// one entry per line.
func clickGame(t *testing.T, ctx context.Context, url string, answers []string) []string {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	for i, a := range answers {
		sel := fmt.Sprintf(`#options button[data-answer=%q]:not([disabled])`, a)
		if a == "#0" { // the first option, whatever it is
			sel = `#options button:first-child:not([disabled])`
		}
		if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel))); err != nil {
			t.Fatalf("answer %d (%s): %v", i, a, err)
		}
		// The answer is in the transcript once the reply came.
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(
			`document.querySelectorAll("#transcript .line.you").length == %d && !document.querySelector("#options button:disabled")`, i+1))); err != nil {
			t.Fatalf("answer %d (%s): no reply: %v", i, a, err)
		}
	}
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#transcript .line"), e => e.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// withoutOptions is a terminal transcript as the page shows it: the page
// offers a question's options as buttons instead of listing them.
func withoutOptions(transcript string) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimSuffix(transcript, "\n"), "\n") {
		if !strings.HasPrefix(l, "\t") {
			out = append(out, l)
		}
	}
	return out
}

// TestPlayPageClicks plays the handbook game by clicking in the page,
// then "Play again" and a few turns of the second game, and checks the
// page's transcript line by line against nzsc play fed the same answers;
// the score board shows the final score and the record downloads.
func TestPlayPageClicks(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := newServer(t, Config{})
	ctx := browser.New(t, 1280, 900, 2*time.Minute)
	answers := append(append([]string{}, handbook...), "y", "Zombie", "#0", "#0")
	got := clickGame(t, ctx, ts.URL+"/play?seed=0xbabecaf3", answers)
	// The answers the page clicked, as the person would type them.
	typed, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#transcript .line.you"), e => e.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	want := withoutOptions(runGame(t, "classic", 0xbabecaf3, append(typed, "quit")))
	// The terminal's transcript ends with the question now open (which
	// the page shows above its buttons) and the stop.
	k := len(want) - 1
	for k > 0 && !strings.HasPrefix(want[k], "Choose a ") {
		k--
	}
	if k == 0 {
		t.Fatalf("no open question in nzsc play's transcript")
	}
	open := want[k]
	want = want[:k]
	// The score the transcript last gave in the second game.
	score := "0-0"
	for _, l := range want[slices.IndexFunc(want[1:], func(l string) bool { return strings.HasPrefix(l, "Playing against") }):] {
		if v, ok := strings.CutPrefix(l, "The score is now "); ok {
			score = strings.TrimSuffix(v, ".")
		}
	}
	for i := 0; i < max(len(got), len(want)); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Fatalf("line %d: page %q, nzsc play %q\n--- page ---\n%s", i+1, g, w, strings.Join(got, "\n"))
		}
	}
	board, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`["you-points","comp-points","you-waits","question"].map(id => document.getElementById(id).textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if board[0]+"-"+board[1] != score || board[2] != "4 ●●●●" || board[3] != open {
		t.Errorf("board in the second game: %q; want score %s, 4 waits, question %q", board, score, open)
	}
	browser.Screenshot(t, ctx, "play-1280.png", 0)
}

// TestPlayPagePhone: at a phone's width the score board, the question
// and the buttons are all on the first screen, nothing runs off to the
// side, and typing works as well as clicking (a bad name is penalized
// with the closest name, a command is not).
func TestPlayPagePhone(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := newServer(t, Config{})
	ctx := browser.New(t, 400, 800, 2*time.Minute)
	// A headless window is at least 500 px wide: the viewport is set.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(400, 800)); err != nil {
		t.Fatal(err)
	}
	clickGame(t, ctx, ts.URL+"/play?seed=0xbabecaf3", handbook[:5])
	type_(t, ctx, "score")
	type_(t, ctx, "Nosse")
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#transcript .line"), e => e.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(lines, "\n")
	for _, want := range []string{"score\n\nScore: you 1, computer 1 (5 wins). Waits: you 4, computer 4.",
		`"Nosse" is not a move (the closest name is Nose). 4 wait penalty!`, "Waits left: you 0, computer 4."} {
		if !strings.Contains(all, want) {
			t.Errorf("transcript lacks %q:\n%s", want, all)
		}
	}
	geo, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`(() => {
		const r = id => document.getElementById(id).getBoundingClientRect();
		return {scrollW: document.documentElement.scrollWidth, viewW: innerWidth, viewH: innerHeight,
			board: r("status").bottom, options: r("options").bottom, answer: r("answer").bottom};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if geo["scrollW"] > geo["viewW"] {
		t.Errorf("the page is %v px wide in a %v px window", geo["scrollW"], geo["viewW"])
	}
	for _, k := range []string{"board", "options", "answer"} {
		if geo[k] > geo["viewH"] {
			t.Errorf("%s ends at %v px, below the first screen (%v px)", k, geo[k], geo["viewH"])
		}
	}
	browser.Screenshot(t, ctx, "play-400.png", 0)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/")); err != nil {
		t.Fatal(err)
	}
	browser.Screenshot(t, ctx, "home-400.png", 0)
}

// type types an answer in the page's text box and waits for its reply.
func type_(t *testing.T, ctx context.Context, text string) {
	t.Helper()
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#transcript .line.you").length`))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("answer"), text+"\r")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.querySelectorAll("#transcript .line.you").length == %d`, n+1))); err != nil {
		t.Fatalf("typed %q: no reply: %v", text, err)
	}
}
