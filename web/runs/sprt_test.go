package runs

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
	"github.com/nzsclab/nzsc/web/webapi"
)

// sprtReq is a sequential test of NEW against BASE: H0 0 Elo, H1 elo1,
// 5% errors, a look every 20 games.
func sprtReq(newBot, base string, elo1 float64, maxGames int64) StartRequest {
	return StartRequest{Kind: "sprt", Bots: []string{newBot, base}, Games: maxGames, Seed: "5",
		SPRT: &SPRTRequest{Elo0: 0, Elo1: elo1, Alpha: 0.05, Beta: 0.05, Batch: 20}}
}

// A sequential test started from the API reaches its verdict as nzsc
// sprt does: greedy is far stronger than random, so H1 is accepted
// well before the most games; the job's
// LLR is the one the run directory's pentanomial counts give (recomputed
// here by analysis.SPRT.LLR), past the upper bound; the run lists as a
// sprt and its report gives the verdict.
func TestSPRTJobVerdict(t *testing.T) {
	f := newFixture(t, Options{})
	var s JobStatus
	if st := f.json("POST", "/api/jobs", sprtReq("greedy", "random", 10, 4000), &s); st != 200 {
		t.Fatalf("start: %d", st)
	}
	if s.Games != 4000 {
		t.Errorf("planned %d games, want the most games, 4000", s.Games)
	}
	s = f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
	if s.State != stateFinished || s.SPRT == nil {
		t.Fatalf("job ended %+v", s)
	}
	o := s.SPRT
	if o.Verdict != "H1 accepted" || o.New != "greedy" || o.Base != "random" {
		t.Fatalf("verdict %q of %s against %s, want H1 accepted of greedy against random", o.Verdict, o.New, o.Base)
	}
	// The test decides after every pair (the batch is between recorded
	// looks): it ends at the pair where its LLR left its bounds.
	if o.Games == 0 || o.Games%2 != 0 || o.Games >= 4000 || s.GamesDone != o.Games {
		t.Errorf("the test ended after %d games (%d saved), want whole pairs below 4000", o.Games, s.GamesDone)
	}
	_, m, c, err := results.Load(filepath.Join(f.root, s.Run))
	if err != nil {
		t.Fatal(err)
	}
	if m.Kind != results.KindSPRT || m.SPRT == nil || m.SPRT.Verdict != "H1 accepted" || m.SPRT.BatchPairs != 10 || m.Seed != 5 {
		t.Fatalf("manifest kind %q, sprt %+v, seed %d", m.Kind, m.SPRT, m.Seed)
	}
	test := analysis.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: analysis.Logistic}
	lo, hi := test.Bounds()
	p := c.Pairings[0]
	if llr := test.LLR(p.Pentanomial); llr != o.LLR || o.LLR < hi || o.Pentanomial != p.Pentanomial || o.Lower != lo || o.Upper != hi {
		t.Errorf("the job says LLR %v in [%v, %v] from %v; the counts give %v in [%v, %v] from %v", o.LLR, o.Lower, o.Upper, o.Pentanomial, llr, lo, hi, p.Pentanomial)
	}
	if cmd := strings.Join(m.Command, " "); !strings.Contains(cmd, "nzsc sprt --game nzsc --players 2 --max-games 4000 --seed 0x5 greedy random --elo0 0 --elo1 10 --alpha 0.05 --beta 0.05 --model logistic --batch 20") {
		t.Errorf("the run's command %q", cmd)
	}
	var list struct{ Runs []Summary }
	f.json("GET", "/api/runs", nil, &list)
	if len(list.Runs) != 1 || list.Runs[0].Kind != "sprt" || list.Runs[0].Name != s.Run {
		t.Errorf("listing %+v", list.Runs)
	}
	st, text := f.req("GET", "/api/runs/"+s.Run+"/report.txt", nil)
	if st != 200 || !bytes.Contains(text, []byte("H1 accepted: greedy is at least 10 Elo")) {
		t.Errorf("report.txt: %d %q", st, text)
	}
}

// slowSPRTLooked starts a sequential test of slowish bots of one
// strength against a test of 5 Elo (thousands of games from a verdict)
// and returns its status at its first look, while it runs.
func (f *fixture) slowSPRTLooked() JobStatus {
	f.t.Helper()
	var s JobStatus
	if st := f.json("POST", "/api/jobs", sprtReq("mcts:iters=200", "mcts:iters=199", 5, 20000), &s); st != 200 {
		f.t.Fatalf("start: %d", st)
	}
	s = f.waitJob(s.ID, func(s JobStatus) bool { return s.SPRT != nil || s.State != stateRunning })
	if s.State != stateRunning {
		f.t.Fatalf("the test ended before its first look: %+v", s)
	}
	return s
}

// A test shows its progress while it runs (its last look: games, LLR
// between its bounds, pentanomial counts, no verdict yet), and Stop
// ends it without a verdict, saved and resumable with nzsc sprt
// --resume.
func TestSPRTJobProgressAndStop(t *testing.T) {
	f := newFixture(t, Options{})
	s := f.slowSPRTLooked()
	o := s.SPRT
	var pairs int64
	for _, n := range o.Pentanomial {
		pairs += n
	}
	if o.Verdict != "continue" || o.Games == 0 || o.Games%20 != 0 || uint64(2*pairs) != o.Games ||
		!(o.Lower < o.LLR && o.LLR < o.Upper) || o.Wins+o.Draws+o.Losses != o.Games {
		t.Errorf("progress %+v", o)
	}
	if st := f.json("POST", "/api/jobs/"+s.ID+"/stop", nil, nil); st != 200 {
		t.Fatalf("stop: %d", st)
	}
	s = f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
	if s.State != stateStopped || !strings.Contains(s.Resume, "nzsc sprt --resume") || s.SPRT == nil || s.SPRT.Verdict != "interrupted" {
		t.Fatalf("after stop: %+v", s)
	}
	rd, err := roundrobin.Resume(filepath.Join(f.root, s.Run))
	if err != nil {
		t.Fatalf("the stopped test does not resume: %v", err)
	}
	if m := rd.Manifest; !m.Interrupted || m.Kind != results.KindSPRT || m.SPRT.Verdict != "" || len(m.SPRT.Looks) == 0 {
		t.Errorf("stopped test: interrupted=%v kind %q sprt %+v", m.Interrupted, m.Kind, m.SPRT)
	}
	// The status's figures are the pairs saved, as nzsc report gives
	// them, not the last look's (a stop falls between two looks).
	if s.SPRT.Games != rd.Manifest.GamesDone || s.SPRT.Wins+s.SPRT.Draws+s.SPRT.Losses != s.SPRT.Games {
		t.Errorf("stopped at %d games saved, the status says %d (W %d D %d L %d)", rd.Manifest.GamesDone, s.SPRT.Games, s.SPRT.Wins, s.SPRT.Draws, s.SPRT.Losses)
	}
	if st, text := f.req("GET", "/api/runs/"+s.Run+"/report.txt", nil); st != 200 || !bytes.Contains(text, []byte("no verdict (interrupted)")) {
		t.Errorf("the stopped test's report.txt: %d %q", st, text)
	}
}

// A test the command would refuse is refused with its reason (400, one
// line; 403 for a program without the secret), before anything is made.
// flagSubject is an error about a command-line flag: "--model: ...".
var flagSubject = regexp.MustCompile(`(^|: )--[a-z-]+:`)

func TestSPRTJobRefuses(t *testing.T) {
	f := newFixture(t, Options{})
	with := func(change func(*StartRequest)) StartRequest {
		r := sprtReq("greedy", "random", 10, 2000)
		change(&r)
		return r
	}
	for i, c := range []struct {
		req  StartRequest
		want string
	}{
		{with(func(r *StartRequest) { r.SPRT = nil }), "needs its settings"},
		{with(func(r *StartRequest) { r.SPRT.Elo1 = -5 }), "elo1 (-5) must be greater than elo0 (0)"},
		{with(func(r *StartRequest) { r.SPRT.Alpha = 0 }), "alpha must be in (0, 0.5)"},
		{with(func(r *StartRequest) { r.SPRT.Model = "bayes" }), `unknown Elo model "bayes"`},
		{with(func(r *StartRequest) { r.SPRT.Batch = 7 }), "must be positive even numbers"},
		{with(func(r *StartRequest) { r.Games = 0 }), "must be positive even numbers"},
		{with(func(r *StartRequest) { r.Games = 2_000_000 }), "at most 1000000"},
		{with(func(r *StartRequest) { r.Bots = []string{"greedy"} }), "two bots, NEW and BASE (got 1)"},
		{with(func(r *StartRequest) { r.Bots = []string{"greedy", "random", "nash"} }), "two bots, NEW and BASE (got 3)"},
		{with(func(r *StartRequest) { r.Bots = []string{"greedy", "nosuchbot"} }), "nosuchbot"},
		{with(func(r *StartRequest) { r.Bots = []string{"greedy", "exec:/bin/true"} }), "exec"},
		{with(func(r *StartRequest) { r.SPRT.Field = []string{"nash"} }), "two players have none"},
		{with(func(r *StartRequest) { r.Bots = []string{"greedy:name=x", "random:name=x"} }), `two bots are named "x"`},
	} {
		st, b := f.req("POST", "/api/jobs", c.req)
		var e struct{ Error string }
		json.Unmarshal(b, &e)
		want := http.StatusBadRequest
		if c.want == "exec" {
			want = http.StatusForbidden // a program refused, not a mistake
		}
		if st != want || !isJSONError(b) || !strings.Contains(e.Error, c.want) {
			t.Errorf("case %d: %d %s, want %d saying %q", i, st, b, want, c.want)
		}
		// The page has fields, not the command's flags: a refusal is
		// not about a flag ("--model: unknown Elo model" was).
		if flagSubject.MatchString(e.Error) {
			t.Errorf("case %d: %q names a command-line flag", i, e.Error)
		}
	}
	var list struct{ Runs []Summary }
	if f.json("GET", "/api/runs", nil, &list); len(list.Runs) != 0 {
		t.Errorf("refused tests left runs: %+v", list.Runs)
	}
}

// A sequential test starts through the same door as every job: behind
// nzsc serve's guard, a request from another origin's page, or one
// that is not JSON (a form), is refused and starts nothing.
func TestSPRTJobGuarded(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "runs")
	h := New(Options{Dir: dir})
	t.Cleanup(h.Close)
	g := webapi.NewGuard(nil, "")
	srv := httptest.NewServer(g.Wrap(h))
	t.Cleanup(srv.Close)
	post := func(header map[string]string, body string) int {
		t.Helper()
		req, _ := http.NewRequest("POST", srv.URL+"/api/jobs", strings.NewReader(body))
		for k, v := range header {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	body := `{"kind":"sprt","bots":["greedy","random"],"games":2000,"sprt":{"elo0":0,"elo1":10,"alpha":0.05,"beta":0.05,"batch":20}}`
	if st := post(map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, body); st != http.StatusForbidden {
		t.Errorf("cross-origin start: %d, want 403", st)
	}
	if st := post(map[string]string{"Content-Type": "text/plain"}, body); st != http.StatusForbidden {
		t.Errorf("text/plain start from no page: %d, want 403", st)
	}
	if st := post(map[string]string{"Content-Type": "text/plain", "Sec-Fetch-Site": "same-origin", webapi.TokenHeader: g.Token}, body); st != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain start: %d, want 415", st)
	}
	if list, _ := (&Root{Path: dir}).List(); len(list) != 0 {
		t.Errorf("refused starts left runs: %+v", list)
	}
}

// Every game the page offers runs a test as nzsc sprt does: NZSC at 3
// and 4 players (NEW and BASE in seat-swapped pairs among a field,
// copies of BASE by default, or the field given) and NPZR; greedy is
// stronger than random in each, and the LLR the job reports is the one
// the run's counts give (the table's pentanomial at 3-4 seats, the
// pairing's at two).
func TestSPRTJobEveryGame(t *testing.T) {
	f := newFixture(t, Options{MaxJobs: 4})
	test := analysis.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: analysis.Logistic}
	for _, c := range []struct {
		game    string
		players int
		field   []string
		want    []string // the manifest's field
		flag    string   // in the command
	}{
		{"nzsc", 3, nil, []string{"random"}, "--players 3"},
		{"nzsc", 4, nil, []string{"random", "random"}, "--players 4"},
		{"nzsc", 4, []string{"classic"}, []string{"classic", "classic"}, "--field classic"},
		{"npzr", 2, nil, nil, "--game npzr --players 2"},
	} {
		req := sprtReq("greedy", "random", 10, 4000)
		req.Game, req.Players, req.SPRT.Field = c.game, c.players, c.field
		var s JobStatus
		if st := f.json("POST", "/api/jobs", req, &s); st != 200 {
			t.Fatalf("%s at %d: start: %d", c.game, c.players, st)
		}
		s = f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
		if s.State != stateFinished || s.SPRT == nil || s.SPRT.Verdict != "H1 accepted" {
			t.Fatalf("%s at %d: job ended %+v (%+v)", c.game, c.players, s, s.SPRT)
		}
		if c.players > 2 && (s.SPRT.Seats != c.players || !slices.Equal(s.SPRT.Field, c.want)) {
			t.Errorf("%s at %d: the job's test at %d seats among %q", c.game, c.players, s.SPRT.Seats, s.SPRT.Field)
		}
		_, m, cs, err := results.Load(filepath.Join(f.root, s.Run))
		if err != nil {
			t.Fatal(err)
		}
		if m.Kind != results.KindSPRT || m.NumSeats() != c.players || !slices.Equal(m.SPRT.Field, c.want) || !strings.Contains(strings.Join(m.Command, " "), c.flag) {
			t.Errorf("%s at %d: kind %q, %d seats, field %q, command %q", c.game, c.players, m.Kind, m.NumSeats(), m.SPRT.Field, m.Command)
		}
		var penta [5]int64
		if c.players > 2 {
			penta = cs.Tables[0].Pentanomial
		} else {
			penta = cs.Pairings[0].Pentanomial
		}
		if llr := test.LLR(penta); llr != s.SPRT.LLR || s.SPRT.Pentanomial != penta {
			t.Errorf("%s at %d: the job says LLR %v from %v, the counts give %v from %v", c.game, c.players, s.SPRT.LLR, s.SPRT.Pentanomial, llr, penta)
		}
	}
	req := sprtReq("greedy", "random", 10, 4000)
	req.Players, req.SPRT.Field = 4, []string{"classic", "classic", "classic"}
	if st, b := f.req("POST", "/api/jobs", req); st != http.StatusBadRequest || !strings.Contains(string(b), "want one bot for the 2 other seats or one per seat") {
		t.Errorf("a field of 3 at 4 players: %d %s", st, b)
	}
}

// TestSPRTBatchDefault: the page's batch box starts at nzsc sprt's
// default batch (roundrobin.DefaultSPRTBatch; it said 1000, the
// command 64), and a test started without one gets it too.
func TestSPRTBatchDefault(t *testing.T) {
	html, err := page.ReadFile("page/index.html")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<input id="batch"[^>]* value="(\d+)"`).FindSubmatch(html)
	if m == nil || string(m[1]) != strconv.Itoa(roundrobin.DefaultSPRTBatch) {
		t.Errorf("the page's batch box starts at %q, want %d (roundrobin.DefaultSPRTBatch)", m, roundrobin.DefaultSPRTBatch)
	}
	f := newFixture(t, Options{})
	req := sprtReq("greedy", "random", 10, 2000)
	req.SPRT.Batch = 0
	var s JobStatus
	if st := f.json("POST", "/api/jobs", req, &s); st != 200 {
		t.Fatalf("a test without a batch: %d", st)
	}
	f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
	m2, _, err := (&Root{Path: f.root}).Load(s.Run)
	if err != nil {
		t.Fatal(err)
	}
	if m2.SPRT == nil || m2.SPRT.BatchPairs*2 != roundrobin.DefaultSPRTBatch {
		t.Errorf("a test without a batch: %+v, want batches of %d games", m2.SPRT, roundrobin.DefaultSPRTBatch)
	}
}
