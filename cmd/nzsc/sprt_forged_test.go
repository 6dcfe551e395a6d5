package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
)

// TestSPRTForgedVerdict: a sequential test's manifest whose LLR was
// edited by hand to say what its counts do not (a test that ran out of
// games made to read "H1 accepted"; a verdict changed) is refused by
// nzsc report and by a resume, on one line naming the file and the
// field, exit code 2. A report read the verdict from the last look's
// LLR as written, and a resume took the forged verdict for a test that
// had ended.
func TestSPRTForgedVerdict(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	// A bot against itself: its LLR falls toward H0's bound (about 200
	// games), not reached in 40.
	if _, stderr, code := runCmd(t, "", "sprt", "random", "random", "--seed", "1", "--max-games", "40", "--batch", "20", "--out", dir, "--quiet"); code != 0 {
		t.Fatalf("sprt: exit %d, %s", code, stderr)
	}
	if out, stderr, code := runCmd(t, "", "report", dir); code != 0 || !strings.Contains(out, "inconclusive") {
		t.Fatalf("report: exit %d, %s\n%s", code, stderr, out)
	}
	manifest := filepath.Join(dir, "manifest.json")
	// The last look's counts, record and LLR forged together: 20 pairs
	// won instead of 20 split.
	test := analysis.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	wonLLR := test.LLR([5]int64{0, 0, 0, 0, 20})
	wonVerdict := ""
	if v := test.Decide(wonLLR); v != analysis.Continue {
		wonVerdict = v.String()
	}
	for _, c := range []struct {
		name string
		edit func(st map[string]any)
		want string
	}{
		{"LLR and verdict", func(st map[string]any) {
			looks := st["looks"].([]any)
			looks[len(looks)-1].(map[string]any)["llr"] = 3.5
			st["verdict"] = "H1 accepted"
		}, manifest + ": sprt: look 2 at 40 games: llr 3.5, but its pentanomial [0 0 20 0 0] gives -"},
		{"verdict", func(st map[string]any) { st["verdict"] = "H1 accepted" },
			manifest + `: sprt: verdict "H1 accepted", but the last look's llr -`},
		{"counts and LLR", func(st map[string]any) {
			looks := st["looks"].([]any)
			last := looks[len(looks)-1].(map[string]any)
			last["llr"], last["pentanomial"], last["wdl"] = wonLLR, []int{0, 0, 0, 0, 20}, []int{40, 0, 0}
			if wonVerdict != "" {
				st["verdict"] = wonVerdict
			}
		}, filepath.Join(dir, "counts.json") + ": sprt: the manifest's last look (40 games, pentanomial [0 0 0 0 20], W D L [40 0 0]) counts more than these counts hold (pentanomial [0 0 20 0 0], W D L [20 0 20])"},
	} {
		b, err := os.ReadFile(manifest)
		if err != nil {
			t.Fatal(err)
		}
		editRunFile(t, manifest, func(m map[string]any) { c.edit(m["sprt"].(map[string]any)) })
		for _, args := range [][]string{{"report", dir}, {"sprt", "--resume", dir, "--quiet"}} {
			out, stderr, code := runCmd(t, "", args...)
			if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 || strings.Contains(out, "H1 accepted") {
				t.Errorf("%s: %v: exit %d, stderr %q, want 2 and %q; stdout %.200q", c.name, args, code, stderr, c.want, out)
			}
		}
		if err := os.WriteFile(manifest, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
