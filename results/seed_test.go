package results_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/results"
)

// TestManifestSeedHex checks that a manifest writes its seed in 0x hex
// and reads both that and a format 1 manifest's decimal number.
func TestManifestSeedHex(t *testing.T) {
	m := &results.Manifest{Kind: results.KindMatch, Seed: 0xdeadbeefcafe}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"seed":"0xdeadbeefcafe"`) {
		t.Errorf("manifest JSON %s: want the seed as \"0xdeadbeefcafe\"", b)
	}
	for _, tc := range []struct {
		in   string
		want uint64
	}{
		{`{"format":2,"seed":"0xdeadbeefcafe"}`, 0xdeadbeefcafe},
		{`{"format":2,"seed":"255"}`, 255},
		{`{"format":1,"seed":18446744073709551615}`, 1<<64 - 1},
		{`{"format":1,"seed":7}`, 7},
	} {
		var got results.Manifest
		if err := json.Unmarshal([]byte(tc.in), &got); err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if got.Seed != tc.want {
			t.Errorf("%s: seed %d, want %d", tc.in, got.Seed, tc.want)
		}
	}
	for _, bad := range []string{`{"seed":"0xzz"}`, `{"seed":-1}`, `{"seed":true}`} {
		var got results.Manifest
		if err := json.Unmarshal([]byte(bad), &got); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestReadsFormat1Manifest checks that a run directory written before
// manifest format 2 (decimal seed, no bot names) still loads.
func TestReadsFormat1Manifest(t *testing.T) {
	cfg := config(t)
	path := filepath.Join(t.TempDir(), "run")
	writeRun(t, path, cfg, nil, nil)
	mp := filepath.Join(path, results.ManifestFile)
	b, err := os.ReadFile(mp)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if raw["seed"] != "0x63" || raw["format"] != float64(results.ManifestFormat) {
		t.Fatalf("manifest seed %v format %v, want \"0x63\" and %d", raw["seed"], raw["format"], results.ManifestFormat)
	}
	raw["seed"], raw["format"] = json.Number("99"), 1
	b, _ = json.Marshal(raw)
	if err := os.WriteFile(mp, b, 0o644); err != nil {
		t.Fatal(err)
	}
	_, m, _, err := results.Load(path)
	if err != nil {
		t.Fatalf("format 1 manifest: %v", err)
	}
	if m.Seed != 99 {
		t.Errorf("format 1 manifest: seed %d, want 99", m.Seed)
	}
}
