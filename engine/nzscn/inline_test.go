package nzscn

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRandomDrawsInline: the compiler inlines the generator's Uint64 at
// each of PlayRandom's three draw sites (characters, boosters, rounds).
// Through an alias in engine/nzsc (nzsc.Wyrand, since removed) it did
// not (go1.26), and the 3- and 4-player random games cost 1-3% more
// instructions (issue 23's speed table).
func TestRandomDrawsInline(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the package")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool")
	}
	out, err := exec.Command(goTool, "build", "-gcflags=-m", "-o", "/dev/null", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	sites := 0
	for _, line := range strings.Split(string(out), "\n") {
		// The file as the compiler names it: "./random.go" here, or as
		// the build cache replays it from a build started elsewhere
		// ("engine/nzscn/random.go").
		file, _, _ := strings.Cut(line, ":")
		if filepath.Base(file) == "random.go" && strings.Contains(line, "inlining call to rng.(*Wyrand).Uint64") {
			sites++
		}
	}
	if sites != 3 {
		t.Errorf("Uint64 inlined at %d of PlayRandom's 3 draw sites:\n%s", sites, out)
	}
}
