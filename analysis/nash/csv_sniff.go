package nash

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// sniffSize is how much of the input sniff looks at: the first lines
// say how the file was saved.
const sniffSize = 4096

// sniff returns a reader of r's bytes, or, when the start of r shows a
// file saved in a way ReadCSV does not read, one whose first Read says
// so in a line: UTF-16 (a spreadsheet's "Unicode text"; its NUL bytes
// read as cells of one column or numbers that are not), cells separated
// by ';' (a spreadsheet's CSV where the comma is the decimal mark) or by
// tabs. Without it, such a file read as "line 1 has row names and no
// payoffs" or "line 3 has 1 cells, line 2 has 2".
func sniff(r io.Reader) io.Reader {
	br := bufio.NewReaderSize(r, sniffSize)
	head, _ := br.Peek(sniffSize)
	if err := savedAs(head); err != nil {
		return errReader{err}
	}
	return br
}

// savedAs reports the way of saving the first bytes head show, if it is
// one ReadCSV does not read.
func savedAs(head []byte) error {
	if bytes.HasPrefix(head, []byte{0xff, 0xfe}) || bytes.HasPrefix(head, []byte{0xfe, 0xff}) || utf16Text(head) {
		return errors.New("the file is UTF-16; save it as UTF-8 (a spreadsheet's \"CSV UTF-8\")")
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return errors.New("the file is not text (it holds NUL bytes): a spreadsheet's own file? save it as CSV UTF-8")
	}
	// Whole lines only: the last one may be cut at sniffSize.
	if k := bytes.LastIndexByte(head, '\n'); k >= 0 && len(head) == sniffSize {
		head = head[:k]
	}
	semi, tab, lines := 0, 0, 0
	for _, line := range bytes.Split(head, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		lines++
		if separatesCells(line, ',') {
			return nil // a comma between cells: read as CSV
		}
		if bytes.IndexByte(line, ';') >= 0 {
			semi++
		}
		if bytes.IndexByte(line, '\t') >= 0 {
			tab++
		}
	}
	switch {
	case lines == 0:
		return nil
	case semi == lines:
		return errors.New("cells separated by ';'; use commas (and '.' as the decimal mark)")
	case tab == lines:
		return errors.New("cells separated by tabs; use commas")
	}
	return nil
}

// utf16Text reports whether head reads as UTF-16 text without a byte
// order mark: most of its bytes at even or at odd offsets are NUL (the
// high or low byte of ASCII characters).
func utf16Text(head []byte) bool {
	var nul [2]int
	for i, b := range head {
		if b == 0 {
			nul[i%2]++
		}
	}
	half := len(head) / 2
	return half > 0 && (10*nul[0] >= 9*half || 10*nul[1] >= 9*half)
}

// separatesCells reports whether line holds c other than as a decimal
// comma (between two digits, as in 1,5).
func separatesCells(line []byte, c byte) bool {
	for i, b := range line {
		if b != c {
			continue
		}
		if i == 0 || i == len(line)-1 || !digit(line[i-1]) || !digit(line[i+1]) {
			return true
		}
	}
	return false
}

func digit(b byte) bool { return '0' <= b && b <= '9' }

// errReader is a reader that fails with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
