package runs

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	neturl "net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

// shellWords returns the words a POSIX shell reads in line, and whatever
// else the line made it print.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	out, err := exec.Command("sh", "-c", "set -- "+line+"\nprintf '%s\\n' \"$@\"").CombinedOutput()
	words := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if err != nil {
		words = append(words, "(sh: "+err.Error()+")")
	}
	return words
}

// TestResumeCommandQuoted: the command the page offers to continue a
// run ("Continue it with ...", a stopped job's hint) is one a person can
// paste: a shell reads its path as one word, whatever the runs
// directory (a space: --runs "My runs") and the run directory (copied
// in from elsewhere: "x; echo INJECTED") are named. It was the path as
// it is, which split at the space and ran what followed the ';'.
func TestResumeCommandQuoted(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	top := filepath.Join(t.TempDir(), "My runs $(echo INJECTED)")
	name := "it's a run; echo INJECTED `echo INJECTED`"
	g, err := game.Build("nzsc", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &roundrobin.Config{Game: g, Gauntlet: -1, HeadToHead: true, PairsPerPairing: 1, ChunkPairs: 1, Seed: 1}
	for _, spec := range []string{"random", "greedy"} {
		b, err := agents.ParseForSeats("nzsc", 2, spec)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	if err := os.MkdirAll(top, 0o755); err != nil {
		t.Fatal(err)
	}
	// Stopped before its first game: incomplete, so the page offers its
	// resume.
	rd, err := roundrobin.Create(cfg, roundrobin.NewRun{Out: filepath.Join(top, name), Kind: results.KindMatch})
	if err != nil {
		t.Fatal(err)
	}
	stopped, stop := context.WithCancel(context.Background())
	stop()
	rd.Play(stopped, roundrobin.RunOptions{Workers: 1})
	h := New(Options{Dir: top})
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/api/runs/"+neturl.PathEscape(name), nil))
	var d Detail
	if err := json.Unmarshal(w.Body.Bytes(), &d); err != nil || w.Code != 200 {
		t.Fatalf("GET the run: %d %s", w.Code, w.Body)
	}
	job := h.withResume(results.KindMatch, JobStatus{State: stateStopped, Run: name})
	want := []string{"nzsc", "match", "--resume", filepath.Join(top, name)}
	for _, c := range []struct{ what, cmd string }{{"the run's page", d.Resume}, {"a stopped job", job.Resume}} {
		if got := shellWords(t, c.cmd); !slices.Equal(got, want) {
			t.Errorf("%s offers %s\na shell reads %q, want %q", c.what, c.cmd, got, want)
		}
	}
}
