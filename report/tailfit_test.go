package report

import (
	"bytes"
	"errors"
	"math"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
)

// TestTailStopsTwoPlayerFit: a closed End.Done stops a two-player
// tournament's tail in its Bradley–Terry fit (minutes of CPU for many
// bots far apart) with an error wrapping analysis.ErrStopped, nothing
// written; a Done never closed changes nothing. The two-player summary
// had no done channel: the tail went on whole after a Ctrl-C.
func TestTailStopsTwoPlayerFit(t *testing.T) {
	// Ten bots 2 nats apart in turn, 1000 games a pairing: a fit of
	// thousands of iterations.
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
