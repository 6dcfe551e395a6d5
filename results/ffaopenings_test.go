package results_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

// A free-for-all run's per-opening tallies are checked as a match's:
// each opening's sets those of its finished chunks, each pair's
// half-points summing to what the finishes give and within what a set
// allows, their squares possible; every edit below is refused with one
// line naming the field, and counts without tallies load.
func TestFFAOpeningTalliesChecked(t *testing.T) {
	tmp := t.TempDir()
	g, err := game.Build("nzsc", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &roundrobin.Config{Game: g, Gauntlet: -1, Seed: 9, ChunkPairs: 3, PairsPerPairing: 10}
	for _, s := range []string{"random", "classic", "greedy", "random:"} {
		b, err := agents.ParseForSeats("nzsc", 3, s)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	if err := cfg.SetOpenings(roundrobin.DesignCharacters, 0); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(tmp, "good")
	rd, err := roundrobin.Create(cfg, roundrobin.NewRun{Out: good, Kind: results.KindTournament})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Play(context.Background(), roundrobin.RunOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := results.Load(good); err != nil {
		t.Fatalf("the written run: %v", err)
	}
	tally := func(m map[string]any, tb, o int) []any {
		return m["tables"].([]any)[tb].(map[string]any)["openings"].([]any)[o].([]any)
	}
	add := func(m map[string]any, tb, o, i int, d float64) {
		tl := tally(m, tb, o)
		tl[i] = tl[i].(float64) + d
	}
	for i, c := range []struct {
		edit  func(m map[string]any)
		field string
	}{
		// 10 sets over 4 openings: 3, 3, 2, 2.
		{func(m map[string]any) { add(m, 0, 0, 0, -1); add(m, 0, 3, 0, 1) }, "openings[0]: 2 sets"},
		// One half-point more than the finishes give.
		// (its squares kept possible: at most 12 a set's half-points).
		{func(m map[string]any) {
			add(m, 1, 2, 1, 1)
			tl := tally(m, 1, 2)
			tl[4] = 12 * tl[1].(float64)
		}, "finishes"},
		{func(m map[string]any) { add(m, 2, 1, 2, 1000) }, "openings[1]: pair 1"},
		{func(m map[string]any) { tally(m, 3, 0)[4] = 0.0 }, "squared"},
		{func(m map[string]any) {
			tl := tally(m, 0, 1)
			m["tables"].([]any)[0].(map[string]any)["openings"].([]any)[1] = tl[:5]
		}, "openings[1] holds 5"},
		{func(m map[string]any) {
			tb := m["tables"].([]any)[1].(map[string]any)
			tb["openings"] = tb["openings"].([]any)[:3]
		}, "3 tallies"},
	} {
		dir := filepath.Join(tmp, "bad", fmt.Sprint(i))
		copyRun(t, good, dir)
		editJSON(t, filepath.Join(dir, results.CountsFile), c.edit)
		_, _, _, err := results.Load(dir)
		if err == nil || !strings.Contains(err.Error(), c.field) || strings.Contains(err.Error(), "\n") {
			t.Errorf("case %d: Load = %v, want one line naming %q", i, err, c.field)
		}
	}
	// Counts without tallies (written before they were kept) load.
	dir := filepath.Join(tmp, "old")
	copyRun(t, good, dir)
	editJSON(t, filepath.Join(dir, results.CountsFile), func(m map[string]any) {
		for _, tb := range m["tables"].([]any) {
			delete(tb.(map[string]any), "openings")
		}
	})
	if _, _, c, err := results.Load(dir); err != nil || c.Tables[0].Openings != nil {
		t.Errorf("counts without tallies: %v", err)
	}
}
