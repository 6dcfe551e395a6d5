package results_test

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr" // NPZR's bots
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

// playDir plays a whole run of gameName at seats among specs into a new
// run directory at path, as the commands do (roundrobin.Create, Play).
func playDir(t *testing.T, path, gameName string, seats int, specs ...string) {
	t.Helper()
	g, err := game.Build(gameName, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &roundrobin.Config{Game: g, Gauntlet: -1, Seed: 5, ChunkPairs: 2, PairsPerPairing: 4}
	for _, s := range specs {
		b, err := agents.ParseForSeats(gameName, seats, s)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	rd, err := roundrobin.Create(cfg, roundrobin.NewRun{Out: path, Kind: results.KindTournament})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Play(context.Background(), roundrobin.RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
}

// editNumbers rewrites a JSON file through edit, its numbers kept exact
// (json.Number), so that counts near 2^63 can be written.
func editNumbers(t *testing.T, path string, edit func(m map[string]any)) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	if b, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLoadRefusesCheckpointsThatFool: counts made to look consistent
// (sums that wrap around int64 to the right total, a game's tally of
// another size or another game, a manifest naming another game) are
// refused by Load, so by report, resume and merge, with one line naming
// what is wrong.
func TestLoadRefusesCheckpointsThatFool(t *testing.T) {
	tmp := t.TempDir()
	two := filepath.Join(tmp, "two")
	playDir(t, two, "nzsc", 2, "random", "greedy")
	three := filepath.Join(tmp, "three")
	playDir(t, three, "nzsc", 3, "random", "greedy", "random:")
	npzr := filepath.Join(tmp, "npzr")
	playDir(t, npzr, "npzr", 2, "random", "greedy")
	for _, d := range []string{two, three, npzr} {
		if _, _, _, err := results.Load(d); err != nil {
			t.Fatalf("the run as played: %v", err)
		}
	}
	const big = "9223372036854775807" // 2^63-1
	seat := func(m map[string]any) []any {
		return m["pairings"].([]any)[0].(map[string]any)["seat"].([]any)
	}
	for i, c := range []struct {
		from, file string
		edit       func(m map[string]any)
		want       string
	}{
		// 8 games a pairing: 2^63-1 + 2^63-1 + 10 wraps around to 8.
		{two, results.CountsFile, func(m map[string]any) {
			seat(m)[0] = []any{json.Number(big), json.Number(big), json.Number("10")}
		}, "seat[0]: the counts add up"},
		{two, results.CountsFile, func(m map[string]any) {
			m["pairings"].([]any)[0].(map[string]any)["pentanomial"] = []any{json.Number(big), json.Number(big), json.Number("6"), 0, 0}
		}, "pentanomial: the counts add up"},
		{two, results.CountsFile, func(m map[string]any) {
			m["pairings"].([]any)[0].(map[string]any)["forfeits"] = []any{9, 0}
		}, "forfeits"},
		{three, results.CountsFile, func(m map[string]any) {
			m["tables"].([]any)[0].(map[string]any)["seat_places"] = []any{
				[]any{json.Number(big), json.Number(big), json.Number("26"), 0}, []any{24, 0, 0, 0}, []any{24, 0, 0, 0}, []any{0, 0, 0, 0}}
		}, "seat_places[0]: the counts add up"},
		// A three-player tally naming one character of four and 10^15
		// games.
		{three, results.CountsFile, func(m map[string]any) {
			m["game_stats"] = map[string]any{"players": 3, "games": json.Number("1000000000000000"),
				"characters": []any{map[string]any{"players": json.Number("3000000000000000"), "wins": 0}}}
		}, "game_stats: nzscn statistics: 1000000000000000 games"},
		{three, results.CountsFile, func(m map[string]any) {
			m["game_stats"].(map[string]any)["players"] = 4
		}, "game_stats: nzscn statistics: of 4 players"},
		{three, results.CountsFile, func(m map[string]any) {
			gs := m["game_stats"].(map[string]any)
			gs["characters"].([]any)[0].(map[string]any)["wins"] = json.Number("1000")
		}, "characters[0]"},
		{two, results.CountsFile, func(m map[string]any) {
			gs := m["game_stats"].(map[string]any)
			gs["pairs"].([]any)[0].(map[string]any)["unsettled"] = []any{1, 0, 0}
		}, "nzsc statistics: 9 games"},
		{npzr, results.CountsFile, func(m map[string]any) {
			m["game_stats"].(map[string]any)["turns"] = []any{json.Number(big), json.Number(big), 10}
		}, "npzr statistics: turns"},
		// The manifest says NPZR; the counts are NZSC's.
		{two, results.ManifestFile, func(m map[string]any) { m["game"] = "npzr"; m["rules"] = map[string]any{"turn_cap": 1000} }, "game_stats"},
		{npzr, results.ManifestFile, func(m map[string]any) {
			delete(m, "game")
			delete(m, "seats")
			m["rules"] = map[string]any{"turn_cap": 1000}
		}, "game_stats"},
		// Games that do not fit a count.
		{two, results.ManifestFile, func(m map[string]any) {
			m["games_per_pairing"] = json.Number("9223372036854775808")
			m["chunk_pairs"] = json.Number("9223372036854775807")
		}, "games_per_pairing"},
	} {
		dir := filepath.Join(tmp, "bad", string(rune('a'+i)))
		copyRun(t, c.from, dir)
		editNumbers(t, filepath.Join(dir, c.file), c.edit)
		// The counts' plan digest would catch an edited manifest first:
		// these are checked without it, as in a directory from before it.
		editNumbers(t, filepath.Join(dir, results.CountsFile), func(m map[string]any) { delete(m, "plan") })
		_, _, _, err := results.Load(dir)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("case %d: Load = %v, want one line with %q", i, err, c.want)
		}
	}
}

// TestLoadRefusesAnotherPlan: counts are bound to the plan they were
// made under (Counts.Plan): a manifest edited to another game, other
// rules, bots, seed, schedule or games log is refused by Load; counts
// written before the digest (no plan) are read.
func TestLoadRefusesAnotherPlan(t *testing.T) {
	tmp := t.TempDir()
	good := filepath.Join(tmp, "good")
	playDir(t, good, "nzsc", 2, "random", "greedy")
	for i, edit := range []func(m map[string]any){
		func(m map[string]any) { m["rules"] = map[string]any{"turn_cap": 7} },
		func(m map[string]any) { m["bots"].([]any)[0].(map[string]any)["spec"] = "random:name=random" },
		func(m map[string]any) { m["seed"] = "0x6" },
		func(m map[string]any) { m["games_log"] = "/tmp/elsewhere.jsonl" },
		func(m map[string]any) { m["kind"] = results.KindMatch },
	} {
		dir := filepath.Join(tmp, "bad", string(rune('a'+i)))
		copyRun(t, good, dir)
		editNumbers(t, filepath.Join(dir, results.ManifestFile), edit)
		_, _, _, err := results.Load(dir)
		if err == nil || !strings.Contains(err.Error(), "plan sha256:") || strings.Contains(err.Error(), "\n") {
			t.Errorf("case %d: Load = %v, want one line about the plan", i, err)
		}
	}
	old := filepath.Join(tmp, "old")
	copyRun(t, good, old)
	editNumbers(t, filepath.Join(old, results.CountsFile), func(m map[string]any) { delete(m, "plan") })
	if _, _, _, err := results.Load(old); err != nil {
		t.Errorf("counts without a plan: %v", err)
	}
}

// TestMergeRefusesOverflow: two shards whose counts each pass the checks
// but whose sum passes int64 (a pairing's turns) do not merge into
// wrapped-around counts.
func TestMergeRefusesOverflow(t *testing.T) {
	tmp := t.TempDir()
	cfg := config(t)
	var paths []string
	for i := range 2 {
		p := filepath.Join(tmp, "s"+string(rune('0'+i)))
		var chunks []uint64
		for c := uint64(i); c < cfg.NumChunks(); c += 2 {
			chunks = append(chunks, c)
		}
		writeRun(t, p, cfg, chunks, &results.Shard{Index: i, Count: 2})
		editNumbers(t, filepath.Join(p, results.CountsFile), func(m map[string]any) {
			m["pairings"].([]any)[0].(map[string]any)["turns"] = json.Number("6917529027641081856") // 3·2^61
		})
		if _, _, _, err := results.Load(p); err != nil {
			t.Fatalf("shard %d: %v", i, err)
		}
		paths = append(paths, p)
	}
	if _, _, err := results.Merge(paths); err == nil || !strings.Contains(err.Error(), "turns") {
		t.Errorf("Merge = %v, want the overflow of the turns refused", err)
	}
}

// TestCountsCompact: counts.json is written without indentation, one
// line: it is rewritten at every checkpoint, and 100 bots' counts
// indented were 36 MB, most of it spaces and newlines (the checkpoints
// took most of that run's time). It still loads to the same counts.
func TestCountsCompact(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	playDir(t, dir, "nzsc", 2, "random", "greedy", "classic")
	b, err := os.ReadFile(filepath.Join(dir, results.CountsFile))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte("\n")); n != 1 || b[len(b)-1] != '\n' {
		t.Errorf("counts.json has %d lines, want one (compact JSON and a newline)", n)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, b); err != nil {
		t.Fatal(err)
	}
	if compact.Len() != len(b)-1 {
		t.Errorf("counts.json is %d bytes, %d compacted", len(b)-1, compact.Len())
	}
	_, _, c, err := results.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c.Games() != 3*4*2 {
		t.Errorf("loaded %d games, want 24", c.Games())
	}
}

// TestKilledStartLeftovers: a run killed in its first checkpoint, before
// its manifest, leaves a temporary file of Dir.WriteFile or counts.json
// of no finished chunk and no manifest; started again (a requeued batch
// job, the shard wrapper of docs/distributed.md) it was refused as a
// start ("not empty") and as a resume (no manifest), for good. Such a
// directory is taken as empty; one with anything else is refused. A
// killed checkpoint's temporary file is removed by the next holder of
// the directory's lock (resume, report), not left in the run for ever.
// Only a file of the lab's temporary shape (".NAME.nzsc-tmp-" and 8 hex
// digits) is removed: a hidden file of the shape earlier versions wrote
// (".pairings.csv.tmpq") may be the user's and stays, as does any other.
func TestKilledStartLeftovers(t *testing.T) {
	zero, err := json.Marshal(results.Counts{Format: results.FormatVersion})
	if err != nil {
		t.Fatal(err)
	}
	played := []byte(`{"format":2,"finished":[[0,3]]}`)
	for i, c := range []struct {
		files map[string][]byte
		ok    bool
	}{
		{map[string][]byte{".counts.json.nzsc-tmp-03fa9c2e": []byte(`{"form`)}, true},
		{map[string][]byte{".manifest.json.nzsc-tmp-0000ffff": nil, results.CountsFile: zero}, true},
		{map[string][]byte{".ratings.csv.nzsc-tmp-12345678": nil}, true},
		{map[string][]byte{".games.jsonl.gz.nzsc-merge-9abcdef0": []byte("part")}, true},
		// Earlier versions' names: a start after an upgrade still
		// starts (they are not removed, see below).
		{map[string][]byte{".counts.json.tmp3k2j9": []byte(`{"form`)}, true},
		{map[string][]byte{".games.jsonl.gz.merge-1x9": []byte("part")}, true},
		{map[string][]byte{results.CountsFile: played}, false},
		{map[string][]byte{results.CountsFile: []byte("not json")}, false},
		// The user's own counts.json, not a run's (no format): written
		// over when taken as a killed start's.
		{map[string][]byte{results.CountsFile: []byte(`{"finished": [], "notes": "mine"}`)}, false},
		{map[string][]byte{results.CountsFile: []byte(`{}`)}, false},
		{map[string][]byte{".counts.json.nzsc-tmp-03fa9c2e": nil, "notes.txt": nil}, false},
		{map[string][]byte{".report.html.nzsc-tmp-03fa9c2e": nil}, false},
		{map[string][]byte{".counts.json.nzsc-tmp-03FA9C2E": nil}, false},
		{map[string][]byte{".counts.json.nzsc-tmp-03fa9c2": nil}, false},
		{map[string][]byte{".counts.json.nzsc-copy-03fa9c2e": nil}, false},
		{map[string][]byte{".counts.json.tmp.x": nil}, false},
	} {
		dir := filepath.Join(t.TempDir(), "run")
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, b := range c.files {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := results.Create(dir); (err == nil) != c.ok {
			t.Errorf("case %d: Create of a directory holding %v: error %v, want ok %v", i, slices.Collect(maps.Keys(c.files)), err, c.ok)
		}
	}

	dir := t.TempDir()
	kept := []string{".counts.json.tmp3k2j9", ".games.jsonl.merge-1x9", ".pairings.csv.nzsc-tmp-1234567", ".pairings.csv.tmpq", ".report.html.nzsc-tmp-12345678", ".report.html.tmp1a", "notes.txt"}
	for _, name := range append([]string{".counts.json.nzsc-tmp-03fa9c2e", ".pairings.csv.nzsc-tmp-12345678"}, kept...) {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	unlock, err := (&results.Dir{Path: dir}).Lock()
	if err != nil {
		t.Fatal(err)
	}
	unlock()
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if runtime.GOOS != "windows" && !slices.Equal(left, kept) {
		t.Errorf("after Lock the directory holds %v, want %v", left, kept)
	}
}
