package runs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	neturl "net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/report"
)

// slowTail replaces the handler's tail (report.Tail) for the calls
// that match: such a call says it started on entered, then waits for its
// End.Done, as a rating fit of many bots far apart polls it during
// minutes, and says on stopped whether Done ended it (true) or the
// test's net of 20 s did (false); other calls are report.Tail's.
func slowTail(t *testing.T, match func(report.End) bool) (entered chan struct{}, stopped chan bool) {
	t.Helper()
	entered, stopped = make(chan struct{}, 1), make(chan bool, 1)
	real := tail
	t.Cleanup(func() { tail = real })
	tail = func(w io.Writer, e report.End) error {
		if !match(e) {
			return real(w, e)
		}
		entered <- struct{}{}
		select {
		case <-e.Done:
			stopped <- true
			return fmt.Errorf("summary: %w", analysis.ErrFitStopped)
		case <-time.After(20 * time.Second):
			stopped <- false
			return real(w, e)
		}
	}
	return entered, stopped
}

// TestReportStopsWithItsViewer: a run's report rendered for a viewer who
// leaves (its request's context ends) is stopped: report.Tail gets a
// Done that closes, so a rating fit of minutes gives back its place
// among the page's renderings at once. The page called report.Tail
// without one, and the fit ran to its end for no one. The next view
// renders the report anew (a stopped rendering is not kept).
func TestReportStopsWithItsViewer(t *testing.T) {
	for _, ext := range []string{"html", "txt"} {
		f := newFixture(t, Options{})
		run := f.finishedRun("random", "greedy")
		entered, stopped := slowTail(t, func(e report.End) bool { return e.Dir == nil })
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, "GET", f.srv.URL+"/api/runs/"+run+"/report."+ext, nil)
		answered := make(chan error, 1)
		go func() {
			resp, err := http.DefaultClient.Do(req)
			if err == nil {
				resp.Body.Close()
			}
			answered <- err
		}()
		<-entered
		cancel()
		<-answered
		if !<-stopped {
			t.Fatalf("report.%s: the viewer left, the rendering went on", ext)
		}
		// Not kept: the next view renders, whole this time.
		tail = report.Tail
		if st, body := f.req("GET", "/api/runs/"+run+"/report."+ext, nil); st != 200 || !strings.Contains(string(body), "greedy") {
			t.Errorf("report.%s after a stopped rendering: %d %.200q", ext, st, body)
		}
	}
}

// TestReportFlightStopsWhenNobodyWaits: viewers share a rendering; one
// leaving leaves it to the others, and the one who leaves is answered at
// once; the last leaving stops it (its stop channel closes), and a viewer
// after that starts a rendering of its own rather than join the one
// stopping. synctest.Wait returns when every goroutine is blocked.
func TestReportFlightStopsWhenNobodyWaits(t *testing.T) {
	root := identityRoot(t)
	synctest.Test(t, func(t *testing.T) {
		var c reportCache
		release := make(chan struct{})
		var stops []bool // for each rendering: whether its stop closed
		render := func(stop <-chan struct{}) ([]byte, error) {
			i := len(stops)
			stops = append(stops, false)
			select {
			case <-release:
				return []byte("report"), nil
			case <-stop:
				stops[i] = true
				return nil, errors.New("stopped")
			}
		}
		type answer struct {
			body string
			err  error
		}
		view := func(leave chan struct{}) chan answer {
			out := make(chan answer, 1)
			go func() {
				b, err := c.get(leave, root, "r", "html", render)
				out <- answer{string(b), err}
			}()
			return out
		}
		// Two viewers; the first leaves.
		leaveA, leaveB := make(chan struct{}), make(chan struct{})
		a, b := view(leaveA), view(leaveB)
		synctest.Wait()
		close(leaveA)
		if got := <-a; got.err == nil {
			t.Errorf("the viewer who left: %q, want an error", got.body)
		}
		synctest.Wait()
		if stops[0] {
			t.Fatal("one viewer of two left, and the rendering was stopped")
		}
		close(release)
		if got := <-b; got.err != nil || got.body != "report" {
			t.Errorf("the viewer who stayed: %q, %v", got.body, got.err)
		}
		// A rendering with one viewer, who leaves: stopped.
		os.WriteFile(filepath.Join(root.Path, "r", "manifest.json"), []byte("m2"), 0o644)
		release = make(chan struct{})
		leaveC := make(chan struct{})
		cv := view(leaveC)
		synctest.Wait()
		close(leaveC)
		if got := <-cv; got.err == nil {
			t.Errorf("the viewer who left: %q, want an error", got.body)
		}
		synctest.Wait()
		if len(stops) != 2 || !stops[1] {
			t.Fatalf("renderings %v: the last viewer left, the rendering went on", stops)
		}
		// The next viewer renders anew, and gets the report.
		d := view(make(chan struct{}))
		synctest.Wait()
		close(release)
		if got := <-d; got.err != nil || got.body != "report" || len(stops) != 3 {
			t.Errorf("a view after a stopped rendering: %q, %v, %d renderings (want 3)", got.body, got.err, len(stops))
		}
	})
}

// TestStopEndsJobTail: Stop while a job's tail runs (its games all
// played, its derived tables being fitted: minutes for many bots far
// apart) ends the tail at once; the job is finished (every game saved)
// with a note that its CSV tables were not written and how to write
// them. The tail was report.Tail without a Done: the job went on with it
// after the Stop. A Stop during the games leaves the tail of what
// finished to run, as Ctrl-C leaves nzsc tournament's.
func TestStopEndsJobTail(t *testing.T) {
	f := newFixture(t, Options{})
	entered, stopped := slowTail(t, func(e report.End) bool { return e.Dir != nil })
	var s JobStatus
	if st := f.json("POST", "/api/jobs", StartRequest{Kind: "tournament", Bots: []string{"random", "greedy", "classic"}, Games: 4, Seed: "7"}, &s); st != 200 {
		t.Fatalf("start: %d", st)
	}
	<-entered
	// The page is told the tail runs (its Stop is offered again).
	if f.json("GET", "/api/jobs/"+s.ID, nil, &s); s.State != stateRunning || !s.Tail {
		t.Errorf("job in its tail: %+v, want running with tail set", s)
	}
	if st := f.json("POST", "/api/jobs/"+s.ID+"/stop", nil, nil); st != 200 {
		t.Fatalf("stop: %d", st)
	}
	if !<-stopped {
		t.Fatal("a Stop during the job's tail: the tail went on")
	}
	s = f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
	want := "'nzsc report " + filepath.Join(f.root, s.Run) + "' writes them"
	if s.State != stateFinished || s.GamesDone != 12 || s.Error != "" || !strings.Contains(s.Note, want) {
		t.Errorf("job after a Stop in its tail: %+v; want finished, 12 games, a note saying %q", s, want)
	}
	if _, err := os.Stat(filepath.Join(f.root, s.Run, "ratings.csv")); err == nil {
		t.Error("ratings.csv written by a tail that was stopped")
	}
}

// TestSpecsSplitAsBots: GET /api/specs splits a list as nzsc tournament
// --bots does: a spec's options after a comma or semicolon stay in it,
// a registered bot's name starts the next, an empty list is none.
func TestSpecsSplitAsBots(t *testing.T) {
	f := newFixture(t, Options{})
	for i, c := range []struct {
		list string
		want []string
	}{
		{"mcts:iters=100,c=0.5,greedy", []string{"mcts:iters=100,c=0.5", "greedy"}},
		{"exec:./bot --x;timeout=1s; random", []string{"exec:./bot --x;timeout=1s", "random"}},
		{"random;greedy,classic", []string{"random", "greedy", "classic"}},
		{"", []string{}},
	} {
		var got []string
		if st := f.json("GET", "/api/specs?list="+neturl.QueryEscape(c.list), nil, &got); st != 200 || !slices.Equal(got, c.want) {
			t.Errorf("case %d: %q: %d %q, want %q", i, c.list, st, got, c.want)
		}
	}
}

// TestSpecsHostileLists: what anyone may send GET /api/specs: a list
// past maxSpecsList is refused at once (400) rather than split (its
// splitting grew as the square of a spec's options: half a second of
// CPU for a 64 kB request line); a list with an empty piece is refused
// as nzsc tournament --bots refuses it, naming the problem, rather than
// answered with empty specs; a blank one is no spec.
func TestSpecsHostileLists(t *testing.T) {
	f := newFixture(t, Options{})
	for i, c := range []struct {
		list   string
		status int
		want   string // in the error
	}{
		{"mcts:" + strings.Repeat("a=1,", 4<<10), 400, "at most 8192"},
		{",,", 400, "empty bot name"},
		{";", 400, "empty bot name"},
		{"random,,greedy", 400, "empty bot name"},
		{"random;", 400, "empty bot name"},
		{"  ", 200, "[]"},
	} {
		st, b := f.req("GET", "/api/specs?list="+neturl.QueryEscape(c.list), nil)
		if st != c.status || !strings.Contains(string(b), c.want) || st != 200 && !isJSONError(b) {
			t.Errorf("case %d: %.40q: %d %.200q, want %d with %q", i, c.list, st, b, c.status, c.want)
		}
	}
}

// TestRunGamesBounded: a run started from the page plays at most
// MaxRunGames (1,000,000) games in all, every pairing or table counted,
// and is refused past it with 400, naming the most games per pairing
// that fit; one that fits starts. Only each pairing's games were
// bounded: twelve bots at 1,000,000 games a pairing were 66 million
// games and their games log (gigabytes), and at 4 players 495 tables.
func TestRunGamesBounded(t *testing.T) {
	f := newFixture(t, Options{MaxJobs: 1})
	twelve := []string{"random", "greedy", "classic", "nash", "random:name=r2", "greedy:name=g2", "classic:name=c2", "nash:name=n2",
		"random:name=r3", "greedy:name=g3", "classic:name=c3", "nash:name=n3"}
	var four []string // twelve bots of NZSC at 4 players
	for i := range 6 {
		four = append(four, fmt.Sprintf("random:name=r%d", i), fmt.Sprintf("greedy:name=g%d", i))
	}
	for i, c := range []struct {
		req  StartRequest
		want string
	}{
		{StartRequest{Kind: "tournament", Bots: twelve, Games: 100_000}, "66 pairings × 100000 games is more than the 1000000 games in all a run started from this page may play (nzsc tournament plays more): ask for at most 15150 games per pairing"},
		{StartRequest{Kind: "tournament", Game: "nzsc", Players: 4, Bots: four, Games: 24_000}, "495 tables × 24000 games is more than the 1000000 games in all"},
	} {
		st, body := f.req("POST", "/api/jobs", c.req)
		if st != http.StatusBadRequest || !strings.Contains(string(body), c.want) {
			t.Errorf("case %d: %d %s, want 400 saying %q", i, st, body, c.want)
		}
	}
	var s JobStatus
	if st := f.json("POST", "/api/jobs", StartRequest{Kind: "tournament", Bots: twelve, Games: 15150, Seed: "1"}, &s); st != 200 || s.Games != 66*15150 {
		t.Fatalf("a run of 999,900 games: %d, %d games planned", st, s.Games)
	}
	f.json("POST", "/api/jobs/"+s.ID+"/stop", nil, nil)
}

// TestReportsRenderOneAtATime: reports of two runs asked for at once are
// rendered one after the other, not side by side: one report's bootstrap
// already solves its replicates on every CPU (analysis.EachReplicate), so
// two renderings at once would share the CPUs for no speed and hold two
// reports' memory. The page let GOMAXPROCS renderings run at once, as if
// each used one core. The second is let in only when the first ends; a
// report kept meanwhile is served at once.
func TestReportsRenderOneAtATime(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4)) // room for two at once in the old gate
	f := newFixture(t, Options{})
	runs := []string{f.finishedRun("random", "greedy"), f.finishedRun("greedy", "random")}
	if st, _ := f.req("GET", "/api/runs/"+runs[0]+"/report.html", nil); st != 200 { // kept
		t.Fatalf("a report: status %d", st)
	}
	var mu sync.Mutex
	inside, most := 0, 0
	entered, release := make(chan struct{}, 2), make(chan struct{})
	real := tail
	t.Cleanup(func() { tail = real })
	tail = func(w io.Writer, e report.End) error {
		mu.Lock()
		inside++
		most = max(most, inside)
		mu.Unlock()
		defer func() { mu.Lock(); inside--; mu.Unlock() }()
		entered <- struct{}{}
		select {
		case <-release:
		case <-e.Done:
		}
		return real(w, e)
	}
	answered := make(chan int, len(runs))
	for _, run := range runs {
		go func() {
			st, _ := f.req("GET", "/api/runs/"+run+"/report.txt", nil)
			answered <- st
		}()
	}
	<-entered
	// The other rendering would have begun by now were it let in
	// (milliseconds); the wait bounds how long the test looks, not the
	// code under test.
	select {
	case <-entered:
		t.Error("two reports were rendered at once")
	case <-time.After(500 * time.Millisecond):
	}
	// A kept report waits for no rendering.
	kept := make(chan int, 1)
	go func() {
		st, _ := f.req("GET", "/api/runs/"+runs[0]+"/report.html", nil)
		kept <- st
	}()
	select {
	case st := <-kept:
		if st != 200 {
			t.Errorf("a kept report: status %d, want 200", st)
		}
	case <-time.After(5 * time.Second):
		t.Error("a kept report waited for another's rendering")
	}
	close(release)
	for range runs {
		if st := <-answered; st != 200 {
			t.Errorf("a report: status %d, want 200", st)
		}
	}
	if most != 1 {
		t.Errorf("%d reports rendered at once, want 1", most)
	}
}
