package results

import (
	"bytes"
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/nzsclab/nzsc/engine"
)

func TestSolutionRoundTrip(t *testing.T) {
	s := &Solution{Version: SolutionVersion, Params: [4]float64{1, 2, 3, 4}, Gap: 1e-10,
		Pairings: []SolvedPairing{{
			A:     engine.Loadout{Character: engine.Ninja, Booster: engine.Shadow},
			B:     engine.Loadout{Character: engine.Clown, Booster: engine.NoBooster},
			Value: 0.25, Lower: 0.2499, Upper: 0.2501, Gap: 2e-4,
			Keys: []uint32{1, 5, 9}, Disc: []float64{0.1, -0.2, 1}, Undisc: []float64{0.1, -0.2, 1}, Rules: []uint8{0, 5, 15},
			ExplicitKeys: []uint32{9}, Explicit: [][2][StrategyWidth]float64{{{1}, {0.5, 0.25, 0.25}}},
		}}}
	path := filepath.Join(t.TempDir(), "sub", "solution-v1.bin")
	if err := SaveSolution(path, s); err != nil {
		t.Fatal(err)
	}
	got, err := LoadSolution(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, s)
	}
	var buf bytes.Buffer
	if err := WriteSolution(&buf, s); err != nil {
		t.Fatal(err)
	}
	// Every truncation is an error, never a panic.
	b := buf.Bytes()
	for n := 0; n < len(b); n++ {
		if _, err := ReadSolution(bytes.NewReader(b[:n])); err == nil {
			t.Fatalf("truncated to %d bytes: no error", n)
		}
	}
}

func TestSolutionVersion(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSolution(&buf, &Solution{}); err != nil {
		t.Fatal(err)
	}
	// Rewrite the version inside the gzip stream: decompress, patch,
	// recompress.
	raw := gunzip(t, buf.Bytes())
	raw[len(solutionMagic)] = 99
	if _, err := ReadSolution(bytes.NewReader(gzipBytes(t, raw))); !errors.Is(err, ErrSolutionVersion) {
		t.Errorf("version 99: err %v, want ErrSolutionVersion", err)
	}
}
