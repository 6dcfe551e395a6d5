//go:build unix

package inputfile_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/nzsclab/nzsc/internal/inputfile"
)

// A FIFO, a directory and a device are refused at once (the open of a
// FIFO with no writer would otherwise wait forever); a regular file and
// a link to one are read.
func TestOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	for _, c := range []struct{ path, want string }{
		{fifo, "a FIFO"},
		{dir, "a directory"},
		{"/dev/zero", "a device"},
	} {
		_, err := inputfile.ReadFile(c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadFile(%s) = %v, want an error saying %q", c.path, err, c.want)
		}
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("data"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{file, link} {
		if b, err := inputfile.ReadFile(p); err != nil || string(b) != "data" {
			t.Errorf("ReadFile(%s) = %q, %v", p, b, err)
		}
	}
}

// A file read whole is refused above MaxSize at once from its size,
// without reading it (a sparse file of MaxSize+1 bytes takes no disk
// and, read, a gigabyte of memory); one that reaches the limit while
// being read (its size said less) is refused too; one at the limit is
// read.
func TestReadFileSizeLimit(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(inputfile.MaxSize + 1); err != nil {
		t.Skip("no sparse files here:", err)
	}
	f.Close()
	_, err = inputfile.ReadFile(big)
	var tl *inputfile.TooLargeError
	if !errors.As(err, &tl) || !strings.Contains(err.Error(), big) || !strings.Contains(err.Error(), "1 GiB") {
		t.Errorf("ReadFile of %d bytes = %v, want a TooLargeError naming the file and the limit", inputfile.MaxSize+1, err)
	}
	small := filepath.Join(dir, "small")
	if err := os.WriteFile(small, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		max      int64
		tooLarge bool
	}{{9, true}, {10, false}, {11, false}} {
		f, err := os.Open(small)
		if err != nil {
			t.Fatal(err)
		}
		b, err := inputfile.ReadAllMax(f, small, c.max)
		f.Close()
		if got := errors.As(err, &tl); got != c.tooLarge || !c.tooLarge && string(b) != "0123456789" {
			t.Errorf("10 bytes at most %d: %q, %v", c.max, b, err)
		}
	}
	// A file whose size does not say what it holds (a /proc file says
	// 0): the limit is found by reading.
	f, err = os.Open("/proc/self/status")
	if err != nil {
		t.Skip("no /proc here:", err)
	}
	defer f.Close()
	if _, err := inputfile.ReadAllMax(f, "status", 16); !errors.As(err, &tl) || tl.Size != -1 {
		t.Errorf("/proc/self/status at most 16 bytes: %v, want a TooLargeError found by reading", err)
	}
}
