package report

import (
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// TestSPRTSeatsOpenings: the openings of a sequential test at 3 seats
// are a match's, NEW against BASE: their narrowing is that of a pairing
// with the table's pentanomial and the per-opening half-points of its
// first pair of bots (the field's pairs left out), told as a match's.
// Before, the sets of a free-for-all were assumed (every seat order, 6
// games a seed) and every pair of bots pooled.
func TestSPRTSeatsOpenings(t *testing.T) {
	tc := analysis.TableCounts{Bots: []int{0, 1, 2}, Pentanomial: [5]int64{1, 2, 3, 5, 9}}
	// [sets, h01, h02, h12, q01, q02, q12]; the field's pairs (02, 12)
	// are wild so that pooling them would show.
	tc.Openings = [][]int64{{10, 30, 1, 19, 100, 1, 361}, {10, 25, 20, 0, 80, 400, 0}}
	counts := &analysis.Tournament{Bots: []string{"new", "base", "field"}, Tables: []analysis.TableCounts{tc}}
	m := &results.Manifest{Kind: results.KindSPRT, Seats: 3, OpeningDesign: "characters", OpeningSteps: make([][][]string, 2)}
	o := openingsOf(m, counts)
	want, ok := analysis.SpreadOf([]analysis.Pairing{{Pentanomial: tc.Pentanomial, Openings: [][2]int64{{10, 30}, {10, 25}}}})
	if !ok || o == nil || !o.Tallied || float64(o.WithinVariance) != want.Within || float64(o.TotalVariance) != want.Total {
		t.Fatalf("openings %+v, want the spread %+v", o, want)
	}
	if txt := o.Text(0); !strings.Contains(txt, "seats swapped") || !strings.Contains(txt, "character combinations") {
		t.Errorf("the openings told: %s", txt)
	}
}
