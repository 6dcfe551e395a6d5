package watch

import (
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/web/runs"
	"github.com/nzsclab/nzsc/web/webapi"
)

// TestLinkSpecsSplitAsBots: a Watch link whose bots= list holds a spec
// of two options (mcts:iters=20,c=0.5) offers it in the first seat whole,
// greedy in the second, as nzsc tournament --bots splits that list
// (agents.SplitSpecs, asked of the server); the person's Play then plays
// that bot. The page split the list at every comma: seat 0 was
// mcts:iters=20, seat 1 c=2, and greedy was lost.
func TestLinkSpecsSplitAsBots(t *testing.T) {
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(New(Options{Runs: &runs.Root{Path: t.TempDir()}})))
	t.Cleanup(srv.Close)
	ctx := browser.New(t, 1280, 800, 2*time.Minute)
	const spec = "mcts:iters=20,c=0.5"
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?bots="+url.QueryEscape(spec+",greedy")+"&seed=3")); err != nil {
		t.Fatal(err)
	}
	// A link may not start a bot beyond its defaults: the page says so
	// once it has asked, and leaves the seats filled.
	said, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById("err").textContent`, chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil || !strings.Contains(said, "a link alone may not") {
		t.Fatalf("the page says %q (%v), want the link's refusal", said, err)
	}
	seats, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#seats select")].map((s) => s.value)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(seats) != 2 || seats[0] != spec || seats[1] != "greedy" {
		t.Fatalf("seats %q, want [%q greedy]", seats, spec)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`#play`)); err != nil {
		t.Fatal(err)
	}
	title, err := chromedp.Run(ctx, chromedp.Poll[string](`!document.getElementById("viewer").hidden && document.getElementById("title").textContent`, chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil || !strings.Contains(title, spec+" vs greedy") {
		t.Errorf("the person's Play: title %q (%v), want %s vs greedy", title, err, spec)
	}
}
