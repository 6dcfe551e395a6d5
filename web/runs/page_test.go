package runs

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/web/webapi"
)

// openPage serves the Runs page from a handler on a fresh runs directory
// and opens it in a headless browser (the test is skipped without one)
// bounded by timeout, once the page lists its bots. It returns the
// browser's context and the runs directory.
func openPage(t *testing.T, timeout time.Duration) (context.Context, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "runs")
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(New(Options{Dir: dir}))) // as nzsc serve: the page proves itself
	t.Cleanup(srv.Close)
	ctx := browser.New(t, 1280, 900, timeout)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#botlist input[value="nash"]`))); err != nil {
		t.Fatal(err)
	}
	return ctx, dir
}

// checkBots leaves exactly bots checked in the form's list.
func checkBots(t *testing.T, ctx context.Context, bots ...string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`for (const i of document.querySelectorAll("#botlist input")) i.checked = ["`+
		strings.Join(bots, `", "`)+`"].includes(i.value); true`)); err != nil {
		t.Fatal(err)
	}
}

// finishOnPage waits for the job the page follows to finish with its
// report shown, and returns the run's command as the page shows it and
// the run's manifest. what names the job in the failure.
func finishOnPage(t *testing.T, ctx context.Context, dir, what string) (string, *results.Manifest) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("jobstate").textContent === "finished" && !document.getElementById("dframe").hidden`,
		chromedp.WithPollingTimeout(90*time.Second))); err != nil {
		e, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("starterr")))
		t.Fatalf("%s did not finish on the page: %v (%s)", what, err, e)
	}
	cmd, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("dcmd")))
	run, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("jobrun")))
	_, m, _, err := results.Load(filepath.Join(dir, run))
	if err != nil {
		t.Fatal(err)
	}
	return cmd, m
}
