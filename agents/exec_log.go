package agents

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// botLog is an exec bot's log file: the program's standard error and its
// log messages, line by line, each line prefixed with the process id so
// that the processes of several workers sharing the file can be told
// apart. Whole lines are written with one write(2) on an O_APPEND file, so
// lines from different processes do not interleave. It is safe for
// concurrent use: os/exec copies stderr from its own goroutine.
type botLog struct {
	mu      sync.Mutex
	f       *os.File // nil: discard
	path    string
	prefix  []byte
	partial []byte // an unfinished stderr line
	line    []byte
	// written counts bytes since the current process started; past limit
	// lines are dropped (one note says so), so a flooding bot cannot fill
	// the disk. limit <= 0 means no limit.
	written, limit int64
	dropped        bool
}

// maxLogLine is where a stderr line without a newline is cut.
const maxLogLine = 4096

// openBotLog opens (creating, appending) the log file for the exec bot
// with argument arg in dir; dir "-" discards.
func openBotLog(dir, arg string, limit int64) (*botLog, error) {
	l := &botLog{limit: limit}
	if dir == "-" {
		return l, nil
	}
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "nzsc-bots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("exec: bot log directory: %v", err)
	}
	l.path = filepath.Join(dir, ExecLogName(arg))
	f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, fmt.Errorf("exec: bot log: %v", err)
	}
	l.f = f
	return l, nil
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
	l.written, l.dropped, l.partial = 0, false, l.partial[:0]
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
			l.partial = l.partial[:0]
		} else {
			l.writeLine(p[:i])
		}
		p = p[i+1:]
	}
	return n, nil
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
	if l.f == nil {
		return
	}
	if l.limit > 0 && l.written >= l.limit {
		if !l.dropped {
			l.dropped = true
			l.f.Write(fmt.Appendf(nil, "%snzsc: log limit of %d bytes reached; dropping this process's further lines\n", l.prefix, l.limit))
		}
		return
	}
	l.line = append(append(append(l.line[:0], l.prefix...), s...), '\n')
	l.written += int64(len(l.line))
	l.f.Write(l.line)
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

// Close closes the file.
func (l *botLog) Close() error {
	l.flush()
	if l.f == nil {
		return nil
	}
	return l.f.Close()
}
