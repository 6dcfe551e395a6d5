package roundrobin

import (
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/tournament"
)

// TestSegmentsOfAHugeBatch: a sequential test's segment is its batch,
// which a person may set far beyond the run (nzsc sprt --batch, the
// Runs page's Batch box): the segment then holds every chunk left, and
// listing it must cost what it lists, not the batch. segments used to
// make room for the whole batch first, which panicked (a cap out of
// range, at a batch of 2^62 games) and, from the Runs page, brought the
// whole nzsc serve down.
func TestSegmentsOfAHugeBatch(t *testing.T) {
	set := tournament.RemainingSet(10, [][2]uint64{{0, 2}})
	var got [][]uint64
	for s := range segments(nil, &set, 1<<52) {
		got = append(got, slices.Clone(s))
	}
	if len(got) != 1 || !slices.Equal(got[0], []uint64{3, 4, 5, 6, 7, 8, 9}) {
		t.Errorf("segments %v; want one of chunks 3 to 9", got)
	}
}
