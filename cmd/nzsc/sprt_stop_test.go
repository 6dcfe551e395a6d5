package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
)

// runStopped runs nzsc args in-process and cancels its context, as the
// first Ctrl-C does, when the stopper (test-stop) starts its game at:
// a gate in the games, not a time. It returns stdout and the command's
// error.
func runStopped(t *testing.T, at int64, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopGames.Store(0)
	stopAt.Store(at)
	stopCancel.Store(&cancel)
	defer func() { stopCancel.Store(nil); stopAt.Store(-1) }()
	var out, errb bytes.Buffer
	err := run(ctx, args, strings.NewReader(""), &out, &errb)
	return out.String(), err
}

// TestSPRTStoppedReportsPairsRead: a test stopped between two looks
// (here at about 450 games, batch 100) reports the pairs it read and
// saved, in its own output and in 'nzsc report' of its directory alike:
// their games, counts and LLR, the games its message names and its
// manifest's. It reported its last recorded look ("after 0 games" before
// the first batch ended; here 400), while its message said 450 games
// read and saved. Without --out its message said "saved" too, and named
// a DIR to resume; nothing is written there. (TestSPRTResumeExact: the
// stopped test, resumed, is the uninterrupted one.)
func TestSPRTStoppedReportsPairsRead(t *testing.T) {
	tmp := t.TempDir()
	args := []string{"sprt", "test-stop", "random", "--elo0", "0", "--elo1", "5", "--batch", "100", "--max-games", "2000",
		"--seed", "9", "--workers", "2", "--quiet"}
	dir := filepath.Join(tmp, "cut")
	stdout, err := runStopped(t, 450, append(args, "--format", "json", "--out", dir)...)
	if err == nil {
		t.Fatal("the test was not stopped")
	}
	var got report.SPRT
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("%v:\n%s", err, stdout)
	}
	var man results.Manifest
	if err := json.Unmarshal(readFile(t, filepath.Join(dir, results.ManifestFile)), &man); err != nil {
		t.Fatal(err)
	}
	looks := man.SPRT.Looks
	if len(looks) == 0 || looks[len(looks)-1].Games >= man.GamesDone {
		t.Fatalf("stopped at a look (%d games saved, looks %v): the test proves nothing", man.GamesDone, looks)
	}
	var penta int64
	for _, n := range got.Pentanomial {
		penta += n
	}
	test := analysis.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	if got.Games != man.GamesDone || uint64(2*penta) != got.Games || got.Wins+got.Draws+got.Losses != got.Games ||
		got.LLR != test.LLR(got.Pentanomial) || got.Verdict != "interrupted" {
		t.Errorf("stopped test reports %d games (W %d D %d L %d, pentanomial %v, LLR %g, %q); %d saved (last look at %d)",
			got.Games, got.Wins, got.Draws, got.Losses, got.Pentanomial, got.LLR, got.Verdict, man.GamesDone, looks[len(looks)-1].Games)
	}
	if n := len(got.Looks); n == 0 || got.Looks[n-1] != (report.SPRTLook{Games: got.Games, LLR: got.LLR}) {
		t.Errorf("its looks end at %v, not where it stopped", got.Looks)
	}
	if want := fmt.Sprintf("after %d games, read by the test and saved", got.Games); !strings.Contains(err.Error(), want) {
		t.Errorf("message %q, want %q", err, want)
	}
	if again, stderr, code := runCmd(t, "", "report", dir, "--format", "json"); code != 0 || again != stdout {
		t.Errorf("report of its directory: code %d %s\n%s\nthe stopped test printed\n%s", code, stderr, again, stdout)
	}
	text, stderr, code := runCmd(t, "", "report", dir)
	if want := fmt.Sprintf("no verdict (interrupted) after %d games", got.Games); code != 0 || !strings.Contains(text, want) {
		t.Errorf("report's text (code %d %s) lacks %q:\n%s", code, stderr, want, text)
	}

	// Without --out: the games its message names are its output's, and
	// nothing is said saved. (How many pairs played ahead of the stop
	// are read differs from run to run.)
	stdout, err = runStopped(t, 450, args...)
	if err == nil {
		t.Fatal("the test without --out was not stopped")
	}
	msg := err.Error()
	m := regexp.MustCompile(`after (\d+) games`).FindStringSubmatch(msg)
	if m == nil || strings.Contains(msg, "saved;") || strings.Contains(msg, "--resume DIR") || !strings.Contains(msg, "nothing saved") ||
		!strings.Contains(stdout, "no verdict (interrupted) after "+m[1]+" games") {
		t.Errorf("without --out: message %q, output\n%s", msg, stdout)
	}
}

// TestSPRTCSVIsItsLooks: sprt --format csv and report --format csv of
// its directory both write the test's looks, looks.csv. The command
// refused csv (exit 2) while the report printed its text (exit 0).
func TestSPRTCSVIsItsLooks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	stdout, stderr, code := runCmd(t, "", "sprt", "greedy", "random", "--elo0", "0", "--elo1", "50", "--batch", "20",
		"--seed", "1", "--quiet", "--format", "csv", "--out", dir)
	looks := string(readFile(t, filepath.Join(dir, "looks.csv")))
	if code != 0 || stdout != looks || !strings.HasPrefix(looks, "games,llr\n") || strings.Count(looks, "\n") < 3 {
		t.Errorf("sprt --format csv: code %d %s\n%s\nlooks.csv:\n%s", code, stderr, stdout, looks)
	}
	if again, stderr, code := runCmd(t, "", "report", dir, "--format", "csv"); code != 0 || again != looks {
		t.Errorf("report --format csv: code %d %s\n%s\nlooks.csv:\n%s", code, stderr, again, looks)
	}
}
