// Package shown decides which characters of a name people typed or a
// program sent may be shown to others: a person's name in a room, a bot's
// name= alias, the name an external program gives in its hello. Such a
// name is printed in tables, narrations and pages, so it may hold nothing
// that acts on the text around it or hides: no control character (an
// escape sequence rewrites a terminal) and no formatting character
// (Unicode's Cf: a bidirectional override turns the rest of a line
// around, a zero-width space makes a second "Ann" look like the first).
package shown

import (
	"fmt"
	"strings"
	"unicode"
)

// The zero-width non-joiner and joiner are the formatting characters
// kept: names in Persian and other scripts, and emoji sequences, hold
// them.
const (
	ZWNJ = '\u200c'
	ZWJ  = '\u200d'
)

// Hidden reports whether c must not be shown in a name: a control
// character, or a formatting or other unprintable character that is not
// a space or one of the joiners.
func Hidden(c rune) bool {
	if unicode.IsControl(c) {
		return true
	}
	return !(unicode.IsSpace(c) || unicode.IsPrint(c) || c == ZWNJ || c == ZWJ)
}

// Check returns an error naming the first hidden character of s, or nil.
func Check(s string) error {
	for _, c := range s {
		if !Hidden(c) {
			continue
		}
		if unicode.IsControl(c) {
			return fmt.Errorf("a control character (U+%04X)", c)
		}
		return fmt.Errorf("an invisible formatting character (U+%04X)", c)
	}
	return nil
}

// Clean returns s without its hidden characters, each run of spaces (tabs
// and newlines too) one
// ASCII space, trimmed: for a name a program sent, which is shown as
// well as it can be rather than refused.
func Clean(s string) string {
	s = strings.Map(func(c rune) rune {
		if unicode.IsSpace(c) { // a tab or a newline too
			return ' '
		}
		if Hidden(c) {
			return -1
		}
		return c
	}, s)
	return strings.Join(strings.Fields(s), " ")
}
