package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
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
