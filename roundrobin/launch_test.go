package roundrobin

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
)

func TestDefaultOut(t *testing.T) {
	now := time.Date(2026, 11, 24, 5, 6, 7, 0, time.FixedZone("x", 3600))
	for i, c := range []struct {
		shard *results.Shard
		want  string
	}{
		{nil, filepath.Join("runs", "20261124-040607-0x2a")},
		{&results.Shard{Index: 1, Count: 3}, filepath.Join("runs", "20261124-040607-0x2a-shard1of3")},
	} {
		if got := DefaultOut(42, c.shard, now); got != c.want {
			t.Errorf("case %d: got %q, want %q", i, got, c.want)
		}
	}
}

// TestOpenLaunch: a run opened without a seed takes the picked one and
// says so; Launch plays every game, counts them for the progress
// callback and notes the timing; the same run with the seed given counts
// the same.
func TestOpenLaunch(t *testing.T) {
	cfg := testConfig(t)
	rd, picked, err := Open(cfg, Start{Games: 40, Chunk: 4, PickSeed: func() uint64 { return 0xfeed }, NewRun: NewRun{Kind: results.KindTournament}})
	if err != nil {
		t.Fatal(err)
	}
	if !picked || rd.Config.Seed != 0xfeed || rd.Config.PairsPerPairing != 20 || rd.Dir != nil {
		t.Fatalf("picked %v, seed %#x, pairs %d, dir %v; want a picked seed 0xfeed, 20 pairs, no directory", picked, rd.Config.Seed, rd.Config.PairsPerPairing, rd.Dir)
	}
	var notes []string
	var total uint64
	var played func() uint64
	stopped := false
	res, err := rd.Launch(context.Background(), Launch{RunOptions: RunOptions{Workers: 2}, SeedPicked: picked,
		Note: func(m string) { notes = append(notes, m) },
		Progress: func(n uint64, p func() uint64) func() {
			total, played = n, p
			return func() { stopped = true }
		}})
	if err != nil {
		t.Fatal(err)
	}
	// 3 bots: 3 pairings of 40 games.
	if g := res.Counts.Games(); g != 120 || total != 120 || played() != 120 || !stopped {
		t.Errorf("played %d games, progress total %d, counted %d, stopped %v; want 120 each and stopped", g, total, played(), stopped)
	}
	if len(notes) != 2 || notes[0] != "seed 0xfeed (replay with --seed 0xfeed)" || !strings.HasPrefix(notes[1], "120 games in ") {
		t.Errorf("notes %q", notes)
	}

	again, picked, err := Open(testConfig(t), Start{Games: 40, Chunk: 4, Seed: 0xfeed, SeedGiven: true, NewRun: NewRun{Kind: results.KindTournament}})
	if err != nil || picked {
		t.Fatalf("picked %v, error %v", picked, err)
	}
	res2, err := again.Launch(context.Background(), Launch{RunOptions: RunOptions{Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	for p := range res.Counts.Pairings {
		if a, b := res.Counts.Pairings[p].Total(), res2.Counts.Pairings[p].Total(); a != b {
			t.Errorf("pairing %d: %+v with the picked seed, %+v with it given", p, a, b)
		}
	}
}

func TestOpenLaunchBad(t *testing.T) {
	for i, games := range []int64{0, -2, 3} {
		if _, _, err := Open(testConfig(t), Start{Games: games, SeedGiven: true}); err == nil {
			t.Errorf("case %d: %d games opened", i, games)
		}
	}
	rd, _, err := Open(testConfig(t), Start{Games: 2, SeedGiven: true, NewRun: NewRun{Kind: results.KindTournament}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = rd.Launch(context.Background(), Launch{})
	if setup := (*SetupError)(nil); !errors.As(err, &setup) {
		t.Errorf("no workers: error %v, want a SetupError", err)
	}
}

func TestDefaultChunk(t *testing.T) {
	for i, c := range []struct {
		games int64
		seats int
		want  uint64
	}{
		{2000, 2, 31},     // 1000 pairs / 32
		{20, 2, 4},        // never below 4
		{3000, 3, 15},     // 500 sets of 6 games / 32
		{1 << 40, 2, 512}, // the runner's default at most
	} {
		if got := DefaultChunk(c.games, c.seats); got != c.want {
			t.Errorf("case %d: got %d, want %d", i, got, c.want)
		}
	}
}

// TestLaunchProgressCountsEveryGame: the progress Launch reports ends at
// the games it planned at every table size, and a run's session counts
// the same games (RunOptions.Progress): a set of 3 or 4 seats is 6 or 24
// games, not the two of a seat-swapped pair (the bar stopped at a third
// at 3 players, 8% at 4).
func TestLaunchProgressCountsEveryGame(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		g, err := game.Build("nzsc", seats, nil)
		if err != nil {
			t.Fatal(err)
		}
		cfg := &Config{Game: g, Gauntlet: -1}
		for _, s := range []string{"random", "classic", "greedy", "random:"} {
			b, err := agents.ParseForSeats("nzsc", seats, s)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Bots = append(cfg.Bots, b)
		}
		set := int64(SetGames(seats))
		rd, _, err := Open(cfg, Start{Games: 2 * set, Chunk: 1, Seed: 5, SeedGiven: true, NewRun: NewRun{Kind: results.KindTournament}})
		if err != nil {
			t.Fatal(err)
		}
		var total uint64
		var played func() uint64
		res, err := rd.Launch(context.Background(), Launch{RunOptions: RunOptions{Workers: 2},
			Progress: func(n uint64, p func() uint64) func() { total, played = n, p; return func() {} }})
		if err != nil {
			t.Fatal(err)
		}
		if g := uint64(res.Counts.Games()); g != total || played() != total || total != rd.Manifest.GamesPlanned {
			t.Errorf("%d seats: progress counted %d of %d games; played %d, planned %d", seats, played(), total, g, rd.Manifest.GamesPlanned)
		}
	}
}
