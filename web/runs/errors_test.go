package runs

import (
	"encoding/json"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

// TestErrorsNameWhatFailed: a failure of the runs directory is answered
// with the right status and one line naming what failed: the server's
// own failure (a directory it cannot write, a run it cannot read) is
// 500 and names the runs directory; a path the request named that is
// no path inside it is 400 and names that path; and no answer holds
// another of the server's paths. The page answered a run it could not
// create 400 "mkdir: permission denied", naming no directory, and a bad
// path 400 "bad path: encoded slash", naming no path.
func TestErrorsNameWhatFailed(t *testing.T) {
	f := newFixture(t, Options{})
	top := filepath.Dir(f.root)
	start := StartRequest{Kind: "match", Bots: []string{"random", "greedy"}, Games: 2}
	check := func(what string, code int, body []byte, want int, has ...string) {
		t.Helper()
		var e struct{ Error string }
		json.Unmarshal(body, &e)
		if code != want || e.Error == "" || strings.Count(string(body), "\n") != 1 {
			t.Errorf("%s: %d %q, want %d and a one-line error", what, code, body, want)
		}
		for _, h := range has {
			if !strings.Contains(e.Error, h) {
				t.Errorf("%s: %q does not name %q", what, e.Error, h)
			}
		}
		// The runs directory as configured is the one path an answer
		// may hold (the Runs page shows it); nothing else of top.
		if rest := strings.ReplaceAll(e.Error, f.root, ""); strings.Contains(rest, top) {
			t.Errorf("%s: %q holds a path of the server's", what, e.Error)
		}
	}

	// The run directory cannot be made (a runs directory the server may
	// not write: the tests run as root, whom permissions do not stop,
	// so the file system's answer is given here).
	created := createRun
	t.Cleanup(func() { createRun = created })
	createRun = func(_ *roundrobin.Config, spec roundrobin.NewRun) (*roundrobin.RunDir, error) {
		return nil, &fs.PathError{Op: "mkdir", Path: spec.Out, Err: syscall.EACCES}
	}
	code, body := f.req("POST", "/api/jobs", start)
	check("a run the server may not create", code, body, http.StatusInternalServerError, f.root, "permission denied", "cannot create run")
	createRun = created
	// A request's own mistake is still 400.
	bad := start
	bad.Games = 3
	code, body = f.req("POST", "/api/jobs", bad)
	check("an odd number of games", code, body, http.StatusBadRequest)

	// A run whose manifest the server cannot read is its failure (500,
	// naming the run and the directory), not "no such run".
	if err := os.MkdirAll(filepath.Join(f.root, "broken"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"manifest.json", "counts.json"} {
		if err := os.WriteFile(filepath.Join(f.root, "broken", name), []byte("{not json"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, body = f.req("GET", "/api/runs/broken", nil)
	check("an unreadable manifest", code, body, http.StatusInternalServerError, `"broken"`, f.root)
	code, body = f.req("GET", "/api/runs/nosuchrun", nil)
	check("no such run", code, body, http.StatusNotFound, `"nosuchrun"`)

	// Paths the request named that lead out: 400, naming what it typed.
	if err := os.Symlink(filepath.Join(top, "secret.txt"), filepath.Join(f.root, "broken", "leak.txt")); err != nil {
		t.Fatal(err)
	}
	code, body = f.req("GET", "/api/runs/broken/files/leak.txt", nil)
	check("a link out of the run", code, body, http.StatusBadRequest, `"leak.txt"`, `"broken"`)
	code, body = f.req("GET", "/api/runs/broken/files/..%2f..%2fsecret.txt", nil)
	check("an encoded slash", code, body, http.StatusBadRequest, `..%2f..%2fsecret.txt`)
	code, body = f.req("GET", "/api/runs/broken/files/"+strings.Repeat("x", 300), nil)
	check("a name too long", code, body, http.StatusBadRequest, strings.Repeat("x", 80)+`"…`)

	// The runs directory itself gone bad (a file where it was): the
	// server's failure, naming it, on the list and on a new run.
	if err := os.RemoveAll(f.root); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f.root, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, body = f.req("GET", "/api/runs", nil)
	check("the list, the directory a file", code, body, http.StatusInternalServerError, f.root, "not a directory")
	code, body = f.req("POST", "/api/jobs", start)
	check("a new run, the directory a file", code, body, http.StatusInternalServerError, f.root, "not a directory")
}

// TestListSkipsWhatIsNoRun: the runs list shows a link only when it
// leads to a directory (a link to a games log was listed as an
// unreadable run), and a manifest no run could have written ("{}") as
// unreadable, naming the field, as nzsc report refuses it (it was listed
// as an incomplete run).
func TestListSkipsWhatIsNoRun(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "games.jsonl.gz"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("games.jsonl.gz", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{results.ManifestFile, results.CountsFile} {
		if err := os.WriteFile(filepath.Join(dir, "empty", f), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	list, err := (&Root{Path: dir}).List()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Name != "empty" || !strings.Contains(list[0].Error, "format 0") {
		t.Errorf("List = %+v; want only run empty, unreadable for its format 0", list)
	}
}
