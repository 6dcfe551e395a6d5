package report

import (
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// The narrowing line: openings whose pairs differ only between openings
// make the design's intervals all but vanish (within-opening variance 0:
// 100% narrower), openings that change nothing narrow nothing, and a run
// without openings has no line.
func TestOpeningsLine(t *testing.T) {
	man := &results.Manifest{OpeningDesign: "characters", OpeningSteps: make([][][]string, 2)}
	strata := analysis.Pairing{Pentanomial: [5]int64{3, 0, 0, 0, 3}, Openings: [][2]int64{{3, 0}, {3, 12}}}
	o := openingsOf(man, &analysis.Tournament{Pairings: []analysis.Pairing{strata}})
	if txt := o.Text(6); o == nil || !strings.Contains(txt, "100% narrower") || !strings.Contains(txt, "the 2 character pairings") {
		t.Errorf("strata apart: %+v %q", o, txt)
	}
	// Every opening holds the same mix: between-opening variance 0, and
	// the design is free play's (up to the degrees of freedom).
	same := analysis.Pairing{Pentanomial: [5]int64{4, 0, 0, 0, 4}, Openings: [][2]int64{{4, 8}, {4, 8}}}
	o = openingsOf(man, &analysis.Tournament{Pairings: []analysis.Pairing{same}})
	if r := float64(o.Ratio); r < 1 || r > 1.1 {
		t.Errorf("same mix: ratio %g, want about 1 (and not below)", r)
	}
	if o := openingsOf(&results.Manifest{}, &analysis.Tournament{Pairings: []analysis.Pairing{strata}}); o != nil {
		t.Errorf("no openings: %+v", o)
	}
	many := &results.Manifest{Openings: make([]string, results.MaxOpeningTallies+1)}
	if txt := openingsOf(many, &analysis.Tournament{Pairings: []analysis.Pairing{{}}}).Text(0); !strings.Contains(txt, "not estimated") || !strings.Contains(txt, "1025 deal seeds") {
		t.Errorf("untallied: %q", txt)
	}
}

// TestOpeningsWhatCounts: one set is named in the singular (all four
// characters at four seats: "the 1 character combinations" before).
func TestOpeningsWhatCounts(t *testing.T) {
	for _, c := range []struct {
		seats, count int
		want         string
	}{
		{4, 1, "the 1 character combination (--openings characters)"},
		{3, 4, "the 4 character combinations (--openings characters)"},
		{2, 6, "the 6 character pairings (--openings characters)"},
	} {
		o := &Openings{Design: "characters", Count: c.count, seats: c.seats}
		if got := o.what(); got != c.want {
			t.Errorf("%d seats, %d sets: %q, want %q", c.seats, c.count, got, c.want)
		}
	}
}
