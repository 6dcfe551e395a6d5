package watch

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/web/runs"
	"github.com/nzsclab/nzsc/web/webapi"
)

// TestHostileNamesStayText: names that are HTML (a run directory named
// <img ...>, bots named <img ...> and <svg ...>, as a run copied in from
// elsewhere may have them) are shown as text on the Runs page (the list,
// the run's page, its report in the frame) and the Watch page (the run
// list, the games list, the narration): no element of theirs appears in
// any page.
func TestHostileNamesStayText(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	root := t.TempDir()
	name := "<img src=x id=inj3>"
	playRun(t, root, testRun{Bots: []string{"random:name=<img src=x id=inj1>", "greedy:name=<svg id=inj2></svg>"}, Name: name,
		Kind: results.KindTournament, Pairs: 2, Seed: 3, Command: []string{"nzsc", "tournament", "<img src=x id=inj4>"}})
	mux := http.NewServeMux()
	mux.Handle("/runs/", http.StripPrefix("/runs", runs.New(runs.Options{Dir: root})))
	mux.Handle("/watch/", http.StripPrefix("/watch", New(Options{Runs: &runs.Root{Path: root}})))
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(mux))
	t.Cleanup(srv.Close)
	ctx := browser.New(t, 1280, 900, 2*time.Minute)
	// injected counts the elements of the names in the page and in its
	// frame.
	const injected = `[document, ...[...document.querySelectorAll("iframe")].map((f) => f.contentDocument).filter((d) => d)]
		.reduce((n, d) => n + d.querySelectorAll("[id^=inj]").length, 0)`
	check := func(where, shown string) {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](injected))
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if n != 0 {
			t.Errorf("%s: %d elements made of names", where, n)
		}
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		if !strings.Contains(text, shown) {
			t.Errorf("%s: the name %q is not shown as text in\n%.600s", where, shown, text)
		}
	}

	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/runs/"), chromedp.WaitVisible(chromedp.CSS(`#runs tbody tr`))); err != nil {
		t.Fatal(err)
	}
	check("the Runs list", "<img src=x id=inj1>")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#runs tbody tr`))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`(d => d && d.body && d.body.textContent.includes("inj2"))(document.getElementById("dframe").contentDocument)`,
		chromedp.WithPollingTimeout(time.Minute))); err != nil {
		t.Fatalf("the run's report: %v", err)
	}
	check("the run's page and report", "<img src=x id=inj4>")

	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/watch/"), chromedp.WaitVisible(chromedp.CSS(`#games tbody tr`))); err != nil {
		t.Fatal(err)
	}
	check("the Watch page's games", "<svg id=inj2></svg>")
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#games tbody tr`)), chromedp.WaitVisible(chromedp.ID("viewer")),
		chromedp.Click(chromedp.ID("last"))); err != nil {
		t.Fatal(err)
	}
	check("the narration", "<img src=x id=inj1>")
}
