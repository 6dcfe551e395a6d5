//go:build !unix

package results

import (
	"errors"
	"os"
)

// Lock does nothing where flock is missing: two processes may then play
// one run directory at once.
func (d *Dir) Lock() (unlock func(), err error) { return func() {}, nil }

// tryLockFile takes no lock where flock is missing: its error (not
// ErrBusy) says so, and the caller goes on unlocked.
func tryLockFile(f *os.File) (unlock func(), err error) {
	return nil, errors.New("no file locks on this platform")
}
