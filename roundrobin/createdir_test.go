package roundrobin

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
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

// TestRefusedStartLeavesNoDirectory: a start refused before its run
// began leaves no directory the user did not have. "--out -" made a
// directory named "-" that Create then refused and, since Create's
// refusals no longer remove what CreateDir made, kept; a games log that
// could not be written (here: it names the run directory itself) left
// the missing parents CreateDir had made for --out. The user's own
// directories stay.
func TestRefusedStartLeavesNoDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	if _, _, err := CreateDir("-", ""); err == nil {
		t.Fatal(`CreateDir("-") succeeded`)
	}
	if _, err := os.Lstat("-"); err == nil {
		t.Error(`a refused --out - left a directory named "-"`)
	}

	cfg := &Config{Bots: bots(t, "random", "greedy"), Gauntlet: -1, PairsPerPairing: 1, Rules: nzsc.DefaultRules}
	mine := filepath.Join(t.TempDir(), "mine")
	if err := os.Mkdir(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(mine, "a", "b", "run")
	if _, err := Create(cfg, NewRun{Out: out, GamesLog: out, Kind: "tournament"}); err == nil {
		t.Fatal("a run whose games log is its own directory started")
	}
	if _, err := os.Lstat(filepath.Join(mine, "a")); err == nil {
		t.Errorf("a refused start left the parents it made for --out %s", out)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("a refused start removed the user's directory: %v", err)
	}
}
