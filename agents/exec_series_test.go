package agents

import (
	"path/filepath"
	"regexp"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// TestExecSeriesField: a program is told where a series starts, in the
// first game message after the runner's NewSeries ("series": true, absent
// otherwise), also through a wrapper (a clock), so that a program that
// learns across games can do it reproducibly as an in-process bot does.
func TestExecSeriesField(t *testing.T) {
	defer setLogDir(filepath.Join(t.TempDir(), "logs"))()
	c, e := clockedExec(t, "exec:"+badbot("mode=series;tc=60"))
	tab := NewTable()
	starts := map[uint64]bool{0: true, 2: true}
	for seed := range uint64(4) {
		if starts[seed] {
			StartSeries(c)
		}
		if o := tab.Play(nzsc.DefaultRules, seed, c, randomBot()); o.Forfeit >= 0 {
			t.Fatalf("seed %d: forfeit %d (%v)", seed, o.Forfeit, o.Fault)
		}
	}
	e.Close()
	got := regexp.MustCompile(`badbot: game (\d+) series (true|false)`).FindAllStringSubmatch(readFile(t, e.LogPath()), -1)
	want := []string{"true", "false", "true", "false"}
	if len(got) != len(want) {
		t.Fatalf("%d game messages logged, want %d", len(got), len(want))
	}
	for i, m := range got {
		if m[2] != want[i] {
			t.Errorf("game %s: series %s, want %s", m[1], m[2], want[i])
		}
	}
}
