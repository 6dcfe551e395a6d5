package web

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/internal/browser"
	"github.com/nzsclab/nzsc/play"
)

var (
	siteOnce sync.Once
	siteDir  string
	siteErr  error
)

// buildSite builds what `make web` builds into a temporary directory:
// the static page, nzsc.wasm and wasm_exec.js.
func buildSite(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the engine for WebAssembly: skipped with -short")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH: cannot build for WebAssembly")
	}
	siteOnce.Do(func() {
		siteDir, siteErr = os.MkdirTemp("", "nzsc-web-dist-")
		if siteErr != nil {
			return
		}
		if siteErr = WriteStatic(siteDir); siteErr != nil {
			return
		}
		cmd := exec.Command(goBin, "build", "-trimpath", "-ldflags=-s", "-o", filepath.Join(siteDir, "nzsc.wasm"), "github.com/nzsclab/nzsc/cmd/nzsc-wasm")
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		if out, err := cmd.CombinedOutput(); err != nil {
			siteErr = &buildError{string(out), err}
			return
		}
		root, err := exec.Command(goBin, "env", "GOROOT").Output()
		if err != nil {
			siteErr = err
			return
		}
		js, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"))
		if err != nil {
			siteErr = err
			return
		}
		siteErr = os.WriteFile(filepath.Join(siteDir, "wasm_exec.js"), js, 0o644)
	})
	if siteErr != nil {
		t.Fatal(siteErr)
	}
	return siteDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if siteDir != "" {
		os.RemoveAll(siteDir)
	}
	os.Exit(code)
}

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string {
	return "GOOS=js GOARCH=wasm go build ./cmd/nzsc-wasm: " + e.err.Error() + "\n" + e.out
}

// TestWasmBuilds: the engine builds for WebAssembly, and the static site
// has every file its page loads.
func TestWasmBuilds(t *testing.T) {
	dir := buildSite(t)
	for _, f := range []string{"index.html", "play.js", "style.css", "nzsc.wasm", "wasm_exec.js"} {
		st, err := os.Stat(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes", f, st.Size())
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	for _, want := range []string{`data-transport="wasm"`, `<script src="wasm_exec.js">`, `<script src="play.js">`, `href="style.css"`} {
		if !strings.Contains(string(index), want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
}

// TestStaticPageClicks plays the handbook game by clicking in the static
// page (the engine in WebAssembly, no server API), checked line by line
// against nzsc play fed the same answers.
func TestStaticPageClicks(t *testing.T) {
	dir := buildSite(t)
	ctx := browser.New(t, 1280, 900, 2*time.Minute)
	var api atomic.Bool
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			api.Store(true)
		}
		http.FileServer(http.Dir(dir)).ServeHTTP(w, r)
	}))
	defer ts.Close()
	answers := append(append([]string{}, handbook...), "n")
	got := clickGame(t, ctx, ts.URL+"/?seed=0xbabecaf3", answers)
	want := withoutOptions(runGame(t, "classic", 0xbabecaf3, answers))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the static page's transcript differs from nzsc play's:\n%s\n--- nzsc play ---\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if api.Load() {
		t.Errorf("the static page called the server's API")
	}
	q, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("question")))
	if err != nil || q != "The session is over." {
		t.Errorf("after No: %q %v", q, err)
	}
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("download").href`))
	if err != nil || !strings.HasPrefix(href, "data:application/x-ndjson") || !strings.Contains(href, "0xbabecaf3") {
		t.Errorf("download link %.80q %v", href, err)
	}
	browser.Screenshot(t, ctx, "static-1280.png", 0)
}

// TestStaticEveryGame: the static page (no server) plays NPZR to its end
// and a game of NZSC for 3 players, each transcript the session's for the
// answers clicked; it offers every game, and no bot that needs the solver
// or runs a program.
func TestStaticEveryGame(t *testing.T) {
	dir := buildSite(t)
	ctx := browser.New(t, 1280, 900, 3*time.Minute)
	ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer ts.Close()
	for _, c := range []struct {
		url   string
		o     play.Options
		max   int
		shot  string
		width int64
	}{
		{"/?game=npzr&seed=0x23", optionsOf(t, "npzr", 2, 0, "greedy", 0x23), 500, "static-npzr-1280.png", 1280},
		{"/?game=nzsc&players=3&seed=0x33", optionsOf(t, "nzsc", 3, 0, "classic", 0x33), 300, "static-nzsc3-390.png", 390},
	} {
		answers, got := clickToEnd(t, ctx, ts.URL+c.url, c.max)
		sameLines(t, got, transcript(t, c.o, answers))
		if q, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("question"))); q != "Play again? y/N" {
			t.Errorf("%s: the game did not end (%d answers): %q", c.url, len(answers), q)
		}
		shot(t, ctx, c.shot, c.width)
	}
	offered, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#game option"), o => o.value).concat(games.flatMap(g => g.bots.map(b => b.name)))`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(offered[:4], " ") != "nzsc/2 nzsc/3 nzsc/4 npzr/2" || slices.Contains(offered, "optimal") || slices.Contains(offered, "exec") || !slices.Contains(offered, "ismcts") {
		t.Errorf("the static page offers %q", offered)
	}
}
