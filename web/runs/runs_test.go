package runs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/internal/webtest"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

const secret = "TOP SECRET outside the runs directory"

type fixture struct {
	t    *testing.T
	h    *Handler
	srv  *httptest.Server
	root string
}

func newFixture(t *testing.T, o Options) *fixture {
	t.Helper()
	top := t.TempDir()
	o.Dir = filepath.Join(top, "runs")
	if err := os.WriteFile(filepath.Join(top, "secret.txt"), []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	h := New(o)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	// Jobs still running when a test ends stop and save before its
	// temporary directory goes (cleanups run last registered first).
	t.Cleanup(h.Close)
	return &fixture{t: t, h: h, srv: srv, root: o.Dir}
}

// get requests path as given (the client neither cleans nor follows
// redirects) and returns the status and body.
func (f *fixture) req(method, path string, body any) (int, []byte) {
	f.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, f.srv.URL+path, rd)
	if err != nil {
		f.t.Fatal(err)
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func (f *fixture) json(method, path string, body, out any) int {
	f.t.Helper()
	st, b := f.req(method, path, body)
	if st == 200 && out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			f.t.Fatalf("%s %s: %v in %q", method, path, err, b)
		}
	}
	if st != 200 && !isJSONError(b) {
		f.t.Errorf("%s %s: status %d, body %q is not a one-line JSON error", method, path, st, b)
	}
	return st
}

func isJSONError(b []byte) bool {
	var e struct{ Error string }
	return json.Unmarshal(b, &e) == nil && e.Error != "" && bytes.Count(b, []byte("\n")) == 1
}

// waitJob polls a job until its state is not running.
func (f *fixture) waitJob(id string, until func(JobStatus) bool) JobStatus {
	f.t.Helper()
	for {
		var s JobStatus
		if st := f.json("GET", "/api/jobs/"+id, nil, &s); st != 200 {
			f.t.Fatalf("job status: %d", st)
		}
		if until(s) {
			return s
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// A small tournament started from the API runs to the end; its report
// and files are served, and the listing shows it complete.
func TestJobRunsToTheEnd(t *testing.T) {
	f := newFixture(t, Options{})
	var s JobStatus
	if st := f.json("POST", "/api/jobs", StartRequest{Kind: "tournament", Bots: []string{"random", "greedy", "classic"}, Games: 20, Seed: "7"}, &s); st != 200 {
		t.Fatalf("start: %d", st)
	}
	if s.Games != 60 {
		t.Errorf("planned %d games, want 3 pairings × 20", s.Games)
	}
	s = f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
	if s.State != stateFinished || s.GamesDone != 60 {
		t.Fatalf("job ended %+v", s)
	}
	// The run directory is the one nzsc tournament would have written:
	// its counts hold the 60 games.
	_, m, c, err := results.Load(filepath.Join(f.root, s.Run))
	if err != nil {
		t.Fatal(err)
	}
	if !m.Complete || c.Games() != 60 || m.Seed != 7 {
		t.Errorf("manifest complete=%v seed=%d, counts %d games", m.Complete, m.Seed, c.Games())
	}
	var list struct{ Runs []Summary }
	f.json("GET", "/api/runs", nil, &list)
	if len(list.Runs) != 1 || list.Runs[0].Name != s.Run || !list.Runs[0].Complete || !list.Runs[0].GamesLog {
		t.Errorf("listing %+v", list.Runs)
	}
	st, html := f.req("GET", "/api/runs/"+s.Run+"/report.html", nil)
	if st != 200 || !bytes.Contains(html, []byte("<html")) || !bytes.Contains(html, []byte("greedy")) {
		t.Errorf("report.html: %d, %d bytes", st, len(html))
	}
	st, text := f.req("GET", "/api/runs/"+s.Run+"/report.txt", nil)
	if st != 200 || !bytes.Contains(text, []byte("classic")) {
		t.Errorf("report.txt: %d %q", st, text)
	}
	st, man := f.req("GET", "/api/runs/"+s.Run+"/files/manifest.json", nil)
	want, _ := os.ReadFile(filepath.Join(f.root, s.Run, "manifest.json"))
	if st != 200 || !bytes.Equal(man, want) {
		t.Errorf("files/manifest.json: %d, %d bytes, want the file's %d", st, len(man), len(want))
	}
	// A run's file is data, never a page; its report runs its own script
	// only; both are framed by the lab alone.
	for path, want := range map[string][]string{
		"/files/manifest.json": {"sandbox", "default-src 'none'", "frame-ancestors 'self'"},
		"/report.html":         {"default-src 'none'", "script-src 'sha256-", "frame-ancestors 'self'"},
	} {
		resp, err := http.Get(f.srv.URL + "/api/runs/" + s.Run + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		for _, w := range want {
			if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, w) {
				t.Errorf("%s: Content-Security-Policy %q without %s", path, csp, w)
			}
		}
	}
	var d Detail
	f.json("GET", "/api/runs/"+s.Run, nil, &d)
	if d.Report != "html" || !strings.Contains(strings.Join(d.Files, " "), "counts.json") {
		t.Errorf("detail %+v", d)
	}
}

// Stop ends a job with its finished games saved; the run directory is
// interrupted, resumes, and finishes to the games it planned.
func TestStopAndResume(t *testing.T) {
	f := newFixture(t, Options{MaxJobs: 1})
	var s JobStatus
	// Slow enough bots that the run is far from done when stopped.
	req := StartRequest{Kind: "match", Bots: []string{"mcts:iters=200", "greedy"}, Games: 2000, Seed: "0x10"}
	if st := f.json("POST", "/api/jobs", req, &s); st != 200 {
		t.Fatalf("start: %d", st)
	}
	// One job at a time: a second is refused while the first runs.
	if st := f.json("POST", "/api/jobs", req, nil); st != http.StatusServiceUnavailable {
		t.Errorf("second job: status %d, want 503", st)
	}
	// Chunks are 2000/2/16 = 62 pairs: past 300 games at least two
	// have finished, and a stop keeps every finished chunk.
	f.waitJob(s.ID, func(s JobStatus) bool { return s.GamesDone > 300 })
	if st := f.json("POST", "/api/jobs/"+s.ID+"/stop", nil, nil); st != 200 {
		t.Fatalf("stop: %d", st)
	}
	s = f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
	if s.State != stateStopped || !strings.Contains(s.Resume, "nzsc match --resume") {
		t.Fatalf("after stop: %+v", s)
	}
	// The tail of what finished ran (a Stop during the games does not
	// stop it): its table is written.
	if _, err := os.Stat(filepath.Join(f.root, s.Run, "match.csv")); err != nil || s.Note != "" {
		t.Errorf("after a stop during the games: match.csv %v, note %q; want the tail's table and no note", err, s.Note)
	}
	// The list says it too, as the job's own status does.
	var list []JobStatus
	if f.json("GET", "/api/jobs", nil, &list); len(list) != 1 || list[0].Resume != s.Resume {
		t.Errorf("the job list: %+v, want the stopped job with its resume command %q", list, s.Resume)
	}
	path := filepath.Join(f.root, s.Run)
	rd, err := roundrobin.Resume(path)
	if err != nil {
		t.Fatalf("the stopped run does not resume: %v", err)
	}
	done := rd.Manifest.GamesDone
	if s.GamesDone != done {
		t.Errorf("the stopped job says %d games done, its run directory holds %d", s.GamesDone, done)
	}
	if !rd.Manifest.Interrupted || rd.Manifest.Complete || done == 0 || done >= 2000 || rd.PendingGames() != 2000-done {
		t.Fatalf("stopped run: interrupted=%v complete=%v done=%d pending=%d", rd.Manifest.Interrupted, rd.Manifest.Complete, done, rd.PendingGames())
	}
	if testing.Short() {
		return
	}
	if _, err := rd.Play(context.Background(), roundrobin.RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	if !rd.Manifest.Complete || rd.Manifest.GamesDone != 2000 || rd.Total().Games() != 2000 {
		t.Errorf("resumed run: complete=%v, %d games", rd.Manifest.Complete, rd.Total().Games())
	}
	// Now the slot is free again.
	if st := f.json("POST", "/api/jobs", StartRequest{Kind: "match", Bots: []string{"random", "greedy"}, Games: 2}, nil); st != 200 {
		t.Errorf("a job after the first ended: status %d", st)
	}
}

func TestStartRefusesBadRequests(t *testing.T) {
	f := newFixture(t, Options{})
	for i, req := range []any{
		StartRequest{Kind: "tournament", Bots: []string{"random"}, Games: 2},
		StartRequest{Kind: "match", Bots: []string{"random", "greedy", "nash"}, Games: 2},
		StartRequest{Kind: "sprt", Bots: []string{"random", "greedy"}, Games: 2},
		StartRequest{Kind: "match", Bots: []string{"random", "greedy"}, Games: 3},
		StartRequest{Kind: "match", Bots: []string{"random", "greedy"}, Games: 2_000_000},
		// A tournament may not name two specs alike (a spec listed
		// twice is numbered, as nzsc tournament numbers it:
		// TestRunsPageNamesCopiesAsMatch in cmd/nzsc).
		StartRequest{Kind: "tournament", Bots: []string{"random", "greedy:name=random"}, Games: 2},
		StartRequest{Kind: "match", Bots: []string{"random", "random:name=random"}, Games: 2},
		StartRequest{Kind: "match", Bots: []string{"random", "nosuchbot"}, Games: 2},
		StartRequest{Kind: "match", Bots: []string{"random", "greedy"}, Games: 2, Seed: "0xzz"},
		map[string]any{"kind": "match", "bots": []string{"random", "greedy"}, "games": 2, "extra": 1},
	} {
		if st := f.json("POST", "/api/jobs", req, nil); st != http.StatusBadRequest {
			t.Errorf("case %d: status %d, want 400", i, st)
		}
	}
	// A program refused is no mistake: 403 (TestStartRefusesProgramWith403).
	if st := f.json("POST", "/api/jobs", StartRequest{Kind: "match", Bots: []string{"random", "exec:/bin/true"}, Games: 2}, nil); st != http.StatusForbidden {
		t.Errorf("an exec: bot without the secret: status %d, want 403", st)
	}
	var bots []Bot
	f.json("GET", "/api/bots", nil, &bots)
	for _, b := range bots {
		if strings.HasPrefix(b.Name, "exec") {
			t.Errorf("bots offered without AllowExec: %v", b)
		}
	}
	if len(bots) < 4 {
		t.Errorf("bots %v", bots)
	}
}

// No request path reaches outside the runs directory, and nothing is
// written through it.
func TestTraversal(t *testing.T) {
	f := newFixture(t, Options{})
	// A real run to aim from, a symbolic link out of the root, and one
	// out of a run directory.
	var s JobStatus
	f.json("POST", "/api/jobs", StartRequest{Kind: "match", Bots: []string{"random", "greedy"}, Games: 2}, &s)
	f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
	top := filepath.Dir(f.root)
	if err := os.Symlink(top, filepath.Join(f.root, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(top, "secret.txt"), filepath.Join(f.root, s.Run, "leak.txt")); err != nil {
		t.Fatal(err)
	}
	// A run directory whose manifest is a link out of it.
	if err := os.Mkdir(filepath.Join(f.root, "fake"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(top, "secret.txt"), filepath.Join(f.root, "fake", "manifest.json")); err != nil {
		t.Fatal(err)
	}
	run := "/api/runs/" + s.Run
	for _, path := range []string{
		run + "/files/../../secret.txt",
		run + "/files/%2e%2e/%2e%2e/secret.txt",
		run + "/files/%2E%2E%2F%2E%2E%2Fsecret.txt",
		run + "/files/..%2f..%2fsecret.txt",
		run + "/files/..%5c..%5csecret.txt",
		run + "/files//etc/passwd",
		run + "/files/%2fetc%2fpasswd",
		run + "/files/" + url(filepath.Join(top, "secret.txt")),
		run + "/files/leak.txt",
		"/api/runs/out/files/secret.txt",
		"/api/runs/out/report.txt",
		"/api/runs/out",
		"/api/runs/fake",
		"/api/runs/fake/files/manifest.json",
		"/api/runs/../secret.txt",
		"/api/runs/%2e%2e/files/secret.txt",
		"/api/runs/..%2fsecret.txt/report.txt",
		"/api/runs/./report.txt",
		"/api/runs/" + url(top) + "/files/secret.txt",
		"/..%2f..%2fsecret.txt",
	} {
		st, body := f.req("GET", path, nil)
		if st < 400 || st >= 500 {
			t.Errorf("GET %s: status %d, want 4xx", path, st)
		}
		if bytes.Contains(body, []byte(secret)) {
			t.Errorf("GET %s: the secret leaked", path)
		}
		if !isJSONError(body) {
			t.Errorf("GET %s: body %q is not a one-line JSON error", path, body)
		}
	}
	// The listing skips what is not a run inside the root.
	var list struct{ Runs []Summary }
	f.json("GET", "/api/runs", nil, &list)
	for _, r := range list.Runs {
		if r.Name != s.Run && r.Error == "" {
			t.Errorf("listing shows %+v as a run", r)
		}
	}
	// Read-only: no method writes.
	for _, m := range []string{"PUT", "POST", "DELETE", "PATCH"} {
		if st, _ := f.req(m, run+"/files/manifest.json", strings.NewReader("x")); st < 400 || st >= 500 {
			t.Errorf("%s on a run file: status %d, want 4xx", m, st)
		}
	}
	// Through a mount as nzsc serve mounts it, ServeMux's cleaning
	// redirects inside the site, and what follows is still refused.
	mux := http.NewServeMux()
	mux.Handle("/runs/", http.StripPrefix("/runs", New(Options{Dir: f.root})))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	for _, path := range []string{"/runs/api/runs/" + s.Run + "/files/../../../secret.txt", "/runs/api/runs/" + s.Run + "/files/%2e%2e/%2e%2e/secret.txt", "/runs/api/runs/out/files/secret.txt"} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode < 400 || bytes.Contains(b, []byte(secret)) {
			t.Errorf("mounted GET %s: status %d, body %q", path, resp.StatusCode, b)
		}
	}
}

func url(p string) string { return strings.TrimPrefix(p, "/") }

// Close (nzsc serve shutting down) stops a running job with its finished
// chunks saved, and refuses new jobs.
func TestCloseSavesRunningJobs(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "runs")
	h := New(Options{Dir: dir})
	srv := httptest.NewServer(h)
	defer srv.Close()
	f := &fixture{t: t, srv: srv, root: dir}
	var s JobStatus
	req := StartRequest{Kind: "match", Bots: []string{"mcts:iters=200", "greedy"}, Games: 2000, Seed: "3"}
	if st := f.json("POST", "/api/jobs", req, &s); st != 200 {
		t.Fatalf("start: %d", st)
	}
	f.waitJob(s.ID, func(s JobStatus) bool { return s.GamesDone > 300 })
	h.Close()
	rd, err := roundrobin.Resume(filepath.Join(dir, s.Run))
	if err != nil {
		t.Fatal(err)
	}
	if !rd.Manifest.Interrupted || rd.Manifest.GamesDone == 0 || rd.PendingGames() == 0 {
		t.Errorf("after Close: interrupted=%v, %d games saved, %d pending", rd.Manifest.Interrupted, rd.Manifest.GamesDone, rd.PendingGames())
	}
	if st := f.json("POST", "/api/jobs", req, nil); st != http.StatusServiceUnavailable {
		t.Errorf("a job after Close: %d", st)
	}
}

// Mounted as nzsc serve mounts it, under a prefix, the page and its API
// answer, whichever way the prefix is stripped.
func TestMounted(t *testing.T) {
	webtest.Mounted(t, "/runs/", New(Options{Dir: t.TempDir()}), map[string]string{"": "<title>Runs", "runs.js": "api(", "api/runs": `"runs":[]`, "api/nothing": `"error"`})
}

// With AllowExec (nzsc serve --allow-exec) external programs are offered
// and accepted; without it, refused.
func TestAllowExec(t *testing.T) {
	has := func(bots []Bot) bool {
		for _, b := range bots {
			if b.Name == "exec:" {
				return true
			}
		}
		return false
	}
	if has(BotsFor("nzsc", 2, false)) || !has(BotsFor("nzsc", 2, true)) {
		t.Errorf("exec offered without AllowExec, or not with it")
	}
	if _, err := ParseBot("nzsc", 2, "exec:/bin/true", false); err == nil || !strings.Contains(err.Error(), "--allow-exec") {
		t.Errorf("exec without AllowExec: %v", err)
	}
	if b, err := ParseBot("nzsc", 2, "exec:/bin/true", true); err != nil || !b.Info.Prefix {
		t.Errorf("exec with AllowExec: %v", err)
	}
}

// Jobs of every game and seat count start from the API, plan and count
// their games by table (every seat order of a seed), and finish with the
// counts the manifest planned; requests a game cannot take are refused.
func TestJobsOfEveryGame(t *testing.T) {
	f := newFixture(t, Options{MaxJobs: 4})
	var games []GameChoice
	f.json("GET", "/api/games", nil, &games)
	offered := map[string]bool{}
	for _, g := range games {
		offered[fmt.Sprintf("%s/%d", g.Game, g.Players)] = len(g.Bots) > 0
	}
	for _, k := range []string{"nzsc/2", "nzsc/3", "nzsc/4", "npzr/2"} {
		if !offered[k] {
			t.Errorf("/api/games does not offer %s with bots: %v", k, offered)
		}
	}
	var bots []Bot
	if st := f.json("GET", "/api/bots?game=npzr&players=2", nil, &bots); st != 200 || !slices.ContainsFunc(bots, func(b Bot) bool { return b.Name == "ismcts" }) {
		t.Errorf("NPZR's bots: %d %v", st, bots)
	}
	for _, c := range []struct {
		req   StartRequest
		games uint64
	}{
		// 4 bots at tables of 3: 4 tables × 6 games (every seat order).
		{StartRequest{Kind: "tournament", Game: "nzsc", Players: 3, Bots: []string{"random", "greedy", "classic", "paranoid"}, Games: 6, Seed: "5"}, 24},
		{StartRequest{Kind: "match", Game: "nzsc", Players: 4, Bots: []string{"random", "greedy", "classic", "paranoid"}, Games: 24, Seed: "5"}, 24},
		{StartRequest{Kind: "match", Game: "npzr", Players: 2, Bots: []string{"random", "greedy"}, Games: 4, Seed: "5"}, 4},
	} {
		var s JobStatus
		if st := f.json("POST", "/api/jobs", c.req, &s); st != 200 {
			t.Fatalf("%+v: start %d", c.req, st)
		}
		if s.Games != c.games {
			t.Errorf("%s %s/%d: planned %d games, want %d", c.req.Kind, c.req.Game, c.req.Players, s.Games, c.games)
		}
		s = f.waitJob(s.ID, func(s JobStatus) bool {
			if s.GamesDone > c.games {
				t.Errorf("progress %d of %d games", s.GamesDone, c.games)
			}
			return s.State != stateRunning
		})
		_, m, counts, err := results.Load(filepath.Join(f.root, s.Run))
		if err != nil {
			t.Fatal(err)
		}
		if s.State != stateFinished || s.GamesDone != c.games || uint64(counts.Games()) != c.games || !m.Complete || m.Game != c.req.Game {
			t.Errorf("%s %s/%d ended %+v; counts %d games, manifest game %q complete %v", c.req.Kind, c.req.Game, c.req.Players, s, counts.Games(), m.Game, m.Complete)
		}
		// The commands' chunks, so that a job plays the games (and a
		// learning bot's series) of the command it shows.
		if want := roundrobin.DefaultChunk(c.req.Games, c.req.Players); m.ChunkPairs != want {
			t.Errorf("%s %s/%d: chunks of %d pairs, the command's %d", c.req.Kind, c.req.Game, c.req.Players, m.ChunkPairs, want)
		}
	}
	for i, req := range []StartRequest{
		{Kind: "match", Game: "nzsc", Players: 5, Bots: []string{"random", "greedy"}, Games: 2},
		{Kind: "match", Game: "chess", Bots: []string{"random", "greedy"}, Games: 2},
		{Kind: "match", Game: "nzsc", Players: 3, Bots: []string{"random", "greedy"}, Games: 6},
		{Kind: "tournament", Game: "nzsc", Players: 3, Bots: []string{"random", "greedy", "classic"}, Games: 4},
		{Kind: "match", Game: "npzr", Bots: []string{"random", "nash"}, Games: 2},
	} {
		if st := f.json("POST", "/api/jobs", req, nil); st != http.StatusBadRequest {
			t.Errorf("case %d: status %d, want 400", i, st)
		}
	}
	// A program refused is no mistake: 403 (TestStartRefusesProgramWith403).
	if st := f.json("POST", "/api/jobs", StartRequest{Kind: "match", Bots: []string{"random", "exec:/bin/true"}, Games: 2}, nil); st != http.StatusForbidden {
		t.Errorf("an exec: bot without the secret: status %d, want 403", st)
	}
}

// TestGamesForOrder: the Runs and Watch pages list the games as every
// page does, two-player NZSC first (the selector's default), every game
// and seat count once.
func TestGamesForOrder(t *testing.T) {
	var got []string
	for _, g := range GamesFor(false) {
		got = append(got, fmt.Sprintf("%s/%d", g.Game, g.Players))
	}
	if want := []string{"nzsc/2", "nzsc/3", "nzsc/4", "npzr/2"}; !slices.Equal(got, want) {
		t.Errorf("GamesFor: %v, want %v", got, want)
	}
}
