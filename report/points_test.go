package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"testing"
)

// TestPoints: the JSON lists the 28 moves with a 28×28 table, and Smash
// scores against Shadow Fireball only for a Strong player (the
// rulebook's one exception); the CSV has a row per ordered pair.
func TestPoints(t *testing.T) {
	var b bytes.Buffer
	if err := Points(&b, "json"); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Format       string
		Moves        []struct{ Name string }
		Points       [][]int `json:"points"`
		PointsStrong [][]int `json:"points_strong"`
	}
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Format != "nzsc-rules/1" || len(doc.Moves) != 28 || len(doc.Points) != 28 || len(doc.Points[0]) != 28 {
		t.Fatalf("format %q, %d moves, %d rows", doc.Format, len(doc.Moves), len(doc.Points))
	}
	idx := map[string]int{}
	for i, m := range doc.Moves {
		idx[m.Name] = i
	}
	s, f := idx["Smash"], idx["Shadow Fireball"]
	if doc.Points[s][f] != 0 || doc.Points[f][s] == 0 || doc.PointsStrong[s][f] == 0 || doc.PointsStrong[f][s] != 0 {
		t.Errorf("Smash vs Shadow Fireball: %d-%d, Strong %d-%d", doc.Points[s][f], doc.Points[f][s], doc.PointsStrong[s][f], doc.PointsStrong[f][s])
	}
	b.Reset()
	if err := Points(&b, "csv"); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(rows) != 1+28*28 {
		t.Errorf("%d CSV rows (error %v), want a header and 784", len(rows), err)
	}
}
