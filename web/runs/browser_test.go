package runs

import (
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/roundrobin"
	"github.com/nzsclab/nzsc/web/webapi"
)

// From the page: a tournament started, followed and finished with its
// report shown; then a slow match started and stopped, left resumable.
func TestRunsPage(t *testing.T) {
	ctx, dir := openPage(t, 3*time.Minute)
	browser.Screenshot(t, ctx, "runs-empty-1280.png", 1280)
	// The default bots (random, classic, greedy, nash), 20 games each.
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("games"), "20"), chromedp.SetValue(chromedp.ID("seed"), "7"),
		chromedp.Click(chromedp.ID("go"))); err != nil {
		t.Fatal(err)
	}
	// Up to 2 minutes: under -race on a loaded machine the run and its
	// report (with the dynamics sections) take tens of seconds.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("jobstate").textContent === "finished" && !document.getElementById("dframe").hidden`,
		chromedp.WithPollingTimeout(2*time.Minute))); err != nil {
		t.Fatalf("the tournament did not finish on the page: %v", err)
	}
	count, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("jobcount")))
	if count != "120 of 120 games" {
		t.Errorf("progress reads %q, want 120 of 120 games (6 pairings × 20)", count)
	}
	// The report page is report.Tail's, in the frame.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(d => d && d.body && d.body.textContent.includes("nash"))(document.getElementById("dframe").contentDocument)`,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Errorf("the report frame does not show the tournament's report: %v", err)
	}
	// Its script runs under its policy (reportCSP allows it by its
	// hash): a header's click sorts its table (clicked again until the
	// frame's script, at the page's end, has run).
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(d => { const b = d && d.querySelector("table.sortable thead button"); if (!b) return false; b.click(); return !!b.closest("th").getAttribute("aria-sort"); })(document.getElementById("dframe").contentDocument)`,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Errorf("the report's tables do not sort in the frame: %v", err)
	}
	browser.Screenshot(t, ctx, "runs-report-1280.png", 1280)
	browser.Screenshot(t, ctx, "runs-report-400.png", 400)

	// A slow match, stopped from the page; its first bot's spec has two
	// options, one list split as --bots splits it (the page split it at
	// every ';', and a list such as mcts:iters=300,c=0.5,greedy would
	// have been one spec).
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.SetValue(chromedp.ID("kind"), "match")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`for (const i of document.querySelectorAll("#botlist input")) i.checked = false; true`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("more"), "mcts:iters=300,c=0.5, greedy"), chromedp.SetValue(chromedp.ID("games"), "4000"),
		chromedp.Click(chromedp.ID("go"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("bar").value > 300`)); err != nil {
		t.Fatalf("no progress: %v", err)
	}
	browser.Screenshot(t, ctx, "runs-progress-1280.png", 1280)
	browser.Screenshot(t, ctx, "runs-progress-400.png", 400)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Click(chromedp.ID("stop"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("jobstate").textContent === "stopped"`)); err != nil {
		t.Fatalf("not stopped: %v", err)
	}
	run, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("jobrun")))
	hint, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("jobhint")))
	if !strings.Contains(hint, "nzsc match --resume "+filepath.Join(dir, run)) {
		t.Errorf("after Stop the page says %q", hint)
	}
	rd, err := roundrobin.Resume(filepath.Join(dir, run))
	if err != nil || rd.Manifest.Complete || rd.PendingGames() == 0 {
		t.Fatalf("the stopped run: %v", err)
	}
	if b := rd.Manifest.Bots; len(b) != 2 || b[0].Spec != "mcts:iters=300,c=0.5" || b[1].Spec != "greedy" {
		t.Errorf("the match's bots %+v, want mcts:iters=300,c=0.5 and greedy", b)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(() => { const f = document.getElementById("dframe"); const d = !f.hidden && f.contentDocument; return !!d && !!d.body && d.body.textContent.includes("greedy"); })()`)); err != nil {
		t.Errorf("the stopped match's page is not shown: %v", err)
	}
	browser.Screenshot(t, ctx, "runs-stopped-1280.png", 1280)
}

// From the form: a three-player NZSC tournament and an NPZR match, each
// picked in the game list with its own bots, followed to the end with
// every game counted.
func TestRunsPageEveryGame(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "runs")
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(New(Options{Dir: dir}))) // as nzsc serve: the page proves itself
	t.Cleanup(srv.Close)
	ctx := browser.New(t, 1280, 900, 2*time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#botlist input[value="nash"]`))); err != nil {
		t.Fatal(err)
	}
	pick := func(label string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`(() => {
			const sel = document.getElementById("game");
			const o = [...sel.options].find((o) => o.textContent === %q);
			if (!o) throw new Error("no game " + %q + " among " + [...sel.options].map((o) => o.textContent).join(" | "));
			sel.value = o.value;
			sel.dispatchEvent(new Event("change"));
			return true;
		})()`, label, label))); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		label, kind string
		bots        []string
		games       string
		want        string
		shot        string
	}{
		// 4 bots at tables of 3: 4 tables × 6 games.
		{"Ninja Zombie Samurai Clown, 3 players", "tournament", []string{"random", "greedy", "classic", "paranoid"}, "6", "24 of 24 games", "runs-nzsc3"},
		{"Ninja Pirate Zombie Robot", "match", []string{"random", "greedy"}, "4", "4 of 4 games", "runs-npzr"},
	} {
		pick(c.label)
		check := fmt.Sprintf(`(() => { const want = %s; for (const i of document.querySelectorAll("#botlist input")) i.checked = want.includes(i.value); return document.querySelectorAll("#botlist input:checked").length; })()`, jsList(c.bots))
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](check))
		if err != nil || n != len(c.bots) {
			t.Fatalf("%s: %d of the bots %v offered (%v)", c.label, n, c.bots, err)
		}
		// The last job's state is cleared, so that only this one's end
		// passes the poll below.
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("jobstate").textContent = ""; true`)); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("kind"), c.kind), chromedp.SetValue(chromedp.ID("games"), c.games),
			chromedp.SetValue(chromedp.ID("seed"), "9"), chromedp.Click(chromedp.ID("go"))); err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("jobstate").textContent === "finished" && document.getElementById("go").disabled === false`)); err != nil {
			e, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("starterr")))
			t.Fatalf("%s: the %s did not finish on the page: %v (%s)", c.label, c.kind, err, e)
		}
		count, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("jobcount")))
		if count != c.want {
			t.Errorf("%s: progress reads %q, want %q", c.label, count, c.want)
		}
		browser.Screenshot(t, ctx, c.shot+"-1280.png", 1280)
		browser.Screenshot(t, ctx, c.shot+"-390.png", 390)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 900)); err != nil {
			t.Fatal(err)
		}
		if w, _ := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, innerWidth]`)); len(w) == 2 && w[0] > w[1] {
			t.Errorf("%s: at 390 px the page is %d px wide", c.label, w[0])
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
			t.Fatal(err)
		}
	}
}

// jsList writes a list of strings as a JavaScript array.
func jsList(s []string) string {
	q := make([]string, len(s))
	for i, v := range s {
		q[i] = fmt.Sprintf("%q", v)
	}
	return "[" + strings.Join(q, ",") + "]"
}
