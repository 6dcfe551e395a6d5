package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// fixture is a synthetic tournament with counts from a fixed integer
// recipe (no games played), so that the golden files depend on the
// analysis and rendering code only. Bot i is stronger than bot i+1, and
// bot "weak" never scores against "strong" in the second fixture.
func fixture(bots []string, zeroAgainst map[[2]int]bool) *analysis.Tournament {
	st := nzsc.NewStats(len(bots))
	t := &analysis.Tournament{Bots: bots, Game: st}
	add := func(a, b, x, y int, r analysis.Record) {
		if err := st.AddRecord(a, b, x, y, nzsc.WDL{r.Wins, r.Draws, r.Losses}); err != nil {
			panic(err)
		}
	}
	x := uint32(2463534242)
	next := func(n uint32) int64 {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		return int64(x % n)
	}
	for i := range bots {
		for j := i + 1; j < len(bots); j++ {
			p := analysis.Pairing{A: i, B: j}
			edge := int64(20 * (j - i))
			for a := range nzsc.NumLoadouts {
				for b := range nzsc.NumLoadouts {
					if (a+b+i)%3 != 0 {
						continue
					}
					r := analysis.Record{Wins: 30 + edge + next(40), Draws: next(10), Losses: 30 + next(40)}
					if zeroAgainst[[2]int{i, j}] {
						r.Wins += r.Losses + r.Draws
						r.Losses, r.Draws = 0, 0
					}
					add(i, j, a, b, r)
					p.Seat[(a+b)%2] = p.Seat[(a+b)%2].Add(r)
				}
			}
			unsettled := analysis.Record{Draws: next(5)}
			add(i, j, -1, -1, unsettled)
			p.Seat[0] = p.Seat[0].Add(unsettled)
			for k := range p.Pentanomial {
				p.Pentanomial[k] = 10 + next(50)
			}
			t.Pairings = append(t.Pairings, p)
		}
	}
	return t
}

func fixtureManifest(t *analysis.Tournament) *results.Manifest {
	return &results.Manifest{Kind: "tournament", Seed: 42, GamesPerPairing: 1000, GamesDone: uint64(t.Games()),
		GamesPlanned: uint64(t.Games()), Complete: true, Started: time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./report -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./report -update rewrites it after review):\n%s", name, got)
	}
}

func TestTextGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		t    *analysis.Tournament
		opt  Options
	}{
		{"text.golden", fixture([]string{"nash", "greedy", "mcts:iters=100", "random"}, nil), Options{}},
		{"text-full.golden", fixture([]string{"nash", "greedy", "random"}, nil), Options{Full: true}},
		{"text-disconnected.golden", fixture([]string{"strong", "middle", "weak"}, map[[2]int]bool{{0, 2}: true, {1, 2}: true}), Options{}},
	} {
		var b bytes.Buffer
		if err := Text(&b, analysis.Summarize(c.t), fixtureManifest(c.t), c.opt); err != nil {
			t.Fatal(err)
		}
		golden(t, c.name, b.Bytes())
	}
}

func TestCSVAndJSONGolden(t *testing.T) {
	tt := fixture([]string{"nash", "greedy", "random"}, nil)
	s := analysis.Summarize(tt)
	var b bytes.Buffer
	if err := CSV(&b, TournamentTables(s)); err != nil {
		t.Fatal(err)
	}
	golden(t, "tables.csv.golden", b.Bytes())
	b.Reset()
	if err := JSON(&b, s, fixtureManifest(tt)); err != nil {
		t.Fatal(err)
	}
	// The JSON document is checked by structure (a golden copy would be
	// 200 kB): its numbers are the ones the golden tables show.
	var doc struct {
		Format     string `json:"format"`
		Ratings    []struct{ Elo *float64 }
		CrossTable [][]struct {
			Games int64
			Score *float64
		} `json:"crosstable"`
		PerBot []struct {
			WinRates map[string]struct{ Labels []string } `json:"win_rates"`
		} `json:"per_bot"`
		Metagame struct {
			Weights []struct {
				Bot    string
				Weight float64
			}
		}
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Format != JSONFormat || len(doc.Ratings) != 3 || len(doc.CrossTable) != 3 || len(doc.PerBot) != 3 {
		t.Fatalf("JSON document: %+v", doc)
	}
	if doc.CrossTable[0][0].Games != 0 || doc.CrossTable[0][0].Score != nil || doc.CrossTable[0][1].Score == nil {
		t.Errorf("cross-table diagonal should be null, others numbers: %+v", doc.CrossTable[0])
	}
	for level, n := range map[string]int{"loadout": 12, "character": 4, "booster": 9} {
		if got := len(doc.PerBot[1].WinRates[level].Labels); got != n {
			t.Errorf("%s table has %d labels, want %d", level, got, n)
		}
	}
	w := 0.0
	for _, x := range doc.Metagame.Weights {
		w += x.Weight
	}
	if len(doc.Metagame.Weights) != 3 || w < 0.999999 || w > 1.000001 {
		t.Errorf("meta-game weights sum to %v", w)
	}
}
