package shown

import "testing"

// TestHidden: the characters that act on the text around them or hide
// are refused by Check and dropped by Clean; letters of any script,
// spaces and the joiners are kept.
func TestHidden(t *testing.T) {
	for i, c := range []struct {
		in, clean string
		bad       bool
	}{
		{"Ann", "Ann", false},
		{"\x1b[2Jgobot", "[2Jgobot", true},                              // an escape sequence
		{"\u202eBob", "Bob", true},                                      // right-to-left override
		{"Ann\u200b", "Ann", true},                                      // zero-width space
		{"\ufeffAnn", "Ann", true},                                      // byte order mark
		{"An\u0085n", "An n", true},                                     // a C1 control (next line): a space when cleaned
		{"A\u00a0nn  Lee", "A nn Lee", false},                           // spaces
		{"\u0645\u06cc\u200c\u062e", "\u0645\u06cc\u200c\u062e", false}, // a non-joiner
		{"\U0001f468\u200d\U0001f469", "\U0001f468\u200d\U0001f469", false},
	} {
		if err := Check(c.in); (err != nil) != c.bad {
			t.Errorf("%d: Check(%q) = %v, want refused %v", i, c.in, err, c.bad)
		}
		if got := Clean(c.in); got != c.clean {
			t.Errorf("%d: Clean(%q) = %q, want %q", i, c.in, got, c.clean)
		}
	}
}
