package nash

import (
	"strings"
	"testing"
)

// TestReadNFGByteOrderMark: a file saved by an editor that starts it
// with a UTF-8 byte order mark is read as the same game (the command
// already takes such standard input for a game file, and ReadCSV skips
// the mark).
func TestReadNFGByteOrderMark(t *testing.T) {
	g, err := ReadNFG(strings.NewReader("\ufeff" + pdPayoff))
	if err != nil {
		t.Fatalf("a game after a byte order mark: %v", err)
	}
	want, _ := ReadNFG(strings.NewReader(pdPayoff))
	sameGame(t, g, want)
	// Only at the start: elsewhere it is not a blank.
	if _, err := ReadNFG(strings.NewReader("NFG 1 R \"\" {\ufeff \"A\" \"B\" } { 1 1 } 0 0")); err == nil {
		t.Error("a byte order mark inside the file was read as a blank")
	}
}
