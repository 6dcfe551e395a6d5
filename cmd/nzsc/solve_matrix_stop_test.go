//go:build unix

package main

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/analysis/nash"
)

// TestSolveMatrixStops: a solve the command cannot stop from inside
// (gonum's simplex takes no context) is left when the command is
// stopped: Ctrl-C printed "stopping" and a 500×500 LP went on for ten
// minutes.
func TestSolveMatrixStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	defer close(release)
	e := &env{ctx: ctx}
	ended := make(chan error, 1)
	go func() {
		_, err := solveUntilStopped(e, func() (*nash.Enumeration, error) {
			<-release // a solve that would not end before the test does
			return nil, nil
		})
		ended <- err
	}()
	cancel()
	select {
	case err := <-ended:
		if err == nil || !strings.Contains(err.Error(), "interrupted") {
			t.Errorf("stopped solve: %v; want an interrupted error", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the command did not return when stopped")
	}
}

// TestSolveMatrixRefusesFIFO: a FIFO named as the matrix is refused in
// one line, exit 2, without waiting for a writer (the command waited,
// deaf to Ctrl-C).
func TestSolveMatrixRefusesFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "matrix.csv")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO here:", err)
	}
	done := make(chan struct{})
	var stderr string
	var code int
	go func() {
		_, stderr, code = runCmd(t, "", "solve", "matrix", fifo)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("solve matrix waited on a FIFO with no writer")
	}
	if code != 2 || !strings.Contains(stderr, "not a payoff matrix file") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("solve matrix FIFO: exit %d, %q; want exit 2 and one line", code, stderr)
	}
}
