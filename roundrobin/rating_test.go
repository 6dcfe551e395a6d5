package roundrobin

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/tournament"
)

// ratingLines plays cfg with a rating every `every` games and returns
// what each line was told (pairings and tables as JSON) and the result.
func ratingLines(t *testing.T, cfg *Config, opts Options, every uint64) ([]string, Result) {
	t.Helper()
	var lines []string
	opts.Rating = &Rating{Every: every, Tell: func(c *analysis.Tournament) {
		if c.Game != nil {
			t.Error("a rating line's counts carry the game's tally")
		}
		b, err := json.Marshal(struct {
			P []analysis.Pairing
			T []analysis.TableCounts
		}{c.Pairings, c.Tables})
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}}
	res, err := Play(context.Background(), cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	return lines, res
}

// countsJSON is the pairings and tables of t, as ratingLines keeps them.
func countsJSON(t *testing.T, c *analysis.Tournament) string {
	t.Helper()
	b, err := json.Marshal(struct {
		P []analysis.Pairing
		T []analysis.TableCounts
	}{c.Pairings, c.Tables})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestRatingLines: a run told its counts every N games (Rating) is told
// the same counts at the same games on one worker and on four, with a
// games log or without (the fast path of two random bots stays on then),
// across checkpoints, at two seats and three; and each line holds
// exactly the counts of the run's first N, 2N... games, the oracle being
// the same run cut into one-pair chunks and checkpointed at every line
// (no bot here learns across games, so the chunk size changes nothing).
// The last line, at the run's end, holds the final counts.
func TestRatingLines(t *testing.T) {
	nz3 := func() *Config {
		cfg := nzscnConfig(t, 3, "random", "classic", "greedy", "random:name=r2")
		cfg.PairsPerPairing, cfg.ChunkPairs = 5, 2
		return cfg
	}
	match := func() *Config {
		cfg := testConfig(t)
		cfg.Bots, cfg.HeadToHead = cfg.Bots[:2], true
		cfg.PairsPerPairing = 60
		return cfg
	}
	for _, c := range []struct {
		name  string
		cfg   func() *Config
		every uint64
	}{
		// 150 pairs in 8-pair chunks straddling the pairings; a random
		// pairing played on the engine's fast path.
		{"round robin", func() *Config { return testConfig(t) }, 6},
		{"match", match, 10},
		// 4 tables of 5 sets of 6 games, 2-set chunks.
		{"three seats", nz3, 18},
	} {
		var first []string
		for _, workers := range []int{1, 4} {
			for _, logged := range []bool{false, true} {
				cfg := c.cfg()
				opts := Options{Workers: workers, SegmentChunks: 3, Checkpoint: func(*analysis.Tournament, []uint64) error { return nil }}
				if logged {
					log, err := results.CreateGamesLog(filepath.Join(t.TempDir(), "games.jsonl"), results.LevelFull)
					if err != nil {
						t.Fatal(err)
					}
					defer log.Close()
					opts.GamesLog = log
				}
				lines, res := ratingLines(t, cfg, opts, c.every)
				games := uint64(res.Counts.Games())
				if want := games / c.every; uint64(len(lines)) != want {
					t.Fatalf("%s, %d workers: %d lines, want %d", c.name, workers, len(lines), want)
				}
				if games%c.every == 0 && lines[len(lines)-1] != countsJSON(t, &res.Counts) {
					t.Errorf("%s, %d workers: the last line's counts differ from the run's", c.name, workers)
				}
				if first == nil {
					first = lines
					continue
				}
				if !reflect.DeepEqual(lines, first) {
					t.Errorf("%s, %d workers, log %v: lines differ from one worker's", c.name, workers, logged)
				}
			}
		}
		// The oracle: one-pair chunks, a checkpoint at every line.
		cfg := c.cfg()
		sets := c.every / uint64(cfg.SetGames())
		cfg.ChunkPairs = 1
		var want []string
		_, err := Play(context.Background(), cfg, Options{Workers: 2, SegmentChunks: int(sets),
			Checkpoint: func(counts *analysis.Tournament, _ []uint64) error {
				if counts.Games()%int64(c.every) == 0 {
					want = append(want, countsJSON(t, counts))
				}
				return nil
			}})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(first, want) {
			t.Errorf("%s: lines differ from the counts of the run's first games (%d lines, %d checkpoints)", c.name, len(first), len(want))
		}
	}
}

// TestRatingResumed: a resumed run's lines count the games of its earlier
// sessions too, and fall where the uninterrupted run's fall, with the
// same counts.
func TestRatingResumed(t *testing.T) {
	tmp := t.TempDir()
	cfg := testConfig(t)
	rd, err := Create(cfg, NewRun{Out: filepath.Join(tmp, "run"), Kind: results.KindTournament})
	if err != nil {
		t.Fatal(err)
	}
	var whole []string
	tell := func(dst *[]string) *Rating {
		return &Rating{Every: 20, Tell: func(c *analysis.Tournament) { *dst = append(*dst, countsJSON(t, c)) }}
	}
	// The oracle: the run played at once, without a directory.
	if _, err := Play(context.Background(), testConfig(t), Options{Workers: 2, Rating: tell(&whole)}); err != nil {
		t.Fatal(err)
	}
	// The first session stops after 5 of the 19 chunks (a Look that
	// says stop ends the run there, as Ctrl-C would, but in order).
	var lines []string
	if _, err := rd.Play(context.Background(), RunOptions{Workers: 2, SegmentChunks: 5, Rating: tell(&lines),
		Look: func(*analysis.Tournament) (bool, error) { return true, nil }}); err != nil {
		t.Fatal(err)
	}
	// Not complete: mark it so for Resume, as a stopped test is not.
	rd.Manifest.Complete = false
	if err := rd.Dir.Save(rd.Manifest, &results.Counts{Tournament: *rd.Total(), Finished: [][2]uint64{{0, 4}}}); err != nil {
		t.Fatal(err)
	}
	rd2, err := Resume(rd.Dir.Path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd2.Play(context.Background(), RunOptions{Workers: 3, Rating: tell(&lines)}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(lines, whole) {
		t.Errorf("resumed: %d lines, the run at once %d; or their counts differ", len(lines), len(whole))
	}
}

// TestCheckRating: an interval inside a pair or set is refused.
func TestCheckRating(t *testing.T) {
	for _, c := range []struct {
		every uint64
		set   int
		ok    bool
	}{{10, 2, true}, {3, 2, false}, {12, 6, true}, {10, 6, false}, {48, 24, true}} {
		if err := CheckRating(c.every, c.set); (err == nil) != c.ok {
			t.Errorf("CheckRating(%d, %d) = %v", c.every, c.set, err)
		}
	}
	g, _ := game.Build("nzsc", 3, nil)
	b, _ := agents.ParseForSeats("nzsc", 3, "random")
	cfg := &Config{Game: g, Bots: []*agents.Bot{b, b, b}, Gauntlet: -1, HeadToHead: true, PairsPerPairing: 2, Seed: 1}
	if _, err := Play(context.Background(), cfg, Options{Rating: &Rating{Every: 4, Tell: func(*analysis.Tournament) {}}}); err == nil {
		t.Error("Play took a rating every 4 games at three seats")
	}
}

// TestRatingShard: a shard's lines fall every N of its own games, in the
// order its chunks are handed over (not at the whole run's places, which
// a shard's games do not fill).
func TestRatingShard(t *testing.T) {
	cfg := testConfig(t)
	set, err := tournament.ShardSet(cfg.NumChunks(), 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	var games []int64
	res, err := Play(context.Background(), cfg, Options{Set: &set, Workers: 3,
		Rating: &Rating{Every: 6, Tell: func(c *analysis.Tournament) { games = append(games, c.Games()) }}})
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(games)) != res.Counts.Games()/6 {
		t.Fatalf("%d lines for %d games", len(games), res.Counts.Games())
	}
	for i, g := range games {
		if g != 6*int64(i+1) {
			t.Fatalf("line %d at %d games, want %d", i, g, 6*(i+1))
		}
	}
}
