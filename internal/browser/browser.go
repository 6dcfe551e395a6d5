// Package browser starts the headless Chromium that the browser tests
// drive (through chromedp): the HTML report's checks and the pages of
// `nzsc serve`. It is for tests only; a machine without Debian's chromium
// skips them with a message rather than failing.
package browser

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Path is where Debian's chromium package puts the browser, which .ci/run
// installs.
const Path = "/usr/bin/chromium"

// Find returns the browser's path, or "" when none is installed. The
// environment variable NZSC_CHROMIUM overrides the default.
func Find() string {
	for _, p := range []string{os.Getenv("NZSC_CHROMIUM"), Path} {
		if p == "" {
			continue
		}
		if _, err := exec.LookPath(p); err == nil {
			return p
		}
	}
	return ""
}

// New starts a headless browser for the test and returns a chromedp
// context for its first tab, of the given viewport size (width 0 for
// 1280×900). The browser is stopped when the test ends; the whole session
// is bounded by timeout so a hung page fails the test rather than CI. A
// missing browser skips the test.
func New(t testing.TB, width, height int, timeout time.Duration) context.Context {
	t.Helper()
	path := Find()
	if path == "" {
		t.Skipf("no headless browser (%s not found; Debian: apt-get install chromium): skipping the browser test", Path)
	}
	if width == 0 {
		width, height = 1280, 900
	}
	// Chromium now and then exits while starting on a loaded machine
	// ("chrome failed to start", seen once in a run of every package's
	// tests at a load average of 10, with no page loaded yet): a start
	// is tried up to three times, each with a new profile, before the
	// test fails; what the test then does is not retried.
	var errs []error
	for range startTries {
		bctx, err := start(t, path, width, height, timeout)
		if err == nil {
			return bctx
		}
		t.Logf("starting %s: %v", path, err)
		errs = append(errs, err)
	}
	t.Fatalf("starting %s failed %d times: %v", path, startTries, errors.Join(errs...))
	return nil
}

// startTries is how many times New tries to start the browser.
const startTries = 3

// start starts one headless browser (New), stopped when the test ends or
// at once when it fails to start.
func start(t testing.TB, path string, width, height int, timeout time.Duration) (context.Context, error) {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // CI runs as root, where Chromium's sandbox refuses to start
		chromedp.WindowSize(width, height),
		chromedp.Flag("disable-gpu", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	ctx, cancelTimeout := context.WithTimeout(context.Background(), timeout)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	stop := func() {
		cancelBrowser()
		cancelAlloc()
		cancelTimeout()
	}
	if err := chromedp.Do(bctx); err != nil { // starts the browser
		stop()
		return nil, err
	}
	t.Cleanup(stop)
	return bctx, nil
}

// Tab opens another tab of the browser behind ctx (for a test with two
// people in one room), closed when the test ends.
func Tab(t testing.TB, ctx context.Context) context.Context {
	t.Helper()
	tctx, cancel := chromedp.NewContext(ctx)
	t.Cleanup(cancel)
	if err := chromedp.Do(tctx); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return tctx
}

// ScreenshotDir names the environment variable that asks browser tests
// for screenshots: when it names a directory, Screenshot saves there.
const ScreenshotDir = "NZSC_SCREENSHOTS"

// Screenshot saves the whole page as name (a PNG) in the directory
// $NZSC_SCREENSHOTS, when it is set, for a person to look at; width, when
// not 0, first sets the viewport to width×900 (a phone is 400). Without
// the variable it does nothing, so tests call it freely.
func Screenshot(t testing.TB, ctx context.Context, name string, width int64) {
	t.Helper()
	dir := os.Getenv(ScreenshotDir)
	if dir == "" {
		return
	}
	if width != 0 {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
			t.Fatal(err)
		}
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Errors collects a page's uncaught exceptions and console errors, seen
// since WatchErrors or the last Check.
type Errors struct {
	mu   sync.Mutex
	list []string
}

// WatchErrors starts collecting the uncaught exceptions and console
// errors of the tab behind ctx.
func WatchErrors(t testing.TB, ctx context.Context) *Errors {
	t.Helper()
	e := &Errors{}
	err := chromedp.Listen(ctx, func(ev any) {
		var msg string
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			msg = ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				msg += " " + ev.ExceptionDetails.Exception.Description
			}
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				msg = "console.error"
			}
		}
		if msg != "" {
			e.mu.Lock()
			e.list = append(e.list, msg)
			e.mu.Unlock()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// Check fails the test with each error collected so far, naming page,
// and forgets them.
func (e *Errors) Check(t testing.TB, page string) {
	t.Helper()
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, m := range e.list {
		t.Errorf("%s: JavaScript error: %s", page, m)
	}
	e.list = nil
}

// Len is the number of errors collected since the last Check.
func (e *Errors) Len() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.list)
}
