package watch

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/web/runs"
	"github.com/nzsclab/nzsc/web/webapi"
)

// TestWatchRunListOnAPhone: a run directory named as nzsc names one
// whose seed it picked (runs/<time>-0x<16 hex digits>) fits the Watch
// page's run list on a phone, 390 px wide. The list was as wide as its
// longest name and, beside its label, made the whole page scroll
// sideways.
func TestWatchRunListOnAPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	root := t.TempDir()
	playRun(t, root, testRun{Bots: []string{"greedy", "random"}, Name: "20261127-141446-0x9f3b2c7d1e5a4b6c", Pairs: 500, Seed: 3})
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(New(Options{Runs: &runs.Root{Path: root}})))
	t.Cleanup(srv.Close)
	ctx := browser.New(t, 1280, 800, time.Minute)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 800), chromedp.Navigate(srv.URL+"/"),
		chromedp.WaitVisible(chromedp.ID("runbox"))); err != nil {
		t.Fatal(err)
	}
	w, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, innerWidth, document.getElementById("run").options[0].text.length]`))
	if err != nil {
		t.Fatal(err)
	}
	if w[0] > w[1] {
		t.Errorf("the page is %d px wide in a %d px window (its run list names %d characters)", w[0], w[1], w[2])
	}
}
