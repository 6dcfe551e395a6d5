package results_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
)

// syntheticLog writes n records of one table, two per set, chunks of
// chunkSets sets, each record about 1 KB (full-level turns), and returns
// its size and the plan that reads it.
func syntheticLog(t *testing.T, path string, n, chunkSets int) (int64, results.LogPlan) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	table := 0
	for i := range n {
		set, in := uint64(i/2), i%2
		r := game.Record{Format: game.RecordFormat, Version: 1, Game: "nzsc", Seats: 2, Seed: "0x1",
			Table: &table, Set: &set, InSet: &in, Bots: []string{"a", "b"},
			Result: game.RecordResult{Places: []int{1, 2}, Score: []int{5, 0}, Winner: 0, Steps: 60}}
		for range 60 {
			r.Turns = append(r.Turns, []string{"Ninja Zombie", "Samurai"})
		}
		b, err := json.Marshal(&r)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(append(b, '\n'))
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	st, _ := f.Stat()
	f.Close()
	sets := uint64(n / 2)
	chunks := (sets + uint64(chunkSets) - 1) / uint64(chunkSets)
	return st.Size(), results.LogPlan{
		Place: func(r *game.Record) (uint64, int, bool) {
			c := *r.Set / uint64(chunkSets)
			return c, int(*r.Set-c*uint64(chunkSets))*2 + *r.InSet, true
		},
		Games: func(c uint64) int {
			return 2 * int(min(sets, (c+1)*uint64(chunkSets))-c*uint64(chunkSets))
		},
		Finished: [][2]uint64{{0, chunks - 1}},
	}
}

// TestReopenGamesLogStreams: reopening a games log of tens of MB keeps
// the heap flat: its peak, sampled while the log is read and rewritten,
// grows by a small fraction of the log's size (the old reader held the
// whole file and the kept records, twice its size, and a map entry per
// game).
func TestReopenGamesLogStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 29 MB log")
	}
	path := filepath.Join(t.TempDir(), "big.jsonl")
	size, plan := syntheticLog(t, path, 16000, 64)
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var m runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
		}
	})
	g, rep, err := results.ReopenGamesLog(context.Background(), path, results.LevelFull, plan)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	if rep.Damage != "" || len(rep.Missing) != 0 {
		t.Errorf("an intact log: repair %+v", rep)
	}
	grew := int64(peak) - int64(base.HeapAlloc)
	t.Logf("log %d bytes; heap peak %d bytes above the start", size, grew)
	if size < 20<<20 {
		t.Fatalf("the log is %d bytes; the test wants tens of MB", size)
	}
	if grew > size/4 {
		t.Errorf("the heap grew by %d bytes reading a %d-byte log; want a small fraction of it", grew, size)
	}
}

// TestReopenGamesLogDamage: a damaged line in the middle is skipped and
// reported, the records after it kept, and the chunk it belonged to
// listed as missing (to be played again); a last line cut short is not
// damage.
func TestReopenGamesLogDamage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log.jsonl")
	_, plan := syntheticLog(t, path, 400, 10) // 200 sets, 20 chunks of 20 games
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	lines[45] = "{\"format\": garbage\n" // chunk 2's games 40..59
	damaged := strings.Join(lines, "") + `{"format":"nzsc-lab-ga`
	if err := os.WriteFile(path, []byte(damaged), 0o644); err != nil {
		t.Fatal(err)
	}
	g, rep, err := results.ReopenGamesLog(context.Background(), path, results.LevelFull, plan)
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	if rep.Damaged != 1 || !strings.Contains(rep.Damage, "line 46") {
		t.Errorf("damage %d, %q; want one line, line 46", rep.Damaged, rep.Damage)
	}
	if len(rep.Missing) != 1 || rep.Missing[0] != [2]uint64{2, 2} {
		t.Errorf("missing %v, want chunk 2", rep.Missing)
	}
	n := 0
	if err := results.ReadRecords(path, func(*game.Record) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 380 {
		t.Errorf("the rewritten log holds %d records, want 380 (every complete chunk's, after the damage too)", n)
	}
}

// TestSortChunks: a log whose chunks were written in any order (here
// shuffled: about a hundred ordered stretches, more than one pass
// merges) is sorted into the very file a log written in chunk order is,
// plain and compressed, and stays open for more chunks.
func TestSortChunks(t *testing.T) {
	const chunks, sets = 200, 3
	chunk := func(c int) []byte {
		var out []byte
		table := 0
		for s := c * sets; s < (c+1)*sets; s++ {
			for in := range 2 {
				set := uint64(s)
				r := game.Record{Format: game.RecordFormat, Version: 1, Game: "nzsc", Seats: 2, Seed: "0x1",
					Table: &table, Set: &set, InSet: &in, Bots: []string{"a", "b"},
					Result: game.RecordResult{Places: []int{1, 2}, Score: []int{5, 0}, Winner: 0, Steps: 1}}
				b, err := json.Marshal(&r)
				if err != nil {
					t.Fatal(err)
				}
				out = append(append(out, b...), '\n')
			}
		}
		return out
	}
	chunkOf := func(r *game.Record) (uint64, bool) { return *r.Set / sets, true }
	write := func(path string, order []int) *results.GamesLog {
		g, err := results.CreateGamesLog(path, results.LevelOutcome)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range order {
			if err := g.WriteChunk(uint64(c), chunk(c)); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}
	inOrder := make([]int, chunks)
	for i := range inOrder {
		inOrder[i] = i
	}
	shuffled := rand.New(rand.NewPCG(3, 4)).Perm(chunks)
	for _, name := range []string{"log.jsonl", "log.jsonl.gz"} {
		dir := t.TempDir()
		want := filepath.Join(dir, "want-"+name)
		g := write(want, append(inOrder, chunks))
		g.Close()
		path := filepath.Join(dir, name)
		g = write(path, shuffled)
		if g.InOrder() {
			t.Fatalf("%s: shuffled chunks taken for ordered ones", name)
		}
		if err := g.SortChunks(chunkOf); err != nil {
			t.Fatal(err)
		}
		if !g.InOrder() {
			t.Errorf("%s: not in order after SortChunks", name)
		}
		if err := g.WriteChunk(chunks, chunk(chunks)); err != nil {
			t.Fatal(err)
		}
		if err := g.Close(); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(path)
		wantB, _ := os.ReadFile(want)
		if !bytes.Equal(got, wantB) {
			t.Errorf("%s: sorted log of %d bytes is not the log written in order (%d bytes)", name, len(got), len(wantB))
		}
	}
}

// chunkLog writes a compressed games log at path holding chunks (of
// chunkSets sets of two games, one table) in that order, a gzip member
// each as a run writes them, and returns the plan that reads it with
// nothing finished.
func chunkLog(t *testing.T, path string, chunkSets int, chunks ...uint64) results.LogPlan {
	t.Helper()
	g, err := results.CreateGamesLog(path, results.LevelFull)
	if err != nil {
		t.Fatal(err)
	}
	table := 0
	for _, c := range chunks {
		var buf []byte
		for i := range 2 * chunkSets {
			set, in := c*uint64(chunkSets)+uint64(i/2), i%2
			r := game.Record{Format: game.RecordFormat, Version: 1, Game: "nzsc", Seats: 2, Seed: "0x1",
				Table: &table, Set: &set, InSet: &in, Bots: []string{"a", "b"},
				Turns:  [][]string{{"Ninja", "Zombie"}, {"Kick", "Rampage"}},
				Result: game.RecordResult{Places: []int{1, 2}, Score: []int{5, int(set % 5)}, Winner: 0, Steps: 2}}
			b, err := json.Marshal(&r)
			if err != nil {
				t.Fatal(err)
			}
			buf = append(append(buf, b...), '\n')
		}
		if err := g.WriteChunk(c, buf); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	return results.LogPlan{
		Place: func(r *game.Record) (uint64, int, bool) {
			c := *r.Set / uint64(chunkSets)
			return c, int(*r.Set-c*uint64(chunkSets))*2 + *r.InSet, true
		},
		Games: func(uint64) int { return 2 * chunkSets },
	}
}

// TestReopenKeepsMembers: a compressed log, a gzip member per chunk, is
// reopened without being rewritten: the finished chunks' members are
// kept byte for byte, cut from the end of the same file when they are
// its beginning (the old reopen decoded every record and compressed the
// kept ones again into a new file: some 40 s for a 27 MB log), copied
// when a dropped one is among them. Either way the log is the one a run
// that wrote only those chunks leaves, and goes on as it would.
func TestReopenKeepsMembers(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "log.gz")
	all := []uint64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	want := func(chunks ...uint64) []byte {
		p := filepath.Join(dir, "want.gz")
		os.Remove(p)
		chunkLog(t, p, 3, chunks...)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}

	// The counts hold chunks 0 to 5; 6 to 9 were written after the last
	// checkpoint, the last of them cut short by a kill.
	plan := chunkLog(t, path, 3, all...)
	b, _ := os.ReadFile(path)
	os.WriteFile(path, b[:len(b)-30], 0o644)
	before, _ := os.Stat(path)
	plan.Finished = [][2]uint64{{0, 5}}
	g, rep, err := results.ReopenGamesLog(context.Background(), path, results.LevelFull, plan)
	if err != nil {
		t.Fatal(err)
	}
	g.Close()
	after, _ := os.Stat(path)
	if !os.SameFile(before, after) {
		t.Errorf("the log was replaced by a new file; want its beginning kept in place")
	}
	if got := readFileT(t, path); !bytes.Equal(got, want(0, 1, 2, 3, 4, 5)) {
		t.Errorf("reopened log: %d bytes, want chunks 0-5's %d", len(got), len(want(0, 1, 2, 3, 4, 5)))
	}
	if len(rep.Missing) != 0 || rep.Damage != "" {
		t.Errorf("repair %+v, want none", rep)
	}

	// Chunks 4 and 5 not saved (a stop cut 4 short, 5 was played ahead),
	// 6 to 9 saved: their members are copied, and the resumed run's 4 and
	// 5, sorted in, give the whole log.
	os.Remove(path)
	plan = chunkLog(t, path, 3, all...)
	plan.Finished = [][2]uint64{{0, 3}, {6, 9}}
	g, rep, err = results.ReopenGamesLog(context.Background(), path, results.LevelFull, plan)
	if err != nil {
		t.Fatal(err)
	}
	if got := readFileT(t, path); !bytes.Equal(got, want(0, 1, 2, 3, 6, 7, 8, 9)) {
		t.Errorf("reopened log: %d bytes, want chunks 0-3 and 6-9's %d", len(got), len(want(0, 1, 2, 3, 6, 7, 8, 9)))
	}
	if !g.InOrder() || len(rep.Missing) != 0 {
		t.Errorf("in order %v, missing %v; want true, none", g.InOrder(), rep.Missing)
	}
	bufs := map[uint64][]byte{}
	extra := filepath.Join(dir, "extra.gz")
	chunkLog(t, extra, 3, 4, 5)
	if err := results.ReadRecords(extra, func(r *game.Record) error {
		b, _ := json.Marshal(r)
		c, _, _ := plan.Place(r)
		bufs[c] = append(append(bufs[c], b...), '\n')
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []uint64{4, 5} {
		if err := g.WriteChunk(c, bufs[c]); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.SortChunks(func(r *game.Record) (uint64, bool) { c, _, ok := plan.Place(r); return c, ok }); err != nil {
		t.Fatal(err)
	}
	g.Close()
	if got := readFileT(t, path); !bytes.Equal(got, want(all...)) {
		t.Errorf("reopened, finished and sorted: %d bytes, want the whole log's %d", len(got), len(want(all...)))
	}
}

func readFileT(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReopenGamesLogRefusesLink: a resumed run's log that is a symbolic
// link is refused, as a new run's is (CheckOutput), and the link and
// the file it names are left as they were: the rewrite replaced the link
// by a new file without a word (and a .gz log appended through it).
func TestReopenGamesLogRefusesLink(t *testing.T) {
	for _, name := range []string{"log.jsonl", "log.jsonl.gz"} {
		dir := t.TempDir()
		target := filepath.Join(dir, "elsewhere-"+name)
		_, plan := syntheticLog(t, target, 40, 10)
		before, err := os.ReadFile(target)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.Symlink(target, path); err != nil {
			t.Fatal(err)
		}
		g, _, err := results.ReopenGamesLog(context.Background(), path, results.LevelFull, plan)
		if err == nil {
			g.Close()
		}
		if err == nil || !strings.Contains(err.Error(), "is a symbolic link") {
			t.Errorf("%s: ReopenGamesLog = %v, want a refusal naming the link", name, err)
		}
		if st, err := os.Lstat(path); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s: the link was replaced (%v)", name, err)
		}
		if after, _ := os.ReadFile(target); !bytes.Equal(after, before) {
			t.Errorf("%s: the file the link names changed", name)
		}
	}
}

// TestMergeLogAppearsWhole: a merged games log appears at its name only
// whole. While the merge runs nothing is there (a merge killed then,
// say a preempted batch job, left the part it had written under the
// log's name, which looked like the run's log and which the retried
// merge refused to write over); the temporary file that a killed merge
// leaves is removed by the next merge, and one a merge under way holds
// is not. A stopped merge leaves nothing.
func TestMergeLogAppearsWhole(t *testing.T) {
	for _, name := range []string{"merged.jsonl", "merged.jsonl.gz"} {
		dir := t.TempDir()
		ext := filepath.Ext(name)
		plan := chunkLog(t, filepath.Join(dir, "s0"+ext), 3, 0, 2, 4)
		chunkLog(t, filepath.Join(dir, "s1"+ext), 3, 1, 3, 5)
		chunkLog(t, filepath.Join(dir, "whole"+ext), 3, 0, 1, 2, 3, 4, 5)
		srcs := []string{filepath.Join(dir, "s0"+ext), filepath.Join(dir, "s1"+ext)}
		dst := filepath.Join(dir, name)
		chunkOf := func(r *game.Record) (uint64, bool) { c, _, ok := plan.Place(r); return c, ok }

		// A killed merge's file, one a merge under way holds, and a
		// hidden file of the shape earlier versions named theirs, which
		// may be the user's and stays.
		stale := filepath.Join(dir, "."+name+".nzsc-merge-0000dead")
		held := filepath.Join(dir, "."+name+".nzsc-merge-0000beef")
		older := filepath.Join(dir, "."+name+".merge-killed")
		for _, p := range []string{stale, held, older} {
			if err := os.WriteFile(p, []byte("part of a log\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		hf, err := os.Open(held)
		if err != nil {
			t.Fatal(err)
		}
		if unlock, err := results.TryLockFile(hf); err != nil {
			t.Fatal("cannot lock", held)
		} else {
			defer unlock()
		}
		defer hf.Close()

		seenDst := false
		n, err := results.MergeGamesLogs(context.Background(), dst, results.LevelFull, srcs, func(r *game.Record) (uint64, bool) {
			if _, err := os.Lstat(dst); err == nil {
				seenDst = true
			}
			return chunkOf(r)
		})
		if err != nil || n != 36 {
			t.Fatalf("%s: merged %d records, error %v; want 36", name, n, err)
		}
		if seenDst {
			t.Errorf("%s: a file at %s while the merge was under way", name, dst)
		}
		got, _ := os.ReadFile(dst)
		want, _ := os.ReadFile(filepath.Join(dir, "whole"+ext))
		if !bytes.Equal(got, want) || len(want) == 0 {
			t.Errorf("%s: merged log of %d bytes is not the whole run's (%d bytes)", name, len(got), len(want))
		}
		if _, err := os.Stat(stale); err == nil {
			t.Errorf("%s: a killed merge's temporary file is left", name)
		}
		if _, err := os.Stat(held); err != nil {
			t.Errorf("%s: a running merge's temporary file was removed: %v", name, err)
		}
		if _, err := os.Stat(older); err != nil {
			t.Errorf("%s: a file of an earlier version's temporary shape (maybe the user's) was removed: %v", name, err)
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 6 { // s0, s1, whole, merged, the held one, the older one, and nothing else
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			t.Errorf("%s: files after the merge: %v", name, names)
		}

		// Over a log that exists: refused, untouched; stopped: nothing.
		if _, err := results.MergeGamesLogs(context.Background(), dst, results.LevelFull, srcs, chunkOf); !errors.Is(err, results.ErrExists) {
			t.Errorf("%s: merge over an existing log: %v, want ErrExists", name, err)
		}
		if again, _ := os.ReadFile(dst); !bytes.Equal(again, got) {
			t.Errorf("%s: a refused merge changed the log", name)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		other := filepath.Join(dir, "other"+ext)
		if _, err := results.MergeGamesLogs(ctx, other, results.LevelFull, srcs, chunkOf); err == nil {
			t.Errorf("%s: a stopped merge succeeded", name)
		}
		if entries2, _ := os.ReadDir(dir); len(entries2) != len(entries) {
			t.Errorf("%s: a stopped merge left %d files, want %d", name, len(entries2), len(entries))
		}
	}
}

// TestGamesLogOneWriter: a games log being written is not taken by a
// second run, even while it is still empty (CreateOutput accepts an
// empty file): two shards started at once with the same --games-log
// both wrote it, over each other's games, and both exited 0.
func TestGamesLogOneWriter(t *testing.T) {
	for _, name := range []string{"log.jsonl", "log.jsonl.gz"} {
		path := filepath.Join(t.TempDir(), name)
		g, err := results.CreateGamesLog(path, results.LevelFull)
		if err != nil {
			t.Fatal(err)
		}
		if g2, err := results.CreateGamesLog(path, results.LevelFull); err == nil {
			g2.Close()
			t.Errorf("%s: a second writer took the log being written", name)
		} else if !errors.Is(err, results.ErrExists) || !strings.Contains(err.Error(), "another process") {
			t.Errorf("%s: second writer's error %q", name, err)
		}
		g.Close()
		if strings.HasSuffix(name, ".gz") {
			continue // closed, it holds an empty gzip member
		}
		// Closed and still empty, it is anyone's again.
		g, err = results.CreateGamesLog(path, results.LevelFull)
		if err != nil {
			t.Errorf("%s: an empty log no one writes refused: %v", name, err)
		} else {
			g.Close()
		}
	}
}
