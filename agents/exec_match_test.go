package agents_test

import (
	"context"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/roundrobin"
)

// TestExecInMatches runs exec bots through the real match runner on two
// workers, three matches at once: a good bot, one that fails every game
// in one way or another, and one that only answers nonexistent names.
// The failing bots' games are all forfeited and counted by kind, the
// illegal bot's answers are all penalized (six per game: four waits at
// once, then five penalty points), and the good bot's match has exactly
// the counts it has when played alone.
func TestExecInMatches(t *testing.T) {
	dir := agents.ExecTestBots(t)
	badbot := filepath.Join(dir, "badbot")
	random, err := agents.Parse("random")
	if err != nil {
		t.Fatal(err)
	}
	match := func(spec string) analysis.Pairing {
		b, err := agents.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		cfg := &roundrobin.Config{Bots: []*agents.Bot{b, random}, Gauntlet: -1, HeadToHead: true,
			PairsPerPairing: 10, Seed: 5, Rules: nzsc.DefaultRules, ChunkPairs: 2}
		res, err := roundrobin.Play(context.Background(), cfg, roundrobin.Options{Workers: 2})
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		if res.Interrupted || res.Counts.Games() != 20 {
			t.Fatalf("%s: %d games, interrupted %v; want 20", spec, res.Counts.Games(), res.Interrupted)
		}
		return res.Counts.Pairings[0]
	}
	good := "exec:" + filepath.Join(dir, "gobot")
	alone := match(good)
	specs := []string{
		good,
		"exec:" + badbot + ";mode=exit;game=0;at=2",
		"exec:" + badbot + ";mode=sleep;game=0;at=1;timeout=100ms",
		"exec:" + badbot + ";mode=junk;game=0;at=3",
		"exec:" + badbot + ";mode=illegal;game=0;at=0",
	}
	results := make([]analysis.Pairing, len(specs))
	var wg sync.WaitGroup
	for i, s := range specs {
		wg.Go(func() { results[i] = match(s) })
	}
	wg.Wait()
	if !reflect.DeepEqual(results[0], alone) {
		t.Errorf("the good bot's match differs when other matches fail beside it")
	}
	if f := analysis.SummarizeMatch(&results[0]).Faults[0]; f.Total() != 0 {
		t.Errorf("good bot: faults %+v", f)
	}
	for i, kind := range []string{agents.FaultCrash, agents.FaultTimeout, agents.FaultProtocol} {
		r := analysis.SummarizeMatch(&results[i+1])
		f := r.Faults[0]
		if f.Forfeits != 20 || f.Kinds[kind] != 20 || f.Illegal != 0 || r.Total.Losses != 20 {
			t.Errorf("%s: faults %+v, result %+v; want 20 forfeits of kind %s, 20 losses", specs[i+1], f, r.Total, kind)
		}
	}
	r := analysis.SummarizeMatch(&results[4])
	if f := r.Faults[0]; f.Forfeits != 0 || f.Illegal != 6*20 || r.Total.Losses != 20 || r.Turns != 6*20 {
		t.Errorf("illegal bot: faults %+v, result %+v, %d turns; want 120 illegal choices, 20 losses in 120 turns", f, r.Total, r.Turns)
	}
}
