package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
)

func TestTournamentBadInput(t *testing.T) {
	dir := t.TempDir()
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"tournament", "--bots", "random"}, "at least two bots"},
		{[]string{"tournament", "--bots", "random,nosuchbot"}, `unknown bot "nosuchbot"`},
		{[]string{"tournament", "--bots", "random,greedy:name=random"}, `two bots are named "random"`},
		{[]string{"tournament", "--games", "0"}, "--games must be a positive even number"},
		{[]string{"tournament", "--games", "3"}, "--games must be a positive even number"},
		{[]string{"tournament", "--workers", "0"}, "--workers must be at least 1"},
		{[]string{"tournament", "--format", "xml"}, "--format must be table, csv or json"},
		{[]string{"tournament", "--shard", "3/2"}, "--shard wants i/n"},
		{[]string{"tournament", "--shard", "x"}, "--shard wants i/n"},
		{[]string{"tournament", "--seed", "0xZZ"}, "--seed"},
		{[]string{"tournament", "--resume", dir}, "not a run directory"},
		{[]string{"tournament", "--resume", dir, "--bots", "random,greedy"}, "cannot be combined with --resume"},
		{[]string{"tournament", "extra"}, "unexpected argument"},
		{[]string{"report"}, "want one run directory"},
		{[]string{"report", dir}, "not a run directory"},
		{[]string{"merge", dir}, "--out DIR is required"},
		{[]string{"merge", dir, "--out", filepath.Join(dir, "m")}, "not a run directory"},
		{[]string{"sprt", "random"}, "want two bots"},
		{[]string{"sprt", "random", "greedy", "--elo0", "5", "--elo1", "0"}, "elo1"},
		{[]string{"sprt", "random", "greedy", "--alpha", "1.5"}, "alpha"},
		{[]string{"sprt", "random", "greedy", "--max-games", "5"}, "positive even"},
		{[]string{"sprt", "random", "greedy", "--model", "bayes"}, "unknown Elo model"},
	} {
		stdout, stderr, code := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) || stdout != "" {
			t.Errorf("case %d %v: code %d, stderr %q, stdout %q; want code 2 and %q", i, c.args, code, stderr, stdout, c.msg)
		}
		if strings.Count(strings.TrimRight(stderr, "\n"), "\n") != 0 {
			t.Errorf("case %d %v: error is not one line: %q", i, c.args, stderr)
		}
	}
}

func readCounts(t *testing.T, dir string) *results.Counts {
	t.Helper()
	_, _, c, err := results.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestTournamentAndReport: a run writes its directory; 'nzsc report'
// re-renders exactly the same tables from the files alone.
func TestTournamentAndReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	stdout, stderr, code := runCmd(t, "", "tournament", "--bots", "random,classic,greedy", "--games", "200",
		"--seed", "5", "--out", dir, "--quiet")
	if code != 0 {
		t.Fatalf("code %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"round robin of 3 bots, seed 0x5", "600 of 600 games played", "Ranking", "Cross-table", "Characters", "Meta-game"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	for _, f := range []string{"manifest.json", "counts.json", "ratings.csv", "crosstable.csv", "loadouts.csv", "picks.csv", "pairings.csv", "metagame.csv"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("run directory lacks %s", f)
		}
	}
	_, man, _, err := results.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !man.Complete || man.GamesDone != 600 || man.Seed != 5 || len(man.Bots) != 3 || man.Ended.IsZero() {
		t.Errorf("manifest %+v", man)
	}
	again, stderr, code := runCmd(t, "", "report", dir)
	if code != 0 || again != stdout {
		t.Errorf("report: code %d stderr %q; output differs from the tournament's:\n%s", code, stderr, again)
	}
	js, _, code := runCmd(t, "", "report", dir, "--format", "json")
	var doc map[string]any
	if code != 0 || json.Unmarshal([]byte(js), &doc) != nil || doc["format"] != "nzsc-tournament-report/2" {
		t.Errorf("report --format json: code %d, %.200s", code, js)
	}
	html := filepath.Join(t.TempDir(), "r.html")
	if _, stderr, code := runCmd(t, "", "report", dir, "--html", html, "--format", "csv"); code != 0 {
		t.Errorf("report --html: code %d %s", code, stderr)
	}
	if b, err := os.ReadFile(html); err != nil || !bytes.Contains(b, []byte(`<svg id="c-cross"`)) || !bytes.Contains(b, []byte(`<table id="t-ranking"`)) {
		t.Errorf("HTML report missing or without its charts and tables: %v", err)
	}
	// A second run into the same directory is refused.
	if _, stderr, code := runCmd(t, "", "tournament", "--bots", "random,classic", "--games", "2", "--out", dir); code != 2 || !strings.Contains(stderr, "already holds a run") {
		t.Errorf("run into an existing run directory: code %d, %q", code, stderr)
	}
}

// stopper is a bot that plays uniformly and cancels the command's
// context after a set number of games: Ctrl-C in the middle of a chunk.
type stopper struct{ rng *rand.Rand }

var (
	stopGames  atomic.Int64
	stopAt     atomic.Int64
	stopCancel atomic.Pointer[context.CancelFunc]
)

func (s *stopper) NewGame(_ int, rng *rand.Rand) {
	s.rng = rng
	if stopGames.Add(1) == stopAt.Load() {
		if f := stopCancel.Load(); f != nil {
			(*f)()
		}
	}
}

func (s *stopper) Choose(d *agents.Decision) nzsc.Choice { return d.Legal[s.rng.IntN(len(d.Legal))] }

func init() {
	agents.Register(agents.Info{Name: "test-stop", Help: "test only: uniform; stops the run after a set number of games",
		New: func(agents.Params) (agents.Agent, error) { return &stopper{}, nil }})
}

func gamesInLog(t *testing.T, path string) (games int) {
	t.Helper()
	seen := map[[3]uint64]bool{}
	err := results.ReadRecords(path, func(r *game.Record) error {
		k := [3]uint64{uint64(*r.Table), *r.Set, uint64(*r.InSet)}
		if seen[k] {
			t.Errorf("games log holds game %v twice", k)
		}
		seen[k] = true
		games++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return games
}

// TestTournamentResumeExact interrupts a run mid-chunk (a cancelled
// context, as Ctrl-C does), resumes it with --resume, and compares the
// counts with an uninterrupted run's; the games log holds every game
// once.
func TestTournamentResumeExact(t *testing.T) {
	tmp := t.TempDir()
	args := []string{"tournament", "--bots", "random,test-stop,classic", "--games", "400", "--seed", "11", "--chunk", "10",
		"--workers", "2", "--quiet", "--format", "csv"}
	stopAt.Store(-1)
	if _, stderr, code := runCmd(t, "", append(args, "--out", filepath.Join(tmp, "whole"))...); code != 0 {
		t.Fatalf("uninterrupted run: %s", stderr)
	}
	want := readCounts(t, filepath.Join(tmp, "whole"))

	dir := filepath.Join(tmp, "cut")
	logPath := filepath.Join(tmp, "games.jsonl.gz")
	_, err := runStopped(t, 700, append(args, "--out", dir, "--games-log", logPath)...)
	if err == nil || !strings.Contains(err.Error(), "--resume "+dir) || exitCode(err, io.Discard) != 1 {
		t.Fatalf("interrupted run: err %v", err)
	}
	part := readCounts(t, dir)
	if g := part.Games(); g == 0 || g >= want.Games() {
		t.Fatalf("interrupted run saved %d of %d games; want a partial run", g, want.Games())
	}
	if n := gamesInLog(t, logPath); int64(n) != part.Games() {
		t.Errorf("games log has %d games after the interruption, counts %d", n, part.Games())
	}
	// The resumed run goes on writing its log without being told.
	if _, stderr, code := runCmd(t, "", "tournament", "--resume", dir, "--quiet"); code != 0 {
		t.Fatalf("resume: code %d %s", code, stderr)
	}
	got := readCounts(t, dir)
	if !reflect.DeepEqual(got.Tournament, want.Tournament) || !reflect.DeepEqual(got.Finished, want.Finished) {
		t.Errorf("interrupted + resumed counts differ from the uninterrupted run")
	}
	if n := gamesInLog(t, logPath); int64(n) != want.Games() {
		t.Errorf("games log has %d games, the run %d", n, want.Games())
	}
	// Resuming a complete run plays nothing and changes nothing.
	if _, stderr, code := runCmd(t, "", "tournament", "--resume", dir, "--quiet"); code != 0 {
		t.Fatalf("resume of a complete run: %s", stderr)
	}
	if again := readCounts(t, dir); !reflect.DeepEqual(again.Tournament, want.Tournament) {
		t.Errorf("resuming a complete run changed its counts")
	}
}

// TestShardsMergeCommand: two and three shards merged by 'nzsc merge'
// hold the single run's counts.
func TestShardsMergeCommand(t *testing.T) {
	tmp := t.TempDir()
	base := []string{"tournament", "--bots", "random,classic,greedy", "--gauntlet", "greedy", "--games", "300", "--seed", "77",
		"--chunk", "7", "--quiet", "--format", "json"}
	if _, stderr, code := runCmd(t, "", append(base, "--out", filepath.Join(tmp, "whole"))...); code != 0 {
		t.Fatal(stderr)
	}
	want := readCounts(t, filepath.Join(tmp, "whole"))
	if len(want.Pairings) != 2 {
		t.Fatalf("gauntlet of 3 bots has %d pairings, want 2", len(want.Pairings))
	}
	for _, n := range []string{"2", "3"} {
		var dirs []string
		for i := range map[string]int{"2": 2, "3": 3}[n] {
			d := filepath.Join(tmp, "s"+n+"-"+string(rune('0'+i)))
			if _, stderr, code := runCmd(t, "", append(base, "--shard", string(rune('0'+i))+"/"+n, "--out", d)...); code != 0 {
				t.Fatal(stderr)
			}
			dirs = append(dirs, d)
		}
		m := filepath.Join(tmp, "m"+n)
		if _, stderr, code := runCmd(t, "", append(append([]string{"merge"}, dirs...), "--out", m, "--quiet")...); code != 0 {
			t.Fatal(stderr)
		}
		got := readCounts(t, m)
		if !reflect.DeepEqual(got.Tournament, want.Tournament) || !reflect.DeepEqual(got.Finished, want.Finished) {
			t.Errorf("%s shards merged differ from the single run", n)
		}
	}
}

// TestSPRTCommand: a clear difference is accepted, and the stopping
// point does not depend on the number of workers.
func TestSPRTCommand(t *testing.T) {
	var docs []string
	for _, w := range []string{"1", "2"} {
		stdout, stderr, code := runCmd(t, "", "sprt", "greedy", "random", "--elo0", "0", "--elo1", "50", "--batch", "200",
			"--seed", "3", "--workers", w, "--format", "json", "--quiet")
		if code != 0 {
			t.Fatalf("code %d %s", code, stderr)
		}
		var doc report.SPRT
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatal(err)
		}
		if doc.Verdict != "H1 accepted" || doc.Games == 0 || doc.Games%2 != 0 || doc.LLR < doc.Upper {
			t.Errorf("workers %s: verdict %q after %d games, LLR %v", w, doc.Verdict, doc.Games, doc.LLR)
		}
		docs = append(docs, stdout)
	}
	if docs[0] != docs[1] {
		t.Errorf("1 and 2 workers disagree:\n%s\n%s", docs[0], docs[1])
	}
	stdout, _, code := runCmd(t, "", "sprt", "greedy", "random", "--seed", "3", "--batch", "200")
	if code != 0 || !strings.Contains(stdout, "LLR") || !strings.Contains(stdout, "H1 accepted") || !strings.Contains(stdout, "Elo +") {
		t.Errorf("table output: %s", stdout)
	}
}

// TestSPRTResumeVerdictWithoutLooks: a manifest whose test names a
// verdict but holds no look (edited: a test records its verdict with the
// look that reached it) is refused on one line naming the file and the
// field, exit code 2, by a resume and a report alike, with neither a
// panic nor a verdict taken from the stored name. (It resumed as a test
// without a verdict; a manifest whose looks and verdict disagree is now
// refused, results' checkLooks, TestSPRTForgedVerdict.)
func TestSPRTResumeVerdictWithoutLooks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	_, err := runStopped(t, 150, "sprt", "test-stop", "random", "--elo0", "0", "--elo1", "5", "--batch", "100",
		"--max-games", "400", "--seed", "4", "--workers", "1", "--quiet", "--out", dir)
	if err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Fatalf("interrupted test: err %v", err)
	}
	path := filepath.Join(dir, "manifest.json")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	st := m["sprt"].(map[string]any)
	st["looks"], st["verdict"] = []any{}, "H1 accepted"
	raw, _ = json.Marshal(m)
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	want := path + `: sprt: verdict "H1 accepted" without a look` + "\n"
	for _, args := range [][]string{{"sprt", "--resume", dir, "--format", "json", "--quiet"}, {"report", dir}} {
		stdout, stderr, code := runCmd(t, "", args...)
		if code != 2 || !strings.HasSuffix(stderr, want) || strings.Count(stderr, "\n") != 1 || stdout != "" {
			t.Errorf("%v: code %d, stderr %q, want 2 and %q; stdout %.200q", args, code, stderr, want, stdout)
		}
	}
}

// TestTournamentChunkFromSize: a tournament's chunks are a 32nd of a
// pairing's pairs (4 to 512), as a match's, so that a short run of slow
// bots saves what it played when stopped; they were 512 pairs whatever
// the size, and a 2000-game tournament of mcts stopped after 30 s saved
// none of its games.
func TestTournamentChunkFromSize(t *testing.T) {
	for _, c := range []struct {
		args []string
		want uint64
	}{
		{[]string{"--bots", "random,greedy,classic", "--games", "2000"}, 31},
		{[]string{"--bots", "random,greedy", "--games", "40"}, 4},
		{[]string{"--players", "3", "--bots", "random,greedy,classic", "--games", "600"}, 4},
		{[]string{"--bots", "random,greedy", "--games", "200", "--chunk", "7"}, 7},
	} {
		d := filepath.Join(t.TempDir(), "run")
		if _, stderr, code := runCmd(t, "", append([]string{"tournament", "--seed", "1", "--quiet", "--out", d}, c.args...)...); code != 0 {
			t.Fatalf("%v: exit %d %s", c.args, code, stderr)
		}
		_, m, _, err := results.Load(d)
		if err != nil {
			t.Fatal(err)
		}
		if m.ChunkPairs != c.want {
			t.Errorf("%v: chunks of %d pairs, want %d", c.args, m.ChunkPairs, c.want)
		}
	}
}

// TestResumeDamagedGamesLog: a run whose games log was replaced by
// garbage is refused at resume, exit 2, in one line naming the log once
// per command (tournament said "tournament: tournament: ... (finished
// games are saved in ...)").
func TestResumeDamagedGamesLog(t *testing.T) {
	dir := t.TempDir()
	for _, cmd := range [][]string{
		{"tournament", "--bots", "random,greedy", "--games", "20"},
		{"match", "greedy", "random", "--games", "20"},
	} {
		out, log := filepath.Join(dir, cmd[0]), filepath.Join(dir, cmd[0]+".gz")
		args := append(cmd, "--seed", "1", "--out", out, "--games-log", log, "--quiet")
		if _, stderr, code := runCmd(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		if err := os.WriteFile(log, []byte("garbage\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, code := runCmd(t, "", cmd[0], "--resume", out, "--quiet")
		msg := strings.TrimSpace(stderr)
		if code != 2 || strings.Count(msg, cmd[0]+":") != 1 || !strings.Contains(msg, "is not a gzip file") || strings.Contains(msg, "\n") {
			t.Errorf("%s --resume with a garbage log: exit %d, %q; want exit 2 and one line naming the log, the command once", cmd[0], code, msg)
		}
	}
}

// TestNeverMetNotCalledGauntlet: a round robin not played to its end (a
// shard here; an interrupted run alike) leaves pairs of bots that never
// met, and the report must not say they are a gauntlet's (it did).
func TestNeverMetNotCalledGauntlet(t *testing.T) {
	out := filepath.Join(t.TempDir(), "shard")
	stdout, stderr, code := runCmd(t, "", "tournament", "--bots", "random,greedy,classic,nash", "--games", "2", "--seed", "1", "--shard", "1/3", "--out", out, "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	text := strings.Join(strings.Fields(stdout), " ")
	if !strings.Contains(text, "never met (a gauntlet, or a run not played to its end)") || strings.Contains(text, "(gauntlet)") {
		t.Errorf("a shard's report: %q; want its unmet pairs told as a gauntlet's or an unfinished run's", text)
	}
}

// TestTournamentCopiesNamed: a bot listed twice in a tournament, at 2, 3
// or 4 seats, is numbered as nzsc match numbers copies (random, random2:
// agents.CopyNames), its name in its spec, so that the run's tables and
// manifest name each bot once and a resume keeps the names; the
// tournament refused such a list ("listed twice"), while a match at 3 or
// 4 seats numbered it. Two specs of one name stay refused
// (TestTournamentBadInput).
func TestTournamentCopiesNamed(t *testing.T) {
	for _, c := range []struct {
		players, games string
		bots           string
		want           []string
	}{
		{"2", "2", "random,random,greedy", []string{"random", "random2", "greedy"}},
		{"3", "6", "random,greedy,random,greedy", []string{"random", "greedy", "random2", "greedy2"}},
		{"4", "24", "random,random,random,greedy", []string{"random", "random2", "random3", "greedy"}},
	} {
		out := filepath.Join(t.TempDir(), "t")
		first, stderr, code := runCmd(t, "", "tournament", "--players", c.players, "--bots", c.bots, "--games", c.games, "--seed", "3", "--format", "csv", "--quiet", "--out", out)
		if code != 0 {
			t.Fatalf("%s players: exit %d: %s", c.players, code, stderr)
		}
		_, m, counts, err := results.Load(out)
		if err != nil {
			t.Fatal(err)
		}
		var specs []string
		for _, b := range m.Bots {
			specs = append(specs, b.Spec)
		}
		if !slices.Equal(counts.Bots, c.want) {
			t.Errorf("%s players: bots %q (specs %q), want %q", c.players, counts.Bots, specs, c.want)
		}
		for k, name := range c.want {
			if name != strings.SplitN(c.bots, ",", len(c.want))[k] && !strings.HasSuffix(specs[k], ":name="+name) {
				t.Errorf("%s players: bot %d's spec %q does not keep its name %s", c.players, k, specs[k], name)
			}
		}
		resumed, stderr, code := runCmd(t, "", "tournament", "--resume", out, "--format", "csv", "--quiet")
		if code != 0 || resumed != first {
			t.Errorf("%s players: resume: exit %d (%s); tables differ:\n%s\nwant\n%s", c.players, code, stderr, resumed, first)
		}
	}
}
