package roundrobin

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games" // Resume builds games from the registry
	"github.com/nzsclab/nzsc/results"
)

// logKeys reads a games log into its records by (table, set, game in set),
// failing on a duplicate.
func logKeys(t *testing.T, path string) map[[3]uint64]string {
	t.Helper()
	out := map[[3]uint64]string{}
	err := results.ReadRecords(path, func(r *game.Record) error {
		k := [3]uint64{uint64(*r.Table), *r.Set, uint64(*r.InSet)}
		if _, dup := out[k]; dup {
			t.Errorf("%s: game %v twice", path, k)
		}
		b, _ := json.Marshal(r)
		out[k] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRunDirResumeAfterKill: a run is interrupted, then its games log is
// damaged as a killed process leaves it (records of chunks the counts do
// not hold, duplicates, a gzip member cut short). Resuming trims the log
// to the saved games and finishes the run: counts and log equal an
// uninterrupted run's, every game once.
func TestRunDirResumeAfterKill(t *testing.T) {
	tmp := t.TempDir()
	newCfg := func() *Config {
		cfg := testConfig(t)
		cfg.PairsPerPairing = 60
		return cfg
	}
	start := func(name string) *RunDir {
		rd, err := Create(newCfg(), NewRun{Out: filepath.Join(tmp, name), Kind: results.KindTournament,
			GamesLog: filepath.Join(tmp, name+".jsonl.gz")})
		if err != nil {
			t.Fatal(err)
		}
		return rd
	}
	whole := start("whole")
	if _, err := whole.Play(context.Background(), RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	want := logKeys(t, filepath.Join(tmp, "whole.jsonl.gz"))
	if int64(len(want)) != whole.Total().Games() {
		t.Fatalf("uninterrupted log has %d games, counts %d", len(want), whole.Total().Games())
	}

	cut := start("cut")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Stopped at the first checkpoint past 120 games (60 pairs), from
	// inside the run, so that a loaded machine cannot let the run end
	// before the stop (a goroutine polling the progress every
	// millisecond lost that race once at load 3).
	stopPast120 := func(total *analysis.Tournament) (bool, error) {
		if total.Games() >= 120 {
			cancel()
		}
		return false, nil
	}
	res, err := cut.Play(ctx, RunOptions{Workers: 2, SegmentChunks: 2, CheckpointEvery: -1, Look: stopPast120})
	if err != nil || !res.Interrupted {
		t.Fatalf("interrupted run: err %v, interrupted %v", err, res.Interrupted)
	}
	logPath := filepath.Join(tmp, "cut.jsonl.gz")
	saved := logKeys(t, logPath)
	if int64(len(saved)) != cut.Total().Games() || len(saved) == 0 || len(saved) == len(want) {
		t.Fatalf("interrupted: log %d games, counts %d, whole run %d", len(saved), cut.Total().Games(), len(want))
	}

	// The damage: a member with a duplicate and games the counts do not
	// hold, then half of another member.
	var extra bytes.Buffer
	zw := gzip.NewWriter(&extra)
	n := 0
	for k, rec := range want {
		_, isSaved := saved[k]
		if isSaved && n > 0 && n < 3 || !isSaved && n < 10 {
			zw.Write([]byte(rec + "\n"))
			n++
		}
	}
	zw.Close()
	half := extra.Bytes()[:extra.Len()/2]
	f, err := os.OpenFile(logPath, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(extra.Bytes())
	f.Write(half)
	f.Close()

	again, err := Resume(filepath.Join(tmp, "cut"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := again.Play(context.Background(), RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again.Total(), whole.Total()) {
		t.Errorf("interrupted + resumed counts differ from the uninterrupted run's")
	}
	if got := logKeys(t, logPath); !reflect.DeepEqual(got, want) {
		t.Errorf("resumed log: %d games, want the uninterrupted run's %d, the same", len(got), len(want))
	}
	// Byte for byte: the chunks in order, a gzip member each.
	if got, want := readFile(t, logPath), readFile(t, filepath.Join(tmp, "whole.jsonl.gz")); !bytes.Equal(got, want) {
		t.Errorf("resumed log: %d bytes, not the uninterrupted run's %d", len(got), len(want))
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGamesLogRefusesForeignFile: a new run never writes over a file, and
// a resumed run does not rewrite a file that holds no game records.
func TestGamesLogRefusesForeignFile(t *testing.T) {
	tmp := t.TempDir()
	other := filepath.Join(tmp, "notes.txt")
	os.WriteFile(other, []byte("my notes\n"), 0o644)
	_, err := Create(testConfig(t), NewRun{Out: filepath.Join(tmp, "run"), Kind: results.KindTournament, GamesLog: other})
	if err == nil {
		t.Fatal("a new run accepted an existing file as its games log")
	}
	if b, _ := os.ReadFile(other); string(b) != "my notes\n" {
		t.Errorf("the file was changed: %q", b)
	}
	if _, err := os.Stat(filepath.Join(tmp, "run")); err == nil {
		t.Errorf("the run directory was created although the run was refused")
	}
	all := results.LogPlan{
		Place:    func(*game.Record) (uint64, int, bool) { return 0, 0, true },
		Games:    func(uint64) int { return 1 },
		Finished: [][2]uint64{{0, 0}},
	}
	if _, _, err := results.ReopenGamesLog(context.Background(), other, results.LevelFull, all); err == nil {
		t.Error("ReopenGamesLog rewrote a file of notes")
	}
	if b, _ := os.ReadFile(other); string(b) != "my notes\n" {
		t.Errorf("the file was changed: %q", b)
	}
}

func TestAddRanges(t *testing.T) {
	for i, c := range []struct {
		done   [][2]uint64
		chunks []uint64
		want   [][2]uint64
	}{
		{nil, nil, [][2]uint64{}},
		{nil, []uint64{0, 1, 2, 5}, [][2]uint64{{0, 2}, {5, 5}}},
		{[][2]uint64{{3, 4}}, []uint64{0, 2, 5, 7}, [][2]uint64{{0, 0}, {2, 5}, {7, 7}}},
		{[][2]uint64{{0, 1}, {9, 9}}, []uint64{2, 8}, [][2]uint64{{0, 2}, {8, 9}}},
	} {
		if got := addRanges(c.done, c.chunks); !reflect.DeepEqual(got, c.want) {
			t.Errorf("case %d: got %v, want %v", i, got, c.want)
		}
		for x := range uint64(12) {
			in := inRanges(c.want, x)
			oracle := false
			for _, r := range c.want {
				oracle = oracle || r[0] <= x && x <= r[1]
			}
			if in != oracle {
				t.Errorf("case %d: inRanges(%d) = %v", i, x, in)
			}
		}
	}
}

// TestRunDirResumeRepairsDamagedLog: a damaged line in the middle of a
// run's games log (plain or gzip) is reported on resume and the log
// rewritten from the counts' games: every game of the run once, as the
// undamaged log held them, never the records after the damage dropped.
// A deleted log is written again the same way.
func TestRunDirResumeRepairsDamagedLog(t *testing.T) {
	for _, name := range []string{"log.jsonl", "log.jsonl.gz", "deleted.jsonl", "appended.jsonl"} {
		tmp := t.TempDir()
		cfg := testConfig(t)
		cfg.PairsPerPairing = 40
		logPath := filepath.Join(tmp, name)
		rd, err := Create(cfg, NewRun{Out: filepath.Join(tmp, "run"), Kind: results.KindTournament, GamesLog: logPath})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rd.Play(context.Background(), RunOptions{Workers: 2}); err != nil {
			t.Fatal(err)
		}
		want := logKeys(t, logPath)
		wantBytes := readFile(t, logPath)
		counts := *rd.Total()

		// Line 30 of the decompressed log becomes garbage.
		var plain []byte
		if filepath.Ext(name) == ".gz" {
			f, _ := os.Open(logPath)
			zr, err := gzip.NewReader(f)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			b.ReadFrom(zr)
			f.Close()
			plain = b.Bytes()
		} else {
			plain, _ = os.ReadFile(logPath)
		}
		lines := bytes.SplitAfter(plain, []byte("\n"))
		lines[29] = []byte("{\"format\": \"nzsc-lab-game\", garbage\n")
		damaged := bytes.Join(lines, nil)
		if name == "appended.jsonl" {
			// A line after the last game: nothing of the run is lost.
			damaged = append(plain, "garbage\n"...)
		}
		if filepath.Ext(name) == ".gz" {
			var b bytes.Buffer
			zw := gzip.NewWriter(&b)
			zw.Write(damaged)
			zw.Close()
			damaged = b.Bytes()
		}
		if name == "deleted.jsonl" {
			os.Remove(logPath)
		} else if err := os.WriteFile(logPath, damaged, 0o644); err != nil {
			t.Fatal(err)
		}

		again, err := Resume(filepath.Join(tmp, "run"))
		if err != nil {
			t.Fatal(err)
		}
		var notes []string
		if _, err := again.Play(context.Background(), RunOptions{Workers: 2, Repaired: func(m string) { notes = append(notes, m) }}); err != nil {
			t.Fatal(err)
		}
		if got := logKeys(t, logPath); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the repaired log holds %d games, want the run's %d, the same records", name, len(got), len(want))
		}
		if got := readFile(t, logPath); !bytes.Equal(got, wantBytes) {
			t.Errorf("%s: the repaired log is not the run's, byte for byte (chunk order)", name)
		}
		if !reflect.DeepEqual(*again.Total(), counts) {
			t.Errorf("%s: the counts changed", name)
		}
		wantNote := "line 30"
		switch name {
		case "deleted.jsonl":
			wantNote = "missing"
		case "appended.jsonl":
			// Not "the games of 0 finished chunk(s) were missing from
			// it and are played again".
			wantNote = "dropped; no game of the run was missing from it"
		}
		if len(notes) != 1 || !strings.Contains(notes[0], wantNote) || strings.Contains(notes[0], " 0 finished") {
			t.Errorf("%s: notes %q, want one naming %q", name, notes, wantNote)
		}
	}
}

// TestRunDirResumeStopsWhileReopening: a stop (Ctrl-C) while a resumed
// run reopens its games log ends the session at once, interrupted and
// without an error, playing nothing: the log is left as it was (the old
// reader rewrote all of it first, 40 s for a 27 MB log, before it saw
// the stop) and no temporary file is left beside it; one a killed
// rewrite left is removed. The next resume finishes the run as if it
// had been played at once.
func TestRunDirResumeStopsWhileReopening(t *testing.T) {
	tmp := t.TempDir()
	newRun := func(name string) *RunDir {
		cfg := testConfig(t)
		cfg.PairsPerPairing = 200
		rd, err := Create(cfg, NewRun{Out: filepath.Join(tmp, name), Kind: results.KindTournament,
			GamesLog: filepath.Join(tmp, name+".jsonl.gz")})
		if err != nil {
			t.Fatal(err)
		}
		return rd
	}
	whole := newRun("whole")
	if _, err := whole.Play(context.Background(), RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	cut := newRun("cut")
	ctx, cancel := context.WithCancel(context.Background())
	var games atomic.Uint64
	go func() {
		for games.Load() < 100 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	if res, err := cut.Play(ctx, RunOptions{Workers: 2, Progress: &games, SegmentChunks: 2, CheckpointEvery: -1}); err != nil || !res.Interrupted {
		t.Fatalf("interrupted run: err %v, interrupted %v", err, res.Interrupted)
	}
	logPath := filepath.Join(tmp, "cut.jsonl.gz")
	// Games the counts do not hold, which a reopen drops: the log must
	// not be rewritten when the reopen is stopped.
	var extra bytes.Buffer
	zw := gzip.NewWriter(&extra)
	saved := logKeys(t, logPath)
	for k, rec := range logKeys(t, filepath.Join(tmp, "whole.jsonl.gz")) {
		if _, ok := saved[k]; !ok {
			zw.Write([]byte(rec + "\n"))
		}
	}
	zw.Close()
	f, err := os.OpenFile(logPath, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(extra.Bytes())
	f.Close()
	stale := filepath.Join(tmp, ".cut.jsonl.gz.nzsc-rewrite-00000a1e")
	if err := os.WriteFile(stale, []byte("left by a second Ctrl-C"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := readFile(t, logPath)

	stopped, err := Resume(filepath.Join(tmp, "cut"))
	if err != nil {
		t.Fatal(err)
	}
	done, stop := context.WithCancel(context.Background())
	stop()
	res, err := stopped.Play(done, RunOptions{Workers: 2})
	if err != nil || !res.Interrupted || res.Counts.Games() != 0 {
		t.Fatalf("resume stopped while reopening: err %v, interrupted %v, %d games; want nil, true, 0", err, res.Interrupted, res.Counts.Games())
	}
	if got := readFile(t, logPath); !bytes.Equal(got, before) {
		t.Errorf("a stopped reopen changed the log: %d bytes, was %d", len(got), len(before))
	}
	entries, _ := os.ReadDir(tmp)
	for _, e := range entries {
		if strings.Contains(e.Name(), ".nzsc-rewrite-") || strings.HasPrefix(e.Name(), ".games-log-") {
			t.Errorf("temporary file %s left beside the log", e.Name())
		}
	}

	again, err := Resume(filepath.Join(tmp, "cut"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := again.Play(context.Background(), RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again.Total(), whole.Total()) {
		t.Errorf("resumed counts differ from the uninterrupted run's")
	}
	if got, want := readFile(t, logPath), readFile(t, filepath.Join(tmp, "whole.jsonl.gz")); !bytes.Equal(got, want) {
		t.Errorf("resumed log: %d bytes, not the uninterrupted run's %d", len(got), len(want))
	}
}

// TestPacedCheckpoints: a run not looked at saves at a segment's end
// only when CheckpointEvery has passed since the last save and 20 times
// that save's cost (every segment before: 78 saves of 36 MB for 100 bots
// and 9 900 games, most of the run's time); a negative interval saves at
// every segment.
func TestPacedCheckpoints(t *testing.T) {
	cases := []struct {
		every, first time.Duration
		sleep        time.Duration
		calls        int
		min, max     int
	}{
		{-1, time.Hour, 0, 50, 50, 50},                       // every segment
		{time.Hour, 0, 0, 50, 0, 0},                          // never before the interval
		{time.Nanosecond, time.Hour, 0, 50, 0, 0},            // a costly save: 20 times its cost
		{time.Millisecond, 0, 2 * time.Millisecond, 5, 5, 5}, // the interval passed each time
	}
	for i, c := range cases {
		saves := 0
		save := paced(func(*analysis.Tournament, []uint64) error { saves++; return nil }, c.every, c.first)
		for range c.calls {
			time.Sleep(c.sleep)
			if err := save(nil, nil); err != nil {
				t.Fatal(err)
			}
		}
		if saves < c.min || saves > c.max {
			t.Errorf("case %d: %d saves of %d calls, want %d to %d", i, saves, c.calls, c.min, c.max)
		}
	}
}

// TestCheckpointCadenceKeepsResults: the counts and the games log of a
// run are the same whether it saves at every segment or paced, and
// interrupted and resumed.
func TestCheckpointCadenceKeepsResults(t *testing.T) {
	tmp := t.TempDir()
	run := func(name string, every time.Duration, stopAt uint64) *RunDir {
		cfg := testConfig(t)
		cfg.PairsPerPairing = 100
		rd, err := Create(cfg, NewRun{Out: filepath.Join(tmp, name), Kind: results.KindTournament,
			GamesLog: filepath.Join(tmp, name+".jsonl.gz")})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var games atomic.Uint64
		if stopAt > 0 {
			go func() {
				for games.Load() < stopAt {
					time.Sleep(time.Millisecond)
				}
				cancel()
			}()
		}
		opts := RunOptions{Workers: 2, SegmentChunks: 1, CheckpointEvery: every, Progress: &games}
		if _, err := rd.Play(ctx, opts); err != nil {
			t.Fatal(err)
		}
		if stopAt > 0 {
			if rd, err = Resume(filepath.Join(tmp, name)); err != nil {
				t.Fatal(err)
			}
			if _, err := rd.Play(context.Background(), opts); err != nil {
				t.Fatal(err)
			}
		}
		return rd
	}
	each := run("each", -1, 0)
	paced := run("paced", 0, 0)
	cut := run("cut", 0, 150)
	want := readFile(t, filepath.Join(tmp, "each.jsonl.gz"))
	for _, rd := range []*RunDir{paced, cut} {
		name := filepath.Base(rd.Dir.Path)
		if !reflect.DeepEqual(rd.Total(), each.Total()) {
			t.Errorf("%s: counts differ from a run saved at every segment", name)
		}
		if got := readFile(t, filepath.Join(tmp, name+".jsonl.gz")); !bytes.Equal(got, want) {
			t.Errorf("%s: games log %d bytes, not the other's %d", name, len(got), len(want))
		}
	}
}

// TestResumeOfFinishedRunStoppedStaysComplete: a finished run resumed
// (to write its report again, or to mend its log) and stopped while its
// games log is reopened played nothing, so its manifest still says it is
// complete; it was saved as interrupted and incomplete, and the command
// then said to go on with --resume a run that had no game left.
func TestResumeOfFinishedRunStoppedStaysComplete(t *testing.T) {
	tmp := t.TempDir()
	cfg := testConfig(t)
	cfg.PairsPerPairing = 20
	out := filepath.Join(tmp, "run")
	rd, err := Create(cfg, NewRun{Out: out, Kind: results.KindTournament, GamesLog: filepath.Join(tmp, "run.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Play(context.Background(), RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	again, err := Resume(out)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Manifest.Complete {
		t.Fatal("the finished run's manifest does not say complete")
	}
	ctx, stop := context.WithCancel(context.Background())
	stop()
	if res, err := again.Play(ctx, RunOptions{Workers: 2}); err != nil || !res.Interrupted {
		t.Fatalf("resume stopped while reopening: err %v, interrupted %v; want nil, true", err, res.Interrupted)
	}
	m, err := results.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	man, err := m.ReadManifest()
	if err != nil {
		t.Fatal(err)
	}
	if !man.Complete || man.Interrupted {
		t.Errorf("after a stopped resume of a finished run: complete %v, interrupted %v; want true, false", man.Complete, man.Interrupted)
	}
}
