package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReportDynamics: `nzsc report RUN --dynamics` on a small run prints
// the three analyses, the same twice (the bootstrap is seeded by the
// run), writes its page with --html, and refuses what it cannot do with
// exit code 2.
func TestReportDynamics(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "t")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy,nash", "--games", "20", "--seed", "3", "--quiet", "--out", run); code != 0 {
		t.Fatalf("tournament: %d %s", code, stderr)
	}
	page := filepath.Join(dir, "d.html")
	out, stderr, code := runCmd(t, "", "report", run, "--dynamics", "--bootstrap", "30", "--html", page)
	if code != 0 {
		t.Fatalf("report --dynamics: %d %s", code, stderr)
	}
	for _, want := range []string{"α-Rank", "Moran process", "Replicator dynamics", "30 bootstrap replicates", "seed 0x3"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	again, _, _ := runCmd(t, "", "report", run, "--dynamics", "--bootstrap", "30")
	if again != out {
		t.Error("the same run's dynamics differ between two reports")
	}
	if b, err := os.ReadFile(page); err != nil || !strings.Contains(string(b), `id="c-replicator"`) {
		t.Errorf("--html: %v, or no trajectory chart", err)
	}
	csv, _, code := runCmd(t, "", "report", run, "--dynamics", "--bootstrap", "0", "--format", "csv")
	if code != 0 || !strings.HasPrefix(csv, "method,bot,weight,lo95,hi95") {
		t.Errorf("--format csv: code %d:\n%s", code, csv)
	}
	ffa := filepath.Join(dir, "f")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy,random:name=r2", "--games", "6", "--seed", "1", "--quiet", "--players", "3", "--out", ffa); code != 0 {
		t.Fatalf("tournament --players 3: %d %s", code, stderr)
	}
	out, stderr, code = runCmd(t, "", "report", ffa, "--dynamics", "--bootstrap", "10")
	if code != 0 || !strings.Contains(out, "finished-ahead shares") || !strings.Contains(out, "α-Rank") {
		t.Errorf("report --dynamics of a 3-seat run: code %d %s\n%s", code, stderr, out)
	}
	moran, stderr, code := runCmd(t, "", "report", run, "--moran-run", "greedy=5,nash=5", "--seed", "4", "--every", "7")
	if code != 0 || !strings.Contains(moran, "step  greedy  nash") || !strings.Contains(moran, "takes the population") || !strings.Contains(moran, "seed 0x4") {
		t.Errorf("report --moran-run: code %d %s\n%s", code, stderr, moran)
	}
	// The default --every is never more than the run (a 100-step run
	// announced "the counts every 250 steps").
	if out, stderr, code := runCmd(t, "", "report", run, "--moran-run", "greedy=25,nash=25", "--mutation", "1", "--steps", "100"); code != 0 || !strings.Contains(out, "the counts every 100 steps") {
		t.Errorf("report --moran-run --steps 100: code %d %s\n%s", code, stderr, out)
	}
	if again, _, _ := runCmd(t, "", "report", run, "--moran-run", "greedy=5,nash=5", "--seed", "4", "--every", "7"); again != moran {
		t.Error("the same seed printed two Moran runs")
	}
	// --seed reads as every command's does: 010 is 10, not octal 8 (as
	// pflag's Uint64 took it), and 0xa is 10 too; a bad one is one line.
	ten, _, _ := runCmd(t, "", "report", run, "--moran-run", "greedy=5,nash=5", "--seed", "10", "--every", "7")
	for _, s := range []string{"010", "0xa"} {
		if again, stderr, _ := runCmd(t, "", "report", run, "--moran-run", "greedy=5,nash=5", "--seed", s, "--every", "7"); again != ten {
			t.Errorf("--seed %s: not the run of --seed 10 (%s)", s, stderr)
		}
	}
	if _, stderr, code := runCmd(t, "", "report", run, "--moran-run", "equal", "--seed", "-1"); code != 2 || !strings.Contains(stderr, `--seed: seed "-1" is not a decimal or 0x-hex number`) {
		t.Errorf("--seed -1: code %d %q", code, stderr)
	}
	if out, stderr, code := runCmd(t, "", "report", ffa, "--moran-run", "equal", "--population", "9", "--format", "csv"); code != 0 || !strings.HasPrefix(out, "step,random,greedy,r2\n0,3,3,3\n") {
		t.Errorf("report --moran-run of a 3-seat run, csv: code %d %s\n%s", code, stderr, out)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"report", run, "--alpha", "3"}, "--alpha needs --dynamics"},
		{[]string{"report", run, "--population", "3"}, "--population needs --dynamics or --moran-run"},
		{[]string{"report", run, "--mutation", "0.1"}, "--mutation needs --moran-run"},
		{[]string{"report", run, "--dynamics", "--seed", "3"}, "--seed needs --moran-run"},
		{[]string{"report", run, "--dynamics", "--moran-run", "equal"}, "choose one"},
		{[]string{"report", run, "--moran-run", "equal", "--alpha", "2"}, "--alpha needs --dynamics"},
		{[]string{"report", run, "--moran-run", "greedy=3,bogus=2"}, `no bot "bogus" in the run`},
		{[]string{"report", run, "--moran-run", "greedy"}, "greedy has no count (want BOT=COUNT,..., e.g. greedy=10, or equal)"},
		{[]string{"report", run, "--moran-run", "greedy=1"}, "the counts add up to a population of 1; want 2 to 100000"},
		// Each count's own problem, in one line (they all read "want
		// BOT=COUNT,... or equal", or "greedy has a negative count").
		{[]string{"report", run, "--moran-run", "greedy=x"}, "--moran-run: greedy=x: the count is not a number (want a whole number, e.g. greedy=10)"},
		{[]string{"report", run, "--moran-run", "greedy=x,nash=5"}, "--moran-run: greedy=x: the count is not a number"},
		{[]string{"report", run, "--moran-run", "greedy=-1"}, "--moran-run: greedy=-1: a count is 0 or more"},
		{[]string{"report", run, "--moran-run", "greedy=1e9"}, "--moran-run: greedy=1e9: a count is a whole number of individuals written in digits (0 to 100000)"},
		{[]string{"report", run, "--moran-run", "greedy=2.5"}, "greedy=2.5: a count is a whole number"},
		{[]string{"report", run, "--moran-run", "greedy=1000000000"}, "--moran-run: greedy=1000000000: at most 100000, the largest population"},
		{[]string{"report", run, "--moran-run", "greedy=99999999999999999999"}, "at most 100000, the largest population"},
		{[]string{"report", run, "--moran-run", "greedy="}, "--moran-run: greedy= has no count"},
		{[]string{"report", run, "--moran-run", "equal", "--population", "2"}, "cannot hold 3 bots"},
		{[]string{"report", run, "--moran-run", "equal", "--mutation", "2"}, "--mutation must be 0 to 1"},
		{[]string{"report", run, "--moran-run", "equal", "--steps", "0"}, "--steps must be 1 to"},
		{[]string{"report", run, "--moran-run", "equal", "--every", "-1"}, "--every must be 0 or more"},
		{[]string{"report", run, "--moran-run", "equal", "--steps", "100000000", "--every", "1"}, "at most 1000000: raise --every"},
		{[]string{"report", run, "--moran-run", "equal", "--html", filepath.Join(dir, "m.html")}, "writes no page"},
		{[]string{"report", run, "--dynamics", "--alpha", "0"}, "--alpha must be positive"},
		{[]string{"report", run, "--dynamics", "--population", "1"}, "--population must be 2 to 100000"},
		{[]string{"report", run, "--dynamics", "--bootstrap", "-1"}, "--bootstrap must be 0 to 100000"},
		// Sizes whose memory (15 GB at a population of 10^9) or time
		// (hours of replicates) no answer needs: refused at once.
		{[]string{"report", run, "--dynamics", "--population", "1000000000"}, "--population must be 2 to 100000"},
		{[]string{"report", run, "--dynamics", "--bootstrap", "1000000000"}, "--bootstrap must be 0 to 100000"},
	} {
		_, stderr, code := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("%v: code %d, stderr %q; want 2 and one line with %q", c.args[2:], code, stderr, c.msg)
		}
	}
}

// TestReportFFAStops: Ctrl-C (the context done) stops the report of a
// free-for-all run in its meta-game's bootstrap, seconds of CPU for many
// bots, as it stops --dynamics': exit 1, one line, no report and no page
// written. (SummarizeFFA was given no done channel: the bootstrap ran to
// its end, and the report came out after "stopping".)
func TestReportFFAStops(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ffa")
	if _, stderr, code := runCmd(t, "", "tournament", "--players", "3", "--bots", "random,greedy,paranoid,classic", "--games", "6", "--seed", "1", "--quiet", "--out", dir); code != 0 {
		t.Fatal(stderr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as if Ctrl-C came at once
	for _, args := range [][]string{{"report", dir}, {"report", dir, "--html", filepath.Join(t.TempDir(), "r.html")}} {
		var out, errb bytes.Buffer
		err := run(ctx, args, strings.NewReader(""), &out, &errb)
		code := exitCode(err, &errb)
		if code != 1 || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 || !strings.Contains(errb.String(), "report interrupted: the meta-game's bootstrap did not finish") {
			t.Errorf("%v stopped: exit %d, %d bytes out, stderr %q; want exit 1, nothing out, one line", args, code, out.Len(), errb.String())
		}
		if len(args) > 2 {
			if _, err := os.Lstat(args[3]); err == nil {
				t.Errorf("%v stopped: the page was written", args)
			}
		}
	}
	// Not stopped, the same report comes out whole.
	if out, stderr, code := runCmd(t, "", "report", dir); code != 0 || !strings.Contains(out, "Meta-game") {
		t.Errorf("report: exit %d %q %q", code, out, stderr)
	}
}

// TestDynamicsMirrorNames: the dynamics and the Moran run of a match of
// a bot against itself name its copies as nzsc match does at 3 or 4
// seats, random and random2 (agents.CopyNames); they listed two rows
// called random, which --moran-run could not tell apart.
func TestDynamicsMirrorNames(t *testing.T) {
	run := filepath.Join(t.TempDir(), "m")
	if _, stderr, code := runCmd(t, "", "match", "random", "random", "--games", "20", "--seed", "1", "--quiet", "--out", run); code != 0 {
		t.Fatal(stderr)
	}
	out, stderr, code := runCmd(t, "", "report", run, "--dynamics", "--bootstrap", "0")
	if code != 0 {
		t.Fatal(stderr)
	}
	rows := regexp.MustCompile(`(?m)^\d  (random2?) `).FindAllStringSubmatch(out, -1)
	named := map[string]int{}
	for _, r := range rows {
		named[r[1]]++
	}
	if !strings.Contains(out, "resident  random  random2\n") || named["random"] != 3 || named["random2"] != 3 {
		t.Errorf("the dynamics do not name the copies random and random2:\n%s", out)
	}
	out, stderr, code = runCmd(t, "", "report", run, "--moran-run", "random=4,random2=6", "--format", "csv")
	if code != 0 || !strings.HasPrefix(out, "step,random,random2\n0,4,6\n") {
		t.Errorf("--moran-run random=4,random2=6: exit %d %q\n%s", code, stderr, out)
	}
}
