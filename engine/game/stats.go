package game

import (
	"encoding/json"
	"errors"
	"math"
)

// Stats is a game's own tally over the games of a run: what its players
// and designers ask beyond who finished where (NPZR's reshuffles and
// scoring order, the characters at an NZSC table). The pipeline keeps one
// per chunk of games, merges them, stores them with the run's counts and
// hands their tables to the report, which knows no game: the game decides
// what to count and how to lay it out; the report renders the cells and
// computes every interval. The pipeline adds a game through Add only
// when it ended normally (a forfeited game's final state is not a game's
// end); a game whose own fast table feeds its tally directly may count
// forfeits too (two-player NZSC's loadouts count every game).
type Stats interface {
	// Add counts one finished game from its final state; entrants[s] is
	// the index (among the run's bots) of the bot in seat s.
	Add(final State, entrants []int)
	// Merge adds a tally of the same game, rules and entrants.
	Merge(other Stats) error
	// Tables lays the tally out for the report, the entrants named by
	// names.
	Tables(names []string) []StatsTable
	// Check reports the first way in which the tally, as read back from
	// a run directory, cannot be that of a run of g among entrants bots
	// whose counts hold games games, forfeited of them forfeited: its
	// seats and entrants must be the run's, its game count the run's
	// (what it counts of the forfeited games is the game's own choice),
	// and its counts consistent among themselves, every sum within
	// int64. A tally that passes can be reported without nonsense (a
	// share over 100%, a negative mean). Sums are checked with SumCounts.
	Check(g Game, entrants int, games, forfeited int64) error
	// The tally is stored in the run directory as JSON.
	json.Marshaler
	json.Unmarshaler
}

// ErrCountOverflow is SumCounts' error for a sum beyond int64.
var ErrCountOverflow = errors.New("the counts add up to more than 2^63-1")

// SumCounts returns the sum of counts, which must each be non-negative,
// refusing a sum that does not fit in int64: counts read from a file may
// have been chosen so that their sum wraps around to a plausible number.
// It is the one checked sum of every checkpoint check.
func SumCounts(counts ...int64) (int64, error) {
	var n int64
	for _, c := range counts {
		if c < 0 {
			return 0, errors.New("a negative count")
		}
		if c > math.MaxInt64-n {
			return 0, ErrCountOverflow
		}
		n += c
	}
	return n, nil
}

// StatsTable is one table of a game's own analysis.
type StatsTable struct {
	Title string `json:"title"`
	// Note says what the table counts, in a sentence.
	Note    string   `json:"note,omitempty"`
	Columns []string `json:"columns"`
	Rows    [][]Cell `json:"rows"`
}

// CellKind says how a report shows a Cell.
type CellKind uint8

const (
	// CellText is a label or a value the game formatted itself.
	CellText CellKind = iota
	// CellCount is a whole number.
	CellCount
	// CellMean is a mean of Of observations.
	CellMean
	// CellShare is a proportion Value of Of: the report shows it as a
	// percentage with its 95% interval.
	CellShare
)

// Cell is one cell of a StatsTable.
type Cell struct {
	Kind  CellKind
	Text  string
	Value float64
	Of    float64
}

// Text is a label cell.
func Text(s string) Cell { return Cell{Kind: CellText, Text: s} }

// Count is a whole-number cell.
func Count(n int64) Cell { return Cell{Kind: CellCount, Value: float64(n)} }

// Mean is the mean sum/n of n observations (empty when n is 0).
func Mean(sum float64, n int64) Cell { return Cell{Kind: CellMean, Value: sum, Of: float64(n)} }

// Share is the proportion k of n, ties counted as halves by the caller.
func Share(k float64, n int64) Cell { return Cell{Kind: CellShare, Value: k, Of: float64(n)} }
