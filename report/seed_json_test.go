package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/dynamics"
)

// TestJSONSeedsAreHexStrings: docs/formats.md writes seeds "as
// 0x-prefixed hexadecimal everywhere ... as strings in JSON, because
// JSON readers lose precision on integers above 2^53". The dynamics,
// Moran run and 3-4 seat meta-game documents wrote a bare integer (a
// run's random 64-bit seed read wrong in a browser).
func TestJSONSeedsAreHexStrings(t *testing.T) {
	seedOf := func(what string, doc []byte) {
		t.Helper()
		var v struct {
			Seed     any `json:"seed"`
			Metagame *struct {
				Seed any `json:"seed"`
			} `json:"metagame"`
		}
		if err := json.Unmarshal(doc, &v); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		s := v.Seed
		if v.Metagame != nil {
			s = v.Metagame.Seed
		}
		if str, ok := s.(string); !ok || len(str) < 3 || str[:2] != "0x" {
			t.Errorf("%s: seed %#v, want a 0x string", what, s)
		}
	}
	var b bytes.Buffer
	if err := DynamicsJSON(&b, dynamicsFixture(t)); err != nil {
		t.Fatal(err)
	}
	seedOf("dynamics", b.Bytes())

	tr := fixture([]string{"nash", "greedy", "random"}, nil)
	start, err := ParsePopulation("greedy=9, nash=1", tr.Bots, 50)
	if err != nil {
		t.Fatal(err)
	}
	h, err := MoranRunOf(fixtureManifest(tr), tr, dynamics.MoranRunOptions{Start: start, W: 1, MaxSteps: 1000, Every: 100}, 1<<60)
	if err != nil {
		t.Fatal(err)
	}
	b.Reset()
	if err := WriteMoranRun(&b, "json", h); err != nil {
		t.Fatal(err)
	}
	seedOf("moran run", b.Bytes())

	s, err := analysis.SummarizeFFA(ffaFixture(), nil)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := json.Marshal(struct {
		Metagame *seatMetaJSON `json:"metagame"`
	}{seatMetagameJSON(s)})
	if err != nil {
		t.Fatal(err)
	}
	seedOf("meta-game", doc)
}
