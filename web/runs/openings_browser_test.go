package runs

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// From the page: the Openings field offers NZSC's designs and is gone
// for NPZR; a match started with the characters design runs it, and the
// command shown and the run's manifest name it.
func TestRunsPageOpenings(t *testing.T) {
	ctx, dir := openPage(t, 2*time.Minute)
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
	checkBots(t, ctx, "random", "greedy")
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("games"), "12"), chromedp.Click(chromedp.ID("go"))); err != nil {
		t.Fatal(err)
	}
	cmd, m := finishOnPage(t, ctx, dir, "the match with openings")
	if !strings.Contains(cmd, "--openings characters") {
		t.Errorf("the run's command reads %q, want --openings characters", cmd)
	}
	if m.OpeningDesign != "characters" || len(m.OpeningSteps) != 6 {
		t.Errorf("the run's openings: %q, %d of them; want characters, 6", m.OpeningDesign, len(m.OpeningSteps))
	}
}
