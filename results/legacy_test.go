package results_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
)

// legacyDir is a run directory (a gauntlet of random, greedy and
// classic, 100 games per pairing, seed 3) written before two-player NZSC
// kept its own tally: its pairings hold their loadouts.
var legacyDir = filepath.Join("testdata", "legacy", "gauntlet")

// TestLegacyCountsConverted: the loadouts of an old counts.json become
// the game's tally cell by cell (read back here from the raw file), a
// checkpoint written from it stores the tally in game_stats only, and
// reading that gives the same tally.
func TestLegacyCountsConverted(t *testing.T) {
	_, _, c, err := results.Load(legacyDir)
	if err != nil {
		t.Fatal(err)
	}
	st, ok := c.Game.(*nzsc.Stats)
	if !ok {
		t.Fatalf("game tally %T, want *nzsc.Stats", c.Game)
	}
	raw, err := os.ReadFile(filepath.Join(legacyDir, results.CountsFile))
	if err != nil {
		t.Fatal(err)
	}
	var old struct {
		Pairings []struct {
			A, B      int
			Loadouts  [][][3]int64 `json:"loadouts"`
			Unsettled [3]int64     `json:"unsettled"`
		} `json:"pairings"`
	}
	if err := json.Unmarshal(raw, &old); err != nil {
		t.Fatal(err)
	}
	cells := 0
	for _, p := range old.Pairings {
		got := st.Pairing(p.A, p.B)
		for x, row := range p.Loadouts {
			for y, r := range row {
				g := got.Loadouts[x][y]
				if [3]int64(g) != r {
					t.Errorf("pairing %d-%d loadouts %d×%d: %v, the file %v", p.A, p.B, x, y, g, r)
				}
				if r != [3]int64{} {
					cells++
				}
			}
		}
		if u := got.Unsettled; [3]int64(u) != p.Unsettled {
			t.Errorf("pairing %d-%d unsettled %v, the file %v", p.A, p.B, u, p.Unsettled)
		}
	}
	if cells == 0 || st.Games() != c.Games() {
		t.Errorf("%d cells with games; tally of %d games, counts %d", cells, st.Games(), c.Games())
	}

	dir := t.TempDir()
	copyRun(t, legacyDir, dir)
	if err := (&results.Dir{Path: dir}).WriteCounts(c); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, results.CountsFile))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), `"loadouts": [`) && !strings.Contains(string(b), `"game_stats"`) {
		t.Errorf("the new checkpoint keeps loadouts in its pairings, without game_stats")
	}
	var stored struct {
		Pairings []map[string]json.RawMessage `json:"pairings"`
	}
	if err := json.Unmarshal(b, &stored); err != nil {
		t.Fatal(err)
	}
	for _, p := range stored.Pairings {
		if _, ok := p["loadouts"]; ok {
			t.Errorf("a pairing still holds loadouts")
		}
	}
	_, _, again, err := results.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(st)
	if got, _ := json.Marshal(again.Game); string(got) != string(want) {
		t.Errorf("tally read back differs:\n%s\nwant\n%s", got, want)
	}
}

// An old counts.json whose loadouts disagree with its pairings' games is
// refused.
func TestLegacyCountsInconsistent(t *testing.T) {
	dir := t.TempDir()
	copyRun(t, legacyDir, dir)
	path := filepath.Join(dir, results.CountsFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// One more unsettled draw in the first pairing than it has games.
	s := strings.Replace(string(b), `"unsettled": [`, `"unsettled": [0, 1, 0], "was": [`, 1)
	if s == string(b) {
		t.Fatal("fixture has no unsettled field")
	}
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := results.Load(dir); err == nil || !strings.Contains(err.Error(), "game_stats") {
		t.Errorf("inconsistent loadouts loaded: %v", err)
	}
}

// TestLegacyLooksLLROnly: a sequential test written before its looks
// kept their pentanomial and record (nzsc 079e39e^: 'nzsc sprt greedy
// random --elo0 0 --elo1 200 --seed 1', a verdict at its one look, and
// '--elo1 5 --seed 2 --max-games 400 --batch 16', 25 looks and none)
// reads: its last look takes the counts', which give its LLR. It was
// refused ("its pentanomial (0 pairs) ... does not count them") since
// looks were checked. A verdict forged in such a file is still refused:
// the last look's LLR edited, or its games moved off the counts'.
func TestLegacyLooksLLROnly(t *testing.T) {
	for _, name := range []string{"sprt-looks-llr-only-verdict", "sprt-looks-llr-only"} {
		dir := filepath.Join("testdata", "legacy", name)
		_, m, c, err := results.Load(dir)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		last := m.SPRT.Looks[len(m.SPRT.Looks)-1]
		_, penta, r := analysis.SPRTCounts(&c.Tournament)
		if last.Pentanomial != penta || last.WDL != [3]uint64{uint64(r.Wins), uint64(r.Draws), uint64(r.Losses)} {
			t.Errorf("%s: last look %+v, the counts' pentanomial %v and record %+v", name, last, penta, r)
		}
	}

	src := filepath.Join("testdata", "legacy", "sprt-looks-llr-only-verdict")
	for _, c := range []struct {
		name, want string
		edit       func(l map[string]any)
	}{
		{"llr", "last look", func(l map[string]any) { l["llr"] = 3.5 }},
		{"games", "look 1", func(l map[string]any) { l["games"] = 998.0 }},
	} {
		dir := t.TempDir()
		for _, f := range []string{results.ManifestFile, results.CountsFile} {
			b, err := os.ReadFile(filepath.Join(src, f))
			if err != nil {
				t.Fatal(err)
			}
			if f == results.ManifestFile {
				var m map[string]any
				if err := json.Unmarshal(b, &m); err != nil {
					t.Fatal(err)
				}
				looks := m["sprt"].(map[string]any)["looks"].([]any)
				c.edit(looks[len(looks)-1].(map[string]any))
				if b, err = json.Marshal(m); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, _, _, err := results.Load(dir); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("the last look's %s edited: %v, want refused", c.name, err)
		}
	}
}
