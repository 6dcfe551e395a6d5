package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// TestSolveSweep checks the sweep's three formats (docs/sweep.md) on
// rows made up for the test: the CSV header and row widths, the JSON
// fields, and the table's variant names.
func TestSolveSweep(t *testing.T) {
	r3 := nzsc.Rules{TurnCap: 1000, Points: 3}
	rb := nzsc.Rules{TurnCap: 1000, BoosterRequired: true}
	rows := []solve.SweepRow{
		{Rules: nzsc.DefaultRules, Characters: [4]float64{0, 1, 0, 0}, Value: 1e-12, Gap: 1e-10, States: 671000, Elapsed: 15 * time.Second},
		{Rules: r3, Characters: [4]float64{0.25, 0.5, 0, 0.25}, States: 262000, Elapsed: 5 * time.Second},
		{Rules: rb, Characters: [4]float64{0, 1, 0, 0}},
	}
	rows[1].Pairs[nzsc.Ninja][nzsc.Zombie] = solve.SweepPair{Value: -0.28, X: [3]float64{0.1, 0.9, 0}, Y: [3]float64{0.3, 0.7, 0}}
	var buf bytes.Buffer
	if err := SolveSweep(&buf, "csv", 80, rows); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// 5 + 4 weights + picked + 12 pairs × 2.
	if len(recs) != 4 || len(recs[0]) != 5+4+1+24 {
		t.Fatalf("%d records of %d columns, want 4 of 34", len(recs), len(recs[0]))
	}
	if recs[1][0] != "shared rules" || recs[2][0] != "points=3" || recs[3][0] != "no_booster=off" {
		t.Errorf("variants %q %q %q", recs[1][0], recs[2][0], recs[3][0])
	}
	if recs[2][9] != "Ninja;Zombie;Clown" || recs[0][10] != "value_ninja_zombie" || recs[2][11] != "Shadow=0.1000;Speedy=0.9000 | Regenerative=0.3000;Zombie Corps=0.7000" {
		t.Errorf("picked %q, column %q, boosters %q", recs[2][9], recs[0][10], recs[2][11])
	}
	buf.Reset()
	if err := SolveSweep(&buf, "json", 80, rows); err != nil {
		t.Fatal(err)
	}
	type prob struct {
		Choice      string
		Probability float64
	}
	var doc struct {
		Format   string
		Variants []struct {
			Rules      map[string]string `json:"rules"`
			Characters []prob            `json:"characters"`
			Picked     []string          `json:"picked"`
			Pairs      []struct {
				A, B string
				X    []prob `json:"a_boosters"`
			} `json:"pairs"`
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	js := doc.Variants
	p := func(ps []prob, choice string) (float64, bool) {
		for _, x := range ps {
			if x.Choice == choice {
				return x.Probability, true
			}
		}
		return 0, false
	}
	if doc.Format != "nzsc-solve-sweep/1" || len(js) != 3 || len(js[0].Rules) != 0 || js[1].Rules["points"] != "3" || len(js[1].Pairs) != 12 {
		t.Fatalf("json %+v", doc)
	}
	if c, _ := p(js[1].Characters, "Clown"); c != 0.25 {
		t.Errorf("Clown's weight %v, want 0.25", c)
	}
	if x, _ := p(js[1].Pairs[0].X, "Speedy"); x != 0.9 {
		t.Errorf("Speedy's weight %v, want 0.9", x)
	}
	if _, ok := p(js[2].Pairs[0].X, "No Booster"); ok {
		t.Errorf("No Booster listed where it is forbidden: %v", js[2].Pairs[0].X)
	}
	buf.Reset()
	if err := SolveSweep(&buf, "table", 80, rows); err != nil {
		t.Fatal(err)
	}
	if out := buf.String(); !strings.Contains(out, "no_booster=off") || !strings.Contains(out, "Ninja Zombie Clown") {
		t.Errorf("table:\n%s", out)
	}
}

// The sweep's page draws a bar segment for each character worth picking
// in each variant (with its weight), a line for each of the six character
// pairings through every variant, and embeds the CSV output.
func TestSolveSweepHTML(t *testing.T) {
	r3 := nzsc.Rules{TurnCap: 1000, Points: 3}
	rows := []solve.SweepRow{
		{Rules: nzsc.DefaultRules, Characters: [4]float64{0, 1, 0, 0}},
		{Rules: r3, Characters: [4]float64{0.25, 0.5, 0, 0.25}},
	}
	rows[1].Pairs[nzsc.Ninja][nzsc.Zombie] = solve.SweepPair{Value: -0.28}
	rows[1].Pairs[nzsc.Samurai][nzsc.Clown] = solve.SweepPair{Value: 0.74}
	var page bytes.Buffer
	if err := SolveSweep(&page, "html", 80, rows); err != nil {
		t.Fatal(err)
	}
	html := page.String()
	for _, want := range []string{
		"<title>shared rules, Zombie: weight 1.000000</title>",
		"<title>points=3, Ninja: weight 0.250000</title>",
		"<title>points=3, Zombie: weight 0.500000</title>",
		"<title>points=3, Clown: weight 0.250000</title>",
		"<title>points=3, Ninja vs Zombie: -0.2800 for Ninja</title>",
		"<title>points=3, Samurai vs Clown: +0.7400 for Samurai</title>",
		"<title>shared rules, Zombie vs Samurai: +0.0000 for Zombie</title>",
		"in 1 of them more than one character is worth picking",
	} {
		if !strings.Contains(html, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n := strings.Count(html, ": weight "); n != 4 {
		t.Errorf("%d weight segments, want 4 (one per character worth picking)", n)
	}
	if n := strings.Count(html, `fill="none" stroke=`); n != 6 {
		t.Errorf("%d pairing lines, want 6", n)
	}
	var csv bytes.Buffer
	if err := SolveSweep(&csv, "csv", 80, rows); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html, url.PathEscape(csv.String())) {
		t.Error("the page does not embed the sweep's CSV")
	}
}

// TestSweepValue: a value within the certificate's gap of 0 reads 0 (a
// sweep printed -3.8e-17), one beyond it keeps its sign and digits.
func TestSweepValue(t *testing.T) {
	for _, c := range []struct {
		v, gap float64
		want   string
	}{
		{-3.8e-17, 1e-10, "0"},
		{1.2e-12, 1.5e-10, "0"},
		{-3.8e-17, 0, "0"},
		{0.0123, 1e-10, "+1.2e-02"},
		{-2e-9, 1e-10, "-2.0e-09"},
	} {
		if got := sweepValue(c.v, c.gap); got != c.want {
			t.Errorf("sweepValue(%g, %g) = %q, want %q", c.v, c.gap, got, c.want)
		}
	}
}
