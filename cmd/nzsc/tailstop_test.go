package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
