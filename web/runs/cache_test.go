package runs

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"testing/synctest"

	"github.com/nzsclab/nzsc/results"
)

// cachedFixture is a fixture whose handler the test can look into.
func cachedFixture(t *testing.T) (*fixture, *Handler) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "runs")
	h := New(Options{Dir: dir})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	t.Cleanup(h.Close)
	return &fixture{t: t, srv: srv, root: dir}, h
}

// finishedRun starts a match job of bots and waits for its end.
func (f *fixture) finishedRun(bots ...string) string {
	f.t.Helper()
	run, _ := f.finishedJob(StartRequest{Kind: "match", Bots: bots, Games: 4, Seed: "5"})
	return run
}

// finishedJob starts the job req asks for and waits for it to finish,
// and returns its run and the run's manifest.
func (f *fixture) finishedJob(req StartRequest) (string, *results.Manifest) {
	f.t.Helper()
	var s JobStatus
	if st := f.json("POST", "/api/jobs", req, &s); st != 200 {
		f.t.Fatalf("start: %d", st)
	}
	s = f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
	if s.State != stateFinished {
		f.t.Fatalf("job ended %+v", s)
	}
	_, m, _, err := results.Load(filepath.Join(f.root, s.Run))
	if err != nil {
		f.t.Fatal(err)
	}
	return s.Run, m
}

// TestReportCached: a run's report is rendered once while the run does
// not change, whatever the number of views; when its manifest and
// counts change (here replaced by another run's), the next view renders
// the new report, the same as a server that never saw the run renders.
func TestReportCached(t *testing.T) {
	f, h := cachedFixture(t)
	a := f.finishedRun("random", "greedy")
	// A run of other bots, whose files are copied into a's below.
	b := f.finishedRun("classic", "nash")
	view := func(run, ext string) []byte {
		t.Helper()
		st, body := f.req("GET", "/api/runs/"+run+"/report."+ext, nil)
		if st != 200 {
			t.Fatalf("%s report.%s: %d %s", run, ext, st, body)
		}
		return body
	}
	first := view(a, "html")
	for range 3 {
		if again := view(a, "html"); !bytes.Equal(again, first) {
			t.Fatal("a second view of an unchanged run differs")
		}
	}
	text := view(a, "txt")
	view(a, "txt")
	if n := h.reports.renders.Load(); n != 2 {
		t.Fatalf("%d renderings for 4 views of the page and 2 of the text, want 2 (one each)", n)
	}
	if !bytes.Contains(first, []byte("greedy")) || !bytes.Contains(text, []byte("greedy")) {
		t.Fatalf("the report does not name the run's bots")
	}
	// Run a's files become run b's: a's next view is b's report.
	for _, name := range []string{"manifest.json", "counts.json"} {
		data, err := os.ReadFile(filepath.Join(f.root, b, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(f.root, a, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	changed := view(a, "html")
	if bytes.Equal(changed, first) || !bytes.Contains(changed, []byte("classic")) || bytes.Contains(changed, []byte("greedy")) {
		t.Fatal("after its counts changed, the run's page is still the old report")
	}
	srv := httptest.NewServer(New(Options{Dir: f.root}))
	defer srv.Close()
	fresh := &fixture{t: t, srv: srv, root: f.root}
	if st, want := fresh.req("GET", "/api/runs/"+a+"/report.html", nil); st != 200 || !bytes.Equal(changed, want) {
		t.Errorf("the re-rendered report differs from a fresh server's (status %d)", st)
	}
	if n := h.reports.renders.Load(); n != 3 {
		t.Errorf("%d renderings, want 3", n)
	}
}

// TestReportCacheBounded: the cache keeps the newest maxReports reports:
// the least recently viewed goes first, a recently viewed one stays.
func TestReportCacheBounded(t *testing.T) {
	root := &Root{Path: t.TempDir()}
	for i := range maxReports + 1 {
		dir := filepath.Join(root.Path, fmt.Sprint(i))
		os.Mkdir(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "manifest.json"), []byte(fmt.Sprint(i)), 0o644)
		os.WriteFile(filepath.Join(dir, "counts.json"), []byte("{}"), 0o644)
	}
	var c reportCache
	rendered := map[string]int{}
	get := func(i int) {
		t.Helper()
		run := fmt.Sprint(i)
		body, err := c.get(nil, root, run, "html", func(<-chan struct{}) ([]byte, error) { rendered[run]++; return []byte(run), nil })
		if err != nil || string(body) != run {
			t.Fatalf("run %s: %q, %v", run, body, err)
		}
	}
	for i := range maxReports {
		get(i)
	}
	get(0) // run 0 is the most recently used now; run 1 the least
	get(maxReports)
	if len(c.entries) != maxReports {
		t.Fatalf("%d reports kept, want %d", len(c.entries), maxReports)
	}
	get(0)
	get(1)
	if rendered["0"] != 1 || rendered["1"] != 2 {
		t.Errorf("renderings: run 0 %d (want 1: kept), run 1 %d (want 2: evicted)", rendered["0"], rendered["1"])
	}
	want := 0
	for _, e := range c.entries {
		want += len(e.body)
	}
	if c.bytes != want {
		t.Errorf("%d bytes counted, %d kept", c.bytes, want)
	}
	// Reports of more bytes than the bound: the older ones go, and one
	// over the bound alone is served but not kept.
	big := func(i, size int) {
		t.Helper()
		if _, err := c.get(nil, root, fmt.Sprint(i), "txt", func(<-chan struct{}) ([]byte, error) { return make([]byte, size), nil }); err != nil {
			t.Fatal(err)
		}
	}
	big(2, maxReportBytes/2)
	big(3, maxReportBytes/2)
	if c.bytes > maxReportBytes || c.entries[reportKey{"2", "txt"}] == nil || c.entries[reportKey{"3", "txt"}] == nil {
		t.Errorf("%d bytes kept (bound %d), the two halves kept: %v", c.bytes, maxReportBytes, c.entries[reportKey{"2", "txt"}] != nil)
	}
	big(4, maxReportBytes+1)
	if c.bytes > maxReportBytes || c.entries[reportKey{"4", "txt"}] != nil {
		t.Errorf("a report over the bound is kept (%d bytes in all)", c.bytes)
	}
}

// TestReportRenderedOnceAtOnce: viewers asking at once for a report not
// kept share one rendering (a 20-bot report costs seconds of CPU): four
// at once, one rendering, and each gets its bytes. synctest.Wait returns
// when every viewer is blocked, inside the rendering or waiting for it;
// a cache that let each render its own would count four.
func TestReportRenderedOnceAtOnce(t *testing.T) {
	root := identityRoot(t)
	synctest.Test(t, func(t *testing.T) {
		var c reportCache
		release := make(chan struct{})
		render := func(<-chan struct{}) ([]byte, error) {
			<-release
			return []byte("report"), nil
		}
		const viewers = 4
		bodies := make(chan string, viewers)
		for range viewers {
			go func() {
				b, err := c.get(nil, root, "r", "html", render)
				if err != nil {
					t.Error(err)
				}
				bodies <- string(b)
			}()
		}
		synctest.Wait()
		close(release)
		for range viewers {
			if b := <-bodies; b != "report" {
				t.Errorf("a viewer got %q", b)
			}
		}
		if n := c.renders.Load(); n != 1 {
			t.Errorf("%d renderings for %d viewers at once, want 1", n, viewers)
		}
		// Kept: a later view renders nothing.
		if b, err := c.get(nil, root, "r", "html", render); err != nil || string(b) != "report" || c.renders.Load() != 1 {
			t.Errorf("a later view: %q, %v, %d renderings", b, err, c.renders.Load())
		}
	})
}

// identityRoot is a root holding one run, r, of files enough for its
// identity (runIdentity reads and hashes them) and nothing else: the
// cache tests' renderings are their own.
func identityRoot(t *testing.T) *Root {
	t.Helper()
	root := &Root{Path: t.TempDir()}
	dir := filepath.Join(root.Path, "r")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{"manifest.json": "m", "counts.json": "{}"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}
