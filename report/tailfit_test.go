package report

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
)

// TestTailStopsTwoPlayerFit: a closed End.Done stops a two-player
// tournament's tail in its Bradley–Terry fit (minutes of CPU for many
// bots far apart) with an error wrapping analysis.ErrStopped, nothing
// written; a Done never closed changes nothing. The two-player summary
// had no done channel: the tail went on whole after a Ctrl-C.
func TestTailStopsTwoPlayerFit(t *testing.T) {
	tt := farApart()
	man := fixtureManifest(tt)
	closed := make(chan struct{})
	close(closed)
	for _, format := range []string{"table", "json", "html"} {
		var out bytes.Buffer
		err := Tail(&out, End{Manifest: man, Counts: tt, Format: format, Done: closed})
		if !errors.Is(err, analysis.ErrStopped) || out.Len() != 0 {
			t.Errorf("%s, closed Done: err %v, %d bytes out; want ErrStopped, nothing", format, err, out.Len())
		}
	}
	var whole, open bytes.Buffer
	if err := Tail(&whole, End{Manifest: man, Counts: tt, Format: "table"}); err != nil {
		t.Fatal(err)
	}
	if err := Tail(&open, End{Manifest: man, Counts: tt, Format: "table", Done: make(chan struct{})}); err != nil || !bytes.Equal(open.Bytes(), whole.Bytes()) {
		t.Errorf("open Done: err %v, or a report other than without one", err)
	}
}

// farApart is a round robin of ten bots 2 nats apart in turn, 1000 games
// a pairing: a Bradley–Terry fit of thousands of iterations.
func farApart() *analysis.Tournament {
	const n = 10
	tt := &analysis.Tournament{}
	for i := range n {
		tt.Bots = append(tt.Bots, string(rune('a'+i)))
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			p := analysis.Pairing{A: i, B: j}
			w := int64(math.Round(1000 / (1 + math.Exp(-2*float64(i-j)))))
			p.Seat[0] = analysis.Record{Wins: w, Losses: 1000 - w}
			tt.Pairings = append(tt.Pairings, p)
		}
	}
	return tt
}

// TestRatingLineStops: --rating-interval's line fits the ratings while
// the run's collector waits for it; a closed done (the run's stop) now
// ends a fit that has not converged, and the line is empty, nothing to
// tell. It had no done: the stop waited for the fit (minutes for many
// bots far apart). An open done changes nothing.
func TestRatingLineStops(t *testing.T) {
	tt := farApart()
	man := fixtureManifest(tt)
	closed := make(chan struct{})
	close(closed)
	if line := RatingLine(man, tt, closed); line != "" {
		t.Errorf("closed done: %q, want no line", line)
	}
	whole := RatingLine(man, tt, nil)
	if open := RatingLine(man, tt, make(chan struct{})); open != whole || !strings.Contains(whole, "leader j") {
		t.Errorf("open done: %q; without one: %q (want the same, j leading)", open, whole)
	}
}
