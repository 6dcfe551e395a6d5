package results

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/inputfile"
)

// The levels of a games log: every turn of every game, or only how each
// game ended.
const (
	LevelFull    = "full"
	LevelOutcome = "outcome"
)

// CheckLevel reports a games-log level that is neither full nor outcome.
func CheckLevel(level string) error {
	if level != LevelFull && level != LevelOutcome {
		return fmt.Errorf("games log level must be %s or %s, got %q", LevelFull, LevelOutcome, level)
	}
	return nil
}

// GamesLog is a run's games log: one game record (game.Record) per line,
// gzip-compressed when the file name ends in ".gz". Workers hand it whole
// chunks of records (Write); Sync makes what it was given durable, and a
// run calls it before each checkpoint, so that the log holds at least the
// games in the saved counts. ReopenGamesLog trims it back to exactly
// those games when the run resumes. It is safe for concurrent use.
type GamesLog struct {
	mu    sync.Mutex
	f     *os.File
	zw    *gzip.Writer // nil for a plain file
	level string
	err   error
}

// Level returns the log's level (LevelFull or LevelOutcome).
func (g *GamesLog) Level() string { return g.level }

// CreateGamesLog starts the games log of a new run at path. A file that
// already holds something is refused: it cannot be a log of a run that is
// only starting, and it is never overwritten or appended to.
func CreateGamesLog(path, level string) (*GamesLog, error) {
	if err := CheckLevel(level); err != nil {
		return nil, err
	}
	if st, err := os.Lstat(path); err == nil && st.Mode().IsRegular() && st.Size() > 0 {
		return nil, fmt.Errorf("games log %s already exists; a new run does not write over it (name another file, or --resume its run)", path)
	}
	f, err := CreateOutput(path)
	if err != nil {
		return nil, fmt.Errorf("games log: %w", err)
	}
	return newGamesLog(f, path, level), nil
}

func newGamesLog(f *os.File, path, level string) *GamesLog {
	g := &GamesLog{f: f, level: level}
	if strings.HasSuffix(path, ".gz") {
		g.zw = gzip.NewWriter(f)
	}
	return g
}

// ReopenGamesLog reopens a resumed run's games log at path and trims it to
// the games of finished chunks: keep says whether the game numbered
// (table, set, game in set) belongs to a finished chunk. Games of chunks
// that had not been saved, duplicates, a record cut short by a kill and
// an unfinished gzip member are dropped; the kept records are rewritten
// to a new file that replaces the old one atomically. A file that holds
// no records of this kind at all is refused rather than rewritten.
func ReopenGamesLog(path, level string, keep func(table int, set uint64, inSet int) bool) (*GamesLog, error) {
	if err := CheckLevel(level); err != nil {
		return nil, err
	}
	var kept bytes.Buffer
	type key struct {
		table int
		set   uint64
		in    int
	}
	seen := map[key]bool{}
	n, err := readRecordsTolerant(path, func(line []byte, r *game.Record) {
		if r.Table == nil || r.Set == nil || r.InSet == nil {
			return
		}
		k := key{*r.Table, *r.Set, *r.InSet}
		if seen[k] || !keep(k.table, k.set, k.in) {
			return
		}
		seen[k] = true
		kept.Write(line)
		kept.WriteByte('\n')
	})
	if err != nil {
		return nil, err
	}
	_ = n
	tmp, err := createTemp(filepath.Dir(path), ".games-log-")
	if err != nil {
		return nil, fmt.Errorf("games log: %w", err)
	}
	g := newGamesLog(tmp, path, level)
	if err := g.Write(kept.Bytes()); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	if err := g.Sync(); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, fmt.Errorf("games log: %w", err)
	}
	syncDir(filepath.Dir(path))
	return g, nil
}

// Write appends whole records (lines).
func (g *GamesLog) Write(b []byte) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err == nil && len(b) > 0 {
		if g.zw != nil {
			_, g.err = g.zw.Write(b)
		} else {
			_, g.err = g.f.Write(b)
		}
	}
	return g.err
}

// Record appends one record and makes it durable at once: for a game
// saved as it ends (nzsc play --record), not for a run's many.
func (g *GamesLog) Record(r *game.Record) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if err := g.Write(append(b, '\n')); err != nil {
		return err
	}
	return g.Sync()
}

// Sync makes every record written so far durable: a gzip flush point and
// an fsync, so that a reader gets every one of them even if the process
// is killed afterwards.
func (g *GamesLog) Sync() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err == nil && g.zw != nil {
		g.err = g.zw.Flush()
	}
	if g.err == nil {
		g.err = g.f.Sync()
	}
	return g.err
}

// Close finishes the log.
func (g *GamesLog) Close() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	err := g.err
	if g.zw != nil {
		err = errors.Join(err, g.zw.Close())
	}
	return errors.Join(err, g.f.Close())
}

// ReadRecords reads a games log (or any file of game records, gzip when
// its name ends in ".gz") and calls visit for each record in order. A
// line that is not a record this version reads is an error naming the
// line.
func ReadRecords(path string, visit func(r *game.Record) error) error {
	f, err := inputfile.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var rd io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		defer zr.Close()
		rd = zr
	}
	return ReadRecordsFrom(rd, path, visit)
}

// ReadRecordsFrom is ReadRecords on an open, decompressed games log;
// name is the log's name in errors. An error from visit ends the reading
// and is returned as it is.
func ReadRecordsFrom(rd io.Reader, name string, visit func(r *game.Record) error) error {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 64<<10), 64<<20)
	line := 0
	for sc.Scan() {
		line++
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var r game.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return fmt.Errorf("%s: line %d: not a game record: %v", name, line, err)
		}
		if err := r.Check(); err != nil {
			return fmt.Errorf("%s: line %d: %v", name, line, err)
		}
		if err := visit(&r); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: after line %d: %w", name, line, err)
	}
	return nil
}

// readRecordsTolerant reads the records of a games log that a killed run
// may have left cut short: it stops quietly at the first unreadable byte
// (a truncated gzip member, a half-written line) and returns how many
// records it read. A file whose first line is not a record is an error.
func readRecordsTolerant(path string, visit func(line []byte, r *game.Record)) (int, error) {
	b, err := inputfile.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("games log: %w", err)
	}
	if strings.HasSuffix(path, ".gz") && len(b) > 0 {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return 0, fmt.Errorf("games log %s is not a gzip file: %v", path, err)
		}
		var out bytes.Buffer
		io.Copy(&out, zr) // stops at the first damage; what came before is good
		b = out.Bytes()
	}
	n := 0
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			break // a line cut short
		}
		line := b[:i]
		b = b[i+1:]
		var r game.Record
		if json.Unmarshal(line, &r) != nil || r.Check() != nil {
			if n == 0 {
				return 0, fmt.Errorf("games log %s does not hold game records; it is not rewritten", path)
			}
			break
		}
		visit(line, &r)
		n++
	}
	return n, nil
}
