package roundrobin

import (
	"context"
	"testing"
)

// TestPlayPairAllocs: without a games log, playing a pair of games adds
// to fixed-size counts and allocates nothing, so memory stays flat in the
// number of games.
func TestPlayPairAllocs(t *testing.T) {
	cfg := testConfig(t)
	cfg.Bots = bots(t, "random", "random:", " random")
	w, err := newWorker(cfg, cfg.Tables(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var a agg
	pair := uint64(0)
	w.PlayPair(&a, pair, 0) // allocates the per-pairing counts once
	pairs := cfg.Plan().Pairs
	allocs := testing.AllocsPerRun(500, func() {
		pair = (pair + 1) % pairs
		w.PlayPair(&a, pair, 0)
	})
	if allocs != 0 {
		t.Errorf("PlayPair allocates %v times per pair, want 0", allocs)
	}
}

// BenchmarkTournamentRandom plays a round robin of three random bots;
// ns/op is per game.
func BenchmarkTournamentRandom(b *testing.B) {
	cfg := &Config{Bots: bots(&testing.T{}, "random", "random:", " random"), Gauntlet: -1, PairsPerPairing: 1 << 14, Seed: 1}
	cfg.Rules.TurnCap = 1000
	games := 2 * uint64(len(cfg.Pairings())) * cfg.PairsPerPairing
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Play(context.Background(), cfg, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(uint64(b.N)*games), "ns/game")
}
