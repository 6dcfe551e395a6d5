package roundrobin

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/tournament"
)

func bots(t testing.TB, specs ...string) []*agents.Bot {
	t.Helper()
	var out []*agents.Bot
	for _, s := range specs {
		b, err := agents.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

func testConfig(t *testing.T) *Config {
	// 50 pairs per pairing with 8-pair chunks: chunks straddle pairings.
	return &Config{
		Bots:            bots(t, "random", "classic", "random"),
		Gauntlet:        -1,
		PairsPerPairing: 50,
		Seed:            12345,
		Rules:           nzsc.DefaultRules,
		ChunkPairs:      8,
	}
}

func play(t *testing.T, cfg *Config, opts Options) Result {
	t.Helper()
	r, err := Play(context.Background(), cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestPairingIsMatch: pairing p of a tournament counts exactly what the
// head-to-head match between its bots with seed PairingSeed(S, p) counts.
func TestPairingIsMatch(t *testing.T) {
	cfg := testConfig(t)
	res := play(t, cfg, Options{Workers: 2})
	for p, pr := range cfg.Pairings() {
		m := &Config{Bots: []*agents.Bot{cfg.Bots[pr[0]], cfg.Bots[pr[1]]}, Gauntlet: -1, HeadToHead: true,
			PairsPerPairing: cfg.PairsPerPairing, Seed: PairingSeed(cfg.Seed, p), Rules: cfg.Rules}
		want := play(t, m, Options{Workers: 1}).Counts.Pairings[0]
		want.A, want.B = pr[0], pr[1]
		if got := res.Counts.Pairings[p]; !reflect.DeepEqual(got, want) {
			t.Errorf("pairing %d: %+v, match says %+v", p, got.Total(), want.Total())
		}
	}
}

// TestWorkersShardsExact: any worker count, and 1, 2 or 3 shards merged,
// give the single run's counts to the last count.
func TestWorkersShardsExact(t *testing.T) {
	cfg := testConfig(t)
	whole := play(t, cfg, Options{Workers: 1})
	if g := whole.Counts.Games(); g != 3*100 {
		t.Fatalf("games %d, want 300", g)
	}
	if n := cfg.NumChunks(); uint64(len(whole.Finished)) != n {
		t.Fatalf("finished %d chunks of %d", len(whole.Finished), n)
	}
	if r := play(t, cfg, Options{Workers: 3, SegmentChunks: 2}); !reflect.DeepEqual(r.Counts, whole.Counts) {
		t.Errorf("3 workers in segments of 2 chunks differ from 1 worker")
	}
	for _, n := range []int{1, 2, 3} {
		merged := cfg.Empty()
		var finished []uint64
		for i := range n {
			chunks, err := tournament.ShardChunks(cfg.NumChunks(), i, n)
			if err != nil {
				t.Fatal(err)
			}
			r := play(t, cfg, Options{Workers: 2, Chunks: chunks})
			if err := merged.Merge(&r.Counts); err != nil {
				t.Fatal(err)
			}
			finished = mergeSorted(finished, r.Finished)
		}
		if !reflect.DeepEqual(merged, whole.Counts) {
			t.Errorf("%d shards merged differ from the single run", n)
		}
		if !reflect.DeepEqual(finished, whole.Finished) {
			t.Errorf("%d shards finished %v, want %v", n, finished, whole.Finished)
		}
	}
}

// cancelAfter is a bot that plays uniformly and cancels a context after
// a number of games: an interruption in the middle of a chunk.
type cancelAfter struct {
	rng    *rand.Rand
	games  *atomic.Int64
	limit  int64
	cancel context.CancelFunc
}

func (c *cancelAfter) NewGame(_ int, rng *rand.Rand) {
	c.rng = rng
	if c.games.Add(1) == c.limit {
		c.cancel()
	}
}

func (c *cancelAfter) Choose(d *agents.Decision) nzsc.Choice {
	return d.Legal[c.rng.IntN(len(d.Legal))]
}

var (
	cancelGames  atomic.Int64
	cancelLimit  atomic.Int64
	cancelHolder atomic.Pointer[context.CancelFunc]
)

func init() {
	agents.Register(agents.Info{
		Name: "test-cancel",
		Help: "test only: uniform, cancels the run's context after a set number of games",
		New: func(agents.Params) (agents.Agent, error) {
			c := &cancelAfter{games: &cancelGames, limit: cancelLimit.Load(), cancel: func() {}}
			if f := cancelHolder.Load(); f != nil {
				c.cancel = *f
			}
			return c, nil
		},
	})
}

// TestResumeExact interrupts a run in the middle of a chunk, resumes the
// remaining chunks, and checks the total equals an uninterrupted run.
func TestResumeExact(t *testing.T) {
	cancelLimit.Store(1 << 40)
	cfg := testConfig(t)
	cfg.Bots = bots(t, "random", "test-cancel", "classic")
	whole := play(t, cfg, Options{Workers: 2})

	for i, limit := range []int64{37, 150} {
		ctx, cancel := context.WithCancel(context.Background())
		cancelGames.Store(0)
		cancelLimit.Store(limit)
		cancelHolder.Store(&cancel)
		checkpoints := 0
		part, err := Play(ctx, cfg, Options{Workers: 2, SegmentChunks: 3,
			Checkpoint: func(*analysis.Tournament, []uint64) error { checkpoints++; return nil }})
		cancel()
		cancelHolder.Store(nil)
		cancelLimit.Store(1 << 40)
		if err != nil {
			t.Fatal(err)
		}
		if !part.Interrupted || len(part.Finished) == 0 || uint64(len(part.Finished)) == cfg.NumChunks() {
			t.Fatalf("case %d: interrupted %v with %d chunks finished; want a partial run", i, part.Interrupted, len(part.Finished))
		}
		// The counts hold whole pairs of finished chunks only.
		if want := int64(2 * cfg.PairsIn(part.Finished)); part.Counts.Games() != want {
			t.Errorf("case %d: partial run counts %d games, its finished chunks hold %d", i, part.Counts.Games(), want)
		}
		rest := play(t, cfg, Options{Workers: 1, Chunks: tournament.Remaining(cfg.NumChunks(), part.Finished)})
		if err := part.Counts.Merge(&rest.Counts); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(part.Counts, whole.Counts) {
			t.Errorf("case %d: interrupted + resumed differs from the uninterrupted run", i)
		}
	}
}

// TestGauntletAndLog: a gauntlet pairs one bot with each other, and the
// games log has one line per counted game, consistent with the counts.
func TestGauntletAndLog(t *testing.T) {
	cfg := testConfig(t)
	cfg.Bots = bots(t, "random", "classic", "random:", "classic")
	cfg.Gauntlet = 1
	want := [][2]int{{1, 0}, {1, 2}, {1, 3}}
	if got := cfg.Pairings(); !reflect.DeepEqual(got, want) {
		t.Fatalf("gauntlet pairings %v, want %v", got, want)
	}
	path := filepath.Join(t.TempDir(), "games.jsonl.gz")
	log, err := results.CreateGamesLog(path, results.LevelFull)
	if err != nil {
		t.Fatal(err)
	}
	res := play(t, cfg, Options{Workers: 2, GamesLog: log})
	if err := log.Close(); err != nil {
		t.Fatal(err)
	}
	g := cfg.game()
	games := int64(0)
	wins := map[string]int64{}
	err = results.ReadRecords(path, func(r *game.Record) error {
		games++
		// The record replays through the engine to its stated result.
		if _, err := game.Replay(g, r, nil); err != nil {
			t.Errorf("record %d/%d/%d: %v", *r.Table, *r.Set, *r.InSet, err)
		}
		if *r.Table == 0 && r.Result.Winner >= 0 {
			wins[r.Bots[r.Result.Winner]]++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if games != res.Counts.Games() {
		t.Errorf("log has %d records, counts %d games", games, res.Counts.Games())
	}
	p := res.Counts.Pairings[0]
	if wins["classic"] != p.Total().Wins || wins["random"] != p.Total().Losses {
		t.Errorf("log wins %v, counts %v", wins, p.Total())
	}
}

// TestOutcomeLogRandomRandom: an outcome-level games log of random
// against random, which the engine plays without the table, names each
// game's bots and gives its result, as the counts have it.
func TestOutcomeLogRandomRandom(t *testing.T) {
	cfg := testConfig(t)
	cfg.Bots = bots(t, "random", "random:")
	path := filepath.Join(t.TempDir(), "games.jsonl")
	log, err := results.CreateGamesLog(path, results.LevelOutcome)
	if err != nil {
		t.Fatal(err)
	}
	res := play(t, cfg, Options{Workers: 2, GamesLog: log})
	if err := log.Close(); err != nil {
		t.Fatal(err)
	}
	var wins, draws, games int64
	err = results.ReadRecords(path, func(r *game.Record) error {
		games++
		if len(r.Bots) != 2 || r.Result.Steps == 0 {
			t.Fatalf("record %d/%d/%d: bots %v, %d steps", *r.Table, *r.Set, *r.InSet, r.Bots, r.Result.Steps)
		}
		switch {
		case r.Result.Winner < 0:
			draws++
		case r.Bots[r.Result.Winner] == cfg.Bots[0].Name():
			wins++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	tot := res.Counts.Pairings[0].Total()
	if games != tot.Games() || wins != tot.Wins || draws != tot.Draws {
		t.Errorf("log: %d games, %d wins, %d draws; counts %v", games, wins, draws, tot)
	}
}
