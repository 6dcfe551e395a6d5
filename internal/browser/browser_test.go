package browser

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A page's script runs and a click changes the page: the two things every
// browser test relies on.
func TestClickRunsScript(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><button id=b onclick="document.getElementById('o').textContent='clicked'">go</button><p id=o>not yet</p>`)
	}))
	defer srv.Close()
	ctx := New(t, 400, 800, time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL), chromedp.Click(chromedp.ID("b"))); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("o")))
	if err != nil {
		t.Fatal(err)
	}
	if got != "clicked" {
		t.Errorf("after the click the page says %q, want %q", got, "clicked")
	}
	other := Tab(t, ctx)
	if err := chromedp.Do(other, chromedp.Navigate(srv.URL)); err != nil {
		t.Fatal(err)
	}
	if got, err = chromedp.Run(other, chromedp.Text(chromedp.ID("o"))); err != nil {
		t.Fatal(err)
	}
	if got != "not yet" {
		t.Errorf("a new tab says %q, want %q", got, "not yet")
	}
}
