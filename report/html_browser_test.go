package report

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/internal/browser"
)

func writePage(t *testing.T, name string, render func(*bytes.Buffer) error) string {
	t.Helper()
	var b bytes.Buffer
	if err := render(&b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return "file://" + path
}

func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return v
}

// column returns the texts of a table's column, top to bottom.
func column(t *testing.T, ctx context.Context, table string, col int) []string {
	t.Helper()
	return eval[[]string](t, ctx, fmt.Sprintf(`Array.from(document.querySelectorAll("#%s tbody tr")).map(r => r.cells[%d].textContent)`, table, col))
}

func clickHeader(t *testing.T, ctx context.Context, table string, col int) {
	t.Helper()
	sel := fmt.Sprintf("#%s thead th:nth-child(%d) button", table, col+1)
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel))); err != nil {
		t.Fatalf("clicking %s: %v", sel, err)
	}
}

// TestHTMLInChromium opens the report in headless Chromium: no script
// error, a hover over a heat-map cell shows its value, interval and
// games, clicking a column header sorts the table, nothing refers
// outside the page, and at 400 px the body does not overflow sideways.
func TestHTMLInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("browser check skipped in -short mode")
	}
	ctx := browser.New(t, 1280, 900, 3*time.Minute)
	tt := fixture([]string{"nash", "greedy", "mcts", "random"}, map[[2]int]bool{{0, 3}: true})
	s := analysis.Summarize(tt)
	page := writePage(t, "report.html", func(b *bytes.Buffer) error { return HTML(b, s, fixtureManifest(tt)) })
	errs := browser.WatchErrors(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(page), chromedp.WaitReady(chromedp.CSS("#t-ranking"))); err != nil {
		t.Fatal(err)
	}

	// Hover: move the mouse onto a cross-table cell with games.
	// (Scroll first and let the scroll event pass: it hides the tooltip.)
	pos, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(async () => { const g = document.querySelector('#c-cross .cell:not([data-games="0"])');
		g.scrollIntoView({block: "center"});
		await new Promise(ok => requestAnimationFrame(() => requestAnimationFrame(ok)));
		const r = g.querySelector("rect").getBoundingClientRect();
		return [r.x + r.width / 2, r.y + r.height / 2]; })()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, pos[0], pos[1])); err != nil {
		t.Fatal(err)
	}
	tip := eval[string](t, ctx, `document.getElementById("tip").style.display + "|" + document.getElementById("tip").textContent`)
	if !strings.HasPrefix(tip, "block|") || !strings.Contains(tip, "95% interval") || !strings.Contains(tip, " games") || !strings.Contains(tip, "score ") {
		t.Errorf("hovering a heat-map cell shows %q, want its score, interval and games", tip)
	}
	// Every chart mark keeps its hover text as data-tip (the <title>'s).
	if n := eval[int](t, ctx, `document.querySelectorAll("svg.chart .cell:not([data-tip])").length`); n != 0 {
		t.Errorf("%d heat-map cells without hover text", n)
	}

	// Sorting the ranking: by bot name (text: ascending first), then by
	// Elo (numbers: descending first), then Elo again (ascending).
	names := column(t, ctx, "t-ranking", 1)
	clickHeader(t, ctx, "t-ranking", 1)
	want := slices.Sorted(slices.Values(names))
	if got := column(t, ctx, "t-ranking", 1); !slices.Equal(got, want) {
		t.Errorf("sorted by bot: %v, want %v", got, want)
	}
	elo := func() []float64 {
		var out []float64
		for _, s := range column(t, ctx, "t-ranking", 2) {
			v, err := strconv.ParseFloat(strings.TrimPrefix(s, "~"), 64)
			if err != nil {
				t.Fatalf("Elo cell %q: %v", s, err)
			}
			out = append(out, v)
		}
		return out
	}
	clickHeader(t, ctx, "t-ranking", 2)
	if got := elo(); !slices.IsSortedFunc(got, func(a, b float64) int { return cmp.Compare(b, a) }) {
		t.Errorf("after one click on Elo: %v, want descending", got)
	}
	clickHeader(t, ctx, "t-ranking", 2)
	if got := elo(); !slices.IsSorted(got) {
		t.Errorf("after two clicks on Elo: %v, want ascending", got)
	}
	// A cross-table column: the empty cell (the bot itself) sorts last
	// both ways.
	for range 2 {
		clickHeader(t, ctx, "t-cross", 1)
		if col := column(t, ctx, "t-cross", 1); col[len(col)-1] != "" {
			t.Errorf("cross-table sorted by its first column ends with %q, want the empty cell", col[len(col)-1])
		}
	}

	// After the script ran: only fragments and data: URLs.
	if ext := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("[src],[href]")).map(e => e.getAttribute("src") || e.getAttribute("href")).filter(u => !u.startsWith("#") && !u.startsWith("data:"))`); len(ext) > 0 {
		t.Errorf("page refers outside itself: %v", ext)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('a.csv[href^="data:text/csv"]').length`); n != eval[int](t, ctx, `document.querySelectorAll("a.csv").length`) {
		t.Errorf("only %d CSV links carry their file", n)
	}
	browser.Screenshot(t, ctx, "report-1280.png", 0)

	// Phone width: the body must not scroll sideways (wide tables and
	// charts scroll inside their own box).
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(400, 800), chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("#t-ranking"))); err != nil {
		t.Fatal(err)
	}
	if w := eval[[]int](t, ctx, `[document.documentElement.scrollWidth, document.documentElement.clientWidth]`); w[0] > w[1] {
		t.Errorf("at 400 px the page is %d px wide, its viewport %d", w[0], w[1])
	}
	browser.Screenshot(t, ctx, "report-400.png", 0)
	errs.Check(t, "report.html")

	// The free-for-all page loads without error and fits a phone too.
	ft := ffaFixture()
	fs, err := analysis.SummarizeFFA(ft, nil)
	if err != nil {
		t.Fatal(err)
	}
	ffa := writePage(t, "ffa.html", func(b *bytes.Buffer) error { return FFAHTML(b, fs, nil) })
	if err := chromedp.Do(ctx, chromedp.Navigate(ffa), chromedp.WaitReady(chromedp.CSS("#t-places"))); err != nil {
		t.Fatal(err)
	}
	if w := eval[[]int](t, ctx, `[document.documentElement.scrollWidth, document.documentElement.clientWidth]`); w[0] > w[1] {
		t.Errorf("FFA page at 400 px is %d px wide, its viewport %d", w[0], w[1])
	}
	browser.Screenshot(t, ctx, "ffa-400.png", 0)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Reload(), chromedp.WaitReady(chromedp.CSS("#t-places"))); err != nil {
		t.Fatal(err)
	}
	browser.Screenshot(t, ctx, "ffa-1280.png", 0)
	errs.Check(t, "ffa.html")

	// The pages of a match and of a sequential test, at phone width.
	m := matchFixture()
	o, v := sprtFixture()
	for _, pg := range []struct {
		name, ready string
		render      func(*bytes.Buffer) error
	}{
		{"match.html", "#t-pairings", func(b *bytes.Buffer) error { return MatchHTML(b, m) }},
		{"sprt.html", "#t-looks", func(b *bytes.Buffer) error { return SPRTHTML(b, o, v) }},
	} {
		url := writePage(t, pg.name, pg.render)
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(400, 800), chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS(pg.ready))); err != nil {
			t.Fatal(err)
		}
		if w := eval[[]int](t, ctx, `[document.documentElement.scrollWidth, document.documentElement.clientWidth]`); w[0] > w[1] {
			t.Errorf("%s at 400 px is %d px wide, its viewport %d", pg.name, w[0], w[1])
		}
		browser.Screenshot(t, ctx, strings.TrimSuffix(pg.name, ".html")+"-400.png", 0)
		errs.Check(t, pg.name)
	}
}

// TestJSErrorsCaught: the error watch of the browser test sees a
// script's uncaught exception (so that its silence means something).
func TestJSErrorsCaught(t *testing.T) {
	if testing.Short() {
		t.Skip("browser check skipped in -short mode")
	}
	ctx := browser.New(t, 400, 300, time.Minute)
	errs := browser.WatchErrors(t, ctx)
	page := writePage(t, "bad.html", func(b *bytes.Buffer) error {
		_, err := b.WriteString(`<!doctype html><p id=p>x</p><script>null.boom();</script>`)
		return err
	})
	if err := chromedp.Do(ctx, chromedp.Navigate(page), chromedp.WaitReady(chromedp.ID("p"))); err != nil {
		t.Fatal(err)
	}
	eval[int](t, ctx, "1") // a round trip: events sent before its reply are seen
	if errs.Len() == 0 {
		t.Error("a page that throws reported no error")
	}
}
