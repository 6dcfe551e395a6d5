package runs

import (
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/results"
)

// From the page: a clock the commands refuse is refused with their
// reason; a match under the form's clock runs with it, the run's
// manifest and the command shown name it.
func TestRunsPageClock(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "runs")
	srv := httptest.NewServer(New(Options{Dir: dir}))
	t.Cleanup(srv.Close)
	ctx := browser.New(t, 1280, 900, 2*time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#botlist input[value="nash"]`)),
		chromedp.SetValue(chromedp.ID("kind"), "match")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`for (const i of document.querySelectorAll("#botlist input")) i.checked = ["random", "greedy"].includes(i.value); true`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("games"), "4"), chromedp.SetValue(chromedp.ID("tc"), "fast"), chromedp.Click(chromedp.ID("go"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("starterr").textContent.startsWith("clock: tc=\"fast\"")`,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		e, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("starterr")))
		t.Fatalf("a bad clock: the page says %q (%v)", e, err)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("tc"), "1+0.05"), chromedp.Click(chromedp.ID("go"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("jobstate").textContent === "finished" && !document.getElementById("dframe").hidden`,
		chromedp.WithPollingTimeout(90*time.Second))); err != nil {
		e, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("starterr")))
		t.Fatalf("the clocked match did not finish on the page: %v (%s)", err, e)
	}
	cmd, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("dcmd")))
	if !strings.Contains(cmd, "--tc 1+0.05") {
		t.Errorf("the run's command reads %q, want --tc 1+0.05", cmd)
	}
	run, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("jobrun")))
	_, m, _, err := results.Load(filepath.Join(dir, run))
	if err != nil {
		t.Fatal(err)
	}
	var specs []string
	for _, b := range m.Bots {
		specs = append(specs, b.Spec)
	}
	slices.Sort(specs)
	if want := []string{"greedy:tc=1+0.05", "random:tc=1+0.05"}; !slices.Equal(specs, want) {
		t.Errorf("the run's bots %q, want %q", specs, want)
	}
}
