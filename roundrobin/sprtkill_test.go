package roundrobin

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
)

// TestSPRTKilledAtACheckpoint: a test killed at any moment (kill -9, a
// second Ctrl-C, a power cut) keeps what its directory held at that
// moment; resumed from there it must reach the looks and verdict of the
// test never stopped. The directory's files are copied at each look,
// what a kill at that moment leaves. Before looks were taken pair by
// pair, a look was written only with the next checkpoint, so a test
// killed in between lost it for good: resumed, it decided a batch later
// than the uninterrupted test (680 games, not 640, here).
func TestSPRTKilledAtACheckpoint(t *testing.T) {
	tmp := t.TempDir()
	test := analysis.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	open := func(path string) *RunDir {
		cfg := &Config{Bots: bots(t, "greedy", "classic"), Rules: nzsc.DefaultRules}
		st := &results.SPRTState{Elo0: test.Elo0, Elo1: test.Elo1, Alpha: test.Alpha, Beta: test.Beta, Model: "logistic"}
		start, err := NewSPRT(cfg, st, 2000, 40)
		if err != nil {
			t.Fatal(err)
		}
		start.Out, start.Seed, start.SeedGiven = path, 3, true
		rd, _, err := Open(cfg, start)
		if err != nil {
			t.Fatal(err)
		}
		return rd
	}
	play := func(rd *RunDir, look func(results.SPRTLook)) *results.SPRTState {
		t.Helper()
		var verdict analysis.Verdict
		opts := rd.SPRTOptions(test, &verdict, look)
		opts.Workers = 2
		if _, err := rd.Play(context.Background(), opts); err != nil {
			t.Fatal(err)
		}
		return rd.Manifest.SPRT
	}
	whole := open(filepath.Join(tmp, "whole"))
	var kills []string
	want := play(whole, func(l results.SPRTLook) {
		kill := filepath.Join(tmp, "kill", string(rune('a'+len(kills))))
		if err := os.MkdirAll(kill, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{results.ManifestFile, results.CountsFile} {
			b, err := os.ReadFile(filepath.Join(whole.Dir.Path, f))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(kill, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		kills = append(kills, kill)
	})
	if len(want.Looks) < 3 || want.Verdict == "" {
		t.Fatalf("%d looks, verdict %q: want a test of several looks", len(want.Looks), want.Verdict)
	}
	for i, kill := range kills {
		rd, err := Resume(kill)
		if err != nil {
			t.Fatal(err)
		}
		got := play(rd, nil)
		if !reflect.DeepEqual(got.Looks, want.Looks) || got.Verdict != want.Verdict {
			var g []uint64
			for _, l := range got.Looks {
				g = append(g, l.Games)
			}
			t.Errorf("killed after look %d: resumed looks at %v, verdict %q; uninterrupted: %d looks, %q", i+1, g, got.Verdict, len(want.Looks), want.Verdict)
		}
	}
}
