package results

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
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
// gzip-compressed when the file name ends in ".gz". A run hands it whole
// chunks of records (WriteChunk), in chunk order but after an
// interruption; Sync makes what it was given durable, and a run calls it
// before each checkpoint, so that the log holds at least the games in the
// saved counts. ReopenGamesLog trims it back to exactly those games when
// the run resumes, and SortChunks puts a log written in several sessions
// back in chunk order. A compressed log is a gzip member per write (per
// chunk), so that its bytes depend on the records and their order only,
// never on where a checkpoint flushed it: the same run gives the same
// file whatever its workers and interruptions. It is safe for concurrent
// use.
type GamesLog struct {
	mu      sync.Mutex
	f       *os.File
	path    string
	zw      *gzip.Writer // nil for a plain file
	members int          // gzip members written
	level   string
	err     error
	// unguarded is the note of a log its filesystem would not lock
	// (Unguarded).
	unguarded error
	// size counts the bytes written to f, lines the records; runs are
	// the offsets in f where a chunk lower than the one before it was
	// written (a new ordered stretch: the log is in chunk order when
	// there are none), last the last chunk written.
	size  int64
	lines uint64
	runs  []int64
	last  uint64
	any   bool
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n *int64
}

func (c countWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	*c.n += int64(n)
	return n, err
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
	if path == "-" {
		return nil, ErrDash // not "- already exists" when one does
	}
	if err := checkFreshLog(path); err != nil {
		return nil, err
	}
	f, err := CreateOutput(path)
	if err != nil {
		return nil, fmt.Errorf("games log: %w", err)
	}
	// Held while the log is open: CreateOutput takes an empty file,
	// so two runs started at once with one --games-log (shards given
	// the same name) both opened it and wrote over each other's games,
	// each exiting 0. The lock goes with the file's descriptor.
	// A filesystem that keeps no locks (tryLockFile's other errors)
	// writes the log unguarded, as before the lock, and Unguarded says
	// so.
	_, err = tryLockFile(f)
	if errors.Is(err, ErrBusy) {
		f.Close()
		return nil, &existsError{fmt.Sprintf("games log %s is being written by another process; a run does not write over it (name another file)", path)}
	}
	g := newGamesLog(f, path, level)
	if err != nil {
		g.unguarded = &unguardedError{path: path, err: err}
	}
	return g, nil
}

// Unguarded returns the note of a new log written without its lock, its
// filesystem keeping none (as Dir.Unguarded), or nil.
func (g *GamesLog) Unguarded() error { return g.unguarded }

func newGamesLog(f *os.File, path, level string) *GamesLog {
	g := &GamesLog{f: f, path: path, level: level}
	if strings.HasSuffix(path, ".gz") {
		g.zw = gzip.NewWriter(countWriter{f, &g.size})
	}
	return g
}

// LogPlan says which games a resumed run's games log must hold.
type LogPlan struct {
	// Place returns the chunk of a record of this run and the record's
	// index among the chunk's games; ok is false for a record that is
	// none of this run's games (another table or set, another seed). It
	// reads only the record's game, seats, seed, table, set and game in
	// set: a compressed log's reopen decodes no more (placeOf).
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
// them this run's, is refused rather than rewritten. When ctx is done
// first, the log is left as it was and the error is ctx's (errors.Is).
// The rewrite's temporary file is removed on every return; one left by a
// process killed while rewriting (a second Ctrl-C) is removed by the next
// reopen of the same log.
func ReopenGamesLog(ctx context.Context, path, level string, plan LogPlan) (*GamesLog, *LogRepair, error) {
	if err := CheckLevel(level); err != nil {
		return nil, nil, err
	}
	if st, err := os.Lstat(path); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		// As a new run's log (CheckOutput): the rewrite replaced the
		// link by a file without a word, the file it named left behind.
		return nil, nil, fmt.Errorf("games log %s is a symbolic link; a run's log is not written through a link (move the file it names to %s)", path, path)
	}
	removeStaleTemps(path, tempRewrite)
	if strings.HasSuffix(path, ".gz") {
		// A chunk per gzip member: the kept ones stay as they are.
		g, rep, err := reopenMembers(ctx, path, level, plan)
		if !errors.Is(err, errSlowPath) {
			return g, rep, err
		}
	}
	rep := &LogRepair{}
	tmp, err := createTemp(filepath.Dir(path), rewritePrefix(path))
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
		return g.WriteChunk(cur.chunk, cur.buf.Bytes())
	}
	records, ours := 0, 0
	err = readLogLines(ctx, path, rep, func(line []byte, r *game.Record) error {
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
	g.path = path
	return g, rep, nil
}

// rewritePrefix is the name prefix of the temporary files that rewrite
// the log at path (a reopen, a sort): the log's own, so that one a
// killed process left can be told from another log's.
func rewritePrefix(path string) string {
	return tempPrefix(filepath.Base(path), tempRewrite)
}

// removeStaleTemps removes the temporary files of kind (tempRewrite,
// tempMerge) that a process killed while writing the log at path left
// beside it, files of the lab's shape only (parseTemp): a
// rewrite's (a run holds its directory's lock, so none is in use) or a
// merge's, whose file a merge under way holds locked (lockFile) and is
// kept.
func removeStaleTemps(path, kind string) {
	dir := filepath.Dir(path)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if target, k, ours := parseTemp(e.Name()); !ours || k != kind || target != filepath.Base(path) || !e.Type().IsRegular() {
			continue
		}
		name := filepath.Join(dir, e.Name())
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		// Not where no lock could be taken: a merge under way may
		// hold it.
		if unlock, err := tryLockFile(f); err == nil {
			os.Remove(name)
			unlock()
		}
		f.Close()
	}
}

// readLogLines streams the records of a games log to visit, each with
// its line, noting in rep the damage in the middle: a line that is not
// a record followed by more lines is skipped and counted; compressed
// data that does not decompress ends the reading there. A last line cut
// short (a kill while writing) and an unfinished gzip member are the
// normal end of a killed run's log, not damage. A missing file has no
// records; a file whose first line is not a record is refused.
// It stops with ctx's error when ctx is done.
func readLogLines(ctx context.Context, path string, rep *LogRepair, visit func(line []byte, r *game.Record) error) error {
	return readLogSection(ctx, path, 0, -1, rep, visit)
}

// readLogSection is readLogLines on the bytes lo to hi-1 of the file
// (to its end when hi < 0): whole lines, or whole gzip members.
func readLogSection(ctx context.Context, path string, lo, hi int64, rep *LogRepair, visit func(line []byte, r *game.Record) error) error {
	f, err := inputfile.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("games log: %w", err)
	}
	defer f.Close()
	var rd io.Reader = f
	if hi >= 0 {
		rd = io.NewSectionReader(f, lo, hi-lo)
	}
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(rd)
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
		if lineNo%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
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

// Write appends whole records (lines): a gzip member of their own in a
// compressed log.
func (g *GamesLog) Write(b []byte) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.write(b)
}

// WriteChunk appends the records of chunk c, whole lines. Chunks written
// out of order are noted (InOrder), for SortChunks.
func (g *GamesLog) WriteChunk(c uint64, b []byte) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.any && c <= g.last {
		g.runs = append(g.runs, g.size)
	}
	g.last, g.any = c, true
	return g.write(b)
}

func (g *GamesLog) write(b []byte) error {
	if g.err != nil || len(b) == 0 {
		return g.err
	}
	g.lines += uint64(bytes.Count(b, []byte{'\n'}))
	if g.zw == nil {
		var n int
		n, g.err = g.f.Write(b)
		g.size += int64(n)
		return g.err
	}
	if g.members > 0 {
		g.zw.Reset(countWriter{g.f, &g.size})
	}
	g.members++
	if _, g.err = g.zw.Write(b); g.err == nil {
		g.err = g.zw.Close() // the member's end; the file stays open
	}
	return g.err
}

// InOrder reports whether every chunk was written after the chunks below
// it (since the log was created or reopened).
func (g *GamesLog) InOrder() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.runs) == 0
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

// SortChunks rewrites the log with its chunks in increasing order, when
// some were written out of order (a resumed run appends the chunks an
// interruption cut and those a repair played again): chunkOf gives the
// chunk of a record. The log is a few stretches of increasing chunks
// (one per session, for a log this version wrote), merged reading each
// stretch from its place in the file, up to sortFanIn at once (more
// passes for a log with more, such as one an older version wrote in the
// order chunks finished): memory holds one chunk's records and a reader
// per stretch merged, never the log. The sorted log replaces the old one
// atomically; the log stays open for writing.
func (g *GamesLog) SortChunks(chunkOf func(r *game.Record) (uint64, bool)) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.err == nil && len(g.runs) > 0 {
		if err := g.sortPass(chunkOf); err != nil {
			return fmt.Errorf("games log: putting chunks in order: %w", err)
		}
	}
	return g.err
}

// sortFanIn is the most stretches of a log merged in one pass.
const sortFanIn = 64

// sortPass merges the log's stretches sortFanIn at a time into a new
// file that replaces the log. Called with mu held.
func (g *GamesLog) sortPass(chunkOf func(r *game.Record) (uint64, bool)) error {
	if err := g.f.Sync(); err != nil {
		return err
	}
	tmp, err := createTemp(filepath.Dir(g.path), rewritePrefix(g.path))
	if err != nil {
		return err
	}
	out := newGamesLog(tmp, g.path, g.level)
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	starts := append([]int64{0}, g.runs...)
	spans := make([]logSpan, len(starts))
	for i, lo := range starts {
		spans[i] = logSpan{g.path, lo, g.size}
		if i+1 < len(starts) {
			spans[i].hi = starts[i+1]
		}
	}
	for i := 0; i < len(spans); i += sortFanIn {
		if err := mergeSpans(context.Background(), out, spans[i:min(i+sortFanIn, len(spans))], chunkOf); err != nil {
			return fail(err)
		}
	}
	if out.lines != g.lines {
		return fail(fmt.Errorf("%d records read back of %d written", out.lines, g.lines))
	}
	if err := out.f.Sync(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp.Name(), g.path); err != nil {
		return fail(err)
	}
	syncDir(filepath.Dir(g.path))
	g.f.Close()
	// Every field but the lock, the path and the level is out's.
	g.f, g.zw, g.members = out.f, out.zw, out.members
	g.size, g.lines, g.runs, g.last, g.any = out.size, out.lines, out.runs, out.last, out.any
	if g.zw != nil {
		g.zw.Reset(countWriter{g.f, &g.size}) // out's counter was out.size
	}
	return nil
}

// logSpan is the bytes lo to hi-1 of a log file (to its end when hi <
// 0): whole lines, whole gzip members, their chunks in order.
type logSpan struct {
	path   string
	lo, hi int64
}

// mergeSpans writes to out, in chunk order, the records of spans, until
// ctx is done (its error).
func mergeSpans(ctx context.Context, out *GamesLog, spans []logSpan, chunkOf func(r *game.Record) (uint64, bool)) error {
	type stretch struct {
		next func() (logLine, bool)
		cur  logLine
		ok   bool
		err  error
	}
	rs := make([]stretch, len(spans))
	for i, sp := range spans {
		r := &rs[i]
		var stop func()
		r.next, stop = iter.Pull(linesOf(ctx, sp, chunkOf, &r.err))
		defer stop()
		r.cur, r.ok = r.next()
	}
	var buf []byte
	var prev uint64
	var prevPath string
	wrote := false
	for {
		best := -1
		for i := range rs {
			if rs[i].ok && (best < 0 || rs[i].cur.chunk < rs[best].cur.chunk) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		r := &rs[best]
		c := r.cur.chunk
		if wrote && c == prev {
			// Each stretch holds a chunk's games at most once, and
			// together: the chunk's games in two stretches (a shard's
			// log given twice, or in another's place) would be written
			// out of order again at every pass, forever.
			return fmt.Errorf("%s: chunk %d's games are also in %s: two logs of the same games", spans[best].path, c, prevPath)
		}
		if err := ctx.Err(); err != nil {
			return writeError{err} // not the sources' fault
		}
		prev, prevPath, wrote = c, spans[best].path, true
		buf = buf[:0]
		for r.ok && r.cur.chunk == c {
			buf = append(append(buf, r.cur.line...), '\n')
			r.cur, r.ok = r.next()
		}
		if err := out.WriteChunk(c, buf); err != nil {
			return writeError{err}
		}
	}
	for i := range rs {
		if rs[i].err != nil {
			return rs[i].err
		}
	}
	return nil
}

// ErrBadLog is the error of MergeGamesLogs when a source is missing,
// damaged, holds games of another run or the games of another source:
// the caller's input, not the machine's fault.
var ErrBadLog = errors.New("a source log")

// writeError is an error of mergeSpans writing its output, not reading
// its sources.
type writeError struct{ error }

func (e writeError) Unwrap() error { return e.error }

// MergeGamesLogs writes the records of the games logs srcs (the logs of a
// run's shards, whose chunks are disjoint) to a new games log at dst, in
// chunk order: chunkOf gives a record's chunk. With each source in chunk
// order (a finished run's log is) the result is, byte for byte, the log
// the run played at once writes; sources in another order are sorted
// too. It returns the number of records written.
//
// The log is written to a temporary file beside dst and appears at dst
// only whole (linked there, never over a file that holds something): a
// merge killed (SIGKILL, a preempted batch job) leaves no partial log
// that looks like the run's and that a retried merge would refuse to
// write over. The temporary file a killed merge left is removed by the
// next merge into dst.
func MergeGamesLogs(ctx context.Context, dst, level string, srcs []string, chunkOf func(r *game.Record) (uint64, bool)) (uint64, error) {
	return mergeGamesLogs(ctx, dst, level, srcs, chunkOf, false)
}

// MergeGamesLogsAgain is MergeGamesLogs for a merge run again after it
// was killed having published its log at dst (CreateMerged's leftover):
// a file at dst is kept when it holds, byte for byte, the log this merge
// writes (the merge's own), and refused (ErrExists) otherwise, never
// written over.
func MergeGamesLogsAgain(ctx context.Context, dst, level string, srcs []string, chunkOf func(r *game.Record) (uint64, bool)) (uint64, error) {
	return mergeGamesLogs(ctx, dst, level, srcs, chunkOf, true)
}

// mergeGamesLogs is MergeGamesLogs, or with again MergeGamesLogsAgain.
func mergeGamesLogs(ctx context.Context, dst, level string, srcs []string, chunkOf func(r *game.Record) (uint64, bool), again bool) (uint64, error) {
	for _, src := range srcs {
		if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
			// Not "stat /x/s1.jsonl: no such file or directory".
			return 0, fmt.Errorf("%w: %s is missing (no such file: moved or deleted?)", ErrBadLog, src)
		} else if err != nil {
			return 0, fmt.Errorf("%w: %w", ErrBadLog, err)
		}
	}
	// CreateGamesLog's checks on dst, then the log under a temporary name.
	if err := CheckLevel(level); err != nil {
		return 0, err
	}
	if dst == "-" {
		return 0, ErrDash
	}
	if err := checkFreshLog(dst); err != nil && !(again && errors.Is(err, ErrExists)) {
		return 0, err
	}
	removeStaleTemps(dst, tempMerge)
	tmp, err := createTemp(filepath.Dir(dst), mergePrefix(dst))
	if err != nil {
		return 0, fmt.Errorf("games log: %w", err)
	}
	// Held while the file is written, so that another merge into dst
	// does not take it for one a killed merge left.
	if unlock, err := tryLockFile(tmp); err == nil {
		defer unlock()
	}
	g := newGamesLog(tmp, dst, level) // compressed or not by dst's name
	g.path = tmp.Name()
	spans := make([]logSpan, len(srcs))
	for i, src := range srcs {
		spans[i] = logSpan{src, 0, -1}
	}
	for i := 0; i < len(spans) && err == nil; i += sortFanIn {
		if err = mergeSpans(ctx, g, spans[i:min(i+sortFanIn, len(spans))], chunkOf); err != nil && !errors.As(err, new(writeError)) {
			err = fmt.Errorf("%w: %w", ErrBadLog, err)
		}
	}
	if err == nil {
		err = ctx.Err()
	}
	if err == nil {
		err = g.SortChunks(chunkOf)
	}
	if err == nil {
		err = g.Sync()
	}
	n := g.lines
	if cerr := g.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = publish(g.path, dst)
		if again && errors.Is(err, ErrExists) && sameBytes(g.path, dst) {
			err = nil // the log a killed run of this merge published
		}
	}
	os.Remove(g.path) // linked at dst, or a merge that failed
	if errors.Is(err, ErrExists) {
		return 0, err
	}
	if err != nil {
		return 0, fmt.Errorf("games log %s: %w", dst, err)
	}
	syncDir(filepath.Dir(dst))
	return n, nil
}

// sameBytes reports whether the regular files a and b (not followed
// through a link) hold the same bytes.
func sameBytes(a, b string) bool {
	if st, err := os.Lstat(b); err != nil || !st.Mode().IsRegular() {
		return false
	}
	fa, err := os.Open(a)
	if err != nil {
		return false
	}
	defer fa.Close()
	fb, err := os.Open(b)
	if err != nil {
		return false
	}
	defer fb.Close()
	ra, rb := bufio.NewReader(fa), bufio.NewReader(fb)
	for {
		x, errA := ra.ReadByte()
		y, errB := rb.ReadByte()
		if errA != nil || errB != nil {
			return errA == io.EOF && errB == io.EOF
		}
		if x != y {
			return false
		}
	}
}

// checkFreshLog refuses a games log path that holds something or that
// CheckOutput refuses (a link, a device, a run's own file).
func checkFreshLog(path string) error {
	if st, err := os.Lstat(path); err == nil && st.Mode().IsRegular() && st.Size() > 0 {
		return &existsError{fmt.Sprintf("games log %s already exists; a new run does not write over it (name another file, or --resume its run)", path)}
	}
	if err := CheckOutput(path); err != nil {
		return fmt.Errorf("games log: %w", err)
	}
	return nil
}

// mergePrefix is the name prefix of the temporary file a merge into the
// log at path writes.
func mergePrefix(path string) string {
	return tempPrefix(filepath.Base(path), tempMerge)
}

// publish gives the finished file tmp the name dst: a hard link, which
// never replaces a file another process put at dst meanwhile, or a
// rename over an empty regular file there (CreateOutput's rule) or where
// links are not made (some file systems).
func publish(tmp, dst string) error {
	err := os.Link(tmp, dst)
	if err == nil {
		return nil
	}
	st, serr := os.Lstat(dst)
	switch {
	case serr == nil && (!st.Mode().IsRegular() || st.Size() > 0):
		return &existsError{fmt.Sprintf("games log %s already exists (written while this merge ran); it is not written over", dst)}
	case serr == nil || errors.Is(serr, fs.ErrNotExist):
		return os.Rename(tmp, dst)
	}
	return err
}

// logLine is a record's line in the log and its chunk.
type logLine struct {
	line  []byte
	chunk uint64
}

// linesOf yields the records of span, each with its chunk; a reading
// error, a damaged line, or a record chunkOf does not place, is left in
// *errp.
func linesOf(ctx context.Context, sp logSpan, chunkOf func(r *game.Record) (uint64, bool), errp *error) iter.Seq[logLine] {
	return func(yield func(logLine) bool) {
		errEnough := errors.New("enough")
		n := 0
		rep := &LogRepair{}
		defer func() {
			if rep.Damage != "" && *errp == nil {
				*errp = fmt.Errorf("%s: %s", sp.path, rep.Damage)
			}
		}()
		err := readLogSection(ctx, sp.path, sp.lo, sp.hi, rep, func(line []byte, r *game.Record) error {
			n++
			c, ok := chunkOf(r)
			if !ok {
				return fmt.Errorf("%s: record %d from byte %d is none of the run's games", sp.path, n, sp.lo)
			}
			if !yield(logLine{line, c}) {
				return errEnough
			}
			return nil
		})
		if err != nil && err != errEnough {
			*errp = err
		}
	}
}

// Sync makes every record written so far durable (an fsync; a compressed
// log's members are complete at every write), so that a reader gets every
// one of them even if the process is killed afterwards.
func (g *GamesLog) Sync() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.err == nil {
		g.err = g.f.Sync()
	}
	return g.err
}

// Close finishes the log. A compressed log that holds no record gets an
// empty member, so that it is still a gzip file.
func (g *GamesLog) Close() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	err := g.err
	if g.zw != nil && g.members == 0 {
		err = errors.Join(err, g.zw.Close())
	}
	return errors.Join(err, g.f.Close())
}

// ReadRecords reads a games log (or any file of game records, gzip when
// its name ends in ".gz") and calls visit for each record in order. A
// line that is not a record this version reads is an error naming the
// line.
func ReadRecords(path string, visit func(r *game.Record) error) error {
	rd, done, err := openRecords(path)
	if err != nil {
		return err
	}
	defer done()
	return ReadRecordsFrom(rd, path, visit)
}

// openRecords opens a file of game records, decompressed when its name
// ends in ".gz"; done closes it.
func openRecords(path string) (rd io.Reader, done func(), err error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, nil, err
	}
	if !strings.HasSuffix(path, ".gz") {
		return f, func() { f.Close() }, nil
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, gzipErr(err))
	}
	return zr, func() { zr.Close(); f.Close() }, nil
}

// Gunzipped returns r decompressed when it starts as gzip data does,
// else r itself (read through a buffer): for records read from a pipe,
// which has no name to end in .gz.
func Gunzipped(r io.Reader, name string) (io.Reader, error) {
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(2); !bytes.Equal(magic, []byte{0x1f, 0x8b}) {
		return br, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, gzipErr(err))
	}
	return zr, nil
}

// ReadRecordsFrom is ReadRecords on an open, decompressed games log;
// name is the log's name in errors. An error from visit ends the reading
// and is returned as it is.
func ReadRecordsFrom(rd io.Reader, name string, visit func(r *game.Record) error) error {
	return scanRecords(rd, name, func(line int, b []byte) error {
		r, err := decodeRecord(name, line, b)
		if err != nil {
			return err
		}
		return visit(r)
	})
}

// ReadRecord reads record index (from 0) of a file of game records, as
// ReadRecords reads each. The records before it are only counted (their
// lines split, not decoded or checked: a damaged one does not matter),
// and ctx is looked at every few thousand of them. When the file holds
// no record index, r is nil and n is the number of records it holds.
func ReadRecord(ctx context.Context, path string, index int) (r *game.Record, n int, err error) {
	rd, done, err := openRecords(path)
	if err != nil {
		return nil, 0, err
	}
	defer done()
	found := errors.New("found")
	err = scanRecords(rd, path, func(line int, b []byte) error {
		if n%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if n < index {
			n++
			return nil
		}
		r, err = decodeRecord(path, line, b)
		if err == nil {
			err = found
		}
		return err
	})
	if err == found {
		return r, index, nil
	}
	return nil, n, err
}

// decodeRecord decodes and checks line number line of the log name.
func decodeRecord(name string, line int, b []byte) (*game.Record, error) {
	var r game.Record
	if err := json.Unmarshal(b, &r); err != nil {
		if line == 1 && bytes.HasPrefix(b, []byte{0x1f, 0x8b}) {
			return nil, fmt.Errorf("%s: gzip-compressed, but its name does not end in .gz (records are read compressed from a NAME.gz)", name)
		}
		return nil, fmt.Errorf("%s: line %d: not a game record: %v", name, line, plainJSON(err))
	}
	if err := r.Check(); err != nil {
		return nil, fmt.Errorf("%s: line %d: %v", name, line, err)
	}
	return &r, nil
}

// scanRecords calls visit with each line of rd that is not blank and its
// number (from 1); an error from visit ends the reading and is returned
// as it is.
func scanRecords(rd io.Reader, name string, visit func(line int, b []byte) error) error {
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 64<<10), maxRecordLine)
	line := 0
	for sc.Scan() {
		line++
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		if err := visit(line, sc.Bytes()); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("%s: line %d is longer than %d MB, more than any game record", name, line+1, maxRecordLine>>20)
		}
		if line == 0 {
			return fmt.Errorf("%s: %w", name, gzipErr(err))
		}
		return fmt.Errorf("%s: after line %d: %w", name, line, gzipErr(err))
	}
	return nil
}

// gzipErr says a damaged compressed file's error in words: "unexpected
// EOF" alone did not say that the file ends early.
func gzipErr(err error) error {
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("the compressed data ends early, a file cut short (%w)", err)
	case errors.Is(err, gzip.ErrHeader), errors.Is(err, gzip.ErrChecksum):
		return fmt.Errorf("damaged or not gzip data, though its name ends in .gz (%w)", err)
	}
	return err
}
