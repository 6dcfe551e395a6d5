package analysis

import (
	"encoding/json"
	"math"
	"testing"
)

// TestWilson checks the Wilson interval: 81 successes in 263 trials is
// the worked example of Wallis (2013, "Binomial confidence intervals and
// contingency tests"), published as [0.2553, 0.3662]; the ten digits
// come from the textbook closed form evaluated in Python.
func TestWilson(t *testing.T) {
	for i, c := range []struct {
		x, n   float64
		lo, hi float64
	}{
		{81, 263, 0.2552885199, 0.3662095770},
		{0, 10, 0, 0.2775327999},
		{10, 10, 0.7224672001, 1},
		{5, 10, 0.2365930905, 0.7634069095},
	} {
		lo, hi := wilsonInterval(c.x, c.n, Z95)
		if math.Abs(lo-c.lo) > 1e-9 || math.Abs(hi-c.hi) > 1e-9 {
			t.Errorf("case %d: %v/%v -> [%.10f, %.10f], want [%.10f, %.10f]", i, c.x, c.n, lo, hi, c.lo, c.hi)
		}
	}
}

// Fault kinds keep their indices from when there were four (files on
// disk), "illegal" is the fifth, and an unknown kind is "other".
func TestFaultKinds(t *testing.T) {
	for kind, want := range map[string]int{"timeout": 0, "crash": 1, "protocol": 2, "other": 3, "illegal": 4, "gremlins": 3} {
		if got := FaultKindIndex(kind); got != want {
			t.Errorf("FaultKindIndex(%q) = %d, want %d", kind, got, want)
		}
	}
	var p Pairing
	old := `{"a":0,"b":1,"forfeit_kinds":[[1,2,3,4],[0,0,0,5]]}`
	if err := json.Unmarshal([]byte(old), &p); err != nil {
		t.Fatal(err)
	}
	if p.ForfeitKinds[0] != [NumFaultKinds]int64{1, 2, 3, 4, 0} || p.ForfeitKinds[1][3] != 5 {
		t.Errorf("four kinds read as %v", p.ForfeitKinds)
	}
}
