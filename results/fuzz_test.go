package results_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// FuzzReadCounts: any counts.json either is rejected with an error or
// can be analysed and tabulated without a panic.
func FuzzReadCounts(f *testing.F) {
	f.Add([]byte(`{"format":1,"bots":["a","b"],"pairings":[{"a":0,"b":1,"seat":[[3,1,2],[0,0,5]],"pentanomial":[1,0,2,0,0]}],"finished":[[0,2]]}`))
	f.Add([]byte(`{"format":1,"bots":["a","b","c"],"pairings":[{"a":0,"b":1},{"a":2,"b":1,"unsettled":[0,4,0]}],"finished":[]}`))
	f.Add([]byte(`{"format":1,"bots":["a","b"],"pairings":[{"a":0,"b":1,"loadouts":[[[1,0,0]]]}]}`))
	f.Add([]byte(`{"format":2}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, results.CountsFile), data, 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := (&results.Dir{Path: dir}).ReadCounts()
		if err != nil {
			return
		}
		if len(c.Bots) > 20 {
			return // keep each input cheap
		}
		s := analysis.Summarize(&c.Tournament)
		for _, tab := range results.Tables(s) {
			tab.CSV()
		}
		c.FinishedChunks()
	})
}
