package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/results"
)

// TestMergeIncomplete: merging some shards of a run is bad input (exit
// 2: the directories named do not make a whole run) that says what to do, writes nothing, and does not suggest resuming
// the merge (which resume refuses).
func TestMergeIncomplete(t *testing.T) {
	tmp := t.TempDir()
	shard := filepath.Join(tmp, "s0")
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy", "--games", "40", "--seed", "3",
		"--chunk", "4", "--quiet", "--shard", "0/2", "--out", shard); code != 0 {
		t.Fatal(stderr)
	}
	out := filepath.Join(tmp, "merged")
	_, stderr, code := runCmd(t, "", "merge", shard, "--out", out)
	if code != 2 || !strings.Contains(stderr, "3 of the run's 5 chunks") || !strings.Contains(stderr, "resume each unfinished shard (nzsc tournament --resume SHARD_DIR)") {
		t.Errorf("merge of one shard of two: exit %d, stderr %q", code, stderr)
	}
	if strings.Count(stderr, "\n") != 1 {
		t.Errorf("not one line: %q", stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("an incomplete merge wrote %s", out)
	}
	// A match interrupted on one machine is no shard: it is finished by
	// its own command, named (it was "tournament --resume SHARD_DIR").
	cut := filepath.Join(tmp, "cut")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	run(ctx, []string{"match", "random", "greedy", "--games", "40", "--seed", "3", "--quiet", "--out", cut}, strings.NewReader(""), io.Discard, io.Discard)
	_, stderr, code = runCmd(t, "", "merge", cut, "--out", out)
	if code != 2 || !strings.Contains(stderr, cut+" is an unfinished match (0 of its ") || !strings.Contains(stderr, "not a shard") ||
		!strings.Contains(stderr, "'nzsc match --resume "+cut+"'") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("merge of an interrupted match: exit %d, stderr %q", code, stderr)
	}
}

// TestMergeGamesLogs: merging a run's shards with --games-log writes the
// log of the run played at once, byte for byte (plain and gzip), and the
// merged manifest names it; without the flag the merged run names no log
// (a shard's holds only its share of the games).
func TestMergeGamesLogs(t *testing.T) {
	for _, ext := range []string{".jsonl", ".jsonl.gz"} {
		tmp := t.TempDir()
		run := func(extra ...string) {
			t.Helper()
			args := append([]string{"tournament", "--bots", "random,greedy,classic", "--games", "60", "--seed", "3",
				"--chunk", "4", "--quiet", "--workers", "3"}, extra...)
			if _, stderr, code := runCmd(t, "", args...); code != 0 {
				t.Fatal(stderr)
			}
		}
		var shards []string
		for i := range 3 {
			dir := filepath.Join(tmp, fmt.Sprint("s", i))
			run("--shard", fmt.Sprintf("%d/3", i), "--out", dir, "--games-log", filepath.Join(tmp, fmt.Sprint("s", i, ext)))
			shards = append(shards, dir)
		}
		whole := filepath.Join(tmp, "whole"+ext)
		run("--out", filepath.Join(tmp, "whole"), "--games-log", whole)
		merged := filepath.Join(tmp, "merged"+ext)
		if _, stderr, code := runCmd(t, "", append([]string{"merge", "--quiet", "--out", filepath.Join(tmp, "m"), "--games-log", merged}, shards...)...); code != 0 {
			t.Fatal(stderr)
		}
		got, err := os.ReadFile(merged)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := os.ReadFile(whole); !bytes.Equal(got, want) || len(want) == 0 {
			t.Errorf("%s: the merged log (%d bytes) is not the whole run's (%d bytes)", ext, len(got), len(want))
		}
		if man, _ := os.ReadFile(filepath.Join(tmp, "m", "manifest.json")); !bytes.Contains(man, []byte(`"games_log": "`+merged+`"`)) {
			t.Errorf("%s: the merged manifest does not name the merged log", ext)
		}
		if _, stderr, code := runCmd(t, "", append([]string{"merge", "--quiet", "--out", filepath.Join(tmp, "m2")}, shards...)...); code != 0 {
			t.Fatal(stderr)
		}
		if man, _ := os.ReadFile(filepath.Join(tmp, "m2", "manifest.json")); bytes.Contains(man, []byte(`"games_log"`)) {
			t.Errorf("%s: a merge without --games-log names a shard's log", ext)
		}
	}
}

// TestMergeBadGamesLogs: a shard's games log that is missing, cut short,
// damaged or another shard's (given in its place) is bad input: exit 2,
// one line naming it, and neither the merged log nor a temporary file
// left behind. The same games in two logs made the sort loop forever.
func TestMergeBadGamesLogs(t *testing.T) {
	tmp := t.TempDir()
	var shards, logs []string
	for i := range 3 {
		dir := filepath.Join(tmp, fmt.Sprint("s", i))
		log := filepath.Join(tmp, fmt.Sprint("s", i, ".jsonl"))
		if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy,classic", "--games", "24", "--seed", "3",
			"--chunk", "2", "--quiet", "--shard", fmt.Sprintf("%d/3", i), "--out", dir, "--games-log", log); code != 0 {
			t.Fatal(stderr)
		}
		shards, logs = append(shards, dir), append(logs, log)
	}
	good, err := os.ReadFile(logs[2])
	if err != nil {
		t.Fatal(err)
	}
	other, _ := os.ReadFile(logs[0])
	lines := bytes.SplitAfter(good, []byte("\n"))
	damaged := bytes.Join(append(append([][]byte{}, lines[:3]...), append([][]byte{[]byte("{\"not\": a record\n")}, lines[4:]...)...), nil)
	for _, c := range []struct {
		name string
		log  []byte // nil: no file
		want string
	}{
		{"another shard's", other, "also in"},
		{"missing", nil, "s2.jsonl is missing (no such file: moved or deleted?)"},
		{"cut short", good[:len(good)/2], "hold"},
		{"damaged", damaged, "line 4"},
	} {
		os.Remove(logs[2])
		if c.log != nil {
			if err := os.WriteFile(logs[2], c.log, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		merged := filepath.Join(tmp, "merged.jsonl")
		done := make(chan struct{})
		var stderr string
		var code int
		go func() {
			defer close(done)
			_, stderr, code = runCmd(t, "", append([]string{"merge", "--quiet", "--out", filepath.Join(tmp, "m"), "--games-log", merged}, shards...)...)
		}()
		select {
		case <-done:
		case <-time.After(2 * time.Minute): // a hang, not a speed
			t.Fatalf("%s log: merge still running after 2 minutes", c.name)
		}
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s log: exit %d, stderr %q, want exit 2 and one line with %q", c.name, code, stderr, c.want)
		}
		ents, _ := os.ReadDir(tmp)
		for _, e := range ents {
			if e.Name() == "merged.jsonl" || e.Name() == "m" || strings.HasPrefix(e.Name(), ".games-log-") {
				t.Errorf("%s log: left %s behind", c.name, e.Name())
			}
		}
	}
}

// TestMergeGamesLogLevels: shards that logged their games at different
// levels (--games-log-level full and outcome) are refused: the merged log
// would say full and hold some games as outcomes only.
func TestMergeGamesLogLevels(t *testing.T) {
	tmp := t.TempDir()
	shards := twoShards(t, tmp, 16, func(dir string, i int) []string {
		return []string{"--games-log", dir + ".jsonl", "--games-log-level", []string{"full", "outcome"}[i]}
	})
	merged := filepath.Join(tmp, "merged.jsonl")
	_, stderr, code := runCmd(t, "", append([]string{"merge", "--quiet", "--out", filepath.Join(tmp, "m"), "--games-log", merged}, shards...)...)
	if code != 2 || !strings.Contains(stderr, "level full") || !strings.Contains(stderr, "at outcome") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, stderr %q; want exit 2 and one line naming both levels", code, stderr)
	}
	if _, err := os.Stat(merged); err == nil {
		t.Error("the mixed log was written")
	}
}

// twoShards plays the two shards of a tournament of random and greedy
// (games a pairing, seed 3, chunks of 2) into tmp/s0 and tmp/s1 and
// returns their directories; more(dir, i), when not nil, gives shard
// i's further flags (its games log).
func twoShards(t *testing.T, tmp string, games int, more func(dir string, i int) []string) []string {
	t.Helper()
	var shards []string
	for i := range 2 {
		dir := filepath.Join(tmp, fmt.Sprint("s", i))
		args := []string{"tournament", "--bots", "random,greedy", "--games", fmt.Sprint(games), "--seed", "3",
			"--chunk", "2", "--quiet", "--shard", fmt.Sprintf("%d/2", i), "--out", dir}
		if more != nil {
			args = append(args, more(dir, i)...)
		}
		if _, stderr, code := runCmd(t, "", args...); code != 0 {
			t.Fatal(stderr)
		}
		shards = append(shards, dir)
	}
	return shards
}

// shardLog gives a shard of twoShards its games log beside its
// directory, at DIR.jsonl.
func shardLog(dir string, _ int) []string { return []string{"--games-log", dir + ".jsonl"} }

// TestMergeInterrupted: a merge stopped (Ctrl-C: its context done) leaves
// neither a merged log, cut short or whole, nor a merged directory: once
// it wrote the whole log regardless, and a second Ctrl-C left half of it.
func TestMergeInterrupted(t *testing.T) {
	tmp := t.TempDir()
	shards := twoShards(t, tmp, 16, shardLog)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	merged := filepath.Join(tmp, "merged.jsonl")
	var errb bytes.Buffer
	err := run(ctx, append([]string{"merge", "--quiet", "--out", filepath.Join(tmp, "m"), "--games-log", merged}, shards...), strings.NewReader(""), io.Discard, &errb)
	if err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Errorf("a stopped merge: error %v, want one that says it was interrupted", err)
	}
	for _, p := range []string{merged, filepath.Join(tmp, "m")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("a stopped merge left %s", p)
		}
	}
}

// TestMergeSPRT: a sequential test is never sharded, so its directory,
// finished or interrupted, is refused by merge with that reason (exit
// 2, one line, nothing written), not taken for one shard of a
// tournament ("resume each unfinished shard (tournament --resume ...)",
// as it was).
func TestMergeSPRT(t *testing.T) {
	tmp := t.TempDir()
	done := filepath.Join(tmp, "done")
	if _, stderr, code := runCmd(t, "", "sprt", "greedy", "random", "--elo0", "0", "--elo1", "50", "--batch", "20",
		"--seed", "1", "--quiet", "--out", done); code != 0 {
		t.Fatal(stderr)
	}
	// Stopped before its first game.
	stopped := filepath.Join(tmp, "stopped")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	run(ctx, []string{"sprt", "greedy", "random", "--seed", "1", "--quiet", "--out", stopped}, strings.NewReader(""), io.Discard, io.Discard)
	for _, dirs := range [][]string{{done}, {stopped}, {done, done}} {
		out := filepath.Join(tmp, "merged")
		_, stderr, code := runCmd(t, "", append(append([]string{"merge"}, dirs...), "--out", out)...)
		if code != 2 || !strings.Contains(stderr, "holds a sequential test (sprt)") || !strings.Contains(stderr, "never in shards") ||
			strings.Contains(stderr, "tournament --resume") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("merge %v: exit %d, stderr %q", dirs, code, stderr)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("merge %v wrote %s", dirs, out)
		}
	}
}

// TestMergeGamesLogPath: a --games-log the merged log cannot be written
// at (a directory, a symbolic link, a missing directory) is bad input,
// exit 2 and one line, with nothing written, as for a run's --games-log.
// (It was exit 1, a failure of the program.)
func TestMergeGamesLogPath(t *testing.T) {
	tmp := t.TempDir()
	shards := twoShards(t, tmp, 8, shardLog)
	link := filepath.Join(tmp, "link.jsonl")
	if err := os.Symlink(filepath.Join(tmp, "elsewhere.jsonl"), link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{tmp, "is a directory"},
		{link, "symbolic link"},
		{filepath.Join(tmp, "no", "such.jsonl"), "no directory"},
		{filepath.Join(shards[0]+".jsonl", "x.jsonl"), "not a directory"},
	} {
		out := filepath.Join(tmp, "m")
		_, stderr, code := runCmd(t, "", append([]string{"merge", "--quiet", "--out", out, "--games-log", c.path}, shards...)...)
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("--games-log %s: exit %d, stderr %q, want exit 2 and one line with %q", c.path, code, stderr, c.want)
		}
		if _, err := os.Lstat(out); err == nil {
			t.Errorf("--games-log %s: the merged run was written", c.path)
		}
	}
}

// TestMergeGamesLogInRunDir: merge --games-log may name a file in the
// merged run's own --out directory, new or empty, as a run's may
// (TestGamesLogInRunDir); a name of the run's own files is refused, exit
// 2, one line, nothing made. (It failed "no directory M to write g.gz
// in": the log was merged before the directory was made.)
func TestMergeGamesLogInRunDir(t *testing.T) {
	tmp := t.TempDir()
	shards := twoShards(t, tmp, 8, shardLog)
	for _, c := range []struct {
		out, log string
		mkdir    bool
	}{
		{"new", "g.jsonl.gz", false},
		{"empty", "g.jsonl", true},
	} {
		out := filepath.Join(tmp, c.out)
		if c.mkdir {
			if err := os.Mkdir(out, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		log := filepath.Join(out, c.log)
		if _, stderr, code := runCmd(t, "", append([]string{"merge", "--quiet", "--out", out, "--games-log", log}, shards...)...); code != 0 {
			t.Errorf("merge --out %s --games-log %s/%s: exit %d %q", c.out, c.out, c.log, code, stderr)
			continue
		}
		if list, stderr, code := runCmd(t, "", "replay", log, "--list"); code != 0 || strings.Count(list, "\n") != 2+8 {
			t.Errorf("--out %s: the merged log in the run directory lists as %q %q", c.out, list, stderr)
		}
		if _, stderr, code := runCmd(t, "", "report", out); code != 0 {
			t.Errorf("--out %s: report on the merged run holding its log: exit %d %q", c.out, code, stderr)
		}
	}
	for _, log := range []string{"manifest.json", "counts.json", "ratings.csv", "bots/g.gz"} {
		out := filepath.Join(tmp, "own")
		_, stderr, code := runCmd(t, "", append([]string{"merge", "--quiet", "--out", out, "--games-log", filepath.Join(out, log)}, shards...)...)
		if _, err := os.Lstat(out); code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "would be a file of the run directory") || err == nil {
			t.Errorf("--games-log OUT/%s: exit %d %q, directory left: %v; want exit 2, one line, nothing made", log, code, stderr, err == nil)
		}
	}
	// A log that cannot be merged (it exists already) leaves no merged
	// directory behind, though the directory is now made first.
	taken := filepath.Join(tmp, "taken.jsonl")
	os.WriteFile(taken, []byte("x\n"), 0o644)
	out := filepath.Join(tmp, "m")
	if _, stderr, code := runCmd(t, "", append([]string{"merge", "--quiet", "--out", out, "--games-log", taken}, shards...)...); code != 2 || !strings.Contains(stderr, "already exists") {
		t.Errorf("--games-log onto a file: exit %d %q; want exit 2, already exists", code, stderr)
	}
	if _, err := os.Lstat(out); err == nil {
		t.Errorf("--games-log onto a file: the merged directory was left behind")
	}
}

// TestMergeLocksOut: a merge holds its --out's lock (results.Dir.Lock)
// while it writes, as a run does; a second merge into a directory
// another holds (here the test, as the first merge still writing its
// empty directory) is refused, one line, exit 2, and leaves it. It was
// written over: both merges took the empty directory as theirs.
func TestMergeLocksOut(t *testing.T) {
	tmp := t.TempDir()
	shards := twoShards(t, tmp, 4, nil)
	out := filepath.Join(tmp, "m")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	unlock, err := (&results.Dir{Path: out}).Lock()
	if err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runCmd(t, "", append([]string{"merge", "--quiet", "--out", out}, shards...)...)
	if entries, err := os.ReadDir(out); code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "another process") || err != nil || len(entries) != 0 {
		t.Errorf("merge into a held --out: exit %d %q, %d files there (%v); want exit 2, one line, the directory left as it was", code, stderr, len(entries), err)
	}
	unlock()
	if _, stderr, code := runCmd(t, "", append([]string{"merge", "--quiet", "--out", out}, shards...)...); code != 0 {
		t.Errorf("merge once the lock is let go: exit %d %q", code, stderr)
	}
}

// TestMergeLogIsItsOutDir: merge --out X --games-log X (X, or a parent
// of it, made as the merged run's directory) is the user's mistake, as
// the same flags of a run are: exit code 2, one line, and nothing left
// (no directory, no parent made for it). It was exit code 1, an error
// of the machine's, and the parents of --out stayed.
func TestMergeLogIsItsOutDir(t *testing.T) {
	tmp := t.TempDir()
	shards := twoShards(t, tmp, 8, shardLog)
	for _, c := range []struct{ out, log string }{
		{filepath.Join(tmp, "m", "x"), filepath.Join(tmp, "m", "x")},
		{filepath.Join(tmp, "n", "x"), filepath.Join(tmp, "n")},
	} {
		_, stderr, code := runCmd(t, "", append([]string{"merge", "--quiet", "--out", c.out, "--games-log", c.log}, shards...)...)
		if code != 2 || !strings.Contains(stderr, "is a directory") || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("merge --out %s --games-log %s: exit %d, %q; want exit 2 and one line saying the log is a directory", c.out, c.log, code, stderr)
		}
		top := filepath.Join(tmp, strings.Split(strings.TrimPrefix(c.out, tmp+string(filepath.Separator)), string(filepath.Separator))[0])
		if _, err := os.Lstat(top); err == nil {
			t.Errorf("merge --out %s --games-log %s left %s", c.out, c.log, top)
		}
	}
}

// TestMergesRacingOneOut: two merges started into one new --out at the
// same moment, many times: one writes the merged run, the other is told
// the directory is being written by another process (exit 2, one line),
// whatever moment of the winner's its looks fall on, or, when it began
// only after the winner had saved (a loaded machine), that it holds a
// run. The loser was told "M is not empty (counts.json, …)" when its
// first look, before the lock, found the winner's files half written
// (TestMergeLoserSeesHalfWrittenOut makes that moment every time), or
// that M "already holds a run" when it got the lock after the winner
// let go.
func TestMergesRacingOneOut(t *testing.T) {
	trials := 40
	if testing.Short() {
		trials = 10
	}
	tmp := t.TempDir()
	shards := twoShards(t, tmp, 8, shardLog)
	for i := range trials {
		out := filepath.Join(tmp, fmt.Sprint("m", i))
		var codes [2]int
		var stderrs [2]string
		var wg sync.WaitGroup
		for k := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				args := append([]string{"merge", "--quiet", "--out", out, "--games-log", filepath.Join(out, fmt.Sprintf("games-%d.jsonl", k))}, shards...)
				_, stderrs[k], codes[k] = runCmd(t, "", args...)
			}()
		}
		wg.Wait()
		won := 0
		for k := range 2 {
			switch {
			case codes[k] == 0:
				won++
			case codes[k] != 2 || strings.Count(stderrs[k], "\n") != 1 || !strings.Contains(stderrs[k], "is being written by another process") && !strings.Contains(stderrs[k], "already holds a run"):
				t.Errorf("trial %d: merge %d: exit %d %q; want exit 0, or exit 2 and one line saying --out is being written by another process", i, k, codes[k], stderrs[k])
			}
		}
		if won != 1 {
			t.Errorf("trial %d: %d merges wrote the run (exit codes %v, %q); want one", i, won, codes, stderrs)
		}
	}
}

// TestMergeLoserSeesHalfWrittenOut: a merge into an --out another merge
// holds, having published its games log there but not yet saved its
// run, is told the directory is being written by another process (exit
// 2, one line), not that it "is not empty (games-0.jsonl, …)" (its
// first look, before the lock, found the other's log), and writes
// nothing; the other then saves its run.
func TestMergeLoserSeesHalfWrittenOut(t *testing.T) {
	tmp := t.TempDir()
	shards := twoShards(t, tmp, 8, shardLog)
	out := filepath.Join(tmp, "m")
	merge := func(k int) []string {
		return append([]string{"merge", "--quiet", "--out", out, "--games-log", filepath.Join(out, fmt.Sprintf("games-%d.jsonl", k))}, shards...)
	}
	paused, resume := make(chan struct{}), make(chan struct{})
	t.Cleanup(func() { afterMergedLog = func() {} })
	afterMergedLog = func() {
		afterMergedLog = func() {}
		close(paused)
		<-resume
	}
	first := make(chan string, 1)
	go func() {
		_, stderr, code := runCmd(t, "", merge(0)...)
		first <- fmt.Sprint(code, " ", stderr)
	}()
	<-paused
	_, stderr, code := runCmd(t, "", merge(1)...)
	if code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "is being written by another process") {
		t.Errorf("a merge into an --out another merge is writing: exit %d %q; want exit 2 and one line saying another process writes it", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "games-1.jsonl")); err == nil {
		t.Error("the refused merge wrote its games log")
	}
	close(resume)
	if got := <-first; got != "0 " {
		t.Errorf("the first merge: %q, want exit 0", got)
	}
}
