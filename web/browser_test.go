package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/play"
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
	sameLines(t, got, want)
	board, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`["p0-points","p1-points","p0-waits","question"].map(id => document.getElementById(id).textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if board[0]+"-"+board[1] != score || board[2] != "4 ●●●●" || board[3] != open {
		t.Errorf("board in the second game: %q; want score %s, 4 waits, question %q", board, score, open)
	}
	newestInView(t, ctx)
	browser.Screenshot(t, ctx, "play-1280.png", 0)
	shot(t, ctx, "play-nzsc2-1280.png", 1280)
	shot(t, ctx, "play-nzsc2-390.png", 390)
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
	newestInView(t, ctx)
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

// shot saves what the window shows at width×800 (not the whole page: the
// newest line must be in the window) as name in $NZSC_SCREENSHOTS, when
// set, and leaves the viewport at that size.
func shot(t *testing.T, ctx context.Context, name string, width int64) {
	t.Helper()
	dir := os.Getenv(browser.ScreenshotDir)
	if dir == "" {
		return
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 800)); err != nil {
		t.Fatal(err)
	}
	// The page keeps its newest line in view after a reply; a resize is
	// not a reply, so the test does what a reply does.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`newest()`)); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
	newestInView(t, ctx)
}

// newestInView checks that the transcript's last line is in the window:
// inside the transcript's visible box, below the board that sticks to the
// top at phone width, above the window's bottom.
func newestInView(t *testing.T, ctx context.Context) {
	t.Helper()
	geo, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`(() => {
		const lines = document.querySelectorAll("#transcript .line:not(.blank)");
		const last = lines[lines.length - 1].getBoundingClientRect();
		const box = document.getElementById("transcript").getBoundingClientRect();
		const board = document.querySelector(".board");
		const sticky = getComputedStyle(board).position === "sticky" ? board.getBoundingClientRect().bottom : 0;
		return {top: last.top, bottom: last.bottom, boxTop: box.top, boxBottom: box.bottom, sticky, viewH: innerHeight};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if geo["bottom"] > geo["boxBottom"]+1 || geo["top"] < geo["boxTop"]-1 || geo["bottom"] > geo["viewH"] || geo["top"] < geo["sticky"] {
		t.Errorf("the newest line is not in view: %v", geo)
	}
}

// clickToEnd clicks the first option of every question on the Play page
// at url until the game ends ("Play again?") or max answers, checking
// after each reply that the newest line is in view, and returns the
// answers clicked and the page's transcript.
func clickToEnd(t *testing.T, ctx context.Context, url string, max int) ([]string, []string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	var answers []string
	for i := 0; i < max; i++ {
		if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(`#options button:not([disabled])`))); err != nil {
			t.Fatalf("answer %d: %v", i, err)
		}
		q, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[document.getElementById("question").textContent, document.querySelector("#options button").dataset.answer]`))
		if err != nil {
			t.Fatal(err)
		}
		if q[0] == "Play again? y/N" {
			break
		}
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#options button:not([disabled])`))); err != nil {
			t.Fatalf("answer %d (%s): %v", i, q[1], err)
		}
		answers = append(answers, q[1])
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(
			`document.querySelectorAll("#transcript .line.you").length == %d && !document.querySelector("#options button:disabled")`, i+1))); err != nil {
			t.Fatalf("answer %d (%s): no reply: %v", i, q[1], err)
		}
		newestInView(t, ctx)
	}
	lines, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#transcript .line"), e => e.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	return answers, lines
}

// terminal is nzsc play's transcript of a session fed answers, without
// the options a terminal lists (the page's buttons) and the question left
// open at the end (the page shows it above its buttons).
func terminal(t *testing.T, o play.Options, answers []string) []string {
	t.Helper()
	var out strings.Builder
	o.Echo = true
	if err := play.Run(context.Background(), strings.NewReader(strings.Join(answers, "\n")+"\n"), &out, o); err != nil {
		t.Fatal(err)
	}
	want := withoutOptions(out.String())
	// Drop the open question, its blank line and the stop at the end of
	// the input.
	for len(want) > 0 && !strings.HasPrefix(want[len(want)-1], "Choose a ") && want[len(want)-1] != "Play again? y/N" &&
		want[len(want)-1] != "Your play:" && !strings.HasPrefix(want[len(want)-1], "You earned ") {
		want = want[:len(want)-1]
	}
	return want[:len(want)-1]
}

// transcript is the page's transcript of a session fed answers, from
// the session itself: each reply's lines, and before each answer the
// question it answers and a blank line. It is nzsc play's transcript but
// for the wrapping a terminal does (Reply.Wrap) and the options it lists.
func transcript(t *testing.T, o play.Options, answers []string) []string {
	t.Helper()
	s, err := play.NewSession(o)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	r, err := s.Start()
	if err != nil {
		t.Fatal(err)
	}
	out := slices.Clone(r.Lines)
	for _, a := range answers {
		out = append(out, r.Ask, "", a)
		if r, err = s.Answer(a); err != nil {
			t.Fatal(err)
		}
		out = append(out, r.Lines...)
	}
	return out
}

func sameLines(t *testing.T, got, want []string) {
	t.Helper()
	for i := 0; i < max(len(got), len(want)); i++ {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Fatalf("line %d: page %q, nzsc play %q\n--- page ---\n%s\n--- nzsc play ---\n%s", i+1, g, w, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// clickedAt opens a browser whose window is width×800, for a test of at
// most timeout, and clicks the game at url to its end (clickToEnd, at
// most max answers): the browser, the answers and the transcript.
func clickedAt(t *testing.T, width int64, timeout time.Duration, url string, max int) (context.Context, []string, []string) {
	t.Helper()
	ctx := browser.New(t, int(width), 800, timeout)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 800)); err != nil {
		t.Fatal(err)
	}
	answers, got := clickToEnd(t, ctx, url, max)
	return ctx, answers, got
}

func optionsOf(t *testing.T, name string, seats, seat int, spec string, seed uint64) play.Options {
	t.Helper()
	g, err := game.Build(name, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	bot, err := agents.ParseForSeats(name, seats, spec)
	if err != nil {
		t.Fatal(err)
	}
	return play.Options{Game: g, Seat: seat, Bot: bot, Seed: seed}
}

// TestPlayPageNPZR plays a whole NPZR game by clicking (the first action
// offered every time, from seat 1 against greedy): the page's transcript
// is nzsc play's for the same answers, line for line; the stacks drawn
// are the board's; the game ends with its result, and the record
// downloads. The newest line is in view after every reply, at 1280 and
// at 390 px wide.
func TestPlayPageNPZR(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := newServer(t, Config{})
	for _, width := range []int64{1280, 390} {
		ctx, answers, got := clickedAt(t, width, 4*time.Minute, ts.URL+"/play?game=npzr&seat=1&seed=0x21", 500)
		want := transcript(t, optionsOf(t, "npzr", 2, 1, "greedy", 0x21), answers)
		sameLines(t, got, want)
		if !slices.ContainsFunc(got, func(l string) bool {
			return strings.HasPrefix(l, "You win") || strings.HasPrefix(l, "greedy wins") || strings.HasPrefix(l, "A draw")
		}) {
			t.Fatalf("no result in the page's transcript")
		}
		page, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`({
			stacks: document.querySelectorAll("#stacks .stack").length,
			felt: !document.getElementById("felt").hidden,
			question: document.getElementById("question").textContent,
			download: !document.getElementById("download").hidden && document.getElementById("download").getAttribute("href"),
			scrollW: document.documentElement.scrollWidth, viewW: innerWidth})`))
		if err != nil {
			t.Fatal(err)
		}
		if page["felt"] != true || page["question"] != "Play again? y/N" || page["download"] == false || page["scrollW"].(float64) > page["viewW"].(float64) {
			t.Errorf("width %d: page at the end %v", width, page)
		}
		shot(t, ctx, fmt.Sprintf("play-npzr-end-%d.png", width), width)
		// A game in progress, for the screenshots: a few turns in.
		clickToEnd(t, ctx, ts.URL+"/play?game=npzr&seed=0x22", 12)
		shot(t, ctx, fmt.Sprintf("play-npzr-%d.png", width), width)
	}
}

// TestPlayPage3Players plays a game of NZSC for 3 players against two
// classic bots by clicking, to its end: the board has a column per
// player, the transcript is nzsc play's for the same answers, and the
// newest line stays in view.
func TestPlayPage3Players(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := newServer(t, Config{})
	for _, width := range []int64{1280, 390} {
		ctx, answers, got := clickedAt(t, width, 3*time.Minute, ts.URL+"/play?game=nzsc&players=3&seed=0x31", 300)
		want := terminal(t, optionsOf(t, "nzsc", 3, 0, "classic", 0x31), answers)
		sameLines(t, got, want)
		cols, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#status thead th"), e => e.textContent)`))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, "Final places: You ") }) {
			t.Errorf("the game did not end: %d answers", len(answers))
		}
		if strings.Join(cols, "|") != "|You|classic (seat 1)|classic (seat 2)" {
			t.Errorf("board columns %q", cols)
		}
		geo, _ := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[document.documentElement.scrollWidth, innerWidth]`))
		if geo[0] > geo[1] {
			t.Errorf("width %d: the page is %v px wide", width, geo[0])
		}
		shot(t, ctx, fmt.Sprintf("play-nzsc3-%d.png", width), width)
	}
	// Four players on a phone: five columns, nothing runs off the side.
	ctx := browser.New(t, 390, 800, time.Minute)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 800)); err != nil {
		t.Fatal(err)
	}
	// At the start, each seat's waits on one line ("4 ●●●●" broke
	// under the person's short "You" heading): its text's line boxes.
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/play?players=4&seed=0x41"), chromedp.WaitVisible(chromedp.CSS("#options button"))); err != nil {
		t.Fatal(err)
	}
	lines, _ := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[0, 1, 2, 3].map(i => { const r = document.createRange(); r.selectNodeContents(document.getElementById("p" + i + "-waits")); return new Set([...r.getClientRects()].map(c => Math.round(c.top))).size; })`))
	if fmt.Sprint(lines) != "[1 1 1 1]" {
		t.Errorf("4 players at 390 px: each seat's waits take %v lines, want one each", lines)
	}
	clickToEnd(t, ctx, ts.URL+"/play?players=4&seed=0x41", 6)
	geo, _ := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[document.documentElement.scrollWidth, innerWidth, document.querySelectorAll("#status thead th").length]`))
	if geo[0] > geo[1] || geo[2] != 5 {
		t.Errorf("4 players at 390 px: page %v px wide, %v header cells", geo[0], geo[2])
	}
	shot(t, ctx, "play-nzsc4-390.png", 390)
}

// TestPlayPageSelector: the form starts the game chosen: NPZR from seat
// 1 (the bot moves first), then NZSC for 4 players; the address keeps the
// choice, so a reload replays it.
func TestPlayPageSelector(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	_, ts := newServer(t, Config{})
	ctx := browser.New(t, 1280, 800, time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/play"),
		chromedp.WaitVisible(chromedp.CSS(`#options button`)),
		chromedp.SetValue(chromedp.ID("game"), "npzr/2"),
	); err != nil {
		t.Fatal(err)
	}
	// The change event fills in NPZR's default bot and shows the seat.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](`document.getElementById("game").dispatchEvent(new Event("change"))`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("seat"), "1"), chromedp.Click(chromedp.CSS(`#setup button[type=submit]`))); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Poll[[]string](`(() => {
		const l = Array.from(document.querySelectorAll("#transcript .line"), e => e.textContent);
		return l.some(x => x.startsWith("You are seat 1")) && !document.getElementById("felt").hidden
			? [location.search, document.getElementById("opponent").value, l.find(x => x.startsWith("greedy: "))] : null;
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != "?game=npzr&players=2&seat=1&opponent=greedy" || got[1] != "greedy" || got[2] == "" {
		t.Errorf("after choosing NPZR from seat 1: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("game"), "nzsc/4")); err != nil {
		t.Fatal(err)
	}
	chromedp.Run(ctx, chromedp.Evaluate[any](`document.getElementById("game").dispatchEvent(new Event("change"))`))
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#setup button[type=submit]`))); err != nil {
		t.Fatal(err)
	}
	cols, err := chromedp.Run(ctx, chromedp.Poll[[]string](`document.getElementById("felt").hidden && document.querySelectorAll("#status thead th").length == 5
		? [location.search, document.getElementById("question").textContent] : null`))
	if err != nil {
		t.Fatal(err)
	}
	if cols[0] != "?game=nzsc&players=4&opponent=classic" || cols[1] != "Choose a character:" {
		t.Errorf("after choosing NZSC for 4: %q", cols)
	}
}
