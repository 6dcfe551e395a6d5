package testsolution

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// Another version's solution is removed only when no test has used it
// for a day: a second checkout's tests may be reading it.
func TestRemoveOthers(t *testing.T) {
	dir := t.TempDir()
	file := func(name string, age time.Duration) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		when := time.Now().Add(-age)
		if err := os.Chtimes(p, when, when); err != nil {
			t.Fatal(err)
		}
		return p
	}
	current := file("solution-aaaa.bin", 3*staleAfter)
	inUse := file("solution-bbbb.bin", time.Hour)
	stale := file("solution-cccc.bin", 2*staleAfter)
	other := file("notes.txt", 3*staleAfter)
	removeOthers(current)
	for _, c := range []struct {
		path string
		kept bool
	}{{current, true}, {inUse, true}, {stale, false}, {other, true}} {
		_, err := os.Stat(c.path)
		if kept := err == nil; kept != c.kept {
			t.Errorf("%s: kept %v, want %v", filepath.Base(c.path), kept, c.kept)
		}
	}
}
