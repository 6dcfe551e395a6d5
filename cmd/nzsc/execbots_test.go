package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestRunnersRejectBrokenExecBots checks that every command that runs
// bots treats an external program that cannot start, or a bad
// --bot-timeout, as bad input: one line, exit 2, before playing.
func TestRunnersRejectBrokenExecBots(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"match", "exec:/nonexistent/bot", "random", "--games", "2", "--quiet"}, "/nonexistent/bot"},
		{[]string{"tournament", "--bots", "random;exec:/nonexistent/bot", "--games", "2", "--quiet", "--out", dir + "/t1"}, "/nonexistent/bot"},
		{[]string{"sprt", "exec:/nonexistent/bot", "random", "--max-games", "2", "--batch", "2", "--quiet"}, "/nonexistent/bot"},
		{[]string{"tournament", "--bots", "random,greedy", "--bot-timeout", "-1s", "--out", dir + "/t2"}, "--bot-timeout"},
		{[]string{"sprt", "random", "greedy", "--bot-timeout", "0s"}, "--bot-timeout"},
	} {
		_, stderr, code := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("case %d %v: exit %d, stderr %q; want exit 2 and one line naming %q", i, c.args, code, stderr, c.msg)
		}
	}
}

// TestRunnersStopAtABotWithoutHello checks that a program that never
// answers its hello (it exits at once, writes garbage, or stays silent)
// ends every command that plays it with one line naming the program and
// what it did, exit 2, after starting it once: exploit started it again
// for each game, thousands of times, and never ended. Each program
// counts its starts in a file; the context only bounds a hang.
func TestRunnersStopAtABotWithoutHello(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the bots are shell scripts")
	}
	dir := t.TempDir()
	bots := map[string]string{
		"dead":    "exit 3",
		"garbage": "echo garbage; exec sleep 30",
		"silent":  "exec sleep 30",
	}
	want := map[string]string{
		"dead":    "crash: exited with status 3 before its hello",
		"garbage": `protocol: wrote "garbage", not a message`,
		"silent":  "timeout: no hello message within 2s",
	}
	for name, body := range bots {
		script := fmt.Sprintf("#!/bin/sh\necho start >> %s/%s.starts\n%s\n", dir, name, body)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Only the silent program is meant to run out of time: the others
	// get a handshake long enough for a shell to start on a loaded
	// machine (300ms for all failed under load: the garbage line not yet
	// read, and the silent script killed before its first line counted
	// its start), the silent one 2s, enough for its first line.
	handshake := map[string]string{"dead": "30s", "garbage": "30s", "silent": "2s"}
	n := 0
	for _, name := range []string{"dead", "garbage", "silent"} {
		spec := "exec:" + filepath.Join(dir, name) + ";handshake=" + handshake[name]
		for _, args := range [][]string{
			{"exploit", spec, "--games", "10", "--quiet"},
			{"exploit", "--players", "3", "random," + spec + ",random", "--positions", "2", "--rule", "turn_cap=7", "--games", "10", "--quiet"},
			{"match", spec, "random", "--games", "4", "--quiet"},
			{"tournament", "--bots", "random;" + spec + ";classic", "--games", "2", "--quiet", "--out", filepath.Join(dir, fmt.Sprint("t", n))},
			{"sprt", spec, "random", "--max-games", "4", "--batch", "2", "--quiet"},
		} {
			n++
			os.Remove(filepath.Join(dir, name+".starts"))
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			var out, errb bytes.Buffer
			code := exitCode(run(ctx, args, strings.NewReader(""), &out, &errb), &errb)
			cancel()
			stderr := errb.String()
			starts, _ := os.ReadFile(filepath.Join(dir, name+".starts"))
			if code != 2 || !strings.Contains(stderr, want[name]) || !strings.Contains(stderr, filepath.Join(dir, name)) ||
				strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line naming the program and %q", args, code, stderr, want[name])
			}
			if k := strings.Count(string(starts), "start"); k != 1 {
				t.Errorf("%v: the program was started %d times, want once (its probe)", args, k)
			}
		}
	}
}
