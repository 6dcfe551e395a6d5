package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
)

// TestReportHTMLDynamicsStops: Ctrl-C stops the dynamics (α-Rank, Moran,
// replicator, with their bootstrap) of a two-player run's page as it
// stops --dynamics': one line, nothing written (no page, no output).
// The page's dynamics ran without a done channel, and the report ended
// whole after them.
func TestReportHTMLDynamicsStops(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "rr")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy,classic", "--games", "4", "--seed", "1", "--quiet", "--out", dir); code != 0 {
		t.Fatal(stderr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as if Ctrl-C came at once
	page := filepath.Join(t.TempDir(), "r.html")
	var out, errb bytes.Buffer
	err := run(ctx, []string{"report", dir, "--html", page}, strings.NewReader(""), &out, &errb)
	code := exitCode(err, &errb)
	if code != 1 || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), "report interrupted: the bootstrap did not finish; nothing was written") {
		t.Errorf("report --html stopped: exit %d, %d bytes out, stderr %q; want exit 1, nothing out, one line", code, out.Len(), errb.String())
	}
	if _, err := os.Lstat(page); err == nil {
		t.Errorf("report --html stopped: the page was written")
	}
	// Not stopped, the same page comes out whole, with its dynamics.
	if _, stderr, code := runCmd(t, "", "report", dir, "--html", page); code != 0 {
		t.Fatalf("report --html: exit %d %q", code, stderr)
	}
	if b, err := os.ReadFile(page); err != nil || !bytes.Contains(b, []byte("α-Rank")) {
		t.Errorf("report --html: no dynamics on the page (%v)", err)
	}
}

// TestMergeTailStops: Ctrl-C during a free-for-all merge's tail (its
// meta-game's bootstrap) stops it at once, the merged counts saved: one
// line says the report was not written and which command writes it,
// and that command does. The tail ran with a nil done channel and
// printed the whole report after the first Ctrl-C.
func TestMergeTailStops(t *testing.T) {
	tmp := t.TempDir()
	var shards []string
	for _, s := range []string{"0/2", "1/2"} {
		dir := filepath.Join(tmp, "s"+s[:1])
		if _, stderr, code := runCmd(t, "", "tournament", "--players", "3", "--bots", "random,greedy,paranoid,classic", "--games", "6", "--seed", "1",
			"--quiet", "--shard", s, "--out", dir); code != 0 {
			t.Fatal(stderr)
		}
		shards = append(shards, dir)
	}
	out := filepath.Join(tmp, "merged")
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as if Ctrl-C came during the tail
	var stdout, errb bytes.Buffer
	err := run(ctx, append([]string{"merge", "--out", out}, shards...), strings.NewReader(""), &stdout, &errb)
	code := exitCode(err, &errb)
	want := "merge interrupted: the counts are saved in " + out + ", but the report was not written; 'nzsc report " + out + "' writes it"
	if code != 1 || stdout.Len() != 0 || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), want) {
		t.Errorf("merge stopped in its tail: exit %d, %d bytes out, stderr %q; want exit 1, nothing out, %q", code, stdout.Len(), errb.String(), want)
	}
	if report, stderr, code := runCmd(t, "", "report", out); code != 0 || !strings.Contains(report, "Meta-game") {
		t.Errorf("report of the stopped merge: exit %d %q %q", code, report, stderr)
	}
}

// TestTournamentTailStops: the tail of a played free-for-all stops at a
// Ctrl-C that came after its last game (endSaved, which nzsc tournament
// ends with), its counts saved; after a run stopped by Ctrl-C it is not
// stopped (the partial report is what the user waits for), nor without a
// run directory to write it later from.
func TestTournamentTailStops(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ffa")
	if _, stderr, code := runCmd(t, "", "tournament", "--players", "3", "--bots", "random,greedy,paranoid,classic", "--games", "6", "--seed", "1", "--quiet", "--out", path); code != 0 {
		t.Fatal(stderr)
	}
	dir, man, counts, err := results.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name        string
		dir         *results.Dir
		interrupted bool
		stops       bool
	}{
		{"finished run", dir, false, true},
		{"interrupted run", dir, true, false},
		{"no run directory", nil, false, false},
	} {
		var out, errb bytes.Buffer
		e := &env{ctx: ctx, stdin: strings.NewReader(""), stdout: &out, stderr: &errb}
		err := endSaved(e, "tournament", report.End{Dir: c.dir, Manifest: man, Counts: &counts.Tournament, Format: "table"}, c.interrupted)
		switch {
		case c.stops && (err == nil || out.Len() != 0 || !strings.Contains(err.Error(), "tournament interrupted: the counts are saved in "+path+", but the report was not written; 'nzsc report "+path+"' writes it")):
			t.Errorf("%s: Ctrl-C in the tail: %v, %d bytes out; want it stopped, nothing out", c.name, err, out.Len())
		case !c.stops && (err != nil || !strings.Contains(out.String(), "Meta-game")):
			t.Errorf("%s: %v, report %q; want the whole report", c.name, err, out.String())
		}
	}
}
