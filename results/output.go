package results

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/nzsclab/nzsc/internal/inputfile"
)

// Every file a command writes for its user outside a run's own writing
// (report --html, play --record, a games log, a saved solution) goes
// through CheckOutput and then WriteOutput (a whole file) or
// CreateOutput (a file written as it goes): so that none of them
// follows a link it did not create (a link planted in /tmp by another
// user would turn the write on the link's target), writes into a FIFO
// or a device, or writes over a file of a run directory (report RUN
// --html RUN/counts.json would destroy the run it reports).

// ErrDash is CheckOutput's refusal of "-", the Unix name of standard
// output, which made a file called "-" (--games-log -, --record -).
var ErrDash = errors.New(`"-" would be a file named "-": this output goes to a file, not to standard output (name the file)`)

// CheckOutput reports why path may not be written as a command's output
// file: it is "-" (which names standard output elsewhere), a symbolic link, exists but is not a regular file, or is
// an existing file of a run (runFileOf) in a directory that holds a
// manifest.json.
func CheckOutput(path string) error {
	if path == "-" {
		return ErrDash
	}
	if dir, ok := runFileOf(path); ok {
		return fmt.Errorf("%s is a file of the run directory %s; a run's files are written only by its run (name another file)", path, dir)
	}
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case st.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("%s is a symbolic link; an output file is not written through a link (name the file itself)", path)
	case !st.Mode().IsRegular():
		return fmt.Errorf("%s is %s; an output file is not written there", path, inputfile.Kind(st.Mode()))
	}
	return nil
}

// FreshPath returns path, or path-2, path-3, ... the first such that
// neither it nor it with any of the suffixes exists: the name of a new
// run directory that was not named (runs/<UTC time>-<seed>), so that a
// second run of one seed within the second gets its own directory, not
// a refusal. A name that cannot be looked up at all (a file where a
// directory of the path should be, a directory it may not search) is
// returned as it is: every other name would fail the same way, and
// creating it says why.
func FreshPath(path string, suffixes ...string) string {
	taken := func(p string) bool {
		for _, s := range append([]string{""}, suffixes...) {
			if _, err := os.Lstat(p + s); err == nil {
				return true
			} else if !errors.Is(err, fs.ErrNotExist) {
				return false
			}
		}
		return false
	}
	p := path
	for i := 2; taken(p); i++ {
		p = fmt.Sprintf("%s-%d", path, i)
	}
	return p
}

// runFileOf reports whether path names a run's own file, and the run
// directory: its manifest, counts, CSV tables and temporary files, and
// its bots' logs (bots/). Other files in a run directory (a report.html
// put there) are the user's.
func runFileOf(path string) (string, bool) {
	dir := filepath.Dir(path)
	if filepath.Base(dir) == "bots" {
		dir = filepath.Dir(dir)
	}
	return dir, RunFileIn(dir, path) && isRunDir(dir)
}

// RunFileIn reports whether path is, or would be, one of the files a run
// keeps in the run directory dir (runFileOf's): any other file there is
// the user's, such as the run's own games log.
func RunFileIn(dir, path string) bool {
	parent, name := filepath.Split(path)
	parent, dir = filepath.Clean(parent), filepath.Clean(dir)
	if parent == filepath.Join(dir, "bots") {
		return true
	}
	return parent == dir && (name == ManifestFile || name == CountsFile || strings.HasSuffix(name, ".csv") || strings.HasPrefix(name, ".") || name == "bots")
}

// isRunDir reports whether dir holds a run (its manifest.json).
func isRunDir(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, ManifestFile))
	return err == nil
}

// WriteOutput writes b as the file path, for a command's output
// (CheckOutput's rules): to a new temporary file beside it (created
// with O_EXCL and O_NOFOLLOW, mode 0o666 less the umask), then renamed
// over path, so that a link at path is replaced, never followed, and a
// failed write leaves the old file.
func WriteOutput(path string, b []byte) error {
	if err := CheckOutput(path); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	tmp, err := createTemp(dir, tempPrefix(filepath.Base(path), tempReplace))
	if errors.Is(err, fs.ErrNotExist) {
		// Not the temporary file's name, which the user never gave.
		return fmt.Errorf("%s: no directory %s to write it in", path, dir)
	}
	if err != nil {
		return err
	}
	return replaceWith(tmp, b, path, false)
}

// CreateOutput creates path for a command's output written as it goes
// (a games log, play --record), under CheckOutput's rules: a new file
// (O_EXCL, O_NOFOLLOW, mode 0o666 less the umask), or an empty regular
// file opened without following a link. A file that holds something is
// refused: it is never written over or appended to.
func CreateOutput(path string) (*os.File, error) {
	if err := CheckOutput(path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscallNoFollow, 0o666)
	if !errors.Is(err, fs.ErrExist) {
		return f, err
	}
	// Not blocking: a FIFO put there since the check fails at once.
	f, err = os.OpenFile(path, os.O_WRONLY|syscallNoFollow|syscallNonBlock, 0)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() || st.Size() > 0 {
		f.Close()
		return nil, fmt.Errorf("%s already exists and is not empty; it is not written over (name another file)", path)
	}
	return f, nil
}
