package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// TestSPRTEloWords: a test stopped before its first pair has no Elo
// estimate, and its report says so rather than printing "+NaN"; a test
// of mirror pairs estimates zero, printed "+0.0", not "-0.0".
func TestSPRTEloWords(t *testing.T) {
	test := analysis.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	mirror := &results.SPRTState{Looks: []results.SPRTLook{{Games: 204, Pentanomial: [5]int64{0, 0, 102, 0, 0}, WDL: [3]uint64{102, 0, 102}}}}
	for _, c := range []struct {
		name string
		st   *results.SPRTState
		want string
	}{
		{"no pair", &results.SPRTState{}, "Elo not measured yet"},
		{"mirror pairs", mirror, "Elo +0.0 ["},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := NewSPRT("new", "base", 1, test, c.st, analysis.Continue, true)
			var text, page bytes.Buffer
			SPRTText(&text, o, analysis.Continue)
			if err := SPRTHTML(&page, o, analysis.Continue); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(text.String(), c.want) {
				t.Errorf("text lacks %q:\n%s", c.want, text.String())
			}
			for what, b := range map[string]string{"text": text.String(), "page": page.String()} {
				if strings.Contains(b, "NaN") || strings.Contains(b, "-0.0") {
					t.Errorf("%s shows NaN or -0.0:\n%s", what, b)
				}
			}
		})
	}
}
