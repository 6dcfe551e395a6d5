package nash

import (
	"bytes"
	"encoding/csv"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestReadCSV(t *testing.T) {
	for i, c := range []struct {
		in           string
		corner       string
		rows, cols   []string
		data         []float64
		wantErrParts []string // nil: no error
	}{
		{in: "1,-1\n-1,1\n", rows: []string{"R1", "R2"}, cols: []string{"C1", "C2"}, data: []float64{1, -1, -1, 1}},
		// The layout solve rounds --pairing --format csv writes.
		{in: "A \\ B,Rock,Paper\nRock,0,-1\nPaper,1,0\n", corner: "A \\ B", rows: []string{"Rock", "Paper"}, cols: []string{"Rock", "Paper"}, data: []float64{0, -1, 1, 0}},
		// pandas' to_csv: an empty corner; numeric column names.
		{in: ",1,2\nx, 3, 4.5\ny,5e0,-6\n", rows: []string{"x", "y"}, cols: []string{"1", "2"}, data: []float64{3, 4.5, 5, -6}},
		// Row names without a header; comments and blank lines.
		{in: "# a game\nup,1,2\n\ndown,3,4\n", rows: []string{"up", "down"}, cols: []string{"C1", "C2"}, data: []float64{1, 2, 3, 4}},
		// A header without row names.
		{in: "left,right\n1,2\n", rows: []string{"R1"}, cols: []string{"left", "right"}, data: []float64{1, 2}},
		// A spreadsheet's byte order mark and CRLF line ends.
		{in: "\ufeffA,x,y\r\nx,1,2\r\n", corner: "A", rows: []string{"x"}, cols: []string{"x", "y"}, data: []float64{1, 2}},
		{in: "\ufeff1,2\n", rows: []string{"R1"}, cols: []string{"C1", "C2"}, data: []float64{1, 2}},
		{in: "", wantErrParts: []string{"empty"}},
		{in: "# nothing\n\n", wantErrParts: []string{"empty"}},
		{in: "a,b,c\n", wantErrParts: []string{"line 1", "header", "empty"}},
		{in: "x\ny\n", wantErrParts: []string{"no payoffs", "empty"}},
		{in: "1,2\n3\n", wantErrParts: []string{"line 2 has 1 cells", "line 1 has 2"}},
		{in: ",a,b\nx,1,2,3\n", wantErrParts: []string{"header (line 1) has 3 cells", "rows 4"}},
		{in: "1,two\n3,4\n", wantErrParts: []string{"line 1 mixes numbers and names"}},
		{in: "1,2\n3,four\n", wantErrParts: []string{"line 2, column 2", `"four"`}},
		{in: "1,\n3,4\n", wantErrParts: []string{"line 1, column 2", `""`}},
		{in: "1,NaN\n", wantErrParts: []string{"not a finite number"}},
		{in: "1,1e999\n", wantErrParts: []string{"not a finite number"}},
		{in: "x,1\nx,2\n", wantErrParts: []string{`two rows are named "x"`}},
		{in: "\"a,1\n", wantErrParts: []string{"line 1"}},
		// A typo in the first column ("l" for "1") is no row name: it
		// made a 3×2 game of a 3×3 one.
		{in: "0,1,-1\n-1,0,1\nl,-1,0\n", wantErrParts: []string{"column 1 mixes names and numbers", "line 3", `"l"`, "line 1", `"0"`}},
		// pandas' to_csv with its default index: numbers as row names.
		{in: ",A,B\n0,3,4\n1,5,6\n", rows: []string{"0", "1"}, cols: []string{"A", "B"}, data: []float64{3, 4, 5, 6}},
	} {
		l, err := ReadCSV(strings.NewReader(c.in))
		if c.wantErrParts != nil {
			if err == nil {
				t.Errorf("case %d: %q read as %+v, want an error", i, c.in, l)
				continue
			}
			for _, p := range c.wantErrParts {
				if !strings.Contains(err.Error(), p) {
					t.Errorf("case %d: error %q lacks %q", i, err, p)
				}
			}
			continue
		}
		if err != nil {
			t.Errorf("case %d: %v", i, err)
			continue
		}
		m, n := l.Payoff.Dims()
		got := make([]float64, 0, m*n)
		for r := range m {
			got = append(got, l.Payoff.RawRowView(r)...)
		}
		if l.Corner != c.corner || !slices.Equal(l.Rows, c.rows) || !slices.Equal(l.Cols, c.cols) || !slices.Equal(got, c.data) {
			t.Errorf("case %d: got %q %q %q %v, want %q %q %q %v", i, l.Corner, l.Rows, l.Cols, got, c.corner, c.rows, c.cols, c.data)
		}
	}
}

func TestReadCSVTooLarge(t *testing.T) {
	huge := strings.NewReader(strings.Repeat("1", MaxBytes+10))
	if _, err := ReadCSV(huge); err == nil || !strings.Contains(err.Error(), "MiB") {
		t.Errorf("a %d-byte line: %v", MaxBytes+10, err)
	}
	var b strings.Builder
	for range MaxDim + 1 {
		b.WriteString("1,2\n")
	}
	if _, err := ReadCSV(strings.NewReader(b.String())); err == nil || !strings.Contains(err.Error(), strconv.Itoa(MaxDim)) {
		t.Errorf("%d rows: %v", MaxDim+1, err)
	}
}

// FuzzReadCSV: no input panics; whatever reads is a finite matrix with
// as many distinct, non-empty names as rows and columns, and writing it
// back in the layout of solve rounds --pairing --format csv (an empty
// corner: always a header) reads back the same.
func FuzzReadCSV(f *testing.F) {
	for _, s := range []string{
		"1,-1\n-1,1\n",
		"A \\ B,Rock,Paper\nRock,0,-1\nPaper,1,0\n",
		",1,2\nx,3,4\n",
		"up,1\n#c\ndown,2\n",
		"1,2\n3\n",
		"\"a\nb\",1\n",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		l, err := ReadCSV(strings.NewReader(in))
		if err != nil {
			if strings.Contains(err.Error(), "\n") && !strings.Contains(in, "\n\n") {
				// Errors are one line (a quoted name may carry its own).
				if !strings.Contains(in, "\"") {
					t.Errorf("a multi-line error %q", err)
				}
			}
			return
		}
		m, n := l.Payoff.Dims()
		if m == 0 || n == 0 || len(l.Rows) != m || len(l.Cols) != n {
			t.Fatalf("%d×%d with %d row and %d column names", m, n, len(l.Rows), len(l.Cols))
		}
		for r := range m {
			for _, v := range l.Payoff.RawRowView(r) {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("a non-finite entry %v", v)
				}
			}
		}
		for _, names := range [][]string{l.Rows, l.Cols} {
			if distinct("", names) != nil {
				t.Fatalf("names %q", names)
			}
			for _, s := range names {
				if strings.HasPrefix(s, "#") || strings.ContainsAny(s, "\r\n") {
					return // a comment once written at a line's start; csv folds \r\n
				}
			}
		}
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		w.Write(append([]string{""}, l.Cols...))
		for r := range m {
			rec := []string{l.Rows[r]}
			for _, v := range l.Payoff.RawRowView(r) {
				rec = append(rec, strconv.FormatFloat(v, 'g', -1, 64))
			}
			w.Write(rec)
		}
		w.Flush()
		back, err := ReadCSV(&buf)
		if err != nil {
			t.Fatalf("written back %q: %v", buf.String(), err)
		}
		if !slices.Equal(back.Cols, l.Cols) || !slices.Equal(back.Rows, l.Rows) && !allNumbers(l.Rows) {
			t.Fatalf("names %q %q read back as %q %q", l.Rows, l.Cols, back.Rows, back.Cols)
		}
		for r := range m {
			if !slices.Equal(back.Payoff.RawRowView(r), l.Payoff.RawRowView(r)) {
				t.Fatalf("row %d: %v read back as %v", r, l.Payoff.RawRowView(r), back.Payoff.RawRowView(r))
			}
		}
	})
}

func allNumbers(names []string) bool {
	for _, s := range names {
		if _, err := strconv.ParseFloat(s, 64); err != nil {
			return false
		}
	}
	return true
}

// TestReadCSVShownNames: every output prints the strategies' names, so a
// name holding an escape sequence (which rewrote the terminal the table
// was printed to), a bidirectional override or bytes that are not UTF-8
// is refused, naming where; the joiners that some scripts need are kept.
func TestReadCSVShownNames(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{",\x1b[31mA,B\nX,1,0\nY,0,1\n", `column 1's name "\x1b[31mA" holds a control character (U+001B)`},
		{",A,B\nX\u202e,1,0\nY,0,1\n", `row 1's name "X\u202e" holds an invisible formatting character (U+202E)`},
		{",A\xff,B\nX,1,0\nY,0,1\n", `column 1's name "A\xff" is not UTF-8 text`},
	} {
		if _, err := ReadCSV(strings.NewReader(c.in)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
	l, err := ReadCSV(strings.NewReader(",A\u200dB,C\nX,1,0\nY,0,1\n"))
	if err != nil || l.Cols[0] != "A\u200dB" {
		t.Errorf("a name with a joiner: %v, %v", err, l)
	}
}
