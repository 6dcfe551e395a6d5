package roundrobin

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
	nzscbots "github.com/nzsclab/nzsc/agents/nzsc"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/tournament"
)

// slowFirst makes the first game any "test-slowfirst" bot plays (after
// the flag is reset) take slowFirstDelay: that game's chunk finishes after
// chunks fed later, whatever the scheduling.
// When slowGate holds a channel, that game waits for it to close instead.
// When slowAfter is n > 0, the slow game is instead the bot's n-th from
// then on, and slowReached (if set) is closed when it starts waiting: a
// test can then stop the run at that game, whatever the scheduling.
var (
	slowFirst   atomic.Bool
	slowGate    atomic.Pointer[chan struct{}]
	slowAfter   atomic.Int64
	slowReached atomic.Pointer[chan struct{}]
)

const slowFirstDelay = 150 * time.Millisecond

func init() {
	agents.Register(agents.Info{Name: "test-slowfirst", Help: "test bot: random, its first game slow", New: func(agents.Params) (agents.Agent, error) { return &slowFirstBot{}, nil }})
}

// slowFirstBot plays like random (the same choices from the same
// generator), so its games do not depend on which of them was slow.
type slowFirstBot struct {
	random nzscbots.Random
	slow   bool
}

func (b *slowFirstBot) NewGame(seat int, rng *rand.Rand) {
	b.random.NewGame(seat, rng)
	if slowAfter.Load() > 0 {
		b.slow = slowAfter.Add(-1) == 0
		return
	}
	b.slow = slowFirst.CompareAndSwap(true, false)
}

func (b *slowFirstBot) Choose(d *agents.Decision) nzsc.Choice {
	if b.slow {
		b.slow = false
		if gate := slowGate.Load(); gate != nil {
			if reached := slowReached.Swap(nil); reached != nil {
				close(*reached)
			}
			<-*gate
		} else {
			time.Sleep(slowFirstDelay)
		}
	}
	return b.random.Choose(d)
}

// runFiles plays a run made by newCfg into dir/run with its games log
// dir/log (name), then returns every file the run wrote, by name, with
// the manifest's times cleared (they are the only fields that may
// differ).
func runFiles(t *testing.T, dir, name string, newCfg func() *Config, opts RunOptions) map[string][]byte {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	rd, err := Create(newCfg(), NewRun{Out: filepath.Join(dir, "run"), Kind: results.KindTournament,
		Command: []string{"test"}, GamesLog: filepath.Join(dir, name)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Play(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	return readRunFiles(t, dir)
}

func readRunFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		if d.Name() == results.ManifestFile {
			b = withoutTimes(b)
		}
		out[rel] = b
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// withoutTimes blanks the manifest's started and ended times.
func withoutTimes(b []byte) []byte {
	var out [][]byte
	for _, l := range bytes.SplitAfter(b, []byte("\n")) {
		if bytes.Contains(l, []byte(`"started":`)) || bytes.Contains(l, []byte(`"ended":`)) {
			continue
		}
		out = append(out, l)
	}
	return bytes.Join(out, nil)
}

// sameFiles reports every file that differs between two runs.
func sameFiles(t *testing.T, what string, got, want map[string][]byte) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: files %v, want %v", what, slices.Sorted(mapKeys(got)), slices.Sorted(mapKeys(want)))
	}
	for name, w := range want {
		if g, ok := got[name]; ok && !bytes.Equal(g, w) {
			t.Errorf("%s: %s differs (%d bytes, want %d)", what, name, len(g), len(w))
		}
	}
}

func mapKeys(m map[string][]byte) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// TestRunFilesSameWhateverWorkers: the same run on 1, 2 and 8 workers
// writes byte-identical files (counts, manifest but its times, games log
// plain and compressed), also when its first game is slow, so that chunks
// finish out of order: two-player NZSC, three-player NZSC and NPZR.
func TestRunFilesSameWhateverWorkers(t *testing.T) {
	nz2 := func() *Config {
		cfg := testConfig(t)
		cfg.Bots = bots(t, "test-slowfirst", "classic", "random")
		cfg.PairsPerPairing = 40
		cfg.ChunkPairs = 4
		return cfg
	}
	nz3 := func() *Config {
		g, err := game.Build("nzsc", 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		cfg := &Config{Game: g, Gauntlet: -1, Seed: 8, ChunkPairs: 2, PairsPerPairing: 8}
		for _, s := range []string{"random", "classic", "greedy", "random:name=r2"} {
			b, err := agents.ParseForSeats("nzsc", 3, s)
			if err != nil {
				t.Fatal(err)
			}
			cfg.Bots = append(cfg.Bots, b)
		}
		return cfg
	}
	np := func() *Config {
		cfg := npzrConfig(t, "greedy", "random")
		cfg.HeadToHead, cfg.PairsPerPairing = true, 60
		return cfg
	}
	for _, c := range []struct {
		name   string
		newCfg func() *Config
	}{{"nzsc", nz2}, {"nzsc3", nz3}, {"npzr", np}} {
		for _, logName := range []string{"games.jsonl", "games.jsonl.gz"} {
			tmp := t.TempDir()
			dir := filepath.Join(tmp, "x") // every run in the same place: the manifest names it
			var want map[string][]byte
			for _, workers := range []int{1, 2, 8} {
				slowFirst.Store(true)
				got := runFiles(t, dir, logName, c.newCfg, RunOptions{Workers: workers})
				if err := os.RemoveAll(dir); err != nil {
					t.Fatal(err)
				}
				if want == nil {
					want = got
					continue
				}
				sameFiles(t, fmt.Sprintf("%s %s, %d workers against 1", c.name, logName, workers), got, want)
			}
		}
	}
}

// TestLogOrder: chunks handed over in any order from several goroutines
// reach the log in chunk order, and a worker whose chunk would make more
// than the window wait holds on until the head is written.
func TestLogOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log.jsonl")
	log, err := results.CreateGamesLog(path, results.LevelOutcome)
	if err != nil {
		t.Fatal(err)
	}
	const n, window = 40, 3
	o := newLogOrder(context.Background(), log, tournament.Plan{Chunks: seq(n)}, window)
	perm := rand.New(rand.NewPCG(1, 2)).Perm(n)
	var wg sync.WaitGroup
	var maxHeld atomic.Int64
	for _, c := range perm {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := o.put(uint64(c), fmt.Appendf(nil, "%d\n", c), agg{}, nil); err != nil {
				t.Error(err)
			}
			o.mu.Lock()
			if h := int64(len(o.held)); h > maxHeld.Load() {
				maxHeld.Store(h)
			}
			o.mu.Unlock()
		}()
	}
	wg.Wait()
	if err := o.flush(); err != nil {
		t.Fatal(err)
	}
	log.Close()
	b, _ := os.ReadFile(path)
	var want []byte
	for c := range n {
		want = fmt.Appendf(want, "%d\n", c)
	}
	if !bytes.Equal(b, want) {
		t.Errorf("log holds %q, want the chunks in order", b)
	}
	if maxHeld.Load() > window {
		t.Errorf("%d chunks held at once, the window is %d", maxHeld.Load(), window)
	}
}

func seq(n int) []uint64 {
	out := make([]uint64, n)
	for i := range out {
		out[i] = uint64(i)
	}
	return out
}

// TestLogOrderFlushesOnStop: after a stop, the chunks that finished after
// one the stop cut short are written (the runner counts them), in chunk
// order, and a waiting worker is let go.
func TestLogOrderFlushesOnStop(t *testing.T) {
	path := filepath.Join(t.TempDir(), "log.jsonl")
	log, err := results.CreateGamesLog(path, results.LevelOutcome)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	o := newLogOrder(ctx, log, tournament.Plan{Chunks: seq(10)}, 2)
	for _, c := range []uint64{3, 1} {
		if _, err := o.put(c, fmt.Appendf(nil, "%d\n", c), agg{}, nil); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		o.put(2, []byte("2\n"), agg{}, nil) // the window is full: waits for chunk 0
	}()
	select {
	case <-done:
		t.Fatal("a third chunk was held beyond the window of 2")
	case <-time.After(50 * time.Millisecond):
	}
	cancel() // chunk 0 is never played
	<-done
	if err := o.flush(); err != nil {
		t.Fatal(err)
	}
	log.Close()
	if b, _ := os.ReadFile(path); string(b) != "1\n2\n3\n" {
		t.Errorf("log holds %q, want chunks 1, 2, 3", b)
	}
}

// TestResumedRunFilesSameAsUninterrupted: a run interrupted while its
// first game (a slow one) is under way, so that the chunks after it are
// saved and its own is not, then resumed and interrupted again (its log
// then holds chunk 0 after chunks 1 to 11: out of chunk order, as a
// resumed run's log is until the run completes), then resumed on other
// workers to its end, ends with the same files, byte for byte, as the
// run played at once: the games log (plain and compressed) back in chunk
// order, the counts, the manifest but its times. While incomplete, its
// log holds exactly the games its counts hold, each once, read by
// results.ReadRecords (nzsc replay's reader) whatever their order.
func TestResumedRunFilesSameAsUninterrupted(t *testing.T) {
	newCfg := func() *Config {
		cfg := testConfig(t)
		cfg.Bots = bots(t, "test-slowfirst", "classic", "random")
		cfg.PairsPerPairing = 40
		cfg.ChunkPairs = 4
		return cfg
	}
	for _, logName := range []string{"games.jsonl", "games.jsonl.gz"} {
		dir := filepath.Join(t.TempDir(), "x")
		want := runFiles(t, dir, logName, newCfg, RunOptions{Workers: 1})
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(dir, 0o755)
		rd, err := Create(newCfg(), NewRun{Out: filepath.Join(dir, "run"), Kind: results.KindTournament,
			Command: []string{"test"}, GamesLog: filepath.Join(dir, logName)})
		if err != nil {
			t.Fatal(err)
		}
		// The first game waits until every other game of the first
		// segment (12 chunks of 8 games) is played, then the run stops.
		gate := make(chan struct{})
		slowGate.Store(&gate)
		slowFirst.Store(true)
		ctx, cancel := context.WithCancel(context.Background())
		var games atomic.Uint64
		go func() {
			for games.Load() < 11*8 {
				time.Sleep(time.Millisecond)
			}
			cancel()
			close(gate)
		}()
		res, err := rd.Play(ctx, RunOptions{Workers: 8, Progress: &games, SegmentChunks: 12, CheckpointEvery: -1})
		slowGate.Store(nil)
		if err != nil || !res.Interrupted {
			t.Fatalf("%s: interrupted run: err %v, interrupted %v", logName, err, res.Interrupted)
		}
		// The point of the test: chunks after the cut one were saved.
		if _, _, counts, err := results.Load(filepath.Join(dir, "run")); err != nil {
			t.Fatal(err)
		} else if f := counts.Finished; len(f) == 0 || f[0][0] == 0 && len(f) == 1 {
			t.Fatalf("%s: the interrupted run saved chunks %v, want some after a gap", logName, f)
		}
		// The second session, on one worker: the first segment's
		// pending chunks (0, and 11 when the first session was stopped
		// in it), then 12, 13... in order until it is stopped at the
		// slow bot's 24th game of the session, past those chunks' 16
		// at most. (A watcher of the game count raced a run that
		// finished its few fast games first.)
		second, err := Resume(filepath.Join(dir, "run"))
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel = context.WithCancel(context.Background())
		gate, reached := make(chan struct{}), make(chan struct{})
		slowGate.Store(&gate)
		slowReached.Store(&reached)
		slowAfter.Store(24)
		go func() {
			<-reached
			cancel()
			close(gate)
		}()
		res, err = second.Play(ctx, RunOptions{Workers: 1, SegmentChunks: 12, CheckpointEvery: -1})
		cancel()
		slowGate.Store(nil)
		slowAfter.Store(0)
		if err != nil || !res.Interrupted {
			t.Fatalf("%s: second session: err %v, interrupted %v", logName, err, res.Interrupted)
		}
		_, man, counts, err := results.Load(filepath.Join(dir, "run"))
		if err != nil {
			t.Fatal(err)
		}
		if man.Complete || counts.Finished[0][0] != 0 || len(counts.Finished) != 1 || counts.Finished[0][1] < 12 {
			t.Fatalf("%s: after two sessions, chunks %v saved (complete %v), want 0 to 12 or more", logName, counts.Finished, man.Complete)
		}
		// The incomplete run's log: the finished chunks' games, each
		// once, chunk 0 after the first session's chunks.
		keys := logKeys(t, filepath.Join(dir, logName))
		if uint64(len(keys)) != man.GamesDone {
			t.Errorf("%s: incomplete run's log holds %d games, its counts %d", logName, len(keys), man.GamesDone)
		}
		place := second.logPlan().Place
		var chunks []uint64
		err = results.ReadRecords(filepath.Join(dir, logName), func(r *game.Record) error {
			c, _, ok := place(r)
			if !ok || !slices.ContainsFunc(counts.Finished, func(f [2]uint64) bool { return f[0] <= c && c <= f[1] }) {
				t.Errorf("%s: record %+v is no finished chunk's game", logName, r)
			}
			if n := len(chunks); n == 0 || chunks[n-1] != c {
				chunks = append(chunks, c)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if slices.IsSorted(chunks) {
			t.Errorf("%s: the twice-interrupted run's log holds chunks %v in order: the test does not test a resumed log", logName, chunks)
		}
		again, err := Resume(filepath.Join(dir, "run"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := again.Play(context.Background(), RunOptions{Workers: 3}); err != nil {
			t.Fatal(err)
		}
		sameFiles(t, logName+": interrupted twice and resumed against uninterrupted", readRunFiles(t, dir), want)
	}
}

// TestChunkCursor: the reorder buffer's walk of a chunk set gives the
// set's chunks in order, as ChunkSet.All does, over shards and finished
// ranges of every shape.
func TestChunkCursor(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 500 {
		n := uint64(r.IntN(40))
		stride := uint64(1 + r.IntN(4))
		set := tournament.ChunkSet{N: n, Stride: stride, Offset: uint64(r.IntN(int(stride)))}
		for c := uint64(0); c < n; {
			lo := c + uint64(r.IntN(4))
			hi := lo + uint64(r.IntN(4))
			if hi >= n {
				break
			}
			set.Done = append(set.Done, [2]uint64{lo, hi})
			c = hi + 1 + uint64(r.IntN(2))
		}
		want := slices.Collect(set.All())
		k := chunkCursor{set: &set}
		var got []uint64
		for c, ok := k.next(); ok; c, ok = k.next() {
			got = append(got, c)
		}
		if _, ok := k.next(); ok || !slices.Equal(got, want) {
			t.Fatalf("case %d, %+v: got %v, want %v", i, set, got, want)
		}
	}
}
