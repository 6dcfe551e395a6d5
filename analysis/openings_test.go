package analysis

import (
	"math"
	"testing"
)

// SpreadOf against the variances computed directly from the pairs'
// scores: pooled within-opening SSW/(N−H) and overall SST/(N−P), over
// two pairings.
func TestSpreadOf(t *testing.T) {
	// pairs[p][o] lists the half-points (0..4) of pairing p's pairs
	// that played opening o.
	pairs := [][][]int{
		{{4, 4, 3}, {0, 1, 0}, {2, 2, 4}},
		{{1, 3}, {2, 2, 2, 0}, {}},
	}
	var ps []Pairing
	var ssw, sst float64
	var n, h, np int
	for _, byOpening := range pairs {
		var p Pairing
		var all []float64
		for _, xs := range byOpening {
			var tl [2]int64
			var mean float64
			for _, x := range xs {
				p.Pentanomial[x]++
				tl[0]++
				tl[1] += int64(x)
				mean += float64(x) / 4 / float64(len(xs))
				all = append(all, float64(x)/4)
			}
			for _, x := range xs {
				d := float64(x)/4 - mean
				ssw += d * d
			}
			if len(xs) > 0 {
				h++
			}
			p.Openings = append(p.Openings, tl)
		}
		var mean float64
		for _, x := range all {
			mean += x / float64(len(all))
		}
		for _, x := range all {
			sst += (x - mean) * (x - mean)
		}
		n += len(all)
		np++
		ps = append(ps, p)
	}
	ps = append(ps, Pairing{Pentanomial: [5]int64{3, 0, 0, 0, 3}}) // no tallies: left out
	s, ok := SpreadOf(ps)
	within, total := ssw/float64(n-h), sst/float64(n-np)
	if !ok || s.Openings != h || s.Pairs != int64(n) || math.Abs(s.Within-within) > 1e-12 || math.Abs(s.Total-total) > 1e-12 {
		t.Errorf("SpreadOf = %+v, %v; want %d openings, %d pairs, within %g, total %g", s, ok, h, n, within, total)
	}
	if r := s.Ratio(); math.Abs(r-math.Sqrt(within/total)) > 1e-12 {
		t.Errorf("ratio %g", r)
	}
	if _, ok := SpreadOf(ps[2:]); ok {
		t.Error("pairings without tallies give a spread")
	}
	// One pair per opening: nothing within to measure.
	one := Pairing{Pentanomial: [5]int64{1, 0, 0, 0, 1}, Openings: [][2]int64{{1, 0}, {1, 4}}}
	if s, _ := SpreadOf([]Pairing{one}); !math.IsNaN(s.Ratio()) {
		t.Errorf("one pair per opening: ratio %g, want NaN", s.Ratio())
	}
}

// Merging counts without per-opening tallies (written before they were
// kept) into counts with them, or the other way, keeps none: a tally of
// part of the games would mislead. Empty counts take the other's, as a
// copy.
func TestMergeOpenings(t *testing.T) {
	with := func() Pairing {
		return Pairing{Pentanomial: [5]int64{0, 0, 2, 0, 0}, Openings: [][2]int64{{1, 2}, {1, 2}}}
	}
	legacy := Pairing{Pentanomial: [5]int64{0, 0, 0, 0, 1}}
	p := with()
	p.Merge(&legacy)
	if p.Openings != nil {
		t.Errorf("tallies + legacy: %v, want none", p.Openings)
	}
	l := legacy
	q := with()
	l.Merge(&q)
	if l.Openings != nil {
		t.Errorf("legacy + tallies: %v, want none", l.Openings)
	}
	var empty Pairing
	empty.Merge(&q)
	q.Openings[0][0] = 99
	if empty.Openings == nil || empty.Openings[0][0] != 1 {
		t.Errorf("empty + tallies: %v, want a copy of {1, 2}, {1, 2}", empty.Openings)
	}
	a, b := with(), with()
	a.Merge(&b)
	if a.Openings[1] != [2]int64{2, 4} {
		t.Errorf("tallies + tallies: %v", a.Openings)
	}
}
