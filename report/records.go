package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
)

// RecordList is the table of contents of a file of game records (nzsc
// replay --list), a row per game as a PGN viewer's game list has one:
// its index (what replay --index takes), the bots by seat, who won,
// the score, the steps played and the seed. It works on records of
// either level of detail (turns kept or outcome only). A game is always
// one line, however wide: a list is read with grep and awk, and a line
// folded into a second block at the end (the seed of 4-seat games, wider
// than a terminal) could not be.
//
// It streams: a log of a million games is listed in constant memory,
// its first lines at once. A list of at most recordListHead games is
// sized from all its rows; past that, the
// columns start at the widths of the first recordListHead rows (the
// index column wide enough for ten million games) and every later row
// is written as it comes; a later cell wider than its column widens it
// from that row on (a tournament's log holds its pairings one after the
// other: the rows of a pairing of longer names line up among
// themselves).
type RecordList struct {
	t      Table
	w      *bufio.Writer
	widths []int // set once the rows stream
}

// recordListHead is the number of rows held to size the columns: a
// whole small log, a big log's first rows (a fraction of a second of
// reading, and a few hundred kB).
const recordListHead = 1000

// NewRecordList returns an empty list written to w.
func NewRecordList(w io.Writer) *RecordList {
	return &RecordList{t: Table{Header: []string{"#", "bots (by seat)", "winner", "score", "steps", "seed"}, Left: 3},
		w: bufio.NewWriter(w)}
}

// Add lists record r, the file's record number i. An error is the
// writer's.
func (l *RecordList) Add(i int, r *game.Record) error {
	score := make([]string, len(r.Result.Score))
	for s, v := range r.Result.Score {
		score[s] = strconv.Itoa(v)
	}
	row := []string{strconv.Itoa(i), strings.Join(r.Bots, ", "), recordWinner(r),
		strings.Join(score, "-"), strconv.Itoa(r.Result.Steps), r.Seed}
	if l.widths != nil {
		for c, cell := range row {
			l.widths[c] = max(l.widths[c], textWidth(cell))
		}
		_, err := l.w.WriteString(formatLine(row, l.cols(), l.widths, l.t.Left, 0))
		return err
	}
	l.t.Rows = append(l.t.Rows, row)
	if len(l.t.Rows) <= recordListHead {
		return nil
	}
	// Too many to hold: fix the columns and write what is held.
	l.widths = l.t.columnWidths()
	l.widths[0] = max(l.widths[0], len("9999999"))
	var b strings.Builder
	l.t.block(&b, l.cols(), l.widths, l.t.Left, 0)
	l.t.Rows = nil
	_, err := l.w.WriteString(b.String())
	return err
}

func (l *RecordList) cols() []int { return []int{0, 1, 2, 3, 4, 5} }

// Close writes what is left of the list: a short list whole.
func (l *RecordList) Close() error {
	if l.widths == nil {
		var b strings.Builder
		l.t.block(&b, l.cols(), l.t.columnWidths(), l.t.Left, 0)
		if _, err := l.w.WriteString(b.String()); err != nil {
			return err
		}
	}
	return l.w.Flush()
}

// recordWinner says who won a recorded game: the winner's bot and seat,
// "nobody" at the turn cap, and the seat that forfeited and why.
func recordWinner(r *game.Record) string {
	res := r.Result
	name := func(seat int) string {
		if seat >= 0 && seat < len(r.Bots) {
			return fmt.Sprintf("%s (seat %d)", r.Bots[seat], seat)
		}
		return fmt.Sprintf("seat %d", seat)
	}
	s := "nobody"
	if res.Winner >= 0 {
		s = name(res.Winner)
	}
	if res.Forfeit != nil {
		s += fmt.Sprintf("; %s forfeited (%s)", name(*res.Forfeit), res.Fault)
	}
	return s
}
