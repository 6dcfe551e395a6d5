package runs

import (
	"context"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/roundrobin"
)

// TestJobPanicFailsTheJob: a panic in a job's run fails that job, with
// a one-line "internal error", and the server goes on serving. Jobs ran
// in goroutines without a recover, so one panic there (as a huge batch
// typed into the page once caused) took the whole server down.
func TestJobPanicFailsTheJob(t *testing.T) {
	played := playRun
	t.Cleanup(func() { playRun = played })
	playRun = func(*roundrobin.RunDir, context.Context, roundrobin.RunOptions) (roundrobin.Result, error) {
		panic("the runner's bug")
	}
	f := newFixture(t, Options{})
	var s JobStatus
	if st := f.json("POST", "/api/jobs", StartRequest{Kind: "tournament", Bots: []string{"random", "greedy"}, Games: 4, Seed: "7"}, &s); st != 200 {
		t.Fatalf("start: %d", st)
	}
	s = f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning })
	if s.State != stateFailed || !strings.Contains(s.Error, "internal error: the runner's bug") || strings.Contains(s.Error, "\n") {
		t.Fatalf("job ended %q with %q; want failed with one line naming the internal error", s.State, s.Error)
	}
	playRun = played
	if st := f.json("POST", "/api/jobs", StartRequest{Kind: "tournament", Bots: []string{"random", "greedy"}, Games: 4, Seed: "7"}, &s); st != 200 {
		t.Fatalf("the server after a job's panic: start %d", st)
	}
	if s = f.waitJob(s.ID, func(s JobStatus) bool { return s.State != stateRunning }); s.State != stateFinished {
		t.Fatalf("the next job ended %+v", s)
	}
}
