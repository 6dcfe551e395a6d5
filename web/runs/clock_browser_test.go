package runs

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// From the page: a clock the commands refuse is refused with their
// reason; a match under the form's clock runs with it, the run's
// manifest and the command shown name it.
func TestRunsPageClock(t *testing.T) {
	ctx, dir := openPage(t, 2*time.Minute)
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("kind"), "match")); err != nil {
		t.Fatal(err)
	}
	checkBots(t, ctx, "random", "greedy")
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
	cmd, m := finishOnPage(t, ctx, dir, "the clocked match")
	if !strings.Contains(cmd, "--tc 1+0.05") {
		t.Errorf("the run's command reads %q, want --tc 1+0.05", cmd)
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
