package solve

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

func TestSolutionRoundTrip(t *testing.T) {
	s := &SavedSolution{Version: FileVersion, Params: [4]float64{1, 2, 3, 4}, Gap: 1e-10,
		Pairings: []SavedPairing{{
			A:     nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.Shadow},
			B:     nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.NoBooster},
			Value: 0.25, Lower: 0.2499, Upper: 0.2501, Gap: 2e-4,
			Keys: []uint32{1, 5, 9}, Disc: []float64{0.1, -0.2, 1}, Undisc: []float64{0.1, -0.2, 1}, Rules: []uint8{0, 5, 15},
			ExplicitKeys: []uint32{9}, Explicit: [][2][MaxSide]float64{{{1}, {0.5, 0.25, 0.25}}},
		}, {
			A:     nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.NoBooster},
			B:     nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.Shadow},
			Value: -0.25, Lower: -0.2501, Upper: -0.2499, Gap: 2e-4, Mirror: true,
		}}}
	path := filepath.Join(t.TempDir(), "sub", "solution-v1.bin")
	if err := SaveFile(path, s); err != nil {
		t.Fatal(err)
	}
	got, err := LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, s)
	}
	var buf bytes.Buffer
	if err := WriteFile(&buf, s); err != nil {
		t.Fatal(err)
	}
	// Every truncation is an error, never a panic.
	b := buf.Bytes()
	for n := 0; n < len(b); n++ {
		if _, err := ReadFile(bytes.NewReader(b[:n])); err == nil {
			t.Fatalf("truncated to %d bytes: no error", n)
		}
	}
}

func TestFileVersion(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteFile(&buf, &SavedSolution{}); err != nil {
		t.Fatal(err)
	}
	raw := buf.Bytes()
	raw[len(fileMagic)] = 99
	if _, err := ReadFile(bytes.NewReader(raw)); !errors.Is(err, ErrFileVersion) {
		t.Errorf("version 99: err %v, want ErrFileVersion", err)
	}
}

// TestFileCorrupt: a flipped bit anywhere after the header is caught by
// the checksum.
func TestFileCorrupt(t *testing.T) {
	s := &SavedSolution{Version: FileVersion, Params: params, Pairings: []SavedPairing{{
		Keys: []uint32{1, 2}, Disc: []float64{0.5, 0.25}, Undisc: []float64{0.5, 0.25}, Rules: []uint8{0, 0}}}}
	var buf bytes.Buffer
	if err := WriteFile(&buf, s); err != nil {
		t.Fatal(err)
	}
	for i := len(fileMagic) + 4; i < buf.Len(); i++ {
		b := bytes.Clone(buf.Bytes())
		b[i] ^= 4
		if _, err := ReadFile(bytes.NewReader(b)); err == nil {
			t.Fatalf("byte %d flipped: no error", i)
		}
	}
}

// TestCheckFile: the header check accepts a solution file and refuses
// anything else with an error naming the path, without reading the body.
func TestCheckFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.bin")
	if err := SaveFile(good, (&Solution{}).Export()); err != nil {
		t.Fatal(err)
	}
	if err := CheckFile(good); err != nil {
		t.Errorf("a solution file: %v", err)
	}
	var buf bytes.Buffer
	if err := WriteFile(&buf, &SavedSolution{Params: [4]float64{1, 2, 3, 4}}); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.bin")
	json := filepath.Join(dir, "counts.json")
	for path, b := range map[string][]byte{other: buf.Bytes(), json: []byte(`{"games": 1}`)} {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, path := range []string{other, json, filepath.Join(dir, "missing.bin"), dir} {
		if err := CheckFile(path); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: err %v, want an error naming the path", path, err)
		}
	}
}

// TestImportMirror: a solution exports one of a pairing and its reverse
// in full and the other mirrored, and a mirror without its reverse is
// an error.
func TestImportMirror(t *testing.T) {
	a := nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.Speedy}
	b := nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.NoBooster}
	ms, err := SolveMoves(NewGraph(a, b))
	if err != nil {
		t.Fatal(err)
	}
	s := &Solution{Rules: normalRules(nzsc.DefaultRules)}
	p := newPairing(ms)
	s.Pairings[LoadoutIndex(a)][LoadoutIndex(b)] = p
	s.Pairings[LoadoutIndex(b)][LoadoutIndex(a)] = mirrorOf(p)
	saved := s.Export()
	if len(saved.Pairings) != 2 || !saved.Pairings[0].Mirror == !saved.Pairings[1].Mirror {
		t.Fatalf("exported %d pairings, want one in full and one mirrored", len(saved.Pairings))
	}
	var buf bytes.Buffer
	if err := WriteFile(&buf, saved); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFile(&buf)
	if err != nil {
		t.Fatal(err)
	}
	// Import insists on every pairing of the rules; this one has two,
	// so it fails on completeness, after the mirror is linked.
	if _, err := Import(back); err == nil || !strings.Contains(err.Error(), "lacks pairing") {
		t.Fatalf("import of two pairings: %v", err)
	}
	for i := range back.Pairings {
		if !back.Pairings[i].Mirror {
			back.Pairings = append(back.Pairings[:i], back.Pairings[i+1:]...)
			break
		}
	}
	if _, err := Import(back); err == nil || !strings.Contains(err.Error(), "mirrors a pairing it lacks") {
		t.Errorf("a mirror without its reverse: %v", err)
	}
}
