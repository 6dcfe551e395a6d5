package solve

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// FileRules reads the rules a solution file solves from its header
// alone, and CheckFileFor refuses it for other rules (the turn cap
// aside), in one line.
func TestFileRules(t *testing.T) {
	variant, err := nzsc.ParseRules(game.Rules{"points": "3", "move_streak": "2"})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteFile(&b, (&Solution{Rules: variant}).Export()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "variant.bin")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := FileRules(path)
	if err != nil || got != normalRules(variant) {
		t.Fatalf("FileRules = %v, %v; want %v", got, err, normalRules(variant))
	}
	capped := variant
	capped.TurnCap = 50
	if err := CheckFileFor(path, capped); err != nil {
		t.Errorf("the variant at another turn cap: %v", err)
	}
	err = CheckFileFor(path, nzsc.DefaultRules)
	if err == nil || !strings.Contains(err.Error(), "other rules") || strings.Contains(err.Error(), "\n") {
		t.Errorf("the shared rules: %v, want one line about other rules", err)
	}
}
