// Package inputfile opens the files a user names for the lab to read (a
// run directory's manifest and counts, a games log, a solution file):
// only regular files, checked on the open file itself, and without
// waiting on a FIFO, so that a FIFO or a device named as input (or
// planted as a run's manifest.json) is a one-line error instead of a
// read that never ends or never stops. Files read whole (ReadFile,
// ReadAll) are refused above MaxSize, so that a corrupt or hostile file
// of gigabytes is a one-line error instead of a read that takes the
// machine's memory. Its functions may be called from any goroutine.
package inputfile

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Open opens path for reading if it is a regular file (a link to one is
// followed). The open itself does not block: a FIFO is opened
// non-blocking (O_NONBLOCK), seen to be one and refused.
func Open(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|nonBlock, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	return f, nil
}

// NotRegularError is Open's error for a file that is not a regular file.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s; it is not read", e.Path, Kind(e.Mode))
}

// Kind says what a file that is not a regular file is, for an error
// message: "a directory, not a file", "a FIFO, not a regular file"...
func Kind(m fs.FileMode) string {
	kind := "not a regular file"
	switch t := m.Type(); {
	case t&fs.ModeNamedPipe != 0:
		kind = "a FIFO, not a regular file"
	case t&fs.ModeDir != 0:
		kind = "a directory, not a file"
	case t&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		kind = "a device, not a regular file"
	case t&fs.ModeSocket != 0:
		kind = "a socket, not a regular file"
	}
	return kind
}

// MaxSize is the most bytes a file read whole may hold: 1 GiB, about
// ten times the largest file the lab writes to be read whole. That is
// the solution of the largest rules variant (points=9, move_streak=4,
// waits=8: 9.0 million move-phase states, half of them stored, 21 bytes
// each, about 100 MB; the shared rules' is 14 MB); a run's counts.json
// at tournament.MaxTables tables is about 45 MB (440 bytes a table at
// four seats), its manifest.json a few MB (every opening's seed).
const MaxSize = 1 << 30

// TooLargeError is the error for a file read whole that holds more than
// MaxSize bytes.
type TooLargeError struct {
	Path string
	Size int64 // -1 when it grew past MaxSize while being read
}

func (e *TooLargeError) Error() string {
	if e.Size < 0 {
		return fmt.Sprintf("%s grew past 1 GiB while being read, the most nzsc reads of a file whole; it is not read", e.Path)
	}
	return fmt.Sprintf("%s holds %d bytes, more than the 1 GiB nzsc reads of a file whole (corrupt, or not the file it should be); it is not read", e.Path, e.Size)
}

// ReadFile reads the whole of path, a regular file (Open) of at most
// MaxSize bytes.
func ReadFile(path string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadAll(f, path)
}

// ReadAll reads the rest of f, an open regular file named path in its
// errors, refusing it (a *TooLargeError) when it holds more than
// MaxSize bytes: at once when its size says so, or once that many are
// read (a file still growing).
func ReadAll(f *os.File, path string) ([]byte, error) {
	return readAll(f, path, MaxSize)
}

// CheckSize refuses f, an open file named path in the error, when its
// size is more than MaxSize: for a reader of part of a file (a solution
// file's header) that refuses at once what ReadAll would refuse later.
func CheckSize(f *os.File, path string) error { return checkSize(f, path, MaxSize) }

func checkSize(f *os.File, path string, max int64) error {
	if st, err := f.Stat(); err == nil && st.Size() > max {
		return &TooLargeError{Path: path, Size: st.Size()}
	}
	return nil
}

func readAll(f *os.File, path string, max int64) ([]byte, error) {
	if err := checkSize(f, path, max); err != nil {
		return nil, err
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(b)) > max {
		return nil, &TooLargeError{Path: path, Size: -1}
	}
	return b, err
}
