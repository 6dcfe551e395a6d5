package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/dynamics"
)

// cancelOnLine is a standard error that cancels its context when a line
// holding at is written to it: a Ctrl-C at a set point of a command's
// output (here the rating line of a run's last games, after which only
// its tail is left), with no clock involved.
type cancelOnLine struct {
	mu     sync.Mutex
	b      bytes.Buffer
	at     string
	cancel context.CancelFunc
}

func (c *cancelOnLine) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if bytes.Contains(p, []byte(c.at)) {
		c.cancel()
	}
	return c.b.Write(p)
}

// TestMatchTailStops: a 3-player match whose games all finished, its
// counts saved (--out), stops at a Ctrl-C during its tail (the
// meta-game's bootstrap) with one line saying that 'nzsc report DIR'
// writes the report, as a tournament does (endSaved); the tail ran with
// no done channel and printed the whole report after the first Ctrl-C.
// Without --out (nothing saved) the report of what finished is still
// written whole: it is all there is.
func TestMatchTailStops(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "m")
	args := []string{"match", "random", "greedy", "classic", "--players", "3", "--games", "12", "--seed", "1", "--workers", "1",
		"--rating-interval", "12"}
	for _, c := range []struct {
		name  string
		out   []string
		stops bool
	}{
		{"--out", []string{"--out", dir}, true},
		{"no run directory", nil, false},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		stderr := &cancelOnLine{at: "12 of 12 games:", cancel: cancel}
		var stdout bytes.Buffer
		err := run(ctx, append(append([]string{}, args...), c.out...), strings.NewReader(""), &stdout, stderr)
		cancel()
		want := "match interrupted: the counts are saved in " + dir + ", but the report was not written; 'nzsc report " + dir + "' writes it"
		switch {
		case !strings.Contains(stderr.b.String(), "12 of 12 games:"):
			t.Fatalf("%s: no rating line after the last games (the test's Ctrl-C): %q", c.name, stderr.b.String())
		case c.stops && (err == nil || err.Error() != want || stdout.Len() != 0):
			t.Errorf("%s: Ctrl-C in the tail: err %v, %d bytes out; want %q and nothing out", c.name, err, stdout.Len(), want)
		case !c.stops && (err != nil || !strings.Contains(stdout.String(), "Meta-game")):
			t.Errorf("%s: err %v, report %q; want the whole report", c.name, err, stdout.String())
		}
	}
	// The saved counts give the whole report.
	if out, stderr, code := runCmd(t, "", "report", dir); code != 0 || !strings.Contains(out, "Meta-game") {
		t.Errorf("report of the stopped match: exit %d %q %q", code, out, stderr)
	}
}

// TestReportStoppedSaysWhich: a report stopped in a two-player
// tournament's ratings' fit (report.Tail's ErrFitStopped, tested there:
// TestTailStopsTwoPlayerFit) says that fit did not finish, not a
// meta-game's bootstrap, which it does not have.
func TestReportStoppedSaysWhich(t *testing.T) {
	for _, c := range []struct {
		err  error
		want error
	}{
		{fmt.Errorf("summary: %w", analysis.ErrFitStopped), errFitStopped},
		{fmt.Errorf("metagame: the bootstrap %w", analysis.ErrStopped), errReportStopped},
		{fmt.Errorf("page: %w", dynamics.ErrStopped), errDynamicsStopped},
	} {
		if got := reportStopped(c.err); got != c.want {
			t.Errorf("reportStopped(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
