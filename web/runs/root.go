package runs

import (
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
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

// checkName refuses a run name that is not one plain path element.
func checkName(name string) error {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`+"\x00") {
		return fmt.Errorf("%q: %w", name, ErrBadName)
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

// List returns the run directories under the root, newest first. A
// directory whose manifest cannot be read is listed with its error.
func (r *Root) List() ([]Summary, error) {
	root, err := r.open()
	if errors.Is(err, fs.ErrNotExist) {
		return []Summary{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer root.Close()
	entries, err := fs.ReadDir(root.FS(), ".")
	if err != nil {
		return nil, err
	}
	out := []Summary{}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") || !e.IsDir() && e.Type()&fs.ModeSymlink == 0 {
			continue
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

// cleanErr words an error without the server's absolute paths.
func cleanErr(err error, root string) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + ": " + pe.Err.Error()
	}
	return strings.ReplaceAll(err.Error(), root, "runs")
}

// Load reads run name's manifest and counts, with results.Load's checks,
// after making sure through os.Root that the directory and both files
// are inside the root (a symbolic link out of it is refused).
func (r *Root) Load(name string) (*results.Manifest, *results.Counts, error) {
	if err := checkName(name); err != nil {
		return nil, nil, err
	}
	root, err := r.open()
	if err != nil {
		return nil, nil, fmt.Errorf("no run %q", name)
	}
	defer root.Close()
	sub, err := root.OpenRoot(name)
	if err != nil {
		return nil, nil, fmt.Errorf("no run %q", name)
	}
	defer sub.Close()
	for _, f := range []string{results.ManifestFile, results.CountsFile} {
		if st, err := sub.Stat(f); err != nil || !st.Mode().IsRegular() {
			return nil, nil, fmt.Errorf("%s is not a run directory (no %s inside it)", name, f)
		}
	}
	_, m, c, err := results.Load(filepath.Join(r.Path, name))
	if err != nil {
		return nil, nil, errors.New(cleanErr(err, r.Path))
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
			return nil, fmt.Errorf("run %s keeps no games log", name)
		}
		return nil, fmt.Errorf("run %s's games log is outside the runs directory", name)
	}
	root, err := r.open()
	if err != nil {
		return nil, err
	}
	f, err := openPlain(root, rel, false)
	root.Close()
	if err != nil {
		return nil, fmt.Errorf("run %s's games log: %s", name, cleanErr(err, r.Path))
	}
	if !strings.HasSuffix(rel, ".gz") {
		return f, nil
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("run %s's games log: %v", name, err)
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
		return nil, fmt.Errorf("no run %q", name)
	}
	defer root.Close()
	sub, err := root.OpenRoot(name)
	if err != nil {
		return nil, fmt.Errorf("no run %q", name)
	}
	defer sub.Close()
	if path == "" {
		path = "."
	}
	f, err := openPlain(sub, path, true)
	if err != nil {
		return nil, errors.New(cleanErr(err, r.Path))
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
