package results_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/tournament"
)

// FuzzReadCounts: any counts.json either is rejected with an error or
// can be analysed without a panic.
func FuzzReadCounts(f *testing.F) {
	f.Add([]byte(`{"format":1,"bots":["a","b"],"pairings":[{"a":0,"b":1,"seat":[[3,1,2],[0,0,5]],"pentanomial":[1,0,2,0,0]}],"finished":[[0,2]]}`))
	f.Add([]byte(`{"format":1,"bots":["a","b","c"],"pairings":[{"a":0,"b":1},{"a":2,"b":1,"unsettled":[0,4,0]}],"finished":[]}`))
	f.Add([]byte(`{"format":1,"bots":["a","b"],"pairings":[{"a":0,"b":1,"loadouts":[[[1,0,0]]]}]}`))
	f.Add([]byte(`{"format":2,"bots":["a","b"],"pairings":[{"a":0,"b":1,"seat":[[1,0,0],[0,0,1]],"pentanomial":[0,0,1,0,0]}],"finished":[[0,0]],"game_stats":{"entrants":2,"pairs":[{"a":0,"b":1,"unsettled":[1,0,1]}]}}`))
	f.Add([]byte(`{"format":3}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, results.CountsFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := (&results.Dir{Path: dir}).ReadCounts()
		if err != nil {
			return
		}
		if len(c.Bots) > 20 {
			return // keep each input cheap
		}
		analysis.Summarize(&c.Tournament)
		c.FinishedChunks()
	})
}

// FuzzLoadResumeMerge feeds any manifest and counts to the paths that
// resume and merge a run. Load must refuse them or return a checkpoint
// that is consistent: the chunks a resume would still play (a
// tournament.ChunkSet over the finished ranges) and the finished ones
// make up the run's share exactly, with none played twice; merging the
// directory alone gives its counts back; merging it with itself is
// refused whenever it holds a chunk. Nothing may panic, loop over the
// chunk ranges or allocate by their size.
func FuzzLoadResumeMerge(f *testing.F) {
	man := `{"format":1,"kind":"tournament","seed":1,"bots":[{"spec":"a"},{"spec":"b"}],"games_per_pairing":20,"chunk_pairs":4,"chunks":3,"rules":{"turn_cap":100}%s}`
	counts := `{"format":1,"bots":["a","b"],"pairings":[{"a":0,"b":1,"seat":[[%d,0,0],[%d,0,0]],"pentanomial":[0,0,%d,0,0]}],"finished":%s}`
	f.Add([]byte(fmt.Sprintf(man, "")), []byte(fmt.Sprintf(counts, 8, 8, 8, "[[0,1]]")))
	f.Add([]byte(fmt.Sprintf(man, `,"complete":true`)), []byte(fmt.Sprintf(counts, 10, 10, 10, "[[0,2]]")))
	f.Add([]byte(fmt.Sprintf(man, `,"shard":{"index":1,"count":2}`)), []byte(fmt.Sprintf(counts, 4, 4, 4, "[[1,1]]")))
	f.Add([]byte(fmt.Sprintf(man, "")), []byte(fmt.Sprintf(counts, 0, 0, 0, "[]")))
	f.Add([]byte(fmt.Sprintf(man, "")), []byte(fmt.Sprintf(counts, 8, 8, 8, "[[0,18446744073709551615]]")))
	f.Add([]byte(fmt.Sprintf(man, `,"shard":{"index":5,"count":2}`)), []byte(fmt.Sprintf(counts, 4, 4, 4, "[[1,1]]")))
	f.Fuzz(func(t *testing.T, manifest, countsJSON []byte) {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, results.ManifestFile), manifest, 0o644)
		os.WriteFile(filepath.Join(dir, results.CountsFile), countsJSON, 0o644)
		_, m, c, err := results.Load(dir)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error of more than one line: %q", err)
			}
			return
		}
		// Resume: what is left and what is done make up the share.
		set := tournament.RemainingSet(m.Chunks, c.Finished)
		share := m.Chunks
		if m.Shard != nil {
			set.Stride, set.Offset = uint64(m.Shard.Count), uint64(m.Shard.Index)
			share = m.Chunks / set.Stride
			if set.Offset < m.Chunks%set.Stride {
				share++
			}
		}
		if err := set.Check(); err != nil {
			t.Fatalf("Load accepted finished ranges a resume refuses: %v", err)
		}
		if set.Len()+c.NumFinished() != share {
			t.Fatalf("%d chunks left and %d finished of a share of %d", set.Len(), c.NumFinished(), share)
		}
		seen := 0
		for ch := range set.All() {
			for _, r := range c.Finished {
				if r[0] <= ch && ch <= r[1] {
					t.Fatalf("chunk %d is finished and left to play", ch)
				}
			}
			if seen++; seen == 100 {
				break
			}
		}
		// Games agree with the finished chunks, independently of
		// CheckCounts: pairs of each finished chunk, summed.
		var pairs uint64
		total := m.Chunks // in pairs: the last chunk may be short
		for _, r := range c.Finished {
			pairs += (r[1] - r[0] + 1) * m.ChunkPairs
			if r[1] == total-1 {
				all := uint64(len(c.Pairings)) * m.GamesPerPairing / 2
				pairs -= m.Chunks*m.ChunkPairs - all
			}
		}
		if got := c.Games(); got < 0 || uint64(got) != 2*pairs {
			t.Fatalf("%d games for %d finished pairs", got, pairs)
		}
		// Merge.
		if m.Shard == nil {
			_, mc, err := results.Merge([]string{dir})
			if err != nil {
				t.Fatalf("merging a loadable run alone: %v", err)
			}
			if !reflect.DeepEqual(mc.Tournament, c.Tournament) {
				t.Fatalf("merging a run alone changed its counts")
			}
		}
		if _, _, err := results.Merge([]string{dir, dir}); (err == nil) != (c.NumFinished() == 0) {
			t.Fatalf("merging a run with itself (%d chunks): %v", c.NumFinished(), err)
		}
	})
}
