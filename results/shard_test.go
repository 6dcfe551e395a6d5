package results

import "testing"

func TestParseShard(t *testing.T) {
	for i, c := range []struct {
		in    string
		index int
		count int
		ok    bool
	}{
		{"0/1", 0, 1, true},
		{"2/3", 2, 3, true},
		{"3/3", 0, 0, false},
		{"-1/3", 0, 0, false},
		{"0/0", 0, 0, false},
		{"1", 0, 0, false},
		{"a/b", 0, 0, false},
		{"1/2/3", 0, 0, false},
	} {
		s, err := ParseShard(c.in)
		if (err == nil) != c.ok {
			t.Errorf("case %d %q: error %v, want ok %v", i, c.in, err, c.ok)
			continue
		}
		if c.ok && (s.Index != c.index || s.Count != c.count) {
			t.Errorf("case %d %q: got %d/%d, want %d/%d", i, c.in, s.Index, s.Count, c.index, c.count)
		}
	}
}
