package browser

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
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

// TestStartTriedAgain: a browser that exits while starting (as Chromium
// now and then does on a loaded machine) is started again with a new
// profile, rather than failing the test that wanted it. The launcher
// here fails its first start and runs the browser at its second.
func TestStartTriedAgain(t *testing.T) {
	real := Find()
	if real == "" {
		t.Skipf("no headless browser (%s not found)", Path)
	}
	dir := t.TempDir()
	launcher := filepath.Join(dir, "flaky-chromium")
	script := "#!/bin/sh\nif [ ! -e " + dir + "/started ]; then touch " + dir + "/started; echo 'crashed while starting' >&2; exit 1; fi\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(launcher, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("NZSC_CHROMIUM", launcher)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `<!doctype html><p id=o>up</p>`)
	}))
	defer srv.Close()
	ctx := New(t, 400, 800, time.Minute)
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL)); err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("o")))
	if err != nil {
		t.Fatal(err)
	}
	if got != "up" {
		t.Errorf("the page says %q, want %q", got, "up")
	}
	if _, err := os.Stat(filepath.Join(dir, "started")); err != nil {
		t.Errorf("the launcher's failing first start did not happen: %v", err)
	}
}
