package agents

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// botLog is one exec bot instance's view of its log file: the program's
// standard error and its log messages, line by line, each line prefixed
// with the process id so that the processes of several workers sharing
// the file can be told apart. It is safe for concurrent use: os/exec
// copies stderr from its own goroutine.
type botLog struct {
	mu      sync.Mutex
	file    *logFile // nil: discard
	path    string
	prefix  []byte
	partial []byte // an unfinished stderr line
	line    []byte
	// last is the current process's last stderr line that is not blank:
	// what a program that ends at once says about why (lastWords).
	last []byte
}

// logFile is a log file shared by every instance of one bot (one spec)
// in this process, which is one run: the size cap is a total over all of
// them and over every restart of the program, so that a bot that floods
// and crashes over and over cannot fill the disk. Whole lines are
// written with one write(2) on an O_APPEND file, so lines do not
// interleave. The file stays open until the process ends, so that the
// instances built later in the run (after a probe, say) write to it too.
type logFile struct {
	mu sync.Mutex
	f  *os.File
	// written counts bytes; past limit lines are dropped (one note says
	// so). limit <= 0 means no limit.
	written, limit int64
	dropped        bool
}

// logFiles holds this process's bot log files by directory and spec.
var logFiles = struct {
	sync.Mutex
	m map[[2]string]*logFile
}{m: map[[2]string]*logFile{}}

// maxLogLine is where a stderr line without a newline is cut.
const maxLogLine = 4096

// keepLogs is how many logs of a bot the per-user directory keeps: one
// per run, the oldest deleted.
const keepLogs = 5

// openBotLog opens the log file for the exec bot with argument arg in
// dir, creating it at the first instance of the bot in this process; dir
// "-" discards and "" is the per-user directory (see userLogDir). A new
// file is created for every run (never a file the program did not just
// create, never through a symbolic link): in a run directory
// ExecLogName(arg), or that name with .1, .2, ... before ".log" when
// earlier runs (resumes) left one; in the per-user directory the name
// with the time and process id, keeping the newest keepLogs of the bot.
func openBotLog(dir, arg string, limit int64) (*botLog, error) {
	l := &botLog{}
	if dir == "-" {
		return l, nil
	}
	logFiles.Lock()
	defer logFiles.Unlock()
	key := [2]string{dir, arg}
	if lf := logFiles.m[key]; lf != nil {
		l.file, l.path = lf, lf.f.Name()
		return l, nil
	}
	var f *os.File
	var err error
	if dir == "" {
		f, err = openUserLog(arg)
	} else {
		f, err = openRunLog(dir, arg)
	}
	if err != nil {
		return nil, err
	}
	lf := &logFile{f: f, limit: limit}
	logFiles.m[key] = lf
	l.file, l.path = lf, f.Name()
	return l, nil
}

// createLog creates path as a new file: O_EXCL (never an existing file)
// and O_NOFOLLOW (never through a link planted in its place), with mode
// perm less the umask.
func createLog(path string, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND|noFollow, perm)
}

// openRunLog creates the bot's log in a run directory.
func openRunLog(dir, arg string) (*os.File, error) {
	// A run directory is shared as the run is (0o777 and 0o666 less the
	// umask, as its other files); the user's own log directory is private.
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, fmt.Errorf("exec: bot log directory: %v", err)
	}
	name := ExecLogName(arg)
	base := strings.TrimSuffix(name, ".log")
	for i := 0; i < 1000; i++ {
		if i > 0 {
			name = fmt.Sprintf("%s.%d.log", base, i)
		}
		f, err := createLog(filepath.Join(dir, name), 0o666)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("exec: bot log: %v", err)
		}
	}
	return nil, fmt.Errorf("exec: bot log: %s has 1000 logs of %s already", dir, name)
}

// UserLogDir returns the directory of the logs of exec bots run outside
// a run directory: os.UserCacheDir()/nzsc/bots. It is the user's own,
// unlike a shared temporary directory where another user could plant
// the directory or links in it.
func UserLogDir() (string, error) {
	c, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("exec: no directory for bot logs (%v); give the bots a run directory or discard their logs", err)
	}
	return filepath.Join(c, "nzsc", "bots"), nil
}

// checkPrivateDir refuses a directory another user could write to or
// replace: not a directory (a link, say), or one checkOwner refuses.
func checkPrivateDir(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	return checkOwner(dir, fi)
}

// openUserLog creates a new log for this run of the bot in UserLogDir,
// after checking that the directory is private, and deletes the bot's
// oldest logs beyond keepLogs.
func openUserLog(arg string) (*os.File, error) {
	dir, err := UserLogDir()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("exec: bot log directory: %v", err)
	}
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := checkPrivateDir(d); err != nil {
			return nil, fmt.Errorf("exec: bot log directory: %v", err)
		}
	}
	base := strings.TrimSuffix(ExecLogName(arg), ".log")
	name := fmt.Sprintf("%s.%s-%d.log", base, time.Now().UTC().Format("20060102T150405.000000000Z"), os.Getpid())
	f, err := createLog(filepath.Join(dir, name), 0o600)
	if err != nil {
		return nil, fmt.Errorf("exec: bot log: %v", err)
	}
	old, _ := filepath.Glob(filepath.Join(dir, base+".*.log"))
	slices.Sort(old) // by time: the names differ only there
	for len(old) > keepLogs {
		if old[0] != f.Name() {
			os.Remove(old[0])
		}
		old = old[1:]
	}
	return f, nil
}

// ExecLogName returns the file name of the log of the exec bot whose
// spec argument (after "exec:") is arg: the argument with every character
// other than letters, digits, '.', '_' and '-' replaced by '_', cut to 48
// characters, then '-', 8 hex digits of its FNV-1a hash, and ".log".
// The hash keeps bots whose cut names agree apart.
func ExecLogName(arg string) string {
	var b strings.Builder
	for _, r := range arg {
		if b.Len() >= 48 {
			break
		}
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '.' || r == '_' || r == '-' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	h := fnv.New32a()
	h.Write([]byte(arg))
	return fmt.Sprintf("%s-%08x.log", b.String(), h.Sum32())
}

// started notes a new process; its lines get the pid as prefix.
func (l *botLog) started(pid int, argv []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.partial, l.last = l.partial[:0], l.last[:0]
	l.prefix = fmt.Appendf(l.prefix[:0], "[pid %d] ", pid)
	l.writeLine(fmt.Appendf(nil, "nzsc: %s started %q", time.Now().UTC().Format(time.RFC3339), argv))
}

// Write takes the program's standard error; it never fails, so that the
// program is never blocked by its log.
func (l *botLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			l.partial = append(l.partial, p...)
			if len(l.partial) >= maxLogLine {
				l.writeLine(l.partial)
				l.partial = l.partial[:0]
			}
			break
		}
		if len(l.partial) > 0 {
			l.partial = append(l.partial, p[:i]...)
			l.writeLine(l.partial)
			l.keepLast(l.partial)
			l.partial = l.partial[:0]
		} else {
			l.writeLine(p[:i])
			l.keepLast(p[:i])
		}
		p = p[i+1:]
	}
	return n, nil
}

// keepLast keeps line as the last stderr line unless it is blank; l.mu
// is held.
func (l *botLog) keepLast(line []byte) {
	if len(bytes.TrimSpace(line)) > 0 {
		l.last = append(l.last[:0], bytes.TrimSpace(line)...)
	}
}

// lastWords returns the current process's last stderr line that is not
// blank (an unfinished one included), or nil.
func (l *botLog) lastWords() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	if p := bytes.TrimSpace(l.partial); len(p) > 0 {
		return bytes.Clone(p)
	}
	return bytes.Clone(l.last)
}

// Printf writes one line of nzsc's own about the bot.
func (l *botLog) Printf(format string, a ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writeLine(fmt.Appendf(nil, "nzsc: "+format, a...))
}

// message writes a log message the bot sent through the protocol.
func (l *botLog) message(m string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writeLine([]byte(m))
}

// writeLine writes prefix, s and a newline; l.mu is held.
func (l *botLog) writeLine(s []byte) {
	if l.file == nil {
		return
	}
	l.line = append(append(append(l.line[:0], l.prefix...), s...), '\n')
	l.file.write(l.line, l.prefix)
}

// write writes one whole line, unless the file is at its limit.
func (lf *logFile) write(line, prefix []byte) {
	lf.mu.Lock()
	defer lf.mu.Unlock()
	if lf.limit > 0 && lf.written >= lf.limit {
		if !lf.dropped {
			lf.dropped = true
			lf.f.Write(fmt.Appendf(nil, "%snzsc: log limit of %d bytes reached; dropping this bot's further lines in this run\n", prefix, lf.limit))
		}
		return
	}
	lf.written += int64(len(line))
	lf.f.Write(line)
}

// flush writes an unfinished stderr line, when a process has ended.
func (l *botLog) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.partial) > 0 {
		l.writeLine(l.partial)
		l.partial = l.partial[:0]
	}
}

// Close flushes the instance's last line. The shared file stays open for
// the bot's other instances in this run.
func (l *botLog) Close() error {
	l.flush()
	return nil
}
