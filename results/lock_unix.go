//go:build unix

package results

import (
	"errors"
	"os"
	"syscall"
)

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
			return nil, &busyError{path: f.Name()}
		}
		return nil, err
	}
	return func() { flock(int(f.Fd()), syscall.LOCK_UN) }, nil
}
