package runs

import (
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/nzsclab/nzsc/internal/inputfile"
	"github.com/nzsclab/nzsc/results"
)

// Root is the directory of run directories, read only through os.Root:
// no name a request gives (.., an absolute path, a symbolic link out of
// the directory) reaches a file outside it.
type Root struct {
	// Path is the directory, as configured (it may not exist yet).
	Path string
}

// ErrBadName is the error of a run or file name that is not a plain name
// inside the root.
var ErrBadName = errors.New("not a name inside the runs directory")

// open opens the root; a missing directory is an empty one.
func (r *Root) open() (*os.Root, error) { return os.OpenRoot(r.Path) }

// checkName refuses a run name that is not one plain path element
// (400, naming it).
func checkName(name string) error {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`+"\x00") {
		return badName("run name", name, ErrBadName.Error())
	}
	return nil
}

// Summary is what the list of runs shows of a run directory.
type Summary struct {
	Name         string    `json:"name"`
	Kind         string    `json:"kind"`
	Game         string    `json:"game"`
	Seats        int       `json:"seats"`
	Bots         []string  `json:"bots"`
	Seed         string    `json:"seed"`
	GamesDone    uint64    `json:"games_done"`
	GamesPlanned uint64    `json:"games_planned"`
	Complete     bool      `json:"complete"`
	Interrupted  bool      `json:"interrupted"`
	Started      time.Time `json:"started"`
	Ended        time.Time `json:"ended,omitzero"`
	GamesLog     bool      `json:"games_log"`
	// Running is set while a job of this server plays the run.
	Running bool   `json:"running"`
	Error   string `json:"error,omitempty"`
}

// dirError is the server's failure to read the runs directory itself
// (500, naming it).
func (r *Root) dirError(err error) *Error {
	return &Error{Status: http.StatusInternalServerError, Msg: fmt.Sprintf("the server cannot read its runs directory %s: %s", r.Path, cleanErr(err, r.Path))}
}

// List returns the run directories under the root, newest first. A
// directory whose manifest cannot be read is listed with its error; the
// directory itself unread is an Error (500).
func (r *Root) List() ([]Summary, error) {
	root, err := r.open()
	if errors.Is(err, fs.ErrNotExist) {
		return []Summary{}, nil
	}
	if err != nil {
		return nil, r.dirError(err)
	}
	defer root.Close()
	entries, err := fs.ReadDir(root.FS(), ".")
	if err != nil {
		return nil, r.dirError(err)
	}
	out := []Summary{}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") || !e.IsDir() && e.Type()&fs.ModeSymlink == 0 {
			continue
		}
		if e.Type()&fs.ModeSymlink != 0 {
			// A link is a run only if it leads to a directory (a
			// link to a games log was listed as an unreadable run).
			if st, err := os.Stat(filepath.Join(r.Path, e.Name())); err != nil || !st.IsDir() {
				continue
			}
		}
		b, err := readRegular(root, e.Name()+"/"+results.ManifestFile)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			continue // not a run directory
		}
		s := Summary{Name: e.Name()}
		if err != nil {
			s.Error = cleanErr(err, r.Path)
		} else {
			var m results.Manifest
			if err := json.Unmarshal(b, &m); err != nil {
				s.Error = "manifest.json: " + err.Error()
			} else if err := m.Check(); err != nil {
				// What nzsc report would refuse is no run to list as
				// incomplete.
				s.Error = "manifest.json: " + err.Error()
			} else {
				s = summaryOf(e.Name(), &m, r.logInside(e.Name(), &m))
			}
		}
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Summary) int { return strings.Compare(b.Name, a.Name) })
	return out, nil
}

func summaryOf(name string, m *results.Manifest, log bool) Summary {
	s := Summary{Name: name, Kind: m.Kind, Game: m.Game, Seats: m.NumSeats(), Seed: fmt.Sprintf("%#x", m.Seed),
		GamesDone: m.GamesDone, GamesPlanned: m.GamesPlanned, Complete: m.Complete, Interrupted: m.Interrupted,
		Started: m.Started, Ended: m.Ended, GamesLog: log}
	if s.Game == "" {
		s.Game = "nzsc"
	}
	for _, b := range m.Bots {
		s.Bots = append(s.Bots, b.Spec)
	}
	return s
}

// cleanErr words an error without the server's absolute paths: a path
// inside the runs directory is named relative to it, any other by its
// last element.
func cleanErr(err error, root string) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + " " + relPath(pe.Path, root) + ": " + pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Op + " " + relPath(le.Old, root) + " " + relPath(le.New, root) + ": " + le.Err.Error()
	}
	msg := err.Error()
	if abs, aerr := filepath.Abs(root); aerr == nil {
		msg = strings.ReplaceAll(msg, abs, "runs")
	}
	return strings.ReplaceAll(msg, root, "runs")
}

// relPath names path for an answer: relative to root when it lies
// inside it (a path an os.Root gave is relative already), else its last
// element.
func relPath(path, root string) string {
	if !filepath.IsAbs(path) {
		return path
	}
	if absRoot, err := filepath.Abs(root); err == nil {
		if rel, err := filepath.Rel(absRoot, path); err == nil && filepath.IsLocal(rel) {
			return rel
		}
	}
	return filepath.Base(path)
}

// Error is a failure of the runs directory as the pages answer it.
// Status is 400 for a path the request named that is no path inside the
// directory, 404 for one that names nothing there, and 500 for the
// server's own failure (a permission, a disk). The message names what
// the request named and the runs directory as configured (the Runs page
// shows it), never more of the server's paths.
type Error struct {
	Status int
	Msg    string
}

func (e *Error) Error() string { return e.Msg }

// StatusOf returns the HTTP status of err: an Error's own, 500 for any
// other (the server failed).
func StatusOf(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.Status
	}
	return http.StatusInternalServerError
}

// badName is the error of name, as a request gave it, that is no path
// inside the runs directory (400). A long name is cut: it is named, not
// echoed whole.
func badName(what, name, why string) *Error {
	return &Error{Status: http.StatusBadRequest, Msg: fmt.Sprintf("bad %s %s: %s", what, named(name), why)}
}

// named quotes a name a request gave, cut after 80 bytes: an answer
// names it, it does not echo a 60 kB path.
func named(name string) string {
	if len(name) > 80 {
		return strconv.Quote(name[:80]) + "…"
	}
	return strconv.Quote(name)
}

// fsError words err, met while reading what (a run or a file of one, in
// the words of the request: "run 2026…-1"), as the pages answer it
// (Error): a path out of the runs directory or too long is the
// request's mistake, one that is not there is not found, and anything
// else is the server's failure, named with its runs directory.
func (r *Root) fsError(what string, err error) *Error {
	switch {
	case errors.Is(err, ErrBadName), errors.Is(err, syscall.ENAMETOOLONG), escapes(err):
		return &Error{Status: http.StatusBadRequest, Msg: fmt.Sprintf("%s: not a path inside the runs directory", what)}
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR), errors.Is(err, errNotRegular):
		return &Error{Status: http.StatusNotFound, Msg: fmt.Sprintf("no %s in the runs directory", what)}
	}
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = pe.Err.Error() // the path is what's
	}
	return &Error{Status: http.StatusInternalServerError, Msg: fmt.Sprintf("the server cannot read %s in its runs directory %s: %s", what, r.Path, msg)}
}

// escapes reports whether err is os.Root's refusal of a path that leads
// out of it (its error is not exported).
func escapes(err error) bool { return strings.Contains(err.Error(), "path escapes") }

// Load reads run name's manifest and counts, with results.Load's checks,
// after making sure through os.Root that the directory and both files
// are inside the root (a symbolic link out of it is refused).
func (r *Root) Load(name string) (*results.Manifest, *results.Counts, error) {
	if err := checkName(name); err != nil {
		return nil, nil, err
	}
	root, err := r.open()
	if err != nil {
		return nil, nil, r.fsError("run "+named(name), err)
	}
	defer root.Close()
	sub, err := root.OpenRoot(name)
	if err != nil {
		return nil, nil, r.fsError("run "+named(name), err)
	}
	defer sub.Close()
	for _, f := range []string{results.ManifestFile, results.CountsFile} {
		st, err := sub.Stat(f)
		switch {
		case err == nil && st.Mode().IsRegular():
			continue
		case err == nil || errors.Is(err, fs.ErrNotExist) || escapes(err):
			return nil, nil, &Error{Status: http.StatusNotFound, Msg: fmt.Sprintf("%s is not a run directory (no %s inside it)", name, f)}
		default:
			return nil, nil, r.fsError(fmt.Sprintf("%s of run %s", f, named(name)), err)
		}
	}
	_, m, c, err := results.Load(filepath.Join(r.Path, name))
	if err != nil {
		return nil, nil, &Error{Status: http.StatusInternalServerError, Msg: fmt.Sprintf("the server cannot read run %s in its runs directory %s: %s", named(name), r.Path, cleanErr(err, r.Path))}
	}
	return m, c, nil
}

// logInside returns the run's games log path relative to the root when
// the log lies inside the root, or "".
func (r *Root) logRel(name string, m *results.Manifest) string {
	if m.GamesLog == "" {
		return ""
	}
	absRoot, err1 := filepath.Abs(r.Path)
	absLog, err2 := filepath.Abs(m.GamesLog)
	if err1 != nil || err2 != nil {
		return ""
	}
	rel, err := filepath.Rel(absRoot, absLog)
	if err != nil || !filepath.IsLocal(rel) {
		return ""
	}
	return filepath.ToSlash(rel)
}

func (r *Root) logInside(name string, m *results.Manifest) bool { return r.logRel(name, m) != "" }

// GamesLog opens run name's games log for reading (decompressed when it
// is gzip), through os.Root: a log outside the root is refused.
func (r *Root) GamesLog(name string) (io.ReadCloser, error) {
	m, _, err := r.Load(name)
	if err != nil {
		return nil, err
	}
	rel := r.logRel(name, m)
	if rel == "" {
		if m.GamesLog == "" {
			return nil, &Error{Status: http.StatusNotFound, Msg: fmt.Sprintf("run %s keeps no games log", name)}
		}
		return nil, &Error{Status: http.StatusNotFound, Msg: fmt.Sprintf("run %s's games log is outside the runs directory", name)}
	}
	what := "the games log of run " + named(name)
	root, err := r.open()
	if err != nil {
		return nil, r.fsError(what, err)
	}
	f, err := openPlain(root, rel, false)
	root.Close()
	if err != nil {
		return nil, r.fsError(what, err)
	}
	if !strings.HasSuffix(rel, ".gz") {
		return f, nil
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, &Error{Status: http.StatusInternalServerError, Msg: fmt.Sprintf("the server cannot read %s in its runs directory %s: %v", what, r.Path, err)}
	}
	return &gzFile{zr, f}, nil
}

type gzFile struct {
	*gzip.Reader
	f *os.File
}

func (g *gzFile) Close() error { return errors.Join(g.Reader.Close(), g.f.Close()) }

// OpenFile opens file path of run name, read-only, through os.Root.
func (r *Root) OpenFile(name, path string) (*os.File, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	root, err := r.open()
	if err != nil {
		return nil, r.fsError("run "+named(name), err)
	}
	defer root.Close()
	sub, err := root.OpenRoot(name)
	if err != nil {
		return nil, r.fsError("run "+named(name), err)
	}
	defer sub.Close()
	if path == "" {
		path = "."
	}
	f, err := openPlain(sub, path, true)
	if err != nil {
		return nil, r.fsError(fmt.Sprintf("file %s of run %s", named(path), named(name)), err)
	}
	return f, nil
}

// errNotRegular refuses a file under the runs directory that is neither
// a regular file nor (where asked) a directory: a FIFO named
// manifest.json would block its reader, and every client waiting on it.
var errNotRegular = errors.New("not a regular file")

// openPlain opens name under root for reading without blocking on what
// it is (O_NONBLOCK: opening a FIFO returns at once), and refuses it
// unless it is a regular file, or a directory when dirs.
func openPlain(root *os.Root, name string, dirs bool) (*os.File, error) {
	f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() && !(dirs && st.IsDir()) {
		err = &fs.PathError{Op: "open", Path: name, Err: errNotRegular}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readRegular reads the regular file name under root (openPlain), of
// at most inputfile.MaxSize bytes.
func readRegular(root *os.Root, name string) ([]byte, error) {
	f, err := openPlain(root, name, false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return inputfile.ReadAll(f, name)
}
