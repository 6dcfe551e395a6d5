package progress

import (
	"bytes"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestLine(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	now := start
	b := &Bar{total: 20_000_000, unit: "games", start: start, now: func() time.Time { return now }}
	for i, c := range []struct {
		elapsed time.Duration
		done    uint64
		want    string
	}{
		{0, 0, "[>                       ]   0%  0/20M games  0 games/s  ETA --"},
		// 5M in 2s: 2.5M/s, 15M left: 6s.
		{2 * time.Second, 5_000_000, "[======>                 ]  25%  5M/20M games  2.5M games/s  ETA 6s"},
		{8 * time.Second, 20_000_000, "[========================] 100%  20M/20M games  2.5M games/s  ETA 0s"},
		// 1000 in 100s: 10/s, 19 999 000 left: 1 999 900 s.
		{100 * time.Second, 1000, "[>                       ]   0%  1000/20M games  10 games/s  ETA 555h31m"},
	} {
		now = start.Add(c.elapsed)
		if got := b.Line(c.done); got != c.want {
			t.Errorf("case %d:\n got %q\nwant %q", i, got, c.want)
		}
	}
}

func TestFormats(t *testing.T) {
	for i, c := range []struct {
		x    float64
		want string
	}{{0, "0"}, {950, "950"}, {9999, "9999"}, {12_345, "12.3k"}, {4_560_000, "4.56M"}, {7.891e9, "7.89G"}} {
		if got := Count(c.x); got != c.want {
			t.Errorf("case %d: Count(%v) = %q, want %q", i, c.x, got, c.want)
		}
	}
	for i, c := range []struct {
		d    time.Duration
		want string
	}{{42 * time.Second, "42s"}, {185 * time.Second, "3m05s"}, {2*time.Hour + 7*time.Minute, "2h07m"}} {
		if got := Duration(c.d); got != c.want {
			t.Errorf("case %d: Duration(%v) = %q, want %q", i, c.d, got, c.want)
		}
	}
}

func TestStartStop(t *testing.T) {
	var buf bytes.Buffer
	var n atomic.Uint64
	n.Store(50)
	stop := Start(&buf, 100, "games", time.Millisecond, n.Load)
	time.Sleep(20 * time.Millisecond)
	stop()
	stop() // idempotent
	out := buf.String()
	if !strings.Contains(out, " 50%") || !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("output %q: want a 50%% bar, cleared at the end", out)
	}
}
