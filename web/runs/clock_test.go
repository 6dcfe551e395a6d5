package runs

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/agents"
)

// TestJobClock: the form's clock is the commands' --tc: every bot spec
// without a tc= of its own gets it (a spec's own clock wins), in its
// normal form; the run's manifest (bot specs and command line) and its
// report name each bot with its clock.
func TestJobClock(t *testing.T) {
	f := newFixture(t, Options{})
	run, m := f.finishedJob(StartRequest{Kind: "match", Bots: []string{"random", "greedy:tc=5+0"}, Games: 4, Seed: "3", TC: " 2+0.10 "})
	var specs []string
	for _, b := range m.Bots {
		specs = append(specs, b.Spec)
	}
	if want := []string{"random:tc=2+0.1", "greedy:tc=5+0"}; !slices.Equal(specs, want) {
		t.Errorf("manifest bots %q, want %q", specs, want)
	}
	if i := slices.Index(m.Command, "--tc"); i < 0 || i+1 >= len(m.Command) || m.Command[i+1] != "2+0.1" {
		t.Errorf("manifest command %q, want --tc 2+0.1", m.Command)
	}
	st, text := f.req("GET", "/api/runs/"+run+"/report.txt", nil)
	if st != 200 || !bytes.Contains(text, []byte("random:tc=2+0.1")) || !bytes.Contains(text, []byte("greedy:tc=5+0")) {
		t.Errorf("report.txt: %d %q", st, text)
	}
}

// TestJobClockRefused: a clock the commands refuse is refused with the
// same reason (one parser), a one-line error naming the clock, and no
// run is made.
func TestJobClockRefused(t *testing.T) {
	f := newFixture(t, Options{})
	for _, tc := range []string{"fast", "0+1", "40/", "10+-1", "1e9"} {
		_, want := agents.ParseTimeControl(tc)
		if want == nil {
			t.Fatalf("%q parses", tc)
		}
		st, b := f.req("POST", "/api/jobs", StartRequest{Kind: "match", Bots: []string{"random", "greedy"}, Games: 2, TC: tc})
		var e struct{ Error string }
		json.Unmarshal(b, &e)
		if st != http.StatusBadRequest || !isJSONError(b) || e.Error != "clock: "+want.Error() {
			t.Errorf("tc %q: %d %q, want 400 and %q", tc, st, b, "clock: "+want.Error())
		}
	}
	var list struct{ Runs []Summary }
	f.json("GET", "/api/runs", nil, &list)
	if len(list.Runs) != 0 {
		t.Errorf("refused jobs left runs: %+v", list.Runs)
	}
}
