package analysis

import (
	"math"
	"testing"
)

// crossOf builds a cross-table whose row 0 has the given scores (out of
// 100 games, no draws) against opponents 1..n; a negative score leaves
// that opponent unmet.
func crossOf(scores ...int64) *CrossTable {
	n := len(scores) + 1
	ct := &CrossTable{Cells: make([][]Estimate, n)}
	for i := range ct.Cells {
		ct.Cells[i] = make([]Estimate, n)
	}
	for j, s := range scores {
		if s >= 0 {
			ct.Cells[0][j+1] = EstimateOf(Record{Wins: s, Losses: 100 - s})
		}
	}
	return ct
}

func TestSpread(t *testing.T) {
	// Quartiles by hand, type 7: h = (n-1)p.
	for i, c := range []struct {
		scores []int64
		want   Spread
	}{
		// n=5, sorted .10 .20 .40 .70 .90: h=1, 2, 3 exactly.
		{[]int64{70, 10, 90, 40, 20}, Spread{5, .10, .20, .40, .70, .90}},
		// n=4, sorted .2 .4 .6 1.0: Q1 at h=.75: .2+.75·.2=.35; median
		// h=1.5: .5; Q3 h=2.25: .6+.25·.4=.7. Unmet opponent ignored.
		{[]int64{60, -1, 20, 100, 40}, Spread{4, .2, .35, .5, .7, 1}},
		{[]int64{30}, Spread{1, .3, .3, .3, .3, .3}},
	} {
		got := crossOf(c.scores...).Spread(0)
		w := c.want
		if got.Opponents != w.Opponents {
			t.Errorf("case %d: %d opponents, want %d", i, got.Opponents, w.Opponents)
		}
		for k, pair := range [][2]float64{{got.Min, w.Min}, {got.Q1, w.Q1}, {got.Median, w.Median}, {got.Q3, w.Q3}, {got.Max, w.Max}} {
			if math.Abs(pair[0]-pair[1]) > 1e-12 {
				t.Errorf("case %d: statistic %d is %v, want %v", i, k, pair[0], pair[1])
			}
		}
	}
	if s := crossOf(-1, -1).Spread(0); s.Opponents != 0 || !math.IsNaN(s.Median) {
		t.Errorf("no opponent met: got %+v, want 0 opponents and NaN", s)
	}
}

func TestPlaceCounts(t *testing.T) {
	f := &FinishingOrders{Bots: []string{"a", "b", "c"}, Finishes: []Finish{
		{Bots: []int{0, 1, 2}, Place: []int{1, 2, 3}, Count: 5},
		{Bots: []int{2, 0, 1}, Place: []int{1, 1, 3}, Count: 2}, // a and c share first
	}}
	got, err := PlaceCounts(f)
	if err != nil {
		t.Fatal(err)
	}
	want := [][MaxTableSeats]int64{{7, 0, 0, 0}, {0, 5, 2, 0}, {2, 0, 5, 0}}
	for b := range want {
		if got[b] != want[b] {
			t.Errorf("bot %d: got %v, want %v", b, got[b], want[b])
		}
	}
	bad := &FinishingOrders{Bots: []string{"a"}, Finishes: []Finish{{Bots: []int{0, 3}, Place: []int{1, 2}, Count: 1}}}
	if _, err := PlaceCounts(bad); err == nil {
		t.Error("a finish with an unknown bot: no error")
	}
	five := &FinishingOrders{Bots: []string{"a", "b", "c", "d", "e"}, Finishes: []Finish{{Bots: []int{0, 1, 2, 3, 4}, Place: []int{1, 2, 3, 4, 5}, Count: 1}}}
	if _, err := PlaceCounts(five); err == nil {
		t.Error("a table of five: no error")
	}
}
