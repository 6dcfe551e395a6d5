package nash

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf16"
)

// utf16LE encodes s as UTF-16, little-endian, with a byte order mark
// when bom is set (a spreadsheet's "Unicode text").
func utf16LE(s string, bom bool) []byte {
	var b bytes.Buffer
	if bom {
		b.Write([]byte{0xff, 0xfe})
	}
	for _, u := range utf16.Encode([]rune(s)) {
		b.Write([]byte{byte(u), byte(u >> 8)})
	}
	return b.Bytes()
}

// TestReadCSVSavedAs: a file saved as UTF-16 or with cells separated by
// ';' or tabs is refused in one line naming the problem; they read as
// "line 3 has 1 cells, line 2 has 2", "\x004\x00 is not a finite
// number" or "line 1 has row names and no payoffs". Files that are CSV
// (a name holding ';', a decimal point) read as before.
func TestReadCSVSavedAs(t *testing.T) {
	for _, c := range []struct {
		name string
		in   []byte
		want string
	}{
		{"UTF-16 with a BOM", utf16LE("1,2\n3,4\n", true), "the file is UTF-16; save it as UTF-8"},
		{"UTF-16 without one", utf16LE("A,B\n1,2\n3,4\n", false), "the file is UTF-16; save it as UTF-8"},
		{"UTF-16 big-endian", append([]byte{0xfe, 0xff}, 0, '1', 0, ',', 0, '2', 0, '\n'), "the file is UTF-16"},
		{"semicolons", []byte("1;-1\n-1;1\n"), "cells separated by ';'; use commas"},
		{"semicolons, a header", []byte("# a game\n;L;R\nT;1;2\n\nB;3;4\n"), "cells separated by ';'"},
		{"semicolons, decimal commas", []byte("1,5;2,5\n3,0;4,0\n"), "cells separated by ';'; use commas (and '.' as the decimal mark)"},
		{"tabs", []byte("1\t2\n3\t4\n"), "cells separated by tabs; use commas"},
		{"binary", []byte("PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00"), "not text"},
	} {
		_, err := ReadCSV(bytes.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v; want one line with %q", c.name, err, c.want)
		}
	}
	for _, in := range []string{
		",a;b,c\nx,1,2\ny,3,4\n", // a name holding ';'
		"1.5,2\n3,4\n",
		"1,2\n3,4",
		"\ufeff1,2\n3,4\n", // UTF-8 with a byte order mark
		strings.Repeat("# a long comment line; with a semicolon\n", 200) + "1,2\n3,4\n",
	} {
		if l, err := ReadCSV(strings.NewReader(in)); err != nil || l.Payoff.At(1, 1) != 4 {
			t.Errorf("%q: %v; want the matrix read", in, err)
		}
	}
}
