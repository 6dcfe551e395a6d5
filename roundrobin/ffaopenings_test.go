package roundrobin

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
)

// A free-for-all run with openings keeps, per table and opening, each
// pair of bots' finished-ahead half-points in a set and their squares:
// recomputed here from the games log (set k plays opening k mod n, game j
// of a set the j-th order of the bots), the same at 1 and 2 workers,
// when played in two shards and merged, and when interrupted at a
// checkpoint and resumed; the written run passes the counts' check.
func TestFFAOpeningTallies(t *testing.T) {
	tmp := t.TempDir()
	newCfg := func() *Config {
		cfg := gameConfig(t, "nzsc", 3, "random", "classic", "greedy", "random:")
		cfg.PairsPerPairing, cfg.ChunkPairs = 10, 3
		if err := cfg.SetOpenings(DesignCharacters, 0); err != nil {
			t.Fatal(err)
		}
		return cfg
	}
	create := func(name string, shard *results.Shard) *RunDir {
		t.Helper()
		rd, err := Create(newCfg(), NewRun{Out: filepath.Join(tmp, name), Kind: results.KindTournament,
			GamesLog: filepath.Join(tmp, name+".jsonl"), Shard: shard})
		if err != nil {
			t.Fatal(err)
		}
		return rd
	}
	run := func(name string, workers int, shard *results.Shard) *RunDir {
		t.Helper()
		rd := create(name, shard)
		if _, err := rd.Play(context.Background(), RunOptions{Workers: workers}); err != nil {
			t.Fatal(err)
		}
		return rd
	}
	one := run("one", 1, nil)
	tables := one.Total().Tables
	nOpen := one.Config.numOpenings()
	if nOpen != 4 || len(tables) != 4 {
		t.Fatalf("%d openings, %d tables; want 4 and 4", nOpen, len(tables))
	}
	// The log's games, by table and set: each game's places by table
	// position (seat s holds position perms[j][s]).
	perms := permutations(3)
	sets := map[[2]uint64][][]int{}
	err := results.ReadRecords(filepath.Join(tmp, "one.jsonl"), func(r *game.Record) error {
		k := [2]uint64{uint64(*r.Table), *r.Set}
		if sets[k] == nil {
			sets[k] = make([][]int, len(perms))
		}
		pl := make([]int, 3)
		for s, pos := range perms[*r.InSet] {
			pl[pos] = r.Result.Places[s]
		}
		sets[k][*r.InSet] = pl
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) != 4*10 {
		t.Fatalf("%d sets logged, want 40", len(sets))
	}
	for ti, tb := range tables {
		want := make([][]int64, nOpen)
		for o := range want {
			want[o] = make([]int64, 7)
		}
		for k := range uint64(10) {
			w := want[k%uint64(nOpen)]
			w[0]++
			p := 0
			for a := range 3 {
				for b := a + 1; b < 3; b++ {
					var h int64
					for _, pl := range sets[[2]uint64{uint64(ti), k}] {
						if pl[a] < pl[b] {
							h += 2
						} else if pl[a] == pl[b] {
							h++
						}
					}
					w[1+p] += h
					w[4+p] += h * h
					p++
				}
			}
		}
		if !reflect.DeepEqual(tb.Openings, want) {
			t.Errorf("table %d: tallies %v, the log gives %v", ti, tb.Openings, want)
		}
	}
	if _, _, _, err := results.Load(filepath.Join(tmp, "one")); err != nil {
		t.Fatalf("the written run: %v", err)
	}

	if two := run("two", 2, nil); !reflect.DeepEqual(two.Total().Tables, tables) {
		t.Errorf("2 workers: tables differ from 1 worker's")
	}
	run("s0", 2, &results.Shard{Index: 0, Count: 2})
	run("s1", 1, &results.Shard{Index: 1, Count: 2})
	_, merged, err := results.Merge([]string{filepath.Join(tmp, "s0"), filepath.Join(tmp, "s1")})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged.Tables, tables) {
		t.Errorf("two shards merged: tables differ from the whole run's")
	}

	// Interrupted at its first checkpoint, then resumed.
	cut := create("cut", nil)
	ctx, cancel := context.WithCancel(context.Background())
	res, err := cut.Play(ctx, RunOptions{Workers: 1, SegmentChunks: 1, Look: func(*analysis.Tournament) (bool, error) {
		cancel()
		return false, nil
	}})
	cancel()
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
	if !reflect.DeepEqual(again.Total().Tables, tables) {
		t.Errorf("interrupted and resumed: tables differ from the whole run's")
	}
}
