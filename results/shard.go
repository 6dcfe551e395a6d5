package results

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseShard reads a shard written "i/n" (0 <= i < n), as --shard takes
// it.
func ParseShard(s string) (*Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return nil, fmt.Errorf("--shard wants i/n with 0 <= i < n, got %q", s)
	}
	return &Shard{Index: i, Count: n}, nil
}
