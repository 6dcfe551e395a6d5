package results_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
	"github.com/nzsclab/nzsc/tournament"
)

func config(t *testing.T) *roundrobin.Config {
	t.Helper()
	var bots []*agents.Bot
	for _, s := range []string{"random", "classic", "random:"} {
		b, err := agents.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	return &roundrobin.Config{Bots: bots, Gauntlet: -1, PairsPerPairing: 40, Seed: 99, Rules: nzsc.DefaultRules, ChunkPairs: 8}
}

func manifest(cfg *roundrobin.Config) *results.Manifest {
	m := &results.Manifest{Kind: "tournament", Command: []string{"nzsc", "tournament"}, Version: "test", Seed: cfg.Seed,
		GamesPerPairing: 2 * cfg.PairsPerPairing, ChunkPairs: cfg.ChunkPairs, Chunks: cfg.NumChunks(),
		Rules: results.Rules(cfg.Rules.Options()), Started: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	for _, b := range cfg.Bots {
		m.Bots = append(m.Bots, results.BotInfo{Spec: b.Name(), Kind: b.Info.Name})
	}
	return m
}

// writeRun plays chunks of cfg into a new run directory.
func writeRun(t *testing.T, path string, cfg *roundrobin.Config, chunks []uint64, shard *results.Shard) {
	t.Helper()
	d, err := results.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := roundrobin.Play(context.Background(), cfg, roundrobin.Options{Workers: 2, Chunks: chunks})
	if err != nil {
		t.Fatal(err)
	}
	m := manifest(cfg)
	m.Shard = shard
	m.GamesDone = uint64(res.Counts.Games())
	// Complete when every chunk of the run's share was played.
	if shard != nil {
		all, _ := tournament.ShardChunks(cfg.NumChunks(), shard.Index, shard.Count)
		m.Complete = len(res.Finished) == len(all)
	} else {
		m.Complete = uint64(len(res.Finished)) == cfg.NumChunks()
	}
	if err := d.WriteManifest(m); err != nil {
		t.Fatal(err)
	}
	c := &results.Counts{Tournament: res.Counts}
	c.SetFinished(res.Finished)
	if err := d.WriteCounts(c); err != nil {
		t.Fatal(err)
	}
}

// TestMergeExact: 1, 2 and 3 shards written to run directories and
// merged give counts.json identical to the single run's, byte for byte.
func TestMergeExact(t *testing.T) {
	cfg := config(t)
	tmp := t.TempDir()
	writeRun(t, filepath.Join(tmp, "whole"), cfg, nil, nil)
	_, _, whole, err := results.Load(filepath.Join(tmp, "whole"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 3} {
		var paths []string
		for i := range n {
			chunks, err := tournament.ShardChunks(cfg.NumChunks(), i, n)
			if err != nil {
				t.Fatal(err)
			}
			p := filepath.Join(tmp, fmt.Sprintf("s%d-%d", n, i))
			writeRun(t, p, cfg, chunks, &results.Shard{Index: i, Count: n})
			paths = append(paths, p)
		}
		m, c, err := results.Merge(paths)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(c.Tournament, whole.Tournament) || !reflect.DeepEqual(c.Finished, whole.Finished) {
			t.Errorf("%d shards: merged counts differ from the single run", n)
		}
		if !m.Complete || m.Shard != nil || m.GamesDone != uint64(whole.Games()) {
			t.Errorf("%d shards: manifest complete %v shard %v games %d", n, m.Complete, m.Shard, m.GamesDone)
		}
		if n == 2 {
			if _, _, err := results.Merge(paths[:1]); err != nil {
				t.Fatal(err)
			}
			if _, _, err := results.Merge([]string{paths[0], paths[0]}); err == nil || !strings.Contains(err.Error(), "already") {
				t.Errorf("merging a shard twice: %v", err)
			}
		}
	}
	// A run with another seed does not merge.
	other := config(t)
	other.Seed = 7
	writeRun(t, filepath.Join(tmp, "other"), other, nil, nil)
	if _, _, err := results.Merge([]string{filepath.Join(tmp, "s2-0"), filepath.Join(tmp, "other")}); err == nil || !strings.Contains(err.Error(), "seed") {
		t.Errorf("merging another seed: %v", err)
	}
}

func TestCountsRoundTrip(t *testing.T) {
	cfg := config(t)
	path := t.TempDir()
	writeRun(t, path, cfg, []uint64{0, 1, 2, 5, 7, 8}, nil)
	_, _, c, err := results.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := [][2]uint64{{0, 2}, {5, 5}, {7, 8}}; !reflect.DeepEqual(c.Finished, want) {
		t.Errorf("finished ranges %v, want %v", c.Finished, want)
	}
	if got := c.FinishedChunks(); !reflect.DeepEqual(got, []uint64{0, 1, 2, 5, 7, 8}) {
		t.Errorf("finished chunks %v", got)
	}
	if _, err := results.Create(path); err == nil {
		t.Errorf("Create over an existing run succeeded")
	}
	if _, err := results.Open(t.TempDir()); err == nil {
		t.Errorf("Open of an empty directory succeeded")
	}
}

// TestCreateRefusesWhatItWouldOverwrite: --out onto a file or a directory
// that holds something else is refused, and nothing is changed.
func TestCreateRefusesWhatItWouldOverwrite(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "notes.txt")
	os.WriteFile(file, []byte("mine"), 0o644)
	if _, err := results.Create(file); err == nil || !strings.Contains(err.Error(), "is a file") {
		t.Errorf("Create on a file: %v", err)
	}
	full := filepath.Join(tmp, "full")
	os.Mkdir(full, 0o755)
	os.WriteFile(filepath.Join(full, "counts.json"), []byte("mine"), 0o644)
	if _, err := results.Create(full); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("Create on a directory with files: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(full, "counts.json")); string(b) != "mine" {
		t.Errorf("a file was changed")
	}
	if _, err := results.Create(filepath.Join(tmp, "empty")); err != nil {
		t.Errorf("Create of a new directory: %v", err)
	}
}

// TestCreateNotThroughLinkWithSlash: --out LINK/ (a symbolic link to a
// directory, named with a trailing slash as shells complete it) is
// refused as --out LINK is; the slash made the look follow the link, and
// the run was written into the directory it names.
func TestCreateNotThroughLinkWithSlash(t *testing.T) {
	tmp := t.TempDir()
	real := filepath.Join(tmp, "real")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(tmp, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	for _, out := range []string{link, link + "/", link + "//"} {
		if _, err := results.Create(out); err == nil || !strings.Contains(err.Error(), "symbolic link") {
			t.Errorf("Create(%q), a link to a directory: %v; want refused as a link", out, err)
		}
	}
}
