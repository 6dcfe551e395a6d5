package watch

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/web/runs"
	"github.com/nzsclab/nzsc/web/webapi"
)

// The Watch page steps through a game with First, Previous, Next and
// Last, showing at each step exactly nzsc replay's narration up to it;
// and opens a game from a run's games log.
func TestWatchPageSteps(t *testing.T) {
	root := t.TempDir()
	g, _ := game.Build("nzsc", 2, nil)
	playRun(t, root, testRun{Bots: []string{"nash", "random"}, Name: "r1", Pairs: 4, Seed: 3})
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(New(Options{Runs: &runs.Root{Path: root}}))) // as nzsc serve: the page proves itself
	t.Cleanup(srv.Close)

	// The oracle: play.Replay of the record the same bots and seed give.
	rec, err := Play(context.Background(), "", 0, []string{"greedy", "classic"}, 5, false)
	if err != nil {
		t.Fatal(err)
	}
	var full bytes.Buffer
	if err := play.Replay(&full, g, rec); err != nil {
		t.Fatal(err)
	}
	want, _ := Narrate(rec)
	upTo := func(k int) string {
		var b strings.Builder
		b.WriteString(want.Header)
		for _, s := range want.Steps[:k] {
			b.WriteString(s.Text)
		}
		if k == len(want.Steps) {
			b.WriteString(want.End)
		}
		return b.String()
	}
	n := len(want.Steps)

	ctx := browser.New(t, 1280, 800, 2*time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?bots=greedy,classic&seed=5"), chromedp.WaitVisible(chromedp.ID("viewer")),
		// The run list above the game has loaded (it moves the game).
		chromedp.WaitVisible(chromedp.CSS("#games tr"))); err != nil {
		t.Fatal(err)
	}
	check := func(step string, k int) {
		t.Helper()
		text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("text").textContent`))
		if err != nil {
			t.Fatal(err)
		}
		if text != upTo(k) {
			t.Errorf("%s: the page shows\n%s\nwant the narration up to turn %d:\n%s", step, text, k, upTo(k))
		}
		pos, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("pos")))
		wantPos := fmt.Sprintf("Turn %d of %d", k, n)
		if k == 0 {
			wantPos = fmt.Sprintf("Start (%d turns)", n)
		}
		if pos != wantPos {
			t.Errorf("%s: position %q, want %q", step, pos, wantPos)
		}
		newestInView(t, ctx, step)
	}
	check("opened", 0)
	// Every step, each with its newest line in view (at 1280×800 it
	// once fell below the window at every step).
	for k := 1; k <= n; k++ {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("next"))); err != nil {
			t.Fatal(err)
		}
		check(fmt.Sprintf("next to %d", k), k)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("first"))); err != nil {
		t.Fatal(err)
	}
	check("first", 0)
	browser.Screenshot(t, ctx, "watch-steps-1280.png", 1280)
	browser.Screenshot(t, ctx, "watch-steps-400.png", 400)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("last"))); err != nil {
		t.Fatal(err)
	}
	check("last", n)
	if text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("text").textContent`)); text != full.String() {
		t.Errorf("at the last step the page is not nzsc replay's whole narration")
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("prev"))); err != nil {
		t.Fatal(err)
	}
	check("previous", n-1)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("first"))); err != nil {
		t.Fatal(err)
	}
	check("first", 0)

	// A game of the run: the third line of its games log.
	var logged []*game.Record
	results.ReadRecords(filepath.Join(root, "r1.games.jsonl"), func(r *game.Record) error { logged = append(logged, r); return nil })
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("#games tr:nth-child(3)")), chromedp.Click(chromedp.CSS("#games tr:nth-child(3) td"))); err != nil {
		t.Fatal(err)
	}
	// Its row counts its steps as the game page does (turns of NZSC).
	if cell, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#games tr:nth-child(3) td:last-child").textContent`)); err != nil || cell != fmt.Sprintf("%d turns", logged[2].Result.Steps) {
		t.Errorf("the third game's row ends %q (%v), want %q", cell, err, fmt.Sprintf("%d turns", logged[2].Result.Steps))
	}
	wantTitle := fmt.Sprintf("Ninja Zombie Samurai Clown, 2 players: %s, seed %s", strings.Join(logged[2].Bots, " vs "), logged[2].Seed)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.getElementById("title").textContent === %q`, wantTitle))); err != nil {
		title, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("title")))
		t.Fatalf("after picking the run's third game the title is %q, want %q", title, wantTitle)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("last"))); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	play.Replay(&b, g, logged[2])
	if text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("text").textContent`)); text != b.String() {
		t.Errorf("the run's game reads\n%s\nwant\n%s", text, b.String())
	}
	browser.Screenshot(t, ctx, "watch-run-1280.png", 1280)
	browser.Screenshot(t, ctx, "watch-run-400.png", 400)
}

// TestWatchTurnCapInBrowser: a game that runs to the turn cap (classic
// with one fixed seed in two seats of four clashes with itself every
// turn) says so when it
// opens, at phone width, rather than leave the viewer stepping through
// a thousand alike turns; its last step says the same.
func TestWatchTurnCapInBrowser(t *testing.T) {
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(New(Options{})))
	t.Cleanup(srv.Close)
	ctx := browser.New(t, 390, 800, time.Minute)
	errs := browser.WatchErrors(t, ctx)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 800), chromedp.Navigate(srv.URL+"/?game=nzsc&players=4&bots=classic:seed=1,classic,random,classic:seed=1&seed=1"),
		chromedp.WaitVisible(chromedp.ID("capped"))); err != nil {
		t.Fatal(err)
	}
	capped, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("capped")))
	if want := "This game reached the turn cap of 1000 turns: a draw, nobody won."; capped != want {
		t.Errorf("on opening: %q, want %q", capped, want)
	}
	browser.Screenshot(t, ctx, "watch-capped-390.png", 390)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("last"))); err != nil {
		t.Fatal(err)
	}
	if pos, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("pos"))); pos != "Turn 1000 of 1000: the turn cap, a draw" {
		t.Errorf("at the last step: %q", pos)
	}
	newestInView(t, ctx, "the capped game's last step")
	if w, _ := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, innerWidth]`)); len(w) != 2 || w[1] != 390 || w[0] > w[1] {
		t.Errorf("the capped game at 390 px: the page is %v px wide (page, window)", w)
	}
	// Another game opened in the same page is not said to be capped.
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?bots=greedy,classic&seed=5"), chromedp.WaitVisible(chromedp.ID("viewer"))); err != nil {
		t.Fatal(err)
	}
	if hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("capped").hidden`)); !hidden {
		t.Errorf("a game won before the cap shows the turn cap's note")
	}
	// While the bots play (seconds, when search bots play a capped
	// game) the page says so, and not once the game is shown.
	busy, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("play").click(), (b => b.hidden ? "" : b.textContent + (document.getElementById("play").disabled ? " (Play disabled)" : ""))(document.getElementById("busy"))`))
	if busy != "The bots are playing… (Play disabled)" {
		t.Errorf("while the bots play the page says %q", busy)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("busy").hidden && !document.getElementById("play").disabled`)); err != nil {
		t.Errorf("the busy line stays after the game came: %v", err)
	}
	errs.Check(t, "Watch")
}
