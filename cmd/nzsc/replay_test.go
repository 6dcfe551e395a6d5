package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/crash"
	"github.com/nzsclab/nzsc/results"
)

// TestReplayRefusesFields: a record with a field out of range or against
// its moves is a one-line error naming the field, exit 2, for every
// game. (A forfeit of seat 7 was "internal error: index out of range",
// exit 1; "steps": 99 and a deciding seat's "" replayed with exit 0.)
func TestReplayRefusesFields(t *testing.T) {
	const nzsc = `{"format":"nzsc-lab-game","version":1,"game":"nzsc","seats":2,"rules":{"turn_cap":"1000"},"seed":"0x1","bots":["a","b"],`
	const npzr = `{"format":"nzsc-lab-game","version":1,"game":"npzr","seats":2,"rules":{"copies":"4","turn_cap":"500"},"seed":"0xbd64a5d9adefe000","bots":["crash","greedy"],`
	const nzsc3 = `{"format":"nzsc-lab-game","version":1,"game":"nzsc","seats":3,"rules":{"turn_cap":"1000"},"seed":"0x1","bots":["a","b","c"],`
	for i, c := range []struct{ line, want string }{
		{nzsc + `"turns":[["Ninja","Zombie"]],"result":{"places":[2,1],"winner":1,"score":[0,1],"steps":1,"forfeit":7,"fault":"x"}}`, "forfeit is seat 7"},
		{nzsc + `"turns":[["Ninja","Zombie"]],"result":{"places":[2,1],"winner":1,"score":[0,1],"steps":99,"forfeit":0,"fault":"x"}}`, "99 steps"},
		{nzsc + `"turns":[["","Zombie"]],"result":{"places":[2,1],"winner":1,"score":[0,1],"steps":1,"forfeit":0,"fault":"x"}}`, "seat 0 decides but the record gives it no action"},
		{nzsc + `"turns":[["Ninja","Zombie"]],"result":{"places":[2,1],"winner":1,"score":[0,3],"steps":1,"forfeit":0,"fault":"x"}}`, "forfeited with score [0 0]"},
		{npzr + `"turns":[["play Ninja Torso new",""]],"result":{"places":[2,1],"winner":1,"score":[0,0],"steps":1,"forfeit":2,"fault":"x"}}`, "forfeit is seat 2"},
		{npzr + `"turns":[["play Ninja Torso new",""]],"result":{"places":[1,1],"winner":-1,"score":[0,0],"steps":1,"forfeit":0,"fault":"x"}}`, "a forfeit gives 2-1"},
		{nzsc3 + `"turns":[["Ninja","Zombie","Clown"]],"result":{"places":[1,3,3],"winner":-1,"score":[0,0,0],"steps":1}}`, "no finishing order"},
		{nzsc3 + `"game_in_set":6,"turns":[["Ninja","Zombie","Clown"]],"result":{"places":[1,1,3],"winner":-1,"score":[0,0,0],"steps":1,"forfeit":2,"fault":"x"}}`, "game_in_set is 6"},
	} {
		path := filepath.Join(t.TempDir(), "r.jsonl")
		if err := os.WriteFile(path, []byte(c.line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, code := runCmd(t, "", "replay", path)
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("case %d: code %d %q, want 2 and one line naming %q", i, code, stderr, c.want)
		}
	}
}

// FuzzReplay runs nzsc replay on any one line: bad input is an error
// with exit code 2, never a panic (exit 1 and a crash file). The corpus is
// real records of every game (engine/games/testdata, whose FuzzRecord
// fuzzes the checks themselves).
func FuzzReplay(f *testing.F) {
	fh, err := os.Open(filepath.Join("..", "..", "engine", "games", "testdata", "records.jsonl"))
	if err != nil {
		f.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f.Add(append([]byte(nil), sc.Bytes()...))
	}
	// The audit's cases (issues 22 and 23), kept as regressions.
	f.Add([]byte(`{"format":"nzsc-lab-game","version":1,"game":"nzsc","seats":2,"rules":{"turn_cap":"1000"},"seed":"0x1","bots":["a","b"],"turns":[["Ninja","Zombie"]],"result":{"places":[2,1],"winner":1,"score":[0,0],"steps":1,"forfeit":7,"fault":"x"}}`))
	f.Add([]byte(`{"format":"nzsc-lab-game","version":1,"game":"npzr","seats":2,"rules":{"copies":"4","turn_cap":"500"},"seed":"0x1","bots":["a","b"],"turns":[],"result":{"places":[1,2],"winner":0,"score":[0,0],"steps":0,"forfeit":-3,"fault":"x"}}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, line []byte) {
		path := filepath.Join(dir, "r.jsonl")
		if err := os.WriteFile(path, line, 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		err := run(context.Background(), []string{"replay", path}, strings.NewReader(""), &out, &errb)
		var u *usageError
		switch {
		case crash.As(err) != nil:
			t.Fatalf("replay panics: %v\n%s", err, line)
		case err != nil && !errors.As(err, &u):
			t.Fatalf("replay fails with exit 1 on bad input: %v\n%s", err, line)
		}
	})
}

// TestReplayList: --list has a row per record of every game, whose
// index, seed, score and winner are the record's and whose winner is the
// one the narration of that record (--index N) names.
func TestReplayList(t *testing.T) {
	for _, args := range [][]string{
		{"match", "greedy", "random", "--games", "6"},
		{"match", "greedy", "random", "classic", "--players", "3", "--games", "6"},
		{"match", "greedy", "random", "--game", "npzr", "--games", "4"},
		// Wider than a terminal: each game stays one line, its seed last
		// (the seed was folded into a second block).
		{"match", "mcts:iters=10", "paranoid", "random", "cce", "--players", "4", "--games", "24"},
	} {
		path := filepath.Join(t.TempDir(), "g.jsonl.gz")
		if _, stderr, code := runCmd(t, "", append(args, "--seed", "3", "--quiet", "--games-log", path)...); code != 0 {
			t.Fatalf("%v: %s", args, stderr)
		}
		out, stderr, code := runCmd(t, "", "replay", path, "--list")
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		var recs []game.Record
		results.ReadRecords(path, func(r *game.Record) error { recs = append(recs, *r); return nil })
		if code != 0 || len(lines) != 2+len(recs) || len(recs) == 0 {
			t.Fatalf("%v: code %d, %d lines for %d records: %s%s", args, code, len(lines), len(recs), out, stderr)
		}
		for i, r := range recs {
			f := strings.Fields(lines[2+i])
			score := make([]string, len(r.Result.Score))
			for s, v := range r.Result.Score {
				score[s] = strconv.Itoa(v)
			}
			if f[0] != strconv.Itoa(i) || f[len(f)-1] != r.Seed || f[len(f)-3] != strings.Join(score, "-") || f[len(f)-2] != strconv.Itoa(r.Result.Steps) {
				t.Errorf("%v: row %q for record %+v", args, lines[2+i], r)
			}
			if r.Result.Winner < 0 {
				continue
			}
			story, _, _ := runCmd(t, "", "replay", path, "--index", strconv.Itoa(i))
			winner := r.Bots[r.Result.Winner]
			if !strings.Contains(lines[2+i], fmt.Sprintf("  %s (seat %d)  ", winner, r.Result.Winner)) || !strings.Contains(story, winner+" won") {
				t.Errorf("%v: row %q, narration's end %q: not the same winner", args, lines[2+i], story[max(0, len(story)-80):])
			}
		}
	}
	if _, stderr, code := runCmd(t, "", "replay", "x.jsonl", "--list", "--index", "1"); code != 2 || !strings.Contains(stderr, "--list lists every record") {
		t.Errorf("--list with --index: code %d %q", code, stderr)
	}
}

// TestReplayInterrupted: Ctrl-C stops replay at once, narrated or
// listed, with the interrupted exit. (It read the whole file first: a
// log of 850 000 games took 112 s to stop, exit 130 only at the end,
// after printing every line.)
func TestReplayInterrupted(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.jsonl.gz")
	if _, stderr, code := runCmd(t, "", "match", "greedy", "random", "--games", "4", "--seed", "1", "--quiet", "--games-log", path); code != 0 {
		t.Fatal(stderr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"replay", path},
		{"replay", path, "--list"},
		{"replay", path, "--index", "3"},
	} {
		var out, errb bytes.Buffer
		err := run(ctx, args, strings.NewReader(""), &out, &errb)
		if want := "replay interrupted before it finished"; err == nil || !strings.Contains(err.Error(), want) || out.Len() != 0 {
			t.Errorf("%v: %v, %d bytes out; want an error saying %q and nothing narrated", args, err, out.Len(), want)
		}
	}
}

// TestReplayOutcomeLog: a log written at --games-log-level outcome has
// no turns to narrate: replay says so, exit 2, points to --list, and
// prints no heading of a game it cannot show (it printed "Game 0", then
// the error).
func TestReplayOutcomeLog(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.jsonl.gz")
	greedyRandomLog(t, path, "1", "--games-log-level", "outcome")
	for _, args := range [][]string{{"replay", path}, {"replay", path, "--index", "1"}} {
		out, stderr, code := runCmd(t, "", args...)
		if code != 2 || out != "" || !strings.Contains(stderr, "only the outcome") || !strings.Contains(stderr, "--list' lists them") {
			t.Errorf("%v: exit %d, out %q, stderr %q; want exit 2, nothing out, and a pointer to --list", args, code, out, stderr)
		}
	}
}

// greedyRandomLog writes at path the games log of two games of greedy
// against random from seed (and any more match flags) and returns what
// the file holds.
func greedyRandomLog(t *testing.T, path, seed string, flags ...string) []byte {
	t.Helper()
	args := append([]string{"match", "greedy", "random", "--games", "2", "--seed", seed, "--quiet", "--games-log", path}, flags...)
	if _, stderr, code := runCmd(t, "", args...); code != 0 {
		t.Fatal(stderr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// cancelOnWrite is a terminal whose user presses Ctrl-C as soon as a
// line shows.
type cancelOnWrite struct {
	bytes.Buffer
	cancel context.CancelFunc
}

func (w *cancelOnWrite) Write(p []byte) (int, error) {
	w.cancel()
	return w.Buffer.Write(p)
}

// TestReplayListStreams: --list writes its first lines before it reads
// the log to its end, and past its first rows keeps their columns. (It
// held the whole table to size its columns: a log of 852 000 games took
// 63 s and 499 MB before its first line; Ctrl-C at the first line came
// after the last.)
func TestReplayListStreams(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.jsonl")
	two := greedyRandomLog(t, small, "1")
	const games = 5000
	path := filepath.Join(dir, "big.jsonl")
	if err := os.WriteFile(path, bytes.Repeat(two, games/2), 0o644); err != nil {
		t.Fatal(err)
	}

	out, stderr, code := runCmd(t, "", "replay", path, "--list")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != 2+games {
		t.Fatalf("code %d, %d lines for %d games: %s", code, len(lines), games, stderr)
	}
	seed := lines[2][strings.LastIndex(lines[2], " ")+1:]
	for i, l := range lines[2:] {
		if f := strings.Fields(l); f[0] != strconv.Itoa(i) || f[len(f)-1] != seed {
			t.Errorf("row %d is %q", i, l)
		}
		// Every record is one of two alike: so is every row.
		if want := lines[2+i%2]; len(l) != len(want) || strings.Index(l, seed) != strings.Index(want, seed) {
			t.Errorf("row %d %q is not in the columns of row %d %q", i, l, i%2, want)
		}
	}
	if len(lines[1]) != len(lines[2]) || strings.Trim(lines[1], "-") != "" {
		t.Errorf("rule %q is not as wide as the rows %q", lines[1], lines[2])
	}

	// Later rows of longer names (a tournament's log holds its pairings
	// one after the other) widen the columns from the first of them on:
	// the rows after it line up, those of longer names or not.
	first, second, _ := bytes.Cut(two, []byte("\n"))
	long := append(bytes.ReplaceAll(first, []byte(`"greedy"`), []byte(`"greedy:depth=long"`)), '\n')
	long = append(long, second...)
	if err := os.WriteFile(path, append(bytes.Repeat(two, games/2), bytes.Repeat(long, 2)...), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code = runCmd(t, "", "replay", path, "--list")
	lines = strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != 2+games+4 || !strings.Contains(lines[2+games], "greedy:depth=long") {
		t.Fatalf("code %d, %d lines for %d games: %s", code, len(lines), games+4, stderr)
	}
	for _, l := range lines[2+games+1:] {
		if want := lines[2+games]; len(l) != len(want) || strings.Index(l, seed) != strings.Index(want, seed) {
			t.Errorf("row %q is not in the columns of the first row of longer names %q", l, want)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	w := &cancelOnWrite{cancel: cancel}
	err := run(ctx, []string{"replay", path, "--list"}, strings.NewReader(""), w, io.Discard)
	if n := strings.Count(w.String(), "\n"); err == nil || n == 0 || n >= 2+games {
		t.Errorf("Ctrl-C at the first line: %v after %d lines; want interrupted before the log's end", err, n)
	}
}

// TestReplayIndexCountsOnly: --index N decodes and checks record N
// alone; the records before it are only counted, so a damaged one does
// not stop it, and N itself damaged still does. (Every earlier record was
// decoded and checked: --index 851967 took 17 s of CPU where gunzip takes
// 1.6 s, and a damaged record 0 refused every N.)
func TestReplayIndexCountsOnly(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	two := greedyRandomLog(t, good, "1")
	want, stderr, code := runCmd(t, "", "replay", good, "--index", "1")
	if code != 0 {
		t.Fatal(stderr)
	}
	// Two damaged lines, a blank one (not a record), then the two games.
	path := filepath.Join(dir, "damaged.jsonl")
	if err := os.WriteFile(path, append([]byte("not json\n{\"format\":\"nzsc-lab-game\",\"version\":9}\n\n"), two...), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCmd(t, "", "replay", path, "--index", "3")
	if wantOut := strings.Replace(want, "Game 1", "Game 3", 1); code != 0 || out != wantOut {
		t.Errorf("--index 3 after two damaged records: exit %d %q\n%s\nwant the narration of the log's second game:\n%s", code, stderr, out, wantOut)
	}
	for _, c := range []struct{ index, want string }{
		{"0", "line 1: not a game record"},
		{"1", "line 2: "},
		{"4", "holds 4 records, numbered from 0: there is no record 4"},
	} {
		out, stderr, code := runCmd(t, "", "replay", path, "--index", c.index)
		if code != 2 || out != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("--index %s: exit %d %q %q; want exit 2 naming %q", c.index, code, out, stderr, c.want)
		}
	}
}

// TestGamesLogInRunDir: a games log may be in the run's own --out
// directory, new or empty, as a cutechess user puts the pgn anywhere;
// only a name of the run's own files is refused, up front, exit 2, with
// nothing left behind. (It failed "open Q/g.gz: no such file or
// directory", and with Q made first "Q is not empty (g.gz, …)", the log
// it had just created.)
func TestGamesLogInRunDir(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		out, log string
		mkdir    bool
	}{
		{"new", "new/g.jsonl.gz", false},
		{"empty", "empty/g.jsonl", true},
	} {
		out := filepath.Join(dir, c.out)
		if c.mkdir {
			if err := os.Mkdir(out, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		log := filepath.Join(dir, c.log)
		for _, cmd := range [][]string{
			{"match", "greedy", "random", "--games", "4"},
			{"tournament", "--bots", "greedy,random", "--games", "4"},
		} {
			os.RemoveAll(out)
			if c.mkdir {
				os.Mkdir(out, 0o755)
			}
			if _, stderr, code := runCmd(t, "", append(cmd, "--seed", "1", "--quiet", "--out", out, "--games-log", log)...); code != 0 {
				t.Errorf("%v --out %s --games-log %s: exit %d %q", cmd, c.out, c.log, code, stderr)
				continue
			}
			if list, stderr, code := runCmd(t, "", "replay", log, "--list"); code != 0 || strings.Count(list, "\n") != 2+4 {
				t.Errorf("%v: the log in the run directory lists as %q %q", cmd, list, stderr)
			}
			if _, stderr, code := runCmd(t, "", "report", out); code != 0 {
				t.Errorf("%v: report on the run directory holding its log: exit %d %q", cmd, code, stderr)
			}
		}
	}
	for _, log := range []string{"manifest.json", "counts.json", "ratings.csv", "bots/g.gz"} {
		out := filepath.Join(dir, "own")
		_, stderr, code := runCmd(t, "", "match", "greedy", "random", "--games", "4", "--quiet", "--out", out, "--games-log", filepath.Join(out, log))
		if _, err := os.Lstat(out); code != 2 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "would be a file of the run directory") || err == nil {
			t.Errorf("--games-log OUT/%s: exit %d %q, directory left: %v; want exit 2, one line, nothing made", log, code, stderr, err == nil)
		}
	}
}

// TestReplayNothingListed: a file that yields no record (a directory,
// a damaged first line, only blank lines) is one line of error and
// nothing on stdout, with --list as without it; --index on a file of no
// record says so as the others do. (--list printed its table's heading
// over nothing before the error; --index 0 said "holds 0 records,
// numbered from 0".)
func TestReplayNothingListed(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	blank := write("blank.jsonl", "\n\n")
	for i, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", sub, "--list"}, "is a directory"},
		{[]string{"replay", write("bad.jsonl", "{\"format\":\n"), "--list"}, "line 1: not a game record"},
		{[]string{"replay", write("null.jsonl", "null\n"), "--list"}, "line 1: not a game record"},
		{[]string{"replay", blank, "--list"}, "holds no game records"},
		{[]string{"replay", blank, "--index", "0"}, "holds no game records"},
		{[]string{"replay", blank}, "holds no game records"},
	} {
		out, stderr, code := runCmd(t, "", c.args...)
		if code != 2 || out != "" || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("case %d: %v: exit %d, stdout %q, stderr %q; want exit 2, nothing out, one line naming %q", i, c.args[1:], code, out, stderr, c.want)
		}
	}
}

// TestReplayIndexHelp: --index's help gives no default of -1 beside
// "default every record" (it read "(default -1)").
func TestReplayIndexHelp(t *testing.T) {
	help, _, _ := runCmd(t, "", "replay", "--help")
	if !strings.Contains(strings.Join(strings.Fields(help), " "), "default every record") || strings.Contains(help, "(default -1)") {
		t.Errorf("replay --help:\n%s", help)
	}
}

// TestReplayStdin: FILE - reads the records from standard input, plain
// or gzip, with --list and --index as from a file; an empty input is
// one line of error. ("open -: no such file or directory" before.)
func TestReplayStdin(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "g.jsonl")
	if _, stderr, code := runCmd(t, "", "match", "random", "greedy", "--game", "npzr", "--games", "4", "--seed", "1", "--quiet", "--games-log", log); code != 0 {
		t.Fatal(stderr)
	}
	plain, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write(plain)
	zw.Close()
	for _, args := range [][]string{{"--list"}, {"--index", "2"}, nil} {
		want, _, _ := runCmd(t, "", append([]string{"replay", log}, args...)...)
		for name, in := range map[string]string{"plain": string(plain), "gzip": zb.String()} {
			got, stderr, code := runCmd(t, in, append([]string{"replay", "-"}, args...)...)
			if code != 0 || got != want || want == "" {
				t.Errorf("replay - %v (%s): exit %d %s, output differs from the file's:\n%.300s", args, name, code, stderr, got)
			}
		}
	}
	if _, stderr, code := runCmd(t, "", "replay", "-"); code != 2 || stderr != "nzsc: replay: standard input holds no game records\n" {
		t.Errorf("replay - of nothing: exit %d %q", code, stderr)
	}
	if _, stderr, code := runCmd(t, string(plain), "replay", "-", "--index", "9"); code != 2 || !strings.Contains(stderr, "standard input holds 4 records, numbered from 0: there is no record 9") {
		t.Errorf("replay - --index 9: exit %d %q", code, stderr)
	}
}

// TestReplayListUnknownGame: --list listed a record of a game the lab
// does not play (its game field edited to "chess") as if it were one,
// where replaying it refuses it. The list now stops at it, after the
// records before it, with replay's own error, exit 2.
func TestReplayListUnknownGame(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.jsonl")
	data := greedyRandomLog(t, path, "3")
	lines := strings.SplitAfter(string(data), "\n")
	lines[1] = strings.Replace(lines[1], `"game":"nzsc"`, `"game":"chess"`, 1)
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	out, stderr, code := runCmd(t, "", "replay", bad, "--list")
	if code != 2 || !strings.Contains(stderr, `game 1: unknown game "chess"`) || strings.Count(out, "\n") != 3 {
		t.Errorf("code %d, stdout:\n%s\nstderr %q; want record 0 listed, then game 1's unknown game, exit 2", code, out, stderr)
	}
}
