//go:build unix

package results

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
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

// TestRunDirWithoutLocks: a run directory on a filesystem that keeps no
// flock locks (ENOLCK, EOPNOTSUPP) is created and taken unguarded, by
// the games log's rule (tryLockFile), and Unguarded says so in one line
// for the command to show; it was refused ("locking DIR: no locks
// available"), so no run could be played there. No lock held, no
// temporary file is taken for a killed writer's: one may be a writer's
// under way.
func TestRunDirWithoutLocks(t *testing.T) {
	defer func() { flock = syscall.Flock }()
	for _, errno := range []syscall.Errno{syscall.ENOLCK, syscall.EOPNOTSUPP} {
		flock = func(int, int) error { return errno }
		path := filepath.Join(t.TempDir(), "run")
		d, err := Create(path)
		if err != nil {
			t.Fatalf("%v: a new run directory where no lock can be taken: %v", errno, err)
		}
		note := d.Unguarded()
		if note == nil || !strings.Contains(note.Error(), path+" is on a filesystem that keeps no file locks") || strings.Contains(note.Error(), "\n") || !errors.Is(note, errno) {
			t.Errorf("%v: the note of a run directory without a lock: %v", errno, note)
		}
		unlock, err := d.Lock()
		if err != nil {
			t.Fatalf("%v: Lock of a new run directory: %v", errno, err)
		}
		unlock()
		if err := d.WriteManifest(&Manifest{Kind: KindTournament}); err != nil {
			t.Fatal(err)
		}
		tmp := filepath.Join(path, ".counts.json.nzsc-tmp-0000abcd")
		if err := os.WriteFile(tmp, []byte("being written"), 0o644); err != nil {
			t.Fatal(err)
		}
		again := &Dir{Path: path}
		unlock, err = again.Lock()
		if err != nil {
			t.Fatalf("%v: Lock of a run directory where no lock can be taken: %v", errno, err)
		}
		unlock()
		if again.Unguarded() == nil {
			t.Errorf("%v: no note of a run directory taken without a lock", errno)
		}
		if _, err := os.Stat(tmp); err != nil {
			t.Errorf("%v: a temporary file removed where no lock says that nobody writes it: %v", errno, err)
		}
		log, err := CreateGamesLog(filepath.Join(t.TempDir(), "g.jsonl"), LevelFull)
		if err != nil {
			t.Fatal(err)
		}
		if log.Unguarded() == nil {
			t.Errorf("%v: no note of a games log written without a lock", errno)
		}
		log.Close()
	}
}

// TestLockThroughLink: a run directory named through a symbolic link
// (latest -> runs/20261128-...) is locked, as it was before the check
// that the locked directory is still the one at its path: that check
// compared the directory with the link itself, so that every resume and
// report through a link was refused ("was removed or replaced while it
// was being locked").
func TestLockThroughLink(t *testing.T) {
	tmp := t.TempDir()
	real := filepath.Join(tmp, "run")
	d, err := Create(real)
	if err != nil {
		t.Fatal(err)
	}
	unlock, err := d.Lock()
	if err != nil {
		t.Fatal(err)
	}
	unlock()
	link := filepath.Join(tmp, "latest")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{link, link + "/"} {
		unlock, err := (&Dir{Path: p}).Lock()
		if err != nil {
			t.Errorf("Lock through the link %s: %v", p, err)
			continue
		}
		unlock()
	}
	// Held through the link, busy through the directory's own name.
	unlock, err = (&Dir{Path: link}).Lock()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&Dir{Path: real}).Lock(); !errors.Is(err, ErrBusy) {
		t.Errorf("the directory locked through a link, locked again by its name: %v; want ErrBusy", err)
	}
	unlock()
}
