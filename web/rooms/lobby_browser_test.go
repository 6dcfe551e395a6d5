package rooms

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/web/webapi"
)

// TestLobbyOnAPhone: the lobby, the first thing a person on a phone
// sees, fits a 390 px window. Its "Open a room" box was as wide as the
// game list's longest name (a flex item no narrower than its content)
// and the page scrolled sideways by 2 px.
func TestLobbyOnAPhone(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(New(Options{})))
	t.Cleanup(srv.Close)
	ctx := browser.New(t, 1280, 800, time.Minute)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(390, 800), chromedp.Navigate(srv.URL+"/"), chromedp.WaitVisible(chromedp.ID("create"))); err != nil {
		t.Fatal(err)
	}
	// The game list is filled from the server (api/games).
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll("#kind option").length >= 4`)); err != nil {
		t.Fatal(err)
	}
	w, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.documentElement.scrollWidth, innerWidth]`))
	if err != nil {
		t.Fatal(err)
	}
	if w[0] > w[1] {
		t.Errorf("the lobby is %d px wide in a %d px window", w[0], w[1])
	}
}
