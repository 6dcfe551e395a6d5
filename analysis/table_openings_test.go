package analysis

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

// TableSpreadOf against the variances computed directly from each set's
// finished-ahead shares: for every table and pair of its bots a group,
// pooled within-opening SSW/(N−H) and overall SST/(N−G), the sets'
// tallies built by AddSet from their games' places.
func TestTableSpreadOf(t *testing.T) {
	// sets[table][opening] lists sets, each its games' places (2 games a
	// set here: AddSet takes whatever games a set has, the estimate n!).
	type set [][]int
	tables := [][][]set{
		{ // 3 bots
			{{{1, 2, 3}, {2, 1, 3}}, {{1, 1, 3}, {3, 2, 1}}},
			{{{3, 2, 1}, {3, 1, 2}}},
			{{{1, 3, 2}, {1, 2, 3}}, {{2, 3, 1}, {1, 2, 2}}, {{1, 2, 3}, {1, 2, 3}}},
		},
		{ // 4 bots, one opening unplayed
			{{{1, 2, 3, 4}, {4, 3, 2, 1}}, {{2, 1, 4, 3}, {1, 1, 1, 1}}},
			{},
		},
	}
	var ts []TableCounts
	var ssw, sst float64
	var n, h, groups int
	for _, byOpening := range tables {
		nb := len(byOpening[0][0][0])
		tc := TableCounts{Bots: make([]int, nb), Openings: make([][]int64, len(byOpening))}
		for o := range tc.Openings {
			tc.Openings[o] = OpeningTally(nb)
		}
		for o, ss := range byOpening {
			for _, s := range ss {
				tc.AddSet(o, s)
				for _, pl := range s {
					tc.Finishes[FinishKey(pl)]++
				}
			}
		}
		// Scores x = a's share of finishing ahead of b in a set (over 2
		// half-points a game of nb! games: TableSpreadOf's scale).
		per := 2 * float64(factorial(nb))
		for a := range nb {
			for b := a + 1; b < nb; b++ {
				var all []float64
				for _, ss := range byOpening {
					var xs []float64
					for _, s := range ss {
						var hp float64
						for _, pl := range s {
							switch {
							case pl[a] < pl[b]:
								hp += 2
							case pl[a] == pl[b]:
								hp++
							}
						}
						xs = append(xs, hp/per)
					}
					if len(xs) > 0 {
						h++
					}
					ssw += sumSquares(xs)
					all = append(all, xs...)
				}
				sst += sumSquares(all)
				n += len(all)
				groups++
			}
		}
		ts = append(ts, tc)
	}
	for i := range ts {
		got, want := ts[i].AheadHalfPoints(), make([]int64, TablePairs(len(ts[i].Bots)))
		for _, o := range ts[i].Openings {
			for k := range want {
				want[k] += o[1+k]
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("table %d: half-points from the finishes %v, the tallies' %v", i, got, want)
		}
	}
	ts = append(ts, TableCounts{Bots: []int{0, 1, 2}, Finishes: ts[0].Finishes}) // no tallies: left out
	s, ok := TableSpreadOf(ts)
	within, total := ssw/float64(n-h), sst/float64(n-groups)
	if !ok || s.Openings != h || s.Pairs != int64(n) || math.Abs(s.Within-within) > 1e-12 || math.Abs(s.Total-total) > 1e-12 {
		t.Errorf("TableSpreadOf = %+v, %v; want %d strata, %d sets, within %g, total %g", s, ok, h, n, within, total)
	}
	if _, ok := TableSpreadOf(ts[2:]); ok {
		t.Error("tables without tallies give a spread")
	}
}

// sumSquares returns Σ(x − mean)².
func sumSquares(xs []float64) float64 {
	var mean, ss float64
	for _, x := range xs {
		mean += x / float64(len(xs))
	}
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return ss
}

// Tables merge their tallies as pairings do: counts without them drop
// them, empty counts take a copy, two tallies add; and they survive
// counts.json, whose tallies of the wrong length are refused.
func TestTableOpeningsMergeJSON(t *testing.T) {
	with := func() TableCounts {
		tc := TableCounts{Bots: []int{0, 1, 2}, Openings: [][]int64{OpeningTally(3), OpeningTally(3)}}
		s := [][]int{{1, 2, 3}}
		tc.AddSet(1, s)
		tc.Finishes[FinishKey(s[0])]++
		return tc
	}
	legacy := TableCounts{Bots: []int{0, 1, 2}}
	legacy.Finishes[FinishKey([]int{3, 2, 1})]++
	a := with()
	a.Merge(&legacy)
	if a.Openings != nil {
		t.Errorf("tallies + legacy: %v, want none", a.Openings)
	}
	l := legacy
	b := with()
	l.Merge(&b)
	if l.Openings != nil {
		t.Errorf("legacy + tallies: %v, want none", l.Openings)
	}
	empty := TableCounts{Bots: []int{0, 1, 2}}
	empty.Merge(&b)
	b.Openings[1][0] = 99
	if empty.Openings == nil || empty.Openings[1][0] != 1 {
		t.Errorf("empty + tallies: %v, want a copy", empty.Openings)
	}
	c, d := with(), with()
	c.Merge(&d)
	if want := []int64{2, 4, 4, 4, 8, 8, 8}; !reflect.DeepEqual(c.Openings[1], want) {
		t.Errorf("tallies + tallies: %v, want %v", c.Openings[1], want)
	}
	cl := CloneTables([]TableCounts{c})
	cl[0].Openings[1][0] = 7
	if c.Openings[1][0] != 2 {
		t.Error("CloneTables shares the tallies")
	}

	js, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var back TableCounts
	if err := json.Unmarshal(js, &back); err != nil || !reflect.DeepEqual(back, c) {
		t.Errorf("round trip: %v, %+v", err, back)
	}
	bad := strings.Replace(string(js), "[2,4,4,4,8,8,8]", "[2,4,4,4]", 1)
	if err := json.Unmarshal([]byte(bad), &back); err == nil || !strings.Contains(err.Error(), "openings[1]") {
		t.Errorf("short tally: %v, want an error naming openings[1]", err)
	}
	// Counts written before tallies were kept load without them.
	old := strings.Replace(string(js), `,"openings":[[0,0,0,0,0,0,0],[2,4,4,4,8,8,8]]`, "", 1)
	if old == string(js) {
		t.Fatalf("the JSON changed shape: %s", js)
	}
	if err := json.Unmarshal([]byte(old), &back); err != nil || back.Openings != nil {
		t.Errorf("old counts: %v, tallies %v", err, back.Openings)
	}
}
