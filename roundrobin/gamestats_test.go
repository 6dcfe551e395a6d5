package roundrobin

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"  // NPZR's bots
	_ "github.com/nzsclab/nzsc/agents/nzscn" // NZSC's bots for 3 or 4
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/tournament"
)

func npzrConfig(t *testing.T, bots ...string) *Config {
	t.Helper()
	g, err := game.Build("npzr", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Game: g, Gauntlet: -1, Seed: 21, ChunkPairs: 5}
	for _, s := range bots {
		b, err := agents.ParseFor("npzr", s)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	return cfg
}

func statsJSON(t *testing.T, s game.Stats) string {
	t.Helper()
	if s == nil {
		t.Fatal("no game statistics")
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The game's own tally of a match equals the tally of its games played
// one by one on a table, seat-swapped, with the bots named by seat.
func TestGameStatsMatch(t *testing.T) {
	cfg := npzrConfig(t, "greedy", "random")
	cfg.HeadToHead, cfg.PairsPerPairing = true, 40
	res, err := Play(context.Background(), cfg, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := npzr.NewStats(2)
	table := agents.NewPlayerTable()
	var players []agents.Player
	for _, b := range cfg.Bots {
		p, err := b.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, p)
	}
	for k := range cfg.PairsPerPairing {
		seed := tournament.PairSeed(cfg.Seed, k)
		for _, seats := range [][]int{{0, 1}, {1, 0}} {
			r := table.Play(cfg.Game, seed, []agents.Player{players[seats[0]], players[seats[1]]})
			if r.Forfeit < 0 {
				want.Add(table.Final, seats)
			}
		}
	}
	if got := statsJSON(t, res.Counts.Game); got != statsJSON(t, want) {
		t.Errorf("pipeline's tally\n%s\nthe games one by one\n%s", got, statsJSON(t, want))
	}
	if n := res.Counts.Game.(*npzr.Stats).Games(); n != res.Counts.Games() {
		t.Errorf("tally of %d games, the run played %d (no forfeits expected)", n, res.Counts.Games())
	}
}

// Two-player NZSC's tally of a match (its loadouts) equals the tally of
// its games played one by one on the NZSC table, seat-swapped; random
// against random (the engine's fast path) and through bots alike, and
// every game is counted.
func TestGameStatsMatchNZSC(t *testing.T) {
	for _, c := range []struct{ a, b string }{{"random", "random"}, {"greedy", "random"}, {"random", "classic"}} {
		cfg := matchConfig(t, c.a, c.b, 17, 60, 7)
		res, err := Play(context.Background(), cfg, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		want := nzsc.NewStats(2)
		table := agents.NewTable()
		var bots [2]agents.Agent
		for i, b := range cfg.Bots {
			if bots[i], err = b.New(); err != nil {
				t.Fatal(err)
			}
		}
		for k := range cfg.PairsPerPairing {
			seed := tournament.PairSeed(cfg.Seed, k)
			for _, seats := range [][2]int{{0, 1}, {1, 0}} {
				o := table.Play(cfg.Rules, seed, bots[seats[0]], bots[seats[1]])
				// Independently of SettledAfter: a game reached the
				// move phase when both loadouts are real ones.
				settled := o.State.Loadout(0).Index() >= 0 && o.State.Loadout(1).Index() >= 0 && o.State.Settled()
				want.AddGame(&o.State, settled, o.Winner(), seats)
			}
		}
		if got := statsJSON(t, res.Counts.Game); got != statsJSON(t, want) {
			t.Errorf("%s-%s: pipeline's tally\n%s\nthe games one by one\n%s", c.a, c.b, got, statsJSON(t, want))
		}
		if n := res.Counts.Game.(*nzsc.Stats).Games(); n != res.Counts.Games() || n != 2*int64(cfg.PairsPerPairing) {
			t.Errorf("%s-%s: tally of %d games, the run played %d", c.a, c.b, n, res.Counts.Games())
		}
	}
}

// The tally is the same for any number of workers, through an
// interruption and resume, and from shards merged: NPZR's, and
// two-player NZSC's loadouts (random against random on the engine's fast
// path, the others on the NZSC table).
func TestGameStatsReproducible(t *testing.T) {
	t.Run("npzr", func(t *testing.T) {
		testStatsReproducible(t, func() *Config {
			cfg := npzrConfig(t, "random", "greedy", "pimc:samples=1,k=2,rollouts=1,horizon=1")
			cfg.PairsPerPairing = 30
			return cfg
		})
	})
	t.Run("nzsc", func(t *testing.T) {
		testStatsReproducible(t, func() *Config {
			return &Config{Bots: bots(t, "random", "greedy", "random", "classic"), Gauntlet: -1, PairsPerPairing: 30,
				Seed: 23, Rules: nzsc.DefaultRules, ChunkPairs: 5}
		})
	})
}

func testStatsReproducible(t *testing.T, newCfg func() *Config) {
	tmp := t.TempDir()
	whole, err := Create(newCfg(), NewRun{Out: filepath.Join(tmp, "whole"), Kind: results.KindTournament})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := whole.Play(context.Background(), RunOptions{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	want := statsJSON(t, whole.Total().Game)

	cut, err := Create(newCfg(), NewRun{Out: filepath.Join(tmp, "cut"), Kind: results.KindTournament})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	checkpoints := 0
	res, err := cut.Play(ctx, RunOptions{Workers: 2, SegmentChunks: 2, Look: func(*analysis.Tournament) (bool, error) {
		if checkpoints++; checkpoints == 3 {
			cancel()
		}
		return false, nil
	}})
	if err != nil || !res.Interrupted {
		t.Fatalf("the cut run: err %v, interrupted %v", err, res.Interrupted)
	}
	again, err := Resume(filepath.Join(tmp, "cut"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := again.Play(context.Background(), RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	if got := statsJSON(t, again.Total().Game); got != want {
		t.Errorf("interrupted and resumed:\n%s\nwant\n%s", got, want)
	}

	var shards []string
	for i := range 2 {
		path := filepath.Join(tmp, "shard", string(rune('a'+i)))
		rd, err := Create(newCfg(), NewRun{Out: path, Kind: results.KindTournament, Shard: &results.Shard{Index: i, Count: 2}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rd.Play(context.Background(), RunOptions{Workers: 2}); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, path)
	}
	_, merged, err := results.Merge(shards)
	if err != nil {
		t.Fatal(err)
	}
	if got := statsJSON(t, merged.Game); got != want {
		t.Errorf("shards merged:\n%s\nwant\n%s", got, want)
	}
}

// A free-for-all run keeps the game's tally too, the same for any number
// of workers, one game per game played.
func TestGameStatsFFA(t *testing.T) {
	run := func(workers int) analysis.Tournament {
		g, err := game.Build("nzsc", 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		cfg := &Config{Game: g, Gauntlet: -1, Seed: 8, ChunkPairs: 3, PairsPerPairing: 10}
		for _, s := range []string{"random", "classic", "greedy", "random"} {
			b, err := agents.ParseForSeats("nzsc", 3, s)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Bots = append(cfg.Bots, b)
		}
		res, err := Play(context.Background(), cfg, Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		return res.Counts
	}
	one, two := run(1), run(2)
	if statsJSON(t, one.Game) != statsJSON(t, two.Game) {
		t.Errorf("1 worker and 2 workers keep different tallies")
	}
	var n int64
	if err := json.Unmarshal([]byte(statsJSON(t, one.Game)), &struct {
		Games *int64 `json:"games"`
	}{&n}); err != nil {
		t.Fatal(err)
	}
	if n != one.Games() || n == 0 {
		t.Errorf("tally of %d games, the run played %d", n, one.Games())
	}
}

// A free-for-all with drawn tables plays exactly the drawn tables, and
// its run directory remembers them (Resume rebuilds the same schedule).
func TestDrawTables(t *testing.T) {
	g, err := game.Build("nzsc", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Game: g, Gauntlet: -1, Seed: 3, ChunkPairs: 2, PairsPerPairing: 2, DrawTables: 4}
	for _, s := range []string{"random", "classic", "greedy", "random:", "classic:"} {
		b, err := agents.ParseForSeats("nzsc", 3, s)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	want := tournament.Tables(5, 3, -1, 4, 3)
	path := filepath.Join(t.TempDir(), "run")
	rd, err := Create(cfg, NewRun{Out: path, Kind: results.KindTournament})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Play(context.Background(), RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	got := rd.Total().Tables
	if len(got) != len(want) {
		t.Fatalf("%d tables played, want the %d drawn", len(got), len(want))
	}
	for i := range want {
		if fmt.Sprint(got[i].Bots) != fmt.Sprint(want[i]) || got[i].Games() != 12 {
			t.Errorf("table %d: bots %v with %d games, want %v with 12", i, got[i].Bots, got[i].Games(), want[i])
		}
	}
	again, err := Resume(path)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(again.Config.Tables()) != fmt.Sprint(want) {
		t.Errorf("resumed schedule %v, want %v", again.Config.Tables(), want)
	}
}
