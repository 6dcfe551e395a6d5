package report

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/nzsclab/nzsc/results"
)

// TestLegacyRuns: run directories written before two-player NZSC kept
// its own tally (each pairing's loadouts were in counts.json's pairings)
// load and report exactly as the program that wrote them reported them.
// The expected outputs are that program's own (nzsc report DIR --full,
// and a match's nzsc report DIR, from the commit before nzsc.Stats):
// they are not rewritten by -update.
func TestLegacyRuns(t *testing.T) {
	for _, c := range []struct {
		dir, golden string
		render      func(*bytes.Buffer, *results.Manifest, *results.Counts) error
	}{
		{"gauntlet", "legacy-gauntlet.golden", func(b *bytes.Buffer, m *results.Manifest, c *results.Counts) error {
			return Tail(b, End{Manifest: m, Counts: &c.Tournament, Format: "table", Options: Options{Full: true, Top: DefaultTop}})
		}},
		{"match", "legacy-match.golden", func(b *bytes.Buffer, m *results.Manifest, c *results.Counts) error {
			return Tail(b, End{Manifest: m, Counts: &c.Tournament, Format: "table", Options: Options{Top: DefaultTop}})
		}},
	} {
		_, man, counts, err := results.Load(filepath.Join("..", "results", "testdata", "legacy", c.dir))
		if err != nil {
			t.Fatal(err)
		}
		if counts.Game == nil {
			t.Fatalf("%s: no loadout tally after loading", c.dir)
		}
		var b bytes.Buffer
		if err := c.render(&b, man, counts); err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(filepath.Join("testdata", c.golden))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("%s: the report differs from the old program's (%s):\n%s", c.dir, c.golden, b.Bytes())
		}
	}
}
