package results_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

// The per-opening tallies are checked exactly: each opening's pairs are
// those its finished chunks hold (pair k plays opening k mod n), its
// half-points 0 to 4 a pair and their sum the pentanomial's; a run of a
// shard (finished chunks one by one) and a whole run load, and every edit
// below is refused with one line naming the field. Counts without tallies
// (written before they were kept) load, and a run resumed from them keeps
// none.
func TestOpeningTalliesChecked(t *testing.T) {
	tmp := t.TempDir()
	for _, shard := range []*results.Shard{nil, {Index: 1, Count: 3}} {
		cfg := config(t) // 3 pairings of 40 pairs, chunks of 8 pairs
		if err := cfg.SetOpenings(roundrobin.DesignCharacters, 0); err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(tmp, fmt.Sprint(shard != nil))
		rd, err := roundrobin.Create(cfg, roundrobin.NewRun{Out: dir, Kind: results.KindTournament, Shard: shard})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rd.Play(context.Background(), roundrobin.RunOptions{Workers: 2}); err != nil {
			t.Fatal(err)
		}
		if _, _, _, err := results.Load(dir); err != nil {
			t.Fatalf("shard %v: the written run: %v", shard, err)
		}
	}
	good := filepath.Join(tmp, "false")
	openings := func(m map[string]any, i int) []any {
		return m["pairings"].([]any)[i].(map[string]any)["openings"].([]any)
	}
	set := func(m map[string]any, p, o int, pairs, half float64) {
		openings(m, p)[o] = []any{pairs, half}
	}
	for i, c := range []struct {
		file  string
		edit  func(m map[string]any)
		field string
	}{
		// 40 pairs over 6 openings: 7, 7, 7, 7, 6, 6.
		{results.CountsFile, func(m map[string]any) {
			a, b := openings(m, 0)[0].([]any), openings(m, 0)[4].([]any)
			set(m, 0, 0, a[0].(float64)-1, a[1].(float64))
			set(m, 0, 4, b[0].(float64)+1, b[1].(float64))
		}, "openings[0]: 6 pairs"},
		{results.CountsFile, func(m map[string]any) { set(m, 1, 2, 7, 29) }, "openings[2]"},
		{results.CountsFile, func(m map[string]any) {
			a := openings(m, 2)[3].([]any)
			set(m, 2, 3, 7, a[1].(float64)+1-2*float64(int(a[1].(float64))%2))
		}, "pentanomial"},
		{results.CountsFile, func(m map[string]any) {
			p := m["pairings"].([]any)[1].(map[string]any)
			p["openings"] = p["openings"].([]any)[:5]
		}, "5 tallies"},
		{results.CountsFile, func(m map[string]any) {
			m["pairings"].([]any)[0].(map[string]any)["openings"] = []any{[]any{1, 1}}
		}, "1 tallies"},
		{results.ManifestFile, func(m map[string]any) { m["opening_design"] = "book" }, "opening_design"},
		{results.ManifestFile, func(m map[string]any) { delete(m, "opening_steps") }, "opening_design"},
	} {
		dir := filepath.Join(tmp, "bad", fmt.Sprint(i))
		copyRun(t, good, dir)
		editJSON(t, filepath.Join(dir, c.file), c.edit)
		_, _, _, err := results.Load(dir)
		if err == nil || !strings.Contains(err.Error(), c.field) || strings.Contains(err.Error(), "\n") {
			t.Errorf("case %d: Load = %v, want one line naming %q", i, err, c.field)
		}
	}
}
