package report

import (
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
// either level of detail (turns kept or outcome only).
type RecordList struct {
	t Table
}

// NewRecordList returns an empty list.
func NewRecordList() *RecordList {
	return &RecordList{Table{Header: []string{"#", "bots (by seat)", "winner", "score", "steps", "seed"}, Left: 3}}
}

// Add lists record r, the file's record number i.
func (l *RecordList) Add(i int, r *game.Record) {
	score := make([]string, len(r.Result.Score))
	for s, v := range r.Result.Score {
		score[s] = strconv.Itoa(v)
	}
	l.t.Rows = append(l.t.Rows, []string{strconv.Itoa(i), strings.Join(r.Bots, ", "), recordWinner(r),
		strings.Join(score, "-"), strconv.Itoa(r.Result.Steps), r.Seed})
}

// Write renders the list fitted to width.
func (l *RecordList) Write(w io.Writer, width int) error { return l.t.Write(w, width) }

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
