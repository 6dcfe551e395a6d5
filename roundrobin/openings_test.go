package roundrobin

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
)

// The openings' seeds are the games' seeds, in the file's order, pair k
// from seed k mod n in every pairing, both games of a pair from it with
// the seats swapped; the same games at any worker count and when the run
// is played in shards and merged.
func TestOpeningsSchedule(t *testing.T) {
	tmp := t.TempDir()
	openings := []uint64{0x2a, 7, 0xdeadbeef}
	newCfg := func() *Config {
		cfg := npzrConfig(t, "greedy", "random", "random")
		cfg.PairsPerPairing, cfg.Openings = 5, openings
		return cfg
	}
	run := func(name string, workers int, shard *results.Shard) *RunDir {
		t.Helper()
		rd, err := Create(newCfg(), NewRun{Out: filepath.Join(tmp, name), Kind: results.KindTournament,
			GamesLog: filepath.Join(tmp, name+".jsonl"), Shard: shard})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rd.Play(context.Background(), RunOptions{Workers: workers}); err != nil {
			t.Fatal(err)
		}
		return rd
	}
	one := run("one", 1, nil)
	games := 0
	err := results.ReadRecords(filepath.Join(tmp, "one.jsonl"), func(r *game.Record) error {
		games++
		if want := game.FormatSeed(openings[*r.Set%uint64(len(openings))]); r.Seed != want {
			t.Errorf("pairing %d pair %d game %d: seed %s, want opening %s", *r.Table, *r.Set, *r.InSet, r.Seed, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if games != 3*5*2 {
		t.Fatalf("%d games logged, want 30", games)
	}
	// Seats swapped: within a pair, the bot in seat 0 of one game is in
	// seat 1 of the other.
	logged := logKeys(t, filepath.Join(tmp, "one.jsonl"))
	for k, rec := range logged {
		if k[2] != 0 {
			continue
		}
		other := logged[[3]uint64{k[0], k[1], 1}]
		var a, b game.Record
		if err := jsonUnmarshal(rec, &a); err != nil {
			t.Fatal(err)
		}
		if err := jsonUnmarshal(other, &b); err != nil {
			t.Fatal(err)
		}
		if a.Seed != b.Seed || a.Bots[0] != b.Bots[1] || a.Bots[1] != b.Bots[0] {
			t.Errorf("pair %v: seeds %s/%s, bots %v then %v: want one seed, seats swapped", k, a.Seed, b.Seed, a.Bots, b.Bots)
		}
	}
	if m := one.Manifest.Openings; !reflect.DeepEqual(m, []string{"0x2a", "0x7", "0xdeadbeef"}) {
		t.Errorf("manifest openings %v", m)
	}

	two := run("two", 2, nil)
	if !reflect.DeepEqual(two.Total(), one.Total()) {
		t.Errorf("2 workers: counts differ from 1 worker's")
	}
	run("s0", 2, &results.Shard{Index: 0, Count: 2})
	run("s1", 1, &results.Shard{Index: 1, Count: 2})
	mergedMan, merged, err := results.Merge([]string{filepath.Join(tmp, "s0"), filepath.Join(tmp, "s1")})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(mergedMan.Openings, one.Manifest.Openings) {
		t.Errorf("merged manifest openings %v, want %v", mergedMan.Openings, one.Manifest.Openings)
	}
	if !reflect.DeepEqual(merged.Pairings, one.Total().Pairings) || statsJSON(t, merged.Game) != statsJSON(t, one.Total().Game) {
		t.Errorf("two shards merged: counts differ from the whole run's")
	}
	shards := logKeys(t, filepath.Join(tmp, "s0.jsonl"))
	for k, rec := range logKeys(t, filepath.Join(tmp, "s1.jsonl")) {
		shards[k] = rec
	}
	if !reflect.DeepEqual(shards, logged) {
		t.Errorf("two shards' games logs: %d games, differ from the whole run's %d", len(shards), len(logged))
	}

	// Resume rebuilds the openings from the manifest; a plan with other
	// openings (or none) is another run.
	again, err := Resume(filepath.Join(tmp, "one"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again.Config.Openings, openings) {
		t.Errorf("resumed openings %v, want %v", again.Config.Openings, openings)
	}
	free := *one.Manifest
	free.Openings = nil
	if free.PlanDigest() == one.Manifest.PlanDigest() {
		t.Error("the plan digest does not cover the openings")
	}
	if err := free.Same(one.Manifest); err == nil {
		t.Error("runs with and without openings are merged as the same games")
	}
}

// A bad openings file is refused with a message naming the file and the
// line; a FIFO is refused without waiting on it.
func TestReadOpeningsRefuses(t *testing.T) {
	tmp := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good", "# deals\n42\n\n  0x2A \n18446744073709551615\n")
	got, err := ReadOpenings(good)
	if err != nil || !reflect.DeepEqual(got, []uint64{42, 0x2a, 1<<64 - 1}) {
		t.Errorf("good file: %v, %v", got, err)
	}
	fifo := filepath.Join(tmp, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{write("empty", "# nothing\n\n"), "no seeds"},
		{write("word", "1\nseven\n"), "line 2"},
		{write("big", "18446744073709551616\n"), "line 1"},
		{write("neg", "-1\n"), "line 1"},
		{write("long", strings.Repeat("1", 70000)+"\n"), "too long"},
		{tmp, "directory"},
		{fifo, "FIFO"},
		{filepath.Join(tmp, "missing"), "no such file"},
	} {
		_, err := ReadOpenings(c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line with %q", filepath.Base(c.path), err, c.want)
		}
	}
	many := write("many", strings.Repeat("1\n", MaxOpenings+1))
	if _, err := ReadOpenings(many); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("%d seeds: error %v", MaxOpenings+1, err)
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// An opening met twice is the same deal with the bots drawing afresh
// (not the same game twice), and a game without chance takes no openings.
func TestOpeningsDealOnly(t *testing.T) {
	tmp := t.TempDir()
	cfg := npzrConfig(t, "random", "random")
	cfg.HeadToHead, cfg.PairsPerPairing, cfg.Openings = true, 2, []uint64{99}
	rd, err := Create(cfg, NewRun{Out: filepath.Join(tmp, "m"), Kind: results.KindMatch, GamesLog: filepath.Join(tmp, "m.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Play(context.Background(), RunOptions{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	var turns []string
	err = results.ReadRecords(filepath.Join(tmp, "m.jsonl"), func(r *game.Record) error {
		if r.Seed != "0x63" {
			t.Errorf("game seed %s, want the opening 0x63", r.Seed)
		}
		b, _ := json.Marshal(r.Turns)
		turns = append(turns, string(b))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(turns) != 4 || turns[0] == turns[2] {
		t.Errorf("%d games; pair 0 and pair 1 from one opening played alike: the bots did not draw afresh", len(turns))
	}

	nz := testConfig(t)
	nz.Openings = []uint64{1}
	if err := nz.Check(); err == nil || !strings.Contains(err.Error(), "chance") {
		t.Errorf("NZSC with openings: %v, want refused", err)
	}
}
