package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
)

// TestSPRTGamesFlags: the command words the library's refusal of the
// most games and the batch with its flags (the library names the
// settings: the Runs page has fields, not flags).
func TestSPRTGamesFlags(t *testing.T) {
	for _, args := range [][]string{{"--max-games", "5"}, {"--batch", "0"}} {
		_, stderr, code := runCmd(t, "", append([]string{"sprt", "random", "greedy"}, args...)...)
		if code != 2 || !strings.Contains(stderr, "sprt: --max-games and --batch must be positive even numbers (seat-swapped pairs), got ") || strings.Count(stderr, "\n") != 1 {
			t.Errorf("sprt %v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// TestSPRTDefaultLooksSoon: at its default batch a test stops soon after
// its LLR leaves its bounds, not a thousand games in. A bot against
// itself plays mirror pairs (each scores exactly 1, at two seats and at
// three), so its LLR after n pairs is the GSPRT's of [0 0 n 0 0],
// computed here from analysis alone: the test must accept H0 at the
// first look from the first n whose LLR is at the lower bound, fewer
// than 64 games past it. At the old default (1000 games) it stopped at
// 1000 games, 796 past 204.
func TestSPRTDefaultLooksSoon(t *testing.T) {
	test := analysis.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	lo, _ := test.Bounds()
	cross := int64(1)
	for test.LLR([5]int64{0, 0, cross, 0, 0}) > lo {
		cross++
	}
	for _, players := range []string{"2", "3"} {
		out, stderr, code := runCmd(t, "", "sprt", "random", "random", "--players", players, "--seed", "1", "--format", "json", "--quiet")
		var doc struct {
			Games       int64
			Pentanomial [5]int64
			Verdict     string
		}
		if code != 0 || json.Unmarshal([]byte(out), &doc) != nil {
			t.Fatalf("players %s: exit %d, %s %.300s", players, code, stderr, out)
		}
		pairs := doc.Games / 2
		if doc.Verdict != "H0 accepted" || doc.Pentanomial != [5]int64{0, 0, pairs, 0, 0} || pairs < cross || doc.Games-2*cross >= 64 {
			t.Errorf("players %s: %s after %d games, pentanomial %v; the LLR crossed %.3f at %d games", players, doc.Verdict, doc.Games, doc.Pentanomial, lo, 2*cross)
		}
	}
}

// TestSPRTDefaultBatchWhateverWorkers: at the default batch a test of
// several looks reaches the same looks, counts and verdict on 1 worker
// and on 4 (each look ends a batch that up to 8 workers share).
func TestSPRTDefaultBatchWhateverWorkers(t *testing.T) {
	var want string
	for _, w := range []string{"1", "4"} {
		out, stderr, code := runCmd(t, "", "sprt", "greedy", "classic", "--seed", "2", "--workers", w, "--format", "json", "--quiet")
		if code != 0 {
			t.Fatalf("workers %s: exit %d, %s", w, code, stderr)
		}
		var doc struct{ Looks []struct{ Games int64 } }
		if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Looks) < 3 {
			t.Fatalf("workers %s: %v, %d looks; want several", w, err, len(doc.Looks))
		}
		if want == "" {
			want = out
		} else if out != want {
			t.Errorf("workers %s: %s\nwant (1 worker) %s", w, out, want)
		}
	}
}

// TestSPRTStopsAtTheCrossing: a test decides after every pair, whatever
// its batch and workers, and keeps no game past the pair where its LLR
// left its bounds. The oracle is a fixed match of the same bots and seed
// (the same games, pair by pair): its games log read in order, the LLR
// computed after each pair from analysis alone, gives the pair where the
// test must stop; the test's counts are those pairs' and its games log
// is byte for byte the match's first games. Before, the test stopped at
// its batch's end: 128 games here at the default batch, 20 past.
func TestSPRTStopsAtTheCrossing(t *testing.T) {
	tmp := t.TempDir()
	matchLog := filepath.Join(tmp, "match.jsonl")
	if _, stderr, code := runCmd(t, "", "match", "greedy", "random", "--games", "400", "--seed", "3", "--games-log", matchLog, "--quiet"); code != 0 {
		t.Fatal(stderr)
	}
	test := analysis.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	lo, hi := test.Bounds()
	var penta [5]int64
	var half, games, cross int
	err := results.ReadRecords(matchLog, func(r *game.Record) error {
		if cross > 0 {
			return nil
		}
		switch w := r.Result.Winner; {
		case w < 0:
			half++
		case r.Bots[w] == "greedy":
			half += 2
		}
		if games++; games%2 == 0 {
			penta[half]++
			half = 0
			if llr := test.LLR(penta); llr <= lo || llr >= hi {
				cross = games
			}
		}
		return nil
	})
	if err != nil || cross == 0 {
		t.Fatalf("the match's log: %v; crossing at %d games", err, cross)
	}
	full, err := os.ReadFile(matchLog)
	if err != nil {
		t.Fatal(err)
	}
	var prefix []byte
	for i, rest := 0, full; i < cross; i++ {
		n := bytes.IndexByte(rest, '\n') + 1
		prefix, rest = append(prefix, rest[:n]...), rest[n:]
	}
	for _, c := range []struct{ batch, workers string }{{"64", "1"}, {"64", "3"}, {"2", "2"}, {"1000", "4"}} {
		log := filepath.Join(tmp, "sprt-"+c.batch+"-"+c.workers+".jsonl")
		out, stderr, code := runCmd(t, "", "sprt", "greedy", "random", "--elo0", "0", "--elo1", "50", "--seed", "3", "--batch", c.batch,
			"--workers", c.workers, "--games-log", log, "--format", "json", "--quiet")
		var doc struct {
			Games       int
			Pentanomial [5]int64
			Verdict     string
		}
		if code != 0 || json.Unmarshal([]byte(out), &doc) != nil {
			t.Fatalf("batch %s, %s workers: exit %d, %s", c.batch, c.workers, code, stderr)
		}
		if doc.Games != cross || doc.Pentanomial != penta || doc.Verdict != "H1 accepted" {
			t.Errorf("batch %s, %s workers: %s after %d games, pentanomial %v; want H1 after %d, %v", c.batch, c.workers, doc.Verdict, doc.Games, doc.Pentanomial, cross, penta)
		}
		if got, err := os.ReadFile(log); err != nil || !bytes.Equal(got, prefix) {
			t.Errorf("batch %s, %s workers: the games log (%d bytes, %v) is not the match's first %d games (%d bytes)", c.batch, c.workers, len(got), err, cross, len(prefix))
		}
	}
}

// TestSPRTResumeDecidedShowsLastLook: --resume of a test that had
// decided shows its last look, then its result, not every look again (a
// test of 140 looks printed 140 "(before --resume)" lines).
func TestSPRTResumeDecidedShowsLastLook(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "s")
	if _, stderr, code := runCmd(t, "", "sprt", "greedy", "random", "--elo0", "0", "--elo1", "10", "--batch", "2", "--seed", "1", "--out", dir, "--quiet"); code != 0 {
		t.Fatalf("sprt: exit %d: %s", code, stderr)
	}
	out, stderr, code := runCmd(t, "", "sprt", "--resume", dir)
	if code != 0 || strings.Count(out, "(before --resume)") != 1 || !strings.Contains(out, "H1 accepted") {
		t.Errorf("resume of a decided test: exit %d, %d look lines, stderr %q:\n%s", code, strings.Count(out, "(before --resume)"), stderr, out)
	}
}
