package nash

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/gonum/mat"

	"github.com/nzsclab/nzsc/internal/shown"
)

// MaxBytes is the most ReadCSV reads: far more than MaxDim×MaxDim long
// numbers take, so that a huge input (standard input has no size to
// check first) is refused without being held whole.
const MaxBytes = 32 << 20

// MaxDim is the most rows or columns ReadCSV accepts: the LP of a
// random 200×200 game took about 12 s of CPU on the development
// machine, and of a 500×500 one ten minutes; a bigger file is more
// likely a mistake than a game.
const MaxDim = 200

// Labeled is a payoff matrix with a name for each row and column.
type Labeled struct {
	// Corner is the header's first cell ("A \ B" in what `nzsc solve
	// rounds --pairing A,B --format csv` writes); empty without one.
	Corner     string
	Rows, Cols []string
	Payoff     *mat.Dense
	// Cells are the payoffs as written, row by row, for Rationals to
	// read exactly (0.1 is 1/10 there, not the float64 next to it).
	Cells [][]string
}

// ReadCSV reads a payoff matrix from CSV: either plain numbers, one row
// of the matrix per line, or with the column names as a header line
// and/or the row names as the first column, the layout `nzsc solve
// rounds --pairing A,B --format csv` writes (and pandas' to_csv). The
// first line is a header when a cell after its first is not a number,
// or its first cell is empty; the first column holds the row names
// when the header's first cell is empty or a cell of it below the
// header is neither a number nor empty (then none may be a number). Rows or columns without names are called R1, R2... and C1,
// C2.... Empty lines and lines starting with # are skipped; cells may
// have spaces around them; a byte order mark is skipped. A payoff is a
// number strconv.ParseFloat reads or a fraction of two decimal integers
// (-1/3; a name such as 1/2 is then a number). Errors name the line (and the cell).
func ReadCSV(r io.Reader) (*Labeled, error) {
	lr := &io.LimitedReader{R: sniff(r), N: MaxBytes + 1}
	cr := csv.NewReader(lr)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.Comment = '#'
	cr.ReuseRecord = false
	var recs [][]string
	var lines []int
	for {
		rec, err := cr.Read()
		if lr.N <= 0 {
			return nil, fmt.Errorf("more than %d MiB (the most this reads)", MaxBytes>>20)
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("line %d: %v", pe.Line, pe.Err)
			}
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if len(recs) == 0 {
			// Spreadsheets save UTF-8 with a byte order mark.
			rec[0] = strings.TrimPrefix(rec[0], "\ufeff")
		}
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
		}
		if len(rec) == 1 && rec[0] == "" {
			continue
		}
		if len(recs) > MaxDim+1 {
			return nil, fmt.Errorf("more than %d rows (the most this reads)", MaxDim)
		}
		recs, lines = append(recs, rec), append(lines, line)
	}
	if len(recs) == 0 {
		return nil, errors.New("no rows: the matrix is empty")
	}
	number := func(s string) bool {
		if isFraction(s) {
			return true
		}
		_, err := strconv.ParseFloat(s, 64)
		return err == nil || errors.Is(err, strconv.ErrRange) // 1e999: a number, too large
	}
	l := &Labeled{}
	// A name is a cell that is neither a number nor empty (an empty cell
	// among numbers is a mistake to report, not a name).
	name := func(s string) bool { return s != "" && !number(s) }
	// The first line is a header when a cell after its first is a name,
	// or its first cell is empty (pandas' unnamed index): a first line
	// whose first cell alone is a name is a named row of numbers.
	header, numbers := recs[0][0] == "", number(recs[0][0])
	for _, c := range recs[0][1:] {
		header = header || name(c)
		numbers = numbers || number(c)
	}
	if header && numbers && recs[0][0] != "" {
		// "1,two": a typo in the first row, or a header with a number
		// for a name? Either way, not something to guess.
		return nil, fmt.Errorf("line %d mixes numbers and names: a header names every column, a row of the matrix has a number in each", lines[0])
	}
	data, dataLines := recs, lines
	if header {
		data, dataLines = recs[1:], lines[1:]
	}
	if len(data) == 0 {
		return nil, fmt.Errorf("line %d is a header and no rows follow: the matrix is empty", lines[0])
	}
	width := len(data[0])
	for k, rec := range data {
		if len(rec) != width {
			return nil, fmt.Errorf("line %d has %d cells, line %d has %d: every row must have as many", dataLines[k], len(rec), dataLines[0], width)
		}
	}
	if header && len(recs[0]) != width {
		return nil, fmt.Errorf("the header (line %d) has %d cells, the rows %d: a header names every column (and the row names' column, if any)", lines[0], len(recs[0]), width)
	}
	// Under a header with an empty corner the first column is the row
	// names whatever they are (pandas writes its default index as 0,
	// 1...); else it is when a cell of it is a name, and then a number
	// in it is a typo ("l" for "1" made the payoffs row names and a
	// game of one column fewer, solved without a word).
	named := header && recs[0][0] == ""
	nameAt, numberAt := -1, -1
	for k, rec := range data {
		if name(rec[0]) && nameAt < 0 {
			nameAt = k
		}
		if number(rec[0]) && numberAt < 0 {
			numberAt = k
		}
	}
	if !named && nameAt >= 0 {
		if numberAt >= 0 {
			return nil, fmt.Errorf("column 1 mixes names and numbers (line %d: %q, line %d: %q): it holds either the row names or payoffs", dataLines[nameAt], data[nameAt][0], dataLines[numberAt], data[numberAt][0])
		}
		named = true
	}
	first := 0
	if named {
		first = 1
	}
	m, n := len(data), width-first
	if n == 0 {
		return nil, fmt.Errorf("line %d has row names and no payoffs: the matrix is empty", dataLines[0])
	}
	if n > MaxDim {
		return nil, fmt.Errorf("%d columns, more than the %d this reads", n, MaxDim)
	}
	if m > MaxDim {
		return nil, fmt.Errorf("%d rows, more than the %d this reads", m, MaxDim)
	}
	l.Payoff = mat.NewDense(m, n, nil)
	for i, rec := range data {
		for j, c := range rec[first:] {
			v, err := parseCell(c)
			if err != nil {
				return nil, fmt.Errorf("line %d, column %d: %w", dataLines[i], first+j+1, err)
			}
			l.Payoff.Set(i, j, v)
		}
		l.Cells = append(l.Cells, rec[first:])
		if named {
			l.Rows = append(l.Rows, rec[0])
		} else {
			l.Rows = append(l.Rows, "R"+strconv.Itoa(i+1))
		}
	}
	if header {
		if named {
			l.Corner = recs[0][0]
		}
		l.Cols = append(l.Cols, recs[0][first:]...)
	} else {
		for j := range n {
			l.Cols = append(l.Cols, "C"+strconv.Itoa(j+1))
		}
	}
	if err := distinct("row", l.Rows); err != nil {
		return nil, err
	}
	if err := distinct("column", l.Cols); err != nil {
		return nil, err
	}
	return l, nil
}

// distinct refuses a name given twice (or empty): the equilibria name
// strategies by them. It refuses a name that is not UTF-8 text or holds
// a character that acts on the text around it (an escape sequence
// rewrote the terminal the table was printed to): every output prints
// the names.
func distinct(what string, names []string) error {
	seen := map[string]bool{}
	for k, s := range names {
		if s == "" {
			return fmt.Errorf("%s %d has an empty name", what, k+1)
		}
		if !utf8.ValidString(s) {
			return fmt.Errorf("%s %d's name %q is not UTF-8 text", what, k+1, s)
		}
		if err := shown.Check(s); err != nil {
			return fmt.Errorf("%s %d's name %q holds %v", what, k+1, s, err)
		}
		if seen[s] {
			return fmt.Errorf("two %s are named %q", plural(what), s)
		}
		seen[s] = true
	}
	return nil
}

// plural is the plural of the noun what ends with: "strategy" makes
// "strategies", "row" "rows".
func plural(what string) string {
	if stem, ok := strings.CutSuffix(what, "y"); ok && !strings.HasSuffix(stem, "a") && !strings.HasSuffix(stem, "e") && !strings.HasSuffix(stem, "o") {
		return stem + "ies"
	}
	return what + "s"
}
