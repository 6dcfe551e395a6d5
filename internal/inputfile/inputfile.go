// Package inputfile opens the files a user names for the lab to read (a
// run directory's manifest and counts, a games log, a solution file):
// only regular files, checked on the open file itself, and without
// waiting on a FIFO, so that a FIFO or a device named as input (or
// planted as a run's manifest.json) is a one-line error instead of a
// read that never ends or never stops. Its functions may be called from
// any goroutine.
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

// ReadFile reads the whole of path, a regular file (Open).
func ReadFile(path string) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
