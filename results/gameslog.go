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
	"sort"
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
		return nil, &existsError{fmt.Sprintf("games log %s already exists; a new run does not write over it (name another file, or --resume its run)", path)}
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

// LogPlan says which games a resumed run's games log must hold.
type LogPlan struct {
	// Place returns the chunk of a record of this run and the record's
	// index among the chunk's games; ok is false for a record that is
	// none of this run's games (another table or set, another seed).
	Place func(r *game.Record) (chunk uint64, index int, ok bool)
	// Games returns the number of games in a chunk.
	Games func(chunk uint64) int
	// Finished are the chunks the run's counts hold, as sorted disjoint
	// inclusive ranges.
	Finished [][2]uint64
}

// LogRepair is what ReopenGamesLog found missing or damaged.
type LogRepair struct {
	// Damage describes the first damaged place in the middle of the log
	// (a line that is no game record, followed by more; compressed data
	// that does not decompress), "" when there is none; Damaged counts
	// the damaged lines.
	Damage  string
	Damaged int
	// Missing are the finished chunks whose games the log does not hold
	// in full, as sorted disjoint inclusive ranges: the caller plays them
	// again from their seeds into the reopened log, so that it holds the
	// counts' games again.
	Missing [][2]uint64
}

// maxRecordLine bounds a line of a games log (a record of a very long
// game at the full level fits many times over).
const maxRecordLine = 64 << 20

// ReopenGamesLog reopens a resumed run's games log at path, keeping the
// records of the finished chunks of plan, each chunk's games once and
// complete: the records of chunks that had not been saved, duplicates,
// a record cut short by a kill and an unfinished gzip member are
// dropped, and so are chunks whose records are incomplete. The kept
// records are streamed to a new file that replaces the old one
// atomically; memory does not grow with the log (a chunk's records are
// contiguous, as a run writes them, and held one chunk at a time). A
// damaged line in the middle is skipped, not a reason to stop: the
// repair says where it was and which finished chunks lack their games
// (also when the log is missing). A file that holds records, none of
// them this run's, is refused rather than rewritten.
func ReopenGamesLog(path, level string, plan LogPlan) (*GamesLog, *LogRepair, error) {
	if err := CheckLevel(level); err != nil {
		return nil, nil, err
	}
	rep := &LogRepair{}
	tmp, err := createTemp(filepath.Dir(path), ".games-log-")
	if err != nil {
		return nil, nil, fmt.Errorf("games log: %w", err)
	}
	g := newGamesLog(tmp, path, level)
	fail := func(err error) (*GamesLog, *LogRepair, error) {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, nil, err
	}
	var seen [][2]uint64 // chunks written, sorted disjoint ranges
	var cur struct {
		chunk uint64
		on    bool
		buf   bytes.Buffer
		have  []bool
		n     int
	}
	flush := func() error {
		defer func() { cur.on, cur.n = false, 0; cur.buf.Reset() }()
		if !cur.on || cur.n != len(cur.have) || inRangeList(seen, cur.chunk) {
			return nil // incomplete, or the chunk's games written already
		}
		seen = addToRanges(seen, cur.chunk)
		return g.Write(cur.buf.Bytes())
	}
	records, ours := 0, 0
	err = readLogLines(path, rep, func(line []byte, r *game.Record) error {
		records++
		chunk, idx, ok := plan.Place(r)
		if !ok {
			return nil
		}
		ours++
		if !inRangeList(plan.Finished, chunk) {
			return nil
		}
		if !cur.on || chunk != cur.chunk {
			if err := flush(); err != nil {
				return err
			}
			n := plan.Games(chunk)
			cur.chunk, cur.on = chunk, true
			cur.have = append(cur.have[:0], make([]bool, n)...)
		}
		if idx < 0 || idx >= len(cur.have) || cur.have[idx] {
			return nil // a duplicate inside the chunk
		}
		cur.have[idx] = true
		cur.n++
		cur.buf.Write(line)
		cur.buf.WriteByte('\n')
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return fail(err)
	}
	if records > 0 && ours == 0 {
		return fail(fmt.Errorf("games log %s holds no game of this run; it is not rewritten", path))
	}
	rep.Missing = subtractRanges(plan.Finished, seen)
	if err := g.Sync(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fail(fmt.Errorf("games log: %w", err))
	}
	syncDir(filepath.Dir(path))
	return g, rep, nil
}

// readLogLines streams the records of a games log to visit, each with
// its line, noting in rep the damage in the middle: a line that is not
// a record followed by more lines is skipped and counted; compressed
// data that does not decompress ends the reading there. A last line cut
// short (a kill while writing) and an unfinished gzip member are the
// normal end of a killed run's log, not damage. A missing file has no
// records; a file whose first line is not a record is refused.
func readLogLines(path string, rep *LogRepair, visit func(line []byte, r *game.Record) error) error {
	f, err := inputfile.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("games log: %w", err)
	}
	defer f.Close()
	var rd io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if errors.Is(err, io.EOF) {
			return nil // empty
		}
		if err != nil {
			return fmt.Errorf("games log %s is not a gzip file: %v", path, err)
		}
		defer zr.Close()
		rd = zr
	}
	br := bufio.NewReaderSize(rd, 64<<10)
	var long []byte
	lineNo, good := 0, 0
	damaged := func(what string) {
		rep.Damaged++
		if rep.Damage == "" {
			rep.Damage = fmt.Sprintf("line %d: %s", lineNo, what)
		}
	}
	for {
		chunk, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			if len(long)+len(chunk) <= maxRecordLine {
				long = append(long, chunk...)
			} else {
				long = append(long[:0], "x"...) // too long: not a record
			}
			continue
		}
		line := chunk
		if long != nil {
			line = append(long, chunk...)
			long = nil
		}
		if err == io.EOF {
			return nil // the end, or a last line without its newline: cut short by a kill
		}
		if err != nil {
			// Compressed data that does not decompress: what came before
			// is good, the rest unread. An unfinished last member is how
			// a killed run leaves its log.
			if !errors.Is(err, io.ErrUnexpectedEOF) {
				lineNo++
				damaged(fmt.Sprintf("the compressed data is damaged (%v); the rest of the log is not read", err))
			}
			return nil
		}
		lineNo++
		body := bytes.TrimSpace(line)
		if len(body) == 0 {
			continue
		}
		var r game.Record
		if jerr := json.Unmarshal(body, &r); jerr != nil || r.Check() != nil {
			if good == 0 && rep.Damaged == 0 {
				return fmt.Errorf("games log %s does not hold game records; it is not rewritten", path)
			}
			damaged("not a game record")
			continue
		}
		good++
		if err := visit(body, &r); err != nil {
			return err
		}
	}
}

// inRangeList reports whether c is in one of the sorted disjoint
// inclusive ranges rs.
func inRangeList(rs [][2]uint64, c uint64) bool {
	i := sort.Search(len(rs), func(i int) bool { return rs[i][1] >= c })
	return i < len(rs) && rs[i][0] <= c
}

// addToRanges adds c to the sorted disjoint inclusive ranges rs, joining
// neighbours; chunks come mostly in order, so rs stays short.
func addToRanges(rs [][2]uint64, c uint64) [][2]uint64 {
	i := sort.Search(len(rs), func(i int) bool { return rs[i][1] >= c })
	if i < len(rs) && rs[i][0] <= c {
		return rs
	}
	left := i > 0 && rs[i-1][1]+1 == c
	right := i < len(rs) && rs[i][0] == c+1
	switch {
	case left && right:
		rs[i-1][1] = rs[i][1]
		return append(rs[:i], rs[i+1:]...)
	case left:
		rs[i-1][1] = c
	case right:
		rs[i][0] = c
	default:
		rs = append(rs, [2]uint64{})
		copy(rs[i+1:], rs[i:])
		rs[i] = [2]uint64{c, c}
	}
	return rs
}

// subtractRanges returns the chunks of a not in b (both sorted disjoint
// inclusive ranges), as such ranges.
func subtractRanges(a, b [][2]uint64) [][2]uint64 {
	var out [][2]uint64
	j := 0
	for _, r := range a {
		lo, hi := r[0], r[1]
		for j < len(b) && b[j][1] < lo {
			j++
		}
		open := true // lo..hi still to place
		for k := j; open && k < len(b) && b[k][0] <= hi; k++ {
			if b[k][0] > lo {
				out = append(out, [2]uint64{lo, b[k][0] - 1})
			}
			if b[k][1] >= hi {
				open = false
			} else {
				lo = b[k][1] + 1
			}
		}
		if open {
			out = append(out, [2]uint64{lo, hi})
		}
	}
	return out
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
	sc.Buffer(make([]byte, 0, 64<<10), maxRecordLine)
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
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("%s: line %d is longer than %d MB, more than any game record", name, line+1, maxRecordLine>>20)
		}
		return fmt.Errorf("%s: after line %d: %w", name, line, err)
	}
	return nil
}
