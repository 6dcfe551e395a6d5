//go:build unix

package results

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestGamesLogWithoutLocks: a games log on a filesystem that keeps no
// flock locks (ENOLCK, EOPNOTSUPP: some network and FUSE mounts) is
// written unguarded, as where flock is missing; it was refused as
// "being written by another process", which no process was. A merge's
// temporary file there is kept, not taken for a killed merge's.
func TestGamesLogWithoutLocks(t *testing.T) {
	defer func() { flock = syscall.Flock }()
	flock = func(int, int) error { return syscall.ENOLCK }
	dir := t.TempDir()
	log, err := CreateGamesLog(filepath.Join(dir, "g.jsonl"), LevelFull)
	if err != nil {
		t.Fatalf("a games log where no lock can be taken: %v", err)
	}
	log.Close()
	tmp := filepath.Join(dir, ".m.jsonl.nzsc-merge-0000abcd")
	if err := os.WriteFile(tmp, []byte("part"), 0o644); err != nil {
		t.Fatal(err)
	}
	removeStaleTemps(filepath.Join(dir, "m.jsonl"), tempMerge)
	if _, err := os.Stat(tmp); err != nil {
		t.Errorf("a merge's temporary file removed where no lock tells whether a merge holds it: %v", err)
	}
}
