package roundrobin

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
)

func TestSPRTSpecs(t *testing.T) {
	for i, c := range []struct {
		seats       int
		bots, field []string
		want        []string
		err         string
	}{
		{2, []string{"a", "b"}, nil, []string{"a", "b"}, ""},
		{2, []string{"a", "a"}, nil, []string{"a", "a"}, ""},
		{2, []string{"a", "b"}, []string{"c"}, nil, "two players have none"},
		{2, []string{"a", "b"}, []string{}, nil, "two players have none"},
		{2, []string{"a"}, nil, nil, "want two bots, NEW and BASE (got 1)"},
		{3, []string{"a", "b", "c"}, nil, nil, "want two bots, NEW and BASE (got 3)"},
		{3, []string{"a", "b"}, nil, []string{"a", "b", "b"}, ""},
		{4, []string{"a", "b"}, nil, []string{"a", "b", "b", "b"}, ""},
		{4, []string{"a", "b"}, []string{"c"}, []string{"a", "b", "c", "c"}, ""},
		{4, []string{"a", "b"}, []string{"c", "d"}, []string{"a", "b", "c", "d"}, ""},
		{4, []string{"a", "b"}, []string{"c", "d", "e"}, nil, "want one bot for the 2 other seats or one per seat, got 3"},
		{3, []string{"a", "b"}, []string{}, nil, "want one bot for the other seat, got 0"},
		{3, []string{"a", "b"}, []string{""}, nil, "the field has an empty bot name"},
		{4, []string{"a", "b"}, []string{"c", ""}, nil, "the field has an empty bot name"},
	} {
		got, err := SPRTSpecs(c.seats, c.bots, c.field)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("case %d: error %v, want one saying %q", i, err, c.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("case %d: got %q, %v; want %q", i, got, err, c.want)
		}
	}
}

// TestCheckSPRTGamesNamesSettings: the library's refusal of a test's
// most games or batch names the settings, never a command's flags (the
// Runs page calls it too, through NewSPRT, and has fields), and a
// command words it with its flags.
func TestCheckSPRTGamesNamesSettings(t *testing.T) {
	for i, c := range [][2]int64{{0, 1000}, {2000, 7}, {-4, -2}, {5, 10}} {
		err := CheckSPRTGames(c[0], c[1])
		if err == nil || strings.Contains(err.Error(), "--") || !strings.Contains(err.Error(), "the most games and the batch must be positive even numbers") {
			t.Errorf("case %d: %v", i, err)
		}
		ge := (*SPRTGamesError)(nil)
		if !errors.As(err, &ge) || ge.Named("--max-games", "--batch") != fmt.Sprintf("--max-games and --batch must be positive even numbers (seat-swapped pairs), got %d and %d", c[0], c[1]) {
			t.Errorf("case %d: %#v", i, err)
		}
	}
	if err := CheckSPRTGames(2, 2); err != nil {
		t.Error(err)
	}
}

// TestSPRTFilesSameWhateverWorkers: a sequential test decides after
// every pair while its workers play ahead, and drops what they played
// past the pair where it decided: on 1, 2 and 8 workers, its first game
// slow at two seats (so that later pairs finish first, and some past the
// decision), it writes byte-identical files (manifest but its times,
// counts, games log), at two seats and at three, and stops where the same test read
// one pair at a time (a batch of one pair, one worker) stops.
func TestSPRTFilesSameWhateverWorkers(t *testing.T) {
	test := analysis.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	base := t.TempDir()
	for _, seats := range []int{2, 3} {
		var want map[string][]byte
		var wantGames uint64
		for _, c := range []struct {
			workers int
			batch   int64
		}{{1, 2}, {1, 64}, {2, 64}, {8, 64}, {8, 2}} {
			// Every run in the same place: the manifest names it.
			dir := filepath.Join(base, "x")
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			g, err := game.Build("nzsc", seats, nil)
			if err != nil {
				t.Fatal(err)
			}
			// The slow bot is a two-player NZSC agent; at three seats
			// eight workers finish out of order too.
			specs := []string{"greedy", "test-slowfirst"}
			if seats == 3 {
				specs = []string{"greedy", "random", "random"}
			}
			cfg := &Config{Game: g, Seed: 5}
			for _, s := range specs {
				b, err := agents.ParseForSeats("nzsc", seats, s)
				if err != nil {
					t.Fatal(err)
				}
				cfg.Bots = append(cfg.Bots, b)
			}
			st := &results.SPRTState{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05, Model: "logistic"}
			start, err := NewSPRT(cfg, st, 2000, c.batch)
			if err != nil {
				t.Fatal(err)
			}
			start.Out, start.GamesLog, start.Seed, start.SeedGiven = filepath.Join(dir, "run"), filepath.Join(dir, "games.jsonl"), 5, true
			rd, _, err := Open(cfg, start)
			if err != nil {
				t.Fatal(err)
			}
			var verdict analysis.Verdict
			opts := rd.SPRTOptions(test, &verdict, nil)
			opts.Workers = c.workers
			var played atomic.Uint64
			opts.Progress = &played
			slowFirst.Store(true)
			if _, err := rd.Play(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
			games := rd.Manifest.GamesDone
			t.Logf("%d seats, %d workers, batch %d: %d games played, %d kept", seats, c.workers, c.batch, played.Load(), games)
			if verdict != analysis.AcceptH1 || games >= 2000 || !rd.Manifest.Complete {
				t.Fatalf("%d seats, %d workers: verdict %v after %d games", seats, c.workers, verdict, games)
			}
			if c.batch == 2 {
				// Read one pair at a time: every look recorded, all
				// inside the bounds but the last.
				lo, hi := test.Bounds()
				for i, l := range st.Looks {
					if out := l.LLR <= lo || l.LLR >= hi; out != (i == len(st.Looks)-1) || l.Games != uint64(2*i+2) {
						t.Fatalf("%d seats: look %d at %d games, LLR %.3f", seats, i, l.Games, l.LLR)
					}
				}
				if wantGames == 0 {
					wantGames = games
				}
			}
			if games != wantGames {
				t.Errorf("%d seats, %d workers, batch %d: %d games; the test read pair by pair stops after %d", seats, c.workers, c.batch, games, wantGames)
			}
			if c.batch != 64 {
				continue
			}
			got := readRunFiles(t, dir)
			if want == nil {
				want = got
				continue
			}
			sameFiles(t, fmt.Sprintf("%d seats, %d workers against 1", seats, c.workers), got, want)
		}
	}
}

// TestSPRTOlderDirsDecideAtBatchEnds: a test whose manifest predates
// every_pair (resumed from an older run directory) goes on as it was
// played, deciding at the ends of its batches only: greedy against
// random crosses at 60 games (seed 1) but such a test stops at a batch
// end, 128 (not 64: the LLR is inside the bounds there). Its chunks are
// what they were (here a batch's eighths).
func TestSPRTOlderDirsDecideAtBatchEnds(t *testing.T) {
	g, err := game.Build("nzsc", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, every := range []bool{true, false} {
		cfg := &Config{Game: g, Bots: bots(t, "greedy", "random")}
		st := &results.SPRTState{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05, Model: "logistic"}
		start, err := NewSPRT(cfg, st, 2000, 64)
		if err != nil {
			t.Fatal(err)
		}
		start.Seed, start.SeedGiven = 1, true
		if !every {
			st.EveryPair, start.Chunk = false, 4
		}
		rd, _, err := Open(cfg, start)
		if err != nil {
			t.Fatal(err)
		}
		var verdict analysis.Verdict
		opts := rd.SPRTOptions(analysis.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}, &verdict, nil)
		opts.Workers = 2
		if _, err := rd.Play(context.Background(), opts); err != nil {
			t.Fatal(err)
		}
		want := uint64(60)
		if !every {
			want = 128
		}
		if games := rd.Manifest.GamesDone; verdict != analysis.AcceptH1 || games != want || opts.InOrder != every {
			t.Errorf("every_pair %v: %v after %d games (in order %v), want H1 after %d", every, verdict, games, opts.InOrder, want)
		}
	}
}
