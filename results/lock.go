package results

import (
	"errors"
	"fmt"
	"os"
)

// Lock takes the run directory for one player: an exclusive lock on the
// directory itself (flock, no file added to the run), held until unlock.
// A directory another process or job is playing is refused, not waited
// for: two writers would each save their own counts over the other's and
// a resume rewrites the games log under a writer that keeps appending to
// the old one. A directory from Create holds its lock already: its first
// Lock hands that lock over (a new run is never without it). On a
// filesystem that keeps no locks the directory is taken unguarded, as a
// games log there is (tryLockFile's rule), and Unguarded says so.
func (d *Dir) Lock() (unlock func(), err error) {
	if f := d.held; f != nil {
		d.held = nil
		return func() { f.Close() }, nil
	}
	f, err := d.lock()
	if errors.Is(err, errMoved) {
		return nil, fmt.Errorf("%s was removed or replaced while it was being locked", d.Path)
	}
	if err != nil {
		return nil, err
	}
	if f == nil {
		return func() {}, nil
	}
	return func() { f.Close() }, nil
}

// Unguarded returns, when the directory's lock could not be taken
// because its filesystem keeps no file locks (some network and FUSE
// mounts; platforms without flock), the note that says so, and nil when
// it is held or was never taken. A command shows it: nothing stops
// another process from playing the run at the same time there.
func (d *Dir) Unguarded() error { return d.unguarded }

// errMoved is lock's refusal of a directory that is no longer at its
// path once locked.
var errMoved = errors.New("results: the directory moved while it was locked")

// lock opens the directory and takes its lock (tryLockFile), returning
// the file that holds it: nil, with d.unguarded set, where the filesystem
// keeps no locks. The directory must still be the one at d.Path once
// locked (errMoved otherwise): a start that failed may remove the
// directory it made, and a process that waited for its lock would then
// write into a directory no path names. The holder of the lock is the
// directory's only writer: what killed writers left goes (a
// checkpoint's temporary file is as large as the counts, tens of MB for
// many bots); nothing goes where no lock is held.
func (d *Dir) lock() (*os.File, error) {
	f, err := os.Open(d.Path)
	if err != nil {
		return nil, err
	}
	if _, err := tryLockFile(f); err != nil {
		f.Close()
		if errors.Is(err, ErrBusy) {
			return nil, &busyError{path: d.Path}
		}
		d.unguarded = &unguardedError{path: d.Path, err: err}
		return nil, nil
	}
	d.unguarded = nil
	// The path followed as Open followed it: a run named through a
	// link (latest -> runs/...) is resumed and reported through it (a
	// new run's is refused by Create's look under the lock).
	st, err := f.Stat()
	at, err2 := os.Stat(d.Path)
	if err != nil || err2 != nil || !os.SameFile(st, at) {
		f.Close()
		return nil, errMoved
	}
	removeRunTemps(d.Path)
	return f, nil
}

// unguardedError is the note of a file or directory written without its
// lock (Dir.Unguarded, GamesLog.Unguarded): err is the filesystem's
// refusal of the lock.
type unguardedError struct {
	path string
	err  error
}

func (e *unguardedError) Error() string {
	return fmt.Sprintf("%s is on a filesystem that keeps no file locks (%v): it is written unguarded, so start, resume or merge nothing else into it until this command ends", e.path, e.err)
}
func (e *unguardedError) Unwrap() error { return e.err }
