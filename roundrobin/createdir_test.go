package roundrobin

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCreateDirUndoOnlyItsOwn: CreateDir's undo removes the directory
// only when this call made it. Another process (a second merge into the
// same --out) that makes it between CreateDir's look and its own making
// keeps it: the old undo removed any directory missing at the look, the
// winner's still-empty directory with it.
func TestCreateDirUndoOnlyItsOwn(t *testing.T) {
	out := filepath.Join(t.TempDir(), "m")
	defer func() { afterLstat = func(string) {} }()
	afterLstat = func(o string) {
		if err := os.Mkdir(o, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	_, undo, err := CreateDir(out, "")
	if err != nil {
		t.Fatal(err)
	}
	undo()
	if _, err := os.Stat(out); err != nil {
		t.Errorf("undo removed a directory another process made: %v", err)
	}

	// A directory the call made itself goes.
	afterLstat = func(string) {}
	out = filepath.Join(t.TempDir(), "n")
	_, undo, err = CreateDir(out, "")
	if err != nil {
		t.Fatal(err)
	}
	undo()
	if _, err := os.Stat(out); err == nil {
		t.Errorf("undo left the directory it made")
	}
}
