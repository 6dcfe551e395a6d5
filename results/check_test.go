package results_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	_ "github.com/nzsclab/nzsc/agents/nzscn"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

// editJSON rewrites a JSON file of dir through edit.
func editJSON(t *testing.T, path string, edit func(m map[string]any)) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
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

func copyRun(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{results.ManifestFile, results.CountsFile} {
		b, err := os.ReadFile(filepath.Join(from, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLoadRefusesBadCheckpoints: hand-edited checkpoints that no run
// could have written are refused on read (so by resume, report and
// merge) with one line naming the field; the untouched run loads.
func TestLoadRefusesBadCheckpoints(t *testing.T) {
	cfg := config(t) // 3 bots, 3 pairings of 40 pairs, chunks of 8 pairs: 15 chunks
	tmp := t.TempDir()
	good := filepath.Join(tmp, "good")
	writeRun(t, good, cfg, []uint64{0, 1, 2, 3, 4, 7}, nil)
	if _, _, _, err := results.Load(good); err != nil {
		t.Fatalf("the written run: %v", err)
	}
	pairing := func(m map[string]any, i int) map[string]any {
		return m["pairings"].([]any)[i].(map[string]any)
	}
	for i, c := range []struct {
		file  string
		edit  func(m map[string]any)
		field string
	}{
		{results.ManifestFile, func(m map[string]any) { m["rules"] = map[string]any{"turn_cap": 0} }, "turn_cap"},
		{results.ManifestFile, func(m map[string]any) { m["rules"] = map[string]any{"turn_cap": -1} }, "turn_cap"},
		{results.ManifestFile, func(m map[string]any) { m["rules"] = map[string]any{"turn_cap": 65536} }, "turn_cap"},
		{results.ManifestFile, func(m map[string]any) { m["shard"] = map[string]any{"index": 5, "count": 2} }, "shard"},
		{results.ManifestFile, func(m map[string]any) { m["shard"] = map[string]any{"index": 0, "count": 0} }, "shard"},
		{results.ManifestFile, func(m map[string]any) { m["chunks"] = 16 }, "chunks"},
		{results.ManifestFile, func(m map[string]any) { m["chunk_pairs"] = 0 }, "chunk_pairs"},
		{results.ManifestFile, func(m map[string]any) { m["games_per_pairing"] = 81 }, "games_per_pairing"},
		{results.ManifestFile, func(m map[string]any) { m["games_per_pairing"] = uint64(1<<64 - 2) }, "games_per_pairing"},
		{results.ManifestFile, func(m map[string]any) { m["gauntlet"] = "nobody" }, "gauntlet"},
		{results.ManifestFile, func(m map[string]any) { m["complete"] = true }, "complete"},
		{results.ManifestFile, func(m map[string]any) { m["shard"] = map[string]any{"index": 1, "count": 2} }, "shard 1/2"},
		{results.CountsFile, func(m map[string]any) { m["finished"] = []any{} }, "seat[0]"},
		{results.CountsFile, func(m map[string]any) { m["finished"] = []any{[]any{0, uint64(1<<64 - 1)}} }, "finished[0]"},
		{results.CountsFile, func(m map[string]any) { m["finished"] = []any{[]any{0, 4}, []any{4, 7}} }, "finished[1]"},
		{results.CountsFile, func(m map[string]any) { m["finished"] = []any{[]any{0, 4}, []any{10, 10}} }, "seat[0]"},
		{results.CountsFile, func(m map[string]any) { ps := m["pairings"].([]any); ps[1] = ps[0] }, "pairings[1]"},
		{results.CountsFile, func(m map[string]any) { m["pairings"] = append(m["pairings"].([]any), pairing(m, 0)) }, "pairings"},
		{results.CountsFile, func(m map[string]any) { pairing(m, 2)["pentanomial"] = []any{1, 1, 1, 1, 1} }, "pentanomial"},
		{results.CountsFile, func(m map[string]any) { pairing(m, 1)["forfeits"] = []any{-1, 0} }, "negative"},
		{results.CountsFile, func(m map[string]any) { m["bots"] = []any{"random", "greedy", "random:"} }, "bots[1]"},
		// A newer nzsc's run says so (it read "this program reads 1 and 2").
		{results.ManifestFile, func(m map[string]any) { m["format"] = 3 }, "format 3, newer than this program reads (1 and 2): a newer nzsc wrote it"},
		{results.CountsFile, func(m map[string]any) { m["format"] = 3 }, "counts.json: format 3, newer than this program reads (1 and 2): a newer nzsc wrote it"},
		{results.ManifestFile, func(m map[string]any) { m["format"] = 0 }, "format 0, this program reads 1 and 2"},
		// Names a report prints: an escape sequence rewrote the terminal.
		{results.ManifestFile, func(m map[string]any) { m["bots"].([]any)[0].(map[string]any)["name"] = "\x1b[31mEVIL" }, `bots[0]: name "\x1b[31mEVIL" holds a control character (U+001B)`},
		{results.ManifestFile, func(m map[string]any) { m["bots"].([]any)[2].(map[string]any)["spec"] = "\u202erandom" }, `bots[2]: spec "\u202erandom" holds an invisible formatting character (U+202E)`},
	} {
		dir := filepath.Join(tmp, "bad", string(rune('a'+i)))
		copyRun(t, good, dir)
		editJSON(t, filepath.Join(dir, c.file), c.edit)
		_, _, _, err := results.Load(dir)
		if err == nil || !strings.Contains(err.Error(), c.field) || strings.Contains(err.Error(), "\n") {
			t.Errorf("case %d: Load = %v, want one line naming %q", i, err, c.field)
		}
		if _, _, err := results.Merge([]string{dir}); err == nil {
			t.Errorf("case %d: Merge accepted it", i)
		}
	}
}

// TestManifestPairings: the pairings results expects are the ones
// roundrobin plays, for round robins and gauntlets.
func TestManifestPairings(t *testing.T) {
	specs := []string{"random", "greedy", "random:", "classic"}
	var bots []*agents.Bot
	for _, s := range specs {
		b, err := agents.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	for g := -2; g < len(bots); g++ {
		// g -2: a match (head to head); -1 a round robin; else a gauntlet.
		cfg := &roundrobin.Config{Bots: bots, Gauntlet: max(g, -1), HeadToHead: g == -2}
		m := &results.Manifest{Kind: results.KindTournament}
		if g == -2 {
			m.Kind = results.KindMatch
		}
		for _, b := range bots {
			m.Bots = append(m.Bots, results.BotInfo{Spec: b.Name()})
		}
		if g >= 0 {
			m.Gauntlet = bots[g].Name()
		}
		if got, want := m.Pairings(), cfg.Pairings(); !reflect.DeepEqual(got, want) {
			t.Errorf("gauntlet %d: results %v, roundrobin %v", g, got, want)
		}
	}
	// Tables of 3 and 4 seats, of 5 bots.
	for seats := 3; seats <= 4; seats++ {
		gm, err := game.Build("nzsc", seats, nil)
		if err != nil {
			t.Fatal(err)
		}
		var five []*agents.Bot
		for _, s := range []string{"random", "greedy", "random:", "classic", "greedy:"} {
			b, err := agents.ParseForSeats("nzsc", seats, s)
			if err != nil {
				t.Fatal(err)
			}
			five = append(five, b)
		}
		for g := -2; g < len(five); g++ {
			cfg := &roundrobin.Config{Game: gm, Bots: five, Gauntlet: max(g, -1), HeadToHead: g == -2}
			m := &results.Manifest{Kind: results.KindTournament, Game: "nzsc", Seats: seats}
			if g == -2 {
				m.Kind = results.KindMatch
				cfg.Bots = five[:seats]
			}
			for _, b := range cfg.Bots {
				m.Bots = append(m.Bots, results.BotInfo{Spec: b.Name()})
			}
			if g >= 0 {
				m.Gauntlet = five[g].Name()
			}
			if got, want := m.Tables(), cfg.Tables(); !reflect.DeepEqual(got, want) {
				t.Errorf("%d seats, gauntlet %d: results %v, roundrobin %v", seats, g, got, want)
			}
		}
	}
}

// TestLoadRefusesBadSPRTTable: the counts of a sequential test at three
// seats (seat-swapped pairs, roundrobin.Config.SwapPairs) load as
// written, and edits no run could have made to its table's pentanomial
// or forfeit kinds, or to its manifest's field, are refused naming the
// field.
func TestLoadRefusesBadSPRTTable(t *testing.T) {
	g, err := game.Build("nzsc", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bots []*agents.Bot
	for _, s := range []string{"greedy", "random", "random"} {
		b, err := agents.ParseForSeats("nzsc", 3, s)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	cfg := &roundrobin.Config{Game: g, Bots: bots, Gauntlet: -1, HeadToHead: true, SwapPairs: true}
	tmp := t.TempDir()
	good := filepath.Join(tmp, "good")
	st := &results.SPRTState{Elo1: 10, Alpha: 0.05, Beta: 0.05, Model: "logistic", BatchPairs: 10, Field: []string{"random"}}
	rd, _, err := roundrobin.Open(cfg, roundrobin.Start{NewRun: roundrobin.NewRun{Out: good, Kind: results.KindSPRT, SPRT: st},
		Games: 40, Chunk: 5, Seed: 3, SeedGiven: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Play(t.Context(), roundrobin.RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	if _, _, c, err := results.Load(good); err != nil || c.Tables[0].Pentanomial == [5]int64{} {
		t.Fatalf("the written test: %v, or no pentanomial", err)
	}
	table := func(m map[string]any) map[string]any { return m["tables"].([]any)[0].(map[string]any) }
	for i, c := range []struct {
		file  string
		edit  func(m map[string]any)
		field string
	}{
		{results.CountsFile, func(m map[string]any) { table(m)["pentanomial"] = []any{20, 0, 0, 0, 1} }, "pentanomial"},
		{results.CountsFile, func(m map[string]any) { delete(table(m), "pentanomial") }, "pentanomial"},
		{results.CountsFile, func(m map[string]any) {
			table(m)["forfeit_kinds"] = []any{[]any{1, 0, 0, 0, 0, 0}, []any{0, 0, 0, 0, 0, 0}, []any{0, 0, 0, 0, 0, 0}, []any{0, 0, 0, 0, 0, 0}}
		}, "forfeit_kinds[0]"},
		{results.ManifestFile, func(m map[string]any) { delete(m["sprt"].(map[string]any), "field") }, "field"},
	} {
		dir := filepath.Join(tmp, "bad", string(rune('a'+i)))
		copyRun(t, good, dir)
		editJSON(t, filepath.Join(dir, c.file), c.edit)
		if _, _, _, err := results.Load(dir); err == nil || !strings.Contains(err.Error(), c.field) || strings.Contains(err.Error(), "\n") {
			t.Errorf("case %d: Load = %v, want one line naming %q", i, err, c.field)
		}
	}
}

// TestLoadRefusesHiddenNames: a bot name with an escape sequence, written
// alike in the manifest and the counts (so that they agree), is refused
// on read: a report printed it to the terminal as it was.
func TestLoadRefusesHiddenNames(t *testing.T) {
	cfg := config(t)
	tmp := t.TempDir()
	good := filepath.Join(tmp, "good")
	writeRun(t, good, cfg, []uint64{0, 1}, nil)
	for i, name := range []string{"\x1b[2J\x1b[31mEVIL", "\u202eodnar", "a\nb"} {
		dir := filepath.Join(tmp, "bad", string(rune('a'+i)))
		copyRun(t, good, dir)
		editJSON(t, filepath.Join(dir, results.ManifestFile), func(m map[string]any) {
			m["bots"].([]any)[0].(map[string]any)["name"] = name
		})
		editJSON(t, filepath.Join(dir, results.CountsFile), func(m map[string]any) { m["bots"].([]any)[0] = name })
		_, _, _, err := results.Load(dir)
		if err == nil || !strings.Contains(err.Error(), "bots[0]: name") || strings.Contains(err.Error(), "\n") {
			t.Errorf("case %d: Load = %v, want one line naming bots[0]'s name", i, err)
		}
	}
}

// TestLoadSaysJSONPlainly: a value of the wrong kind, a file cut short,
// a record that is no object are said in the file's words (its field,
// what it holds, what goes there), not Go's ("cannot unmarshal number -4
// into Go struct field .manifestFields.games_per_pairing of type
// uint64").
func TestLoadSaysJSONPlainly(t *testing.T) {
	cfg := config(t)
	tmp := t.TempDir()
	good := filepath.Join(tmp, "good")
	writeRun(t, good, cfg, []uint64{0, 1}, nil)
	for i, c := range []struct {
		file string
		edit func(path string)
		want string
	}{
		{results.ManifestFile, func(p string) {
			editJSON(t, p, func(m map[string]any) { m["games_per_pairing"] = -4 })
		}, "manifest.json: field games_per_pairing: number -4 where a whole number from 0 to 2^64-1 goes"},
		{results.ManifestFile, func(p string) {
			editJSON(t, p, func(m map[string]any) { m["bots"] = "random" })
		}, "field bots: string where a list goes"},
		{results.CountsFile, func(p string) {
			editJSON(t, p, func(m map[string]any) { m["pairings"].([]any)[0].(map[string]any)["turns"] = uint64(1<<64 - 1) })
		}, "counts.json: field pairings.turns: number 18446744073709551615 where a whole number of magnitude below 2^63 goes"},
		{results.CountsFile, func(p string) {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, b[:40], 0o644); err != nil {
				t.Fatal(err)
			}
		}, "counts.json: not JSON: it ends early, at byte 40 (cut short?)"},
	} {
		dir := filepath.Join(tmp, "bad", string(rune('a'+i)))
		copyRun(t, good, dir)
		c.edit(filepath.Join(dir, c.file))
		_, _, _, err := results.Load(dir)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "Go ") {
			t.Errorf("case %d: Load = %v, want one naming %q", i, err, c.want)
		}
	}
	dir := t.TempDir()
	for i, c := range []struct{ line, want string }{
		{"[1,2]", "line 1: not a game record: array where an object goes"},
		{`{"format":"nzsc-lab-game","version":"1"}`, `line 1: not a game record: field version: string where a whole number`},
		{"\x1f\x8b\x08\x00", "gzip-compressed, but its name does not end in .gz"},
	} {
		p := filepath.Join(dir, fmt.Sprintf("r%d.jsonl", i))
		if err := os.WriteFile(p, []byte(c.line+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		err := results.ReadRecords(p, func(*game.Record) error { return nil })
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "Go ") {
			t.Errorf("record %d: ReadRecords = %v, want one naming %q", i, err, c.want)
		}
	}
	// A compressed file cut short, or no gzip at all ("unexpected EOF",
	// "after line 0: unexpected EOF").
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write([]byte(`{"format":"nzsc-lab-game","bots":["` + strings.Repeat("x", 100000) + `"]}`)) // one line, longer than a cut file holds
	zw.Close()
	for i, c := range []struct {
		data []byte
		want string
	}{
		{zb.Bytes()[:5], "r.jsonl.gz: the compressed data ends early, a file cut short"},
		{zb.Bytes()[:30], "ends early"}, // the line read up to the cut, then the end
		{[]byte("{\"format\":\"nzsc-lab-game\"}\n"), "r.jsonl.gz: damaged or not gzip data, though its name ends in .gz"},
	} {
		p := filepath.Join(dir, "r.jsonl.gz")
		if err := os.WriteFile(p, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		err := results.ReadRecords(p, func(*game.Record) error { return nil })
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "line 0") {
			t.Errorf("gzip %d: ReadRecords = %v, want one naming %q", i, err, c.want)
		}
	}
}
