package agents

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestExecGivesUp: MaxFailedStarts starts in a row that fail make the
// bot give up (a *GaveUpError, which GaveUp finds in its fault), and a
// bot that gave up starts its program no more; fewer failures in a row
// are ordinary faults, and a start after Close or an interrupt is none
// of the program's failures.
func TestExecGivesUp(t *testing.T) {
	prog, count := deadProgram(t)
	s := defaultExec
	s.LogDir = "-"
	e, err := NewExec(prog, s)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for i := 1; i <= MaxFailedStarts+2; i++ {
		err := e.Start()
		var g *GaveUpError
		gave := errors.As(err, &g)
		switch {
		case err == nil:
			t.Fatalf("start %d of a program that exits at once succeeded", i)
		case i < MaxFailedStarts && (gave || GaveUp(err) != nil):
			t.Errorf("start %d: gave up after %d failures, want %d: %v", i, i, MaxFailedStarts, err)
		case i >= MaxFailedStarts && (!gave || GaveUp(err) == nil || g.Failed != MaxFailedStarts || g.Started != 0):
			t.Errorf("start %d: %v, want a GaveUpError after %d failures", i, err, MaxFailedStarts)
		}
		if want := min(i, MaxFailedStarts); count() != want {
			t.Errorf("after start %d the program ran %d times, want %d", i, count(), want)
		}
	}
	if msg := GaveUp(e.Start()).Error(); !strings.Contains(msg, "exec:"+prog) || !strings.Contains(msg, "exited with status 3 before its hello") {
		t.Errorf("GaveUpError %q: want the program and what it did", msg)
	}
}

// TestExecInterruptedHandshake: a run interrupted (Ctrl-C) while a bot's
// program starts is not that program's failure: Start says the run was
// interrupted, where it said "ended (signal: killed) before its hello"
// (a crash, as if the program had died), and the start is not counted
// toward giving the program up.
func TestExecInterruptedHandshake(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the bot is a shell command")
	}
	e := newExec(t, "sh -c 'exec sleep 30';handshake=30s")
	go func() {
		time.Sleep(300 * time.Millisecond)
		e.Interrupt()
	}()
	err := e.Start()
	if !errors.Is(err, errInterrupted) || strings.Contains(err.Error(), "before its hello") {
		t.Errorf("Start: %v; want the run's interruption", err)
	}
	if e.failedStarts != 0 {
		t.Errorf("%d failed starts counted, want 0", e.failedStarts)
	}
}
