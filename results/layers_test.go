package results

import (
	"os/exec"
	"strings"
	"testing"
)

// TestStorageOnly: results is storage, below every game and every
// renderer: none of its imports, direct or not, is a game's package
// (engine/ but the contract engine/game) or the report package, so that
// the tail of a run (report.Tail) is the one place that knows both.
func TestStorageOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	const mod = "github.com/nzsclab/nzsc/"
	for _, p := range strings.Fields(string(out)) {
		rel, ok := strings.CutPrefix(p, mod)
		if !ok {
			continue
		}
		if strings.HasPrefix(rel, "engine/") && rel != "engine/game" || rel == "report" || strings.HasPrefix(rel, "agents") {
			t.Errorf("results imports %s", p)
		}
	}
}
