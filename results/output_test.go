package results_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/engine/game"
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

// TestOpenNamesAFile: a file named as a run directory is called a file
// (it read "stat FILE/manifest.json: not a directory").
func TestOpenNamesAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "run")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := results.Open(file); err == nil || err.Error() != file+" is a file, not a run directory" {
		t.Errorf("Open(a file) = %v, want %q", err, file+" is a file, not a run directory")
	}
	// Nothing there: said so, not "is not a run directory (no
	// manifest.json)" as of a directory without its manifest.
	gone := filepath.Join(filepath.Dir(file), "typo")
	if _, err := results.Open(gone); err == nil || err.Error() != "no directory "+gone {
		t.Errorf("Open(nothing) = %v, want %q", err, "no directory "+gone)
	}
}

// TestReadRecordsLongLine: a line past the bound is named by its number
// and the bound (it read "after line 0: bufio.Scanner: token too long").
func TestReadRecordsLongLine(t *testing.T) {
	r := strings.NewReader("\n" + strings.Repeat("x", 65<<20) + "\n")
	err := results.ReadRecordsFrom(r, "big.jsonl", func(*game.Record) error { return nil })
	if want := "big.jsonl: line 2 is longer than 64 MB, more than any game record"; err == nil || err.Error() != want {
		t.Errorf("ReadRecordsFrom(a 65 MB line) = %v, want %q", err, want)
	}
}

// TestSaveFailureIsNotSaved: a Save that cannot write matches
// ErrNotSaved, so that commands do not call the games saved; Create's
// refusal of an existing run matches ErrExists.
func TestSaveFailureIsNotSaved(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run")
	d, err := results.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(path); err != nil {
		t.Fatal(err)
	}
	m := &results.Manifest{Kind: results.KindTournament}
	err = d.Save(m, &results.Counts{})
	if !errors.Is(err, results.ErrNotSaved) {
		t.Errorf("Save into a removed directory = %v, want an error matching ErrNotSaved", err)
	}
	if err := os.MkdirAll(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(path, results.ManifestFile), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := results.Create(path); !errors.Is(err, results.ErrExists) {
		t.Errorf("Create over a run = %v, want an error matching ErrExists", err)
	}
}

// TestFreshPath: a taken name (or one whose games log is taken) gets -2,
// -3...
func TestFreshPath(t *testing.T) {
	dir := t.TempDir()
	run := filepath.Join(dir, "20260101-000000-0x1")
	if got := results.FreshPath(run); got != run {
		t.Errorf("FreshPath of a free name = %s, want it unchanged", got)
	}
	if err := os.Mkdir(run, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(run+"-2.log", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got := results.FreshPath(run, ".log"); got != run+"-3" {
		t.Errorf("FreshPath with NAME and NAME-2.log taken = %s, want %s-3", got, run)
	}
}

// TestFreshPathUnderAFile: a name that cannot be looked up (a file
// where a directory of its path should be) is returned as it is, for
// its creation to fail and say why; FreshPath tried path-2, path-3...
// for ever (a runs directory that was a file hung the command and the
// Runs page).
func TestFreshPathUnderAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "runs")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(file, "20260101-000000-0x1")
	got := make(chan string, 1)
	go func() { got <- results.FreshPath(run, ".games.jsonl.gz") }()
	select {
	case p := <-got:
		if p != run {
			t.Errorf("FreshPath under a file = %s, want %s unchanged", p, run)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("FreshPath under a file did not return (it tries path-2, path-3... for ever)")
	}
}

// TestWriteOutputNoDirectory: an output in a directory that does not
// exist is named as the user gave it (the error named the temporary
// file, "open nodir/.x.html.tmp1l1dyob").
func TestWriteOutputNoDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nodir", "x.html")
	err := results.WriteOutput(path, []byte("x"))
	if want := path + ": no directory " + filepath.Dir(path) + " to write it in"; err == nil || err.Error() != want {
		t.Errorf("WriteOutput into a missing directory = %v, want %q", err, want)
	}
}

// TestOutputDash: "-", standard output's name elsewhere, is no output
// file or run directory here: CheckOutput, CreateGamesLog (even where a
// file "-" exists) and Create refuse it rather than make one called "-".
func TestOutputDash(t *testing.T) {
	if err := results.CheckOutput("-"); !errors.Is(err, results.ErrDash) {
		t.Errorf("CheckOutput(-) = %v", err)
	}
	if g, err := results.CreateGamesLog("-", results.LevelFull); !errors.Is(err, results.ErrDash) {
		if err == nil {
			g.Close()
			os.Remove("-")
		}
		t.Errorf("CreateGamesLog(-) = %v", err)
	}
	if _, err := results.Create("-"); err == nil || !strings.Contains(err.Error(), `"-" would be a directory named "-"`) {
		os.Remove("-")
		t.Errorf("Create(-) = %v", err)
	}
}
