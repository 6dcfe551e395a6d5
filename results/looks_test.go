package results

import (
	"strings"
	"testing"
)

// TestCheckLooks: a sequential test's looks as a test takes them pass,
// and looks edited by hand (a look duplicated, its games changed, counts
// that do not add up to its games) are refused: a resume goes on from
// the last look and a report reads the verdict from it.
func TestCheckLooks(t *testing.T) {
	look := func(games uint64) SPRTLook {
		return SPRTLook{Games: games, Pentanomial: [5]int64{0, 0, int64(games / 2), 0, 0}, WDL: [3]uint64{games / 2, 0, games / 2}}
	}
	good := []SPRTLook{look(200), look(400), look(500)} // batches of 100 pairs; the last at the test's 500 games
	for i, c := range []struct {
		looks []SPRTLook
		want  string
	}{
		{good, ""},
		{nil, ""},
		{[]SPRTLook{look(200), look(200)}, "want more than the look before"},
		{[]SPRTLook{look(400), look(200)}, "want more than the look before"},
		{[]SPRTLook{look(300)}, "looks fall every 200 games"},
		{[]SPRTLook{look(600)}, "at most the test's 500"},
		{[]SPRTLook{{Games: 200, Pentanomial: [5]int64{0, 0, 99, 0, 0}, WDL: [3]uint64{100, 0, 100}}}, "does not count them"},
		{[]SPRTLook{{Games: 200, Pentanomial: [5]int64{0, 0, 100, 0, 0}, WDL: [3]uint64{100, 0, 99}}}, "does not count them"},
		{[]SPRTLook{{Games: 200, Pentanomial: [5]int64{-1, 0, 101, 0, 0}, WDL: [3]uint64{100, 0, 100}}}, "does not count them"},
	} {
		err := checkLooks(&SPRTState{BatchPairs: 100, Looks: c.looks}, 500)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("case %d: %v, want %q", i, err, c.want)
		}
	}
	if err := checkLooks(&SPRTState{}, 500); err == nil {
		t.Error("batch_pairs 0 passed")
	}
}
