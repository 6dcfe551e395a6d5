package roundrobin

import (
	"context"
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

// TestKilledStartWithItsLogInside: a run whose games log is in its own
// directory (--out run --games-log run/games.jsonl) killed after its
// log was made but before its first checkpoint leaves the directory
// holding the empty log (and maybe the checkpoint's leftovers). The
// same start run again takes it, as it takes a directory of the
// leftovers alone; it was refused for good ("not empty (games.jsonl)",
// and no manifest to resume). An empty file the start does not name as
// its log, or its log holding anything, is still the user's: refused.
func TestKilledStartWithItsLogInside(t *testing.T) {
	for _, c := range []struct {
		file, log string
		data      string
		ok        bool
	}{
		{"games.jsonl", "games.jsonl", "", true},
		{"games.jsonl.gz", "games.jsonl.gz", "", true},
		{"games.jsonl", "other.jsonl", "", false},
		{"games.jsonl", "games.jsonl", "{}\n", false},
	} {
		out := filepath.Join(t.TempDir(), "run")
		if err := os.Mkdir(out, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, c.file), []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, ".counts.json.nzsc-tmp-0123abcd"), []byte(`{"form`), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg := &Config{Bots: bots(t, "random", "greedy"), Gauntlet: -1, PairsPerPairing: 1, Rules: nzsc.DefaultRules}
		rd, err := Create(cfg, NewRun{Out: out, GamesLog: filepath.Join(out, c.log), Kind: "tournament"})
		if (err == nil) != c.ok {
			t.Errorf("%s of %q in the directory, log %s: %v; want started %v", c.file, c.data, c.log, err, c.ok)
		}
		if err != nil {
			continue
		}
		if _, err := rd.Play(context.Background(), RunOptions{Workers: 1}); err != nil {
			t.Errorf("%s: the run started again: %v", c.file, err)
		}
	}
}
