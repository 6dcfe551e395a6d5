//go:build unix

package inputfile_test

import (
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
