package results

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/inputfile"
)

// A compressed games log is a gzip member per chunk (GamesLog.write), so a
// resume can keep the finished chunks' members as they are, bytes
// copied, never recompressed: reopenMembers does that, and leaves the log
// to ReopenGamesLog's rewrite only when a member is not one chunk's
// whole games. Reading a 27 MB log back whole (every record decoded,
// every kept one compressed again) took some 40 s before the first game
// of a resume.

// member is a gzip member of a log: its bytes lo to hi-1, and what it
// holds.
type member struct {
	lo, hi int64
	chunk  uint64
	lines  uint64
	keep   bool // one finished chunk's games, whole, not seen before
}

// errSlowPath says that the log must be read record by record
// (ReopenGamesLog's rewrite): a member that is not one chunk's games
// whole, a damaged one, a record of another run.
var errSlowPath = errors.New("results: the log needs a rewrite")

// countingReader counts the bytes read through it; as an io.ByteReader,
// the gzip reader reads no byte past a member's end, so the count is the
// member's end.
type countingReader struct {
	r *bufio.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countingReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

// scanMembers reads the gzip members of the log at path and says of each
// where it is and whether it is kept; errSlowPath when one is neither
// kept nor dropped whole (the rewrite decides), ctx's error when ctx is
// done. A last member cut short by a kill is dropped.
func scanMembers(ctx context.Context, path string, plan LogPlan) ([]member, error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, errSlowPath // a missing log: the rewrite reports it
	}
	defer f.Close()
	cr := &countingReader{r: bufio.NewReaderSize(f, 256<<10)}
	var zr gzip.Reader
	var out []member
	var seen [][2]uint64
	var have []bool
	lineBuf := bufio.NewReaderSize(nil, 256<<10)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		lo := cr.n
		if err := zr.Reset(cr); err != nil {
			if err == io.EOF && lo > 0 {
				return out, nil
			}
			return nil, errSlowPath // empty, not gzip, damaged
		}
		zr.Multistream(false)
		lineBuf.Reset(&zr)
		m := member{lo: lo}
		cut := false
		for {
			line, err := lineBuf.ReadSlice('\n')
			if err == io.EOF && len(line) == 0 {
				break
			}
			if errors.Is(err, io.ErrUnexpectedEOF) {
				cut = true // a kill while writing: the rest is unread
				break
			}
			if err != nil {
				return nil, errSlowPath // damaged, a line without its end, a line too long
			}
			rec, placed := placeOf(line)
			if !placed {
				return nil, errSlowPath
			}
			c, idx, mine := plan.Place(rec)
			if !mine || m.lines > 0 && c != m.chunk {
				return nil, errSlowPath
			}
			if m.lines == 0 {
				m.chunk = c
				have = append(have[:0], make([]bool, plan.Games(c))...)
			}
			if idx < 0 || idx >= len(have) || have[idx] {
				return nil, errSlowPath // a duplicate inside the member
			}
			have[idx] = true
			m.lines++
			if m.lines%256 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
		}
		m.hi = cr.n
		finished := m.lines > 0 && inRangeList(plan.Finished, m.chunk) && !inRangeList(seen, m.chunk)
		switch {
		case m.lines == 0 && !cut:
			// An empty member (a log closed with no record): nothing kept.
		case !finished:
			// Games the counts do not hold, or hold from an earlier
			// member: dropped whole, as the rewrite drops them.
		case cut || m.lines != uint64(len(have)):
			// A finished chunk's games in part: the rewrite decides.
			return nil, errSlowPath
		default:
			m.keep = true
			seen = addToRanges(seen, m.chunk)
		}
		out = append(out, m)
		if cut {
			return out, nil
		}
	}
}

// placeOf decodes what places a record in its run (LogPlan.Place reads
// its game, seats, seed, table, set and game in set): the fields a game
// record writes before "bots", not its turns. A line that is no record
// is not placed.
func placeOf(line []byte) (*game.Record, bool) {
	head := line
	if i := bytes.Index(line, []byte(`,"bots":`)); i > 0 {
		head = append(line[:i:i], '}')
	}
	var r game.Record
	if err := json.Unmarshal(head, &r); err != nil || r.Format != game.RecordFormat {
		return nil, false
	}
	return &r, true
}

// reopenMembers is ReopenGamesLog's way for a compressed log whose
// members are each one chunk's games: the kept members' bytes are kept
// as they are, cut from the end of the file in place when they are its
// beginning (a run stopped after its last checkpoint), copied to a new
// file that replaces it otherwise. errSlowPath when the log is not such
// a log, having changed nothing.
func reopenMembers(ctx context.Context, path, level string, plan LogPlan) (*GamesLog, *LogRepair, error) {
	ms, err := scanMembers(ctx, path, plan)
	if err != nil {
		return nil, nil, err
	}
	// In place when every kept member comes before every other.
	prefix, inPlace, dropped := int64(0), true, false
	for _, m := range ms {
		if !m.keep {
			dropped = true
		} else if dropped {
			inPlace = false
		} else {
			prefix = m.hi
		}
	}
	var f *os.File
	if inPlace {
		if f, err = os.OpenFile(path, os.O_RDWR|syscallNoFollow, 0); err != nil {
			return nil, nil, errSlowPath
		}
		if err := f.Truncate(prefix); err != nil {
			f.Close()
			return nil, nil, err
		}
		if _, err := f.Seek(prefix, io.SeekStart); err != nil {
			f.Close()
			return nil, nil, err
		}
	} else {
		if f, err = copyMembers(ctx, path, ms); err != nil {
			return nil, nil, err
		}
	}
	g := newGamesLog(f, path, level)
	var seen [][2]uint64
	for _, m := range ms {
		if !m.keep {
			continue
		}
		if g.any && m.chunk <= g.last {
			g.runs = append(g.runs, g.size) // as WriteChunk notes it
		}
		g.last, g.any = m.chunk, true
		g.size += m.hi - m.lo
		g.lines += m.lines
		g.members++
		seen = addToRanges(seen, m.chunk)
	}
	rep := &LogRepair{Missing: subtractRanges(plan.Finished, seen)}
	if err := g.Sync(); err != nil {
		g.Close()
		return nil, nil, err
	}
	return g, rep, nil
}

// copyMembers writes the kept members of the log at path to a new file
// that replaces it, and returns the new file open at its end.
func copyMembers(ctx context.Context, path string, ms []member) (*os.File, error) {
	src, err := inputfile.Open(path)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	tmp, err := createTemp(filepath.Dir(path), rewritePrefix(path))
	if err != nil {
		return nil, err
	}
	fail := func(err error) (*os.File, error) {
		tmp.Close()
		os.Remove(tmp.Name())
		return nil, err
	}
	for _, m := range ms {
		if err := ctx.Err(); err != nil {
			return fail(err)
		}
		if !m.keep {
			continue
		}
		if _, err := io.Copy(tmp, io.NewSectionReader(src, m.lo, m.hi-m.lo)); err != nil {
			return fail(err)
		}
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fail(err)
	}
	syncDir(filepath.Dir(path))
	return tmp, nil
}
