package report

import (
	"math"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
)

// TestFmtEloInfinite: a bot that won (or lost) every game has an
// infinite Elo, written as the interval beside a finite one is ("± inf"),
// not in Go's spelling ("+Inf").
func TestFmtEloInfinite(t *testing.T) {
	for i, c := range []struct {
		elo, err float64
		want     string
	}{
		{math.Inf(1), math.Inf(1), "+inf"},
		{math.Inf(-1), math.Inf(1), "-inf"},
		{798.3, math.Inf(1), "+798.3 ± inf"},
		{12.25, 3.5, "+12.2 ± 3.5"},
	} {
		l := &analysis.Line{Games: 10, Elo: analysis.Number(c.elo), EloErr: analysis.Number(c.err)}
		if got := fmtElo(l); got != c.want {
			t.Errorf("case %d: got %q, want %q", i, got, c.want)
		}
	}
}
