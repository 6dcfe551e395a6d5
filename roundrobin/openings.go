package roundrobin

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/inputfile"
)

// MaxOpenings bounds an openings file: the manifest lists every seed, so
// the run directory stays small.
const MaxOpenings = 100000

// ReadOpenings reads an openings file: one deal seed a line, decimal or
// 0x hex; blank lines and lines starting with # are skipped. The file
// must be a regular file (inputfile) with at least one seed. Its seeds,
// in order, become Config.Openings.
func ReadOpenings(path string) ([]uint64, error) {
	f, err := inputfile.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []uint64
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if len(out) == MaxOpenings {
			return nil, fmt.Errorf("%s: more than %d seeds", path, MaxOpenings)
		}
		s, err := game.ParseSeed(t)
		if err != nil {
			return nil, fmt.Errorf("%s line %d: %v", path, line, err)
		}
		out = append(out, s)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%s: a line is too long for a seed", path)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no seeds (one decimal or 0x-hex seed a line)", path)
	}
	return out, nil
}
