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
	whole := openKillSPRT(t, filepath.Join(tmp, "whole"))
	var kills []string
	want := playKillSPRT(t, whole, func(l results.SPRTLook) {
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
		got := playKillSPRT(t, rd, nil)
		if !reflect.DeepEqual(got.Looks, want.Looks) || got.Verdict != want.Verdict {
			var g []uint64
			for _, l := range got.Looks {
				g = append(g, l.Games)
			}
			t.Errorf("killed after look %d: resumed looks at %v, verdict %q; uninterrupted: %d looks, %q", i+1, g, got.Verdict, len(want.Looks), want.Verdict)
		}
	}
}

// TestSPRTKilledBetweenCountsAndManifest: a checkpoint writes counts.json,
// then manifest.json (which holds the looks and the verdict); a test
// killed between the two leaves a batch's games counted and its look not
// recorded. Resumed, it must take that look (and a decision there) from
// the counts, as the test never stopped did: it went on past it, one
// look short (kill -9 at random moments hit this in 4 of 16 tests), and
// past its verdict when the look decided.
func TestSPRTKilledBetweenCountsAndManifest(t *testing.T) {
	tmp := t.TempDir()
	whole := openKillSPRT(t, filepath.Join(tmp, "whole"))
	read := func(f string) []byte {
		b, err := os.ReadFile(filepath.Join(whole.Dir.Path, f))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// At each look the directory holds the previous checkpoint.
	var manifests, counts [][]byte
	want := playKillSPRT(t, whole, func(results.SPRTLook) {
		manifests, counts = append(manifests, read(results.ManifestFile)), append(counts, read(results.CountsFile))
	})
	counts = append(counts, read(results.CountsFile))
	if len(want.Looks) < 3 || want.Verdict == "" {
		t.Fatalf("%d looks, verdict %q: want a test of several looks", len(want.Looks), want.Verdict)
	}
	for k := range manifests {
		// Look k's batch counted, the manifest of the checkpoint before.
		kill := filepath.Join(tmp, "kill", string(rune('a'+k)))
		if err := os.MkdirAll(kill, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(kill, results.ManifestFile), manifests[k], 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(kill, results.CountsFile), counts[k+1], 0o644); err != nil {
			t.Fatal(err)
		}
		rd, err := Resume(kill)
		if err != nil {
			t.Fatal(err)
		}
		got := playKillSPRT(t, rd, nil)
		if !reflect.DeepEqual(got.Looks, want.Looks) || got.Verdict != want.Verdict {
			var g []uint64
			for _, l := range got.Looks {
				g = append(g, l.Games)
			}
			t.Errorf("killed before look %d's manifest: resumed looks at %v, verdict %q; uninterrupted: %d looks, %q", k+1, g, got.Verdict, len(want.Looks), want.Verdict)
		}
	}
}

// killSPRT is the sequential test the kill tests play: greedy against
// classic, deciding in a few looks.
var killSPRT = analysis.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}

// openKillSPRT starts killSPRT's run in the directory path, seed 3.
func openKillSPRT(t *testing.T, path string) *RunDir {
	t.Helper()
	cfg := &Config{Bots: bots(t, "greedy", "classic"), Rules: nzsc.DefaultRules}
	st := &results.SPRTState{Elo0: killSPRT.Elo0, Elo1: killSPRT.Elo1, Alpha: killSPRT.Alpha, Beta: killSPRT.Beta, Model: "logistic"}
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

// playKillSPRT plays what is left of rd's test on two workers, look
// called at each look, and returns its settings and looks.
func playKillSPRT(t *testing.T, rd *RunDir, look func(results.SPRTLook)) *results.SPRTState {
	t.Helper()
	var verdict analysis.Verdict
	opts := rd.SPRTOptions(killSPRT, &verdict, look)
	opts.Workers = 2
	if _, err := rd.Play(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	return rd.Manifest.SPRT
}
