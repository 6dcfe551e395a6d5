package runs

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

// setOnPage sets the form's field id to value and tells the page (a
// change event, as a person's choice does).
func setOnPage(t *testing.T, ctx context.Context, id, value string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`{ const e = document.getElementById(%q); e.value = %q;
		e.dispatchEvent(new Event("change")); true }`, id, value))); err != nil {
		t.Fatal(err)
	}
}

// pickGame chooses the game of the form at players seats.
func pickGame(t *testing.T, ctx context.Context, name string, players int) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`{ const s = document.getElementById("game");
		const i = games.findIndex((g) => g.game === %q && g.players === %d);
		if (i < 0) throw new Error("no such game");
		s.value = String(i); s.dispatchEvent(new Event("change")); true }`, name, players))); err != nil {
		t.Fatal(err)
	}
}

// pageText returns the text of the page's element id.
func pageText(ctx context.Context, id string) string {
	s, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID(id)))
	return s
}

// From the page: a sequential test of greedy against random, started
// from the form's sprt fields, reaches H1 with its LLR, bounds and counts
// shown and its report in the frame; a test nzsc sprt refuses is refused
// with the command's reason; a slow test shows its LLR while it runs and
// is stopped, left resumable with nzsc sprt --resume; and a test at three
// players runs among the field the form names.
func TestRunsPageSPRT(t *testing.T) {
	ctx, dir := openPage(t, 3*time.Minute)
	setOnPage(t, ctx, "kind", "sprt")
	if hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[[]bool](`["botsbox", "sprtbox"].map((id) => document.getElementById(id).hidden)`)); len(hidden) != 2 || !hidden[0] || hidden[1] {
		t.Fatalf("kind sprt: the bots and the test's fields hidden %v, want [true false]", hidden)
	}
	if hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("sfieldlabel").hidden`)); !hidden {
		t.Errorf("at 2 players the field is shown")
	}
	if got := pageText(ctx, "gameslabel"); got != "Most games" {
		t.Errorf("kind sprt: the games field reads %q", got)
	}
	// A setting the command refuses, refused with its reason.
	for id, v := range map[string]string{"snew": "greedy", "sbase": "random", "games": "4000", "batch": "20", "seed": "5", "elo1": "-1"} {
		setOnPage(t, ctx, id, v)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("go"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("starterr").textContent.includes("elo1 (-1) must be greater than elo0 (0)")`,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("elo1 below elo0: the page says %q (%v)", pageText(ctx, "starterr"), err)
	}
	setOnPage(t, ctx, "elo1", "10")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("go"))); err != nil {
		t.Fatal(err)
	}
	cmd, m := finishOnPage(t, ctx, dir, "the sequential test")
	if !strings.Contains(cmd, "nzsc sprt") || !strings.Contains(cmd, "greedy random --elo0 0 --elo1 10") || m.Kind != results.KindSPRT || m.SPRT == nil || m.SPRT.Verdict != "H1 accepted" {
		t.Fatalf("the test's command %q, kind %q, test %+v", cmd, m.Kind, m.SPRT)
	}
	last := m.SPRT.Looks[len(m.SPRT.Looks)-1]
	if got, want := pageText(ctx, "sverdict"), "H1 accepted:"; got != want {
		t.Errorf("the verdict reads %q, want %q", got, want)
	}
	if got, want := pageText(ctx, "sllr"), fmt.Sprintf("greedy against random, LLR %.3f in [", last.LLR); !strings.HasPrefix(got, want) || !strings.Contains(got, fmt.Sprintf("after %d games", last.Games)) {
		t.Errorf("the LLR reads %q, want %q... after %d games", got, want, last.Games)
	}
	if got, want := pageText(ctx, "scounts"), fmt.Sprintf("W %d D %d L %d, pentanomial %d %d %d %d %d", last.WDL[0], last.WDL[1], last.WDL[2],
		last.Pentanomial[0], last.Pentanomial[1], last.Pentanomial[2], last.Pentanomial[3], last.Pentanomial[4]); !strings.HasPrefix(got, want) {
		t.Errorf("the counts read %q, want %q...", got, want)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(d => d && d.body && d.body.textContent.includes("H1 accepted"))(document.getElementById("dframe").contentDocument)`,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Errorf("the report frame does not show the test's verdict: %v", err)
	}
	browser.Screenshot(t, ctx, "runs-sprt-1280.png", 1280)
	browser.Screenshot(t, ctx, "runs-sprt-390.png", 390)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 900)); err != nil {
		t.Fatal(err)
	}
	if w, _ := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, innerWidth]`)); len(w) == 2 && w[0] > w[1] {
		t.Errorf("at 390 px the page is %d px wide", w[0])
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		t.Fatal(err)
	}

	// A slow test, followed, then stopped.
	for id, v := range map[string]string{"snew": "mcts:iters=200", "sbase": "mcts:iters=199", "games": "20000", "elo1": "5"} {
		setOnPage(t, ctx, id, v)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("go"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("sverdict").textContent === "Testing:" && document.getElementById("sllr").textContent.includes(" LLR ")`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("no look shown while the test runs: %q %q (%v)", pageText(ctx, "sverdict"), pageText(ctx, "sllr"), err)
	}
	browser.Screenshot(t, ctx, "runs-sprt-progress-1280.png", 1280)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Click(chromedp.ID("stop"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("jobstate").textContent === "stopped"`)); err != nil {
		t.Fatalf("not stopped: %v", err)
	}
	run := pageText(ctx, "jobrun")
	if hint := pageText(ctx, "jobhint"); !strings.Contains(hint, "nzsc sprt --resume "+filepath.Join(dir, run)) {
		t.Errorf("after Stop the page says %q", hint)
	}
	if got := pageText(ctx, "sverdict"); got != "Stopped before a verdict:" {
		t.Errorf("after Stop the verdict reads %q", got)
	}
	if rd, err := roundrobin.Resume(filepath.Join(dir, run)); err != nil || rd.Manifest.Kind != results.KindSPRT || !rd.Manifest.Interrupted {
		t.Errorf("the stopped test does not resume as one: %v", err)
	}

	// Three players: NEW and BASE among a field, here classic.
	pickGame(t, ctx, "nzsc", 3)
	for id, v := range map[string]string{"kind": "sprt", "snew": "greedy", "sbase": "random", "sfield": "classic", "games": "600", "batch": "60", "elo1": "10"} {
		setOnPage(t, ctx, id, v)
	}
	if hidden, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("sfieldlabel").hidden`)); hidden {
		t.Errorf("at 3 players the field is hidden")
	}
	// The last job's end and run are cleared, so that only this one's
	// pass finishOnPage's poll.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("jobstate").textContent = ""; document.getElementById("dframe").hidden = true; true`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("go"))); err != nil {
		t.Fatal(err)
	}
	cmd, m = finishOnPage(t, ctx, dir, "the test at 3 players")
	if m.Kind != results.KindSPRT || m.NumSeats() != 3 || !slices.Equal(m.SPRT.Field, []string{"classic"}) || !strings.Contains(cmd, "--field classic") {
		t.Errorf("the test at 3 players: kind %q, %d seats, field %q, command %q", m.Kind, m.NumSeats(), m.SPRT.Field, cmd)
	}
	if got := pageText(ctx, "sllr"); !strings.HasPrefix(got, "greedy against random at 3 players (other seats: classic), LLR ") {
		t.Errorf("at 3 players the LLR reads %q", got)
	}
	browser.Screenshot(t, ctx, "runs-sprt3-1280.png", 1280)
}
