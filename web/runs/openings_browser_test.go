package runs

import (
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/results"
)

// From the page: the Openings field offers NZSC's designs and is gone
// for NPZR; a match started with the characters design runs it, and the
// command shown and the run's manifest name it.
func TestRunsPageOpenings(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "runs")
	srv := httptest.NewServer(New(Options{Dir: dir}))
	t.Cleanup(srv.Close)
	ctx := browser.New(t, 1280, 900, 2*time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.CSS(`#botlist input[value="nash"]`))); err != nil {
		t.Fatal(err)
	}
	choices := func() string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("openlabel").hidden ? "hidden" :
			[...document.getElementById("openings").options].map((o) => o.value || "none").join(",")`))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	pick := func(name string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`{ const s = document.getElementById("game");
			s.value = String(games.findIndex((g) => g.game === "`+name+`")); s.dispatchEvent(new Event("change")); true }`)); err != nil {
			t.Fatal(err)
		}
	}
	if got := choices(); got != "none,loadouts,characters" {
		t.Errorf("NZSC's openings: %q, want none,loadouts,characters", got)
	}
	pick("npzr")
	if got := choices(); got != "hidden" {
		t.Errorf("NPZR's openings: %q, want the field hidden", got)
	}
	pick("nzsc")
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("kind"), "match"), chromedp.SetValue(chromedp.ID("openings"), "characters")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`for (const i of document.querySelectorAll("#botlist input")) i.checked = ["random", "greedy"].includes(i.value); true`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("games"), "12"), chromedp.Click(chromedp.ID("go"))); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("jobstate").textContent === "finished" && !document.getElementById("dframe").hidden`,
		chromedp.WithPollingTimeout(90*time.Second))); err != nil {
		e, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("starterr")))
		t.Fatalf("the match with openings did not finish on the page: %v (%s)", err, e)
	}
	cmd, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("dcmd")))
	if !strings.Contains(cmd, "--openings characters") {
		t.Errorf("the run's command reads %q, want --openings characters", cmd)
	}
	run, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("jobrun")))
	_, m, _, err := results.Load(filepath.Join(dir, run))
	if err != nil {
		t.Fatal(err)
	}
	if m.OpeningDesign != "characters" || len(m.OpeningSteps) != 6 {
		t.Errorf("the run's openings: %q, %d of them; want characters, 6", m.OpeningDesign, len(m.OpeningSteps))
	}
}
