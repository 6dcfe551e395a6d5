package rooms

import (
	"net/http/httptest"
	"strings"
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

// TestLobbySaysAddressFull: a person whose address (here loopback, as
// behind a NAT everyone's) has opened the most rooms it may hold is told
// so on the lobby, and still joins a room by its name.
func TestLobbySaysAddressFull(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	h := New(Options{PerClient: 1, MaxWait: 2 * time.Second})
	srv := httptest.NewServer(webapi.NewGuard(nil, "").Wrap(h))
	t.Cleanup(srv.Close)
	_, room, _ := openFrom(t, h, "127.0.0.1:4000")
	ctx := browser.New(t, 1280, 800, time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"), chromedp.SetValue(chromedp.ID("name"), "Ann"), chromedp.Click(chromedp.ID("create"))); err != nil {
		t.Fatal(err)
	}
	said, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById("lobbyerr").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "the rooms opened from this machine and still open are the most one address may hold (1): join one of them"; !strings.Contains(said, want) {
		t.Errorf("the lobby says %q, want %q", said, want)
	}
	if err := chromedp.Do(ctx, chromedp.SetValue(chromedp.ID("code"), room), chromedp.Click(chromedp.ID("join"))); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById("roomname").textContent`))
	if err != nil || got != room {
		t.Errorf("joined room %q (%v), want %q", got, err, room)
	}
}
