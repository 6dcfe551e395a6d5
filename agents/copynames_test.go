package agents

import (
	"slices"
	"testing"
)

// TestCopyNames: copies are numbered from 2, skipping a number another
// bot's name already holds, and a list without copies comes back as it
// is (the input untouched).
func TestCopyNames(t *testing.T) {
	for i, c := range []struct{ in, want []string }{
		{[]string{"random", "random"}, []string{"random", "random2"}},
		{[]string{"random", "random", "random"}, []string{"random", "random2", "random3"}},
		{[]string{"random", "random2", "random"}, []string{"random", "random2", "random3"}},
		{[]string{"greedy", "random", "greedy", "random"}, []string{"greedy", "random", "greedy2", "random2"}},
		{[]string{"a", "b"}, []string{"a", "b"}},
		{[]string{"r1", "r1", "", ""}, []string{"r1", "r1#2", "", "2"}}, // a digit takes "#" before the number
		{nil, []string{}},
	} {
		in := slices.Clone(c.in)
		if got := CopyNames(in); !slices.Equal(got, c.want) || !slices.Equal(in, c.in) {
			t.Errorf("case %d: CopyNames(%q) = %q (input now %q), want %q", i, c.in, got, in, c.want)
		}
	}
}
