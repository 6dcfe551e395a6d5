package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// TestSolveMatrixStdinStopped: standard input whose writer goes silent
// without closing it (a pipe from a program that hangs, or one the
// signal did not reach) no longer holds the command after Ctrl-C: it
// printed "stopping", waited for the end of the input, then blamed the
// input ("no rows: the matrix is empty", "the file ends after 0
// payoffs"). Now it returns at once, saying it was interrupted while
// reading, with the context's error (exit 130).
func TestSolveMatrixStdinStopped(t *testing.T) {
	col := writeMatrix(t, t.TempDir(), "col.csv", "1,2\n3,4\n")
	for i, c := range []struct {
		args  []string
		input string
	}{
		{[]string{"-"}, ""},
		{[]string{"-"}, "1,2\n"},
		{[]string{"-"}, "NFG 1 R \"x\" { \"A\" \"B\" \"C\" } { 2 2 2 }\n1 2 3\n"},
		{[]string{"-", col}, "1,2\n"},
	} {
		pr, pw := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		ended := make(chan error, 1)
		go func() {
			var out, errb bytes.Buffer
			ended <- run(ctx, append([]string{"solve", "matrix"}, c.args...), pr, &out, &errb)
		}()
		// Write returns once the command has read the input; it then
		// waits for more, which never comes.
		if _, err := pw.Write([]byte(c.input)); err != nil {
			t.Fatal(err)
		}
		cancel()
		select {
		case err := <-ended:
			if err == nil || !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "solve matrix interrupted while reading standard input") {
				t.Errorf("case %d: %v: %v; want interrupted while reading standard input", i, c.args, err)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("case %d: %v: the command did not return when stopped while reading standard input", i, c.args)
		}
		pw.Close()
	}
}
