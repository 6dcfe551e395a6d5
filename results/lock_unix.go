//go:build unix

package results

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// Lock takes the run directory for one player: an exclusive lock on the
// directory itself (flock, no file added to the run), held until unlock.
// A directory another process or job is playing is refused, not waited
// for: two writers would each save their own counts over the other's and
// a resume rewrites the games log under a writer that keeps appending to
// the old one.
func (d *Dir) Lock() (unlock func(), err error) {
	f, err := os.Open(d.Path)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, &busyError{d.Path}
		}
		return nil, fmt.Errorf("locking %s: %w", d.Path, err)
	}
	// The lock's holder is the directory's only writer: what killed
	// writers left goes (a checkpoint's temporary file is as large as
	// the counts, tens of MB for many bots).
	removeRunTemps(d.Path)
	return func() { f.Close() }, nil
}

// flock is syscall.Flock; a test stands in a filesystem without locks.
var flock = syscall.Flock

// tryLockFile takes an exclusive lock on the open file f without
// waiting. Its error matches ErrBusy when another holder has it; any
// other error is a filesystem that keeps no such locks (ENOLCK,
// EOPNOTSUPP), where the caller goes on unlocked as where flock is
// missing (lock_other.go). The lock goes with unlock or when f is
// closed.
func tryLockFile(f *os.File) (unlock func(), err error) {
	if err := flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, &busyError{f.Name()}
		}
		return nil, err
	}
	return func() { flock(int(f.Fd()), syscall.LOCK_UN) }, nil
}
