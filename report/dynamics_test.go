package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/dynamics"
	"github.com/nzsclab/nzsc/results"
)

func dynamicsFixture(t *testing.T) *Dynamics {
	t.Helper()
	tr := fixture([]string{"nash", "greedy", "mcts:iters=100", "random"}, nil)
	d, err := DynamicsOf(fixtureManifest(tr), tr, dynamics.Options{Replicates: 40, Seed: 42})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestDynamicsText pins the text report (a golden file), and checks that
// it is reproducible: the bootstrap is seeded.
func TestDynamicsText(t *testing.T) {
	var a, b bytes.Buffer
	if err := DynamicsText(&a, dynamicsFixture(t)); err != nil {
		t.Fatal(err)
	}
	DynamicsText(&b, dynamicsFixture(t))
	if a.String() != b.String() {
		t.Error("two reports of the same counts and seed differ")
	}
	for _, want := range []string{"α-Rank", "Moran process", "Replicator dynamics", "not separable from", "40 bootstrap replicates"} {
		if !strings.Contains(a.String(), want) {
			t.Errorf("the text has no %q", want)
		}
	}
	golden(t, "dynamics.golden", a.Bytes())
}

// TestDynamicsCSVAndJSON: the CSV has a row per method and bot whose
// weights sum to 1 per method, then the trajectory; the JSON document
// names its format and holds the same point weights.
func TestDynamicsCSVAndJSON(t *testing.T) {
	d := dynamicsFixture(t)
	var b bytes.Buffer
	if err := DynamicsCSV(&b, d); err != nil {
		t.Fatal(err)
	}
	head, traj, ok := strings.Cut(b.String(), "\n# trajectory\n")
	if !ok {
		t.Fatal("no trajectory block")
	}
	rows, err := csv.NewReader(strings.NewReader(head)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1+3*4 {
		t.Fatalf("%d rows, want a header and 12", len(rows))
	}
	sum := map[string]float64{}
	for _, r := range rows[1:] {
		w, _ := strconv.ParseFloat(r[2], 64)
		lo, _ := strconv.ParseFloat(r[3], 64)
		hi, _ := strconv.ParseFloat(r[4], 64)
		if !(lo <= hi) {
			t.Errorf("%v: interval reversed", r)
		}
		sum[r[0]] += w
	}
	for m, s := range sum {
		if s < 1-1e-6 || s > 1+1e-6 {
			t.Errorf("%s weights sum to %v", m, s)
		}
	}
	tr, err := csv.NewReader(strings.NewReader(traj)).ReadAll()
	if err != nil || len(tr) < 10 || tr[0][0] != "time" {
		t.Errorf("trajectory: %d rows, %v", len(tr), err)
	}
	b.Reset()
	if err := DynamicsJSON(&b, d); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Format    string `json:"format"`
		AlphaRank struct {
			Stationary []struct {
				Bot    string  `json:"bot"`
				Weight float64 `json:"weight"`
			} `json:"stationary"`
		} `json:"alpha_rank"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Format != DynamicsFormat || len(doc.AlphaRank.Stationary) != 4 {
		t.Fatalf("document %+v", doc)
	}
	an := d.Analysis
	first := an.AlphaRankRank.Order[0]
	if doc.AlphaRank.Stationary[0].Bot != an.Payoff.Names[first] || doc.AlphaRank.Stationary[0].Weight != float64(num(an.AlphaRank.Stationary[first])) {
		t.Errorf("JSON's first α-Rank entry %+v, want %s %v", doc.AlphaRank.Stationary[0], an.Payoff.Names[first], an.AlphaRank.Stationary[first])
	}
}

// TestDynamicsHTML: the page has the trajectory and the three interval
// charts, and no tick label with float noise.
func TestDynamicsHTML(t *testing.T) {
	var b bytes.Buffer
	if err := DynamicsHTML(&b, dynamicsFixture(t)); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, id := range []string{`id="c-replicator"`, `id="c-alpha_rank-w"`, `id="c-moran-w"`, `id="c-replicator-w"`, "dynamics.csv"} {
		if !strings.Contains(page, id) {
			t.Errorf("the page has no %s", id)
		}
	}
	if strings.Contains(page, "0000000") || strings.Contains(page, ">-0<") {
		t.Error("a tick label shows float noise or -0")
	}
}

// TestNiceTicksRound: ticks are round numbers (the axis of weights from
// -0.06 to 1.06 read -0 and 0.6000000000000001).
func TestNiceTicksRound(t *testing.T) {
	got := niceTicks(-0.06, 1.06, 6)
	want := []float64{0, 0.2, 0.4, 0.6, 0.8, 1}
	if len(got) != len(want) {
		t.Fatalf("niceTicks = %v, want %v", got, want)
	}
	for i := range want {
		if s := strconv.FormatFloat(got[i], 'f', -1, 64); s != strconv.FormatFloat(want[i], 'f', -1, 64) {
			t.Errorf("tick %d reads %s, want %v", i, s, want[i])
		}
	}
}

// ffaTable is a table of the bots 0, 1, 2 (three seats) with n games
// of each finishing order given (places of bots 0, 1, 2).
func ffaTable(n int64, orders ...[]int) *analysis.Tournament {
	tc := analysis.TableCounts{Bots: []int{0, 1, 2}}
	for _, pl := range orders {
		tc.Finishes[analysis.FinishKey(pl)] += n
		for seat := range 3 {
			tc.SeatPlaces[seat][pl[seat]-1] += n
		}
	}
	return &analysis.Tournament{Bots: []string{"a", "b", "c"}, Tables: []analysis.TableCounts{tc}}
}

// TestDynamicsOfTables: a run of three seats a table is analysed on its
// finished-ahead shares. Oracles, computed by hand: (1) every finishing
// order equally often: every share is 1/2, a neutral game, so every
// method's answer is uniform; (2) the orders a>b>c, b>c>a and c>a>b
// equally often: a is ahead of b in 2 of the 3 (a>b>c, c>a>b) and of c
// in 1, so the shares are the cycle a beats b beats c beats a at 2/3,
// whose every answer is 1/3 each by symmetry (α-Rank's mass, the
// Moran's, the replicator's time average).
func TestDynamicsOfTables(t *testing.T) {
	m := &results.Manifest{Kind: "tournament", Seats: 3, Seed: 9}
	all := ffaTable(10, []int{1, 2, 3}, []int{1, 3, 2}, []int{2, 1, 3}, []int{2, 3, 1}, []int{3, 1, 2}, []int{3, 2, 1})
	cyc := ffaTable(10, []int{1, 2, 3}, []int{3, 1, 2}, []int{2, 3, 1})
	for _, c := range []struct {
		name  string
		tr    *analysis.Tournament
		score [][]float64
	}{
		{"all orders", all, [][]float64{{0.5, 0.5, 0.5}, {0.5, 0.5, 0.5}, {0.5, 0.5, 0.5}}},
		{"cycle", cyc, [][]float64{{0.5, 2.0 / 3, 1.0 / 3}, {1.0 / 3, 0.5, 2.0 / 3}, {2.0 / 3, 1.0 / 3, 0.5}}},
	} {
		d, err := DynamicsOf(m, c.tr, dynamics.Options{Replicates: 20, Seed: 9})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		an := d.Analysis
		for i := range 3 {
			for j := range 3 {
				if got := an.Payoff.Score[i][j]; math.Abs(got-c.score[i][j]) > 1e-12 {
					t.Errorf("%s: share of %d ahead of %d = %v, want %v", c.name, i, j, got, c.score[i][j])
				}
			}
			for name, w := range map[string]float64{"α-Rank": an.AlphaRank.Stationary[i], "Moran": an.Moran.Stationary[i], "replicator average": an.Replicator.Average[i]} {
				if math.Abs(w-1.0/3) > 1e-3 {
					t.Errorf("%s: %s weight of %d = %v, want 1/3", c.name, name, i, w)
				}
			}
		}
		var b bytes.Buffer
		if err := DynamicsText(&b, d); err != nil {
			t.Fatal(err)
		}
		if text := strings.Join(strings.Fields(b.String()), " "); !strings.Contains(text, "finished-ahead shares") || !strings.Contains(text, "3 players a table") {
			t.Errorf("%s: the text does not say what it analysed:\n%s", c.name, b.String())
		}
	}
}
