package results_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/results"
)

// TestCheckOutput: what an output file may not be, each refusal saying
// what the path is in words (a directory used to read
// "exists and is not a regular file (d---------)").
func TestCheckOutput(t *testing.T) {
	dir := t.TempDir()
	file, link := filepath.Join(dir, "page.html"), filepath.Join(dir, "link.html")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	for i, c := range []struct {
		path, want string
	}{
		{filepath.Join(dir, "new.html"), ""},
		{file, ""},
		{dir, "is a directory, not a file; an output file is not written there"},
		{link, "is a symbolic link"},
	} {
		err := results.CheckOutput(c.path)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("case %d %s: %v, want no error", i, c.path, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("case %d %s: %v, want an error containing %q", i, c.path, err, c.want)
		}
	}
}
