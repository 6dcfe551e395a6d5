package analysis

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/nzsclab/nzsc/engine"
)

func TestLoadoutIndex(t *testing.T) {
	for i, l := range engine.Loadouts() {
		if got := LoadoutIndex(l); got != i {
			t.Errorf("case %d: LoadoutIndex(%v) = %d", i, l, got)
		}
		if got := LoadoutAt(i); got != l {
			t.Errorf("case %d: LoadoutAt = %v, want %v", i, got, l)
		}
	}
	if got := LoadoutIndex(engine.Loadout{Character: engine.Ninja, Booster: engine.Strong}); got != -1 {
		t.Errorf("Ninja/Strong: %d, want -1", got)
	}
	if got := LoadoutIndex(engine.Loadout{Character: engine.NoCharacter, Booster: engine.NoBooster}); got != -1 {
		t.Errorf("unsettled: %d, want -1", got)
	}
}

// TestLoadoutTables works a small example by hand: bots 0, 1, 2; bot 0
// plays Ninja/Shadow (index 0) and Clown/No Booster (11), bot 1 always
// Zombie/Regenerative (3), bot 2 Samurai/Strong (7).
func TestLoadoutTables(t *testing.T) {
	tt := &Tournament{Bots: []string{"a", "b", "c"}, Pairings: []Pairing{{A: 0, B: 1}, {A: 0, B: 2}, {A: 1, B: 2}}}
	tt.Pairings[0].Loadouts[0][3] = Record{6, 2, 2}  // a Ninja/Shadow vs b Zombie/Regen
	tt.Pairings[0].Loadouts[11][3] = Record{1, 0, 4} // a Clown/None vs b
	tt.Pairings[1].Loadouts[0][7] = Record{3, 0, 1}  // a Ninja/Shadow vs c Samurai/Strong
	tt.Pairings[2].Loadouts[3][7] = Record{2, 2, 6}  // b vs c
	tt.Pairings[2].Unsettled = Record{0, 3, 0}

	pooled := PooledLoadouts(tt)
	if got, want := pooled[3][0], (Record{2, 2, 6}); got != want {
		t.Errorf("pooled Zombie/Regen vs Ninja/Shadow %v, want %v", got, want)
	}
	ch := pooled.Collapse(ByCharacter)
	// Ninja rows: vs Zombie 6-2-2, vs Samurai 3-0-1 → overall 9-2-3.
	if got, want := ch.Overall[0].Record, (Record{9, 2, 3}); got != want {
		t.Errorf("Ninja overall %v, want %v", got, want)
	}
	// Zombie vs Clown: the flip of a's Clown/None vs b (1-0-4) → 4-0-1.
	if got, want := ch.Cells[1][3].Record, (Record{4, 0, 1}); got != want {
		t.Errorf("Zombie vs Clown %v, want %v", got, want)
	}
	bo := pooled.Collapse(ByBooster)
	if got, want := bo.Cells[engine.NoBooster][engine.Regenerative].Record, (Record{1, 0, 4}); got != want {
		t.Errorf("No Booster vs Regenerative %v, want %v", got, want)
	}
	// Diagonal of a pooled table scores exactly 1/2 when it has games.
	for r := range ch.Cells {
		if e := ch.Cells[r][r]; e.Record.Games() > 0 && e.Score != 0.5 {
			t.Errorf("diagonal %d scores %v", r, e.Score)
		}
	}

	picks, unsettled := Picks(tt, 1)
	if picks[3] != 10+5+10 || unsettled != 3 {
		t.Errorf("bot b picks %v unsettled %d, want 25 games as Zombie/Regenerative and 3 unsettled", picks, unsettled)
	}
	bm := BotLoadouts(tt, 2)
	if got, want := bm[7][3], (Record{6, 2, 2}); got != want {
		t.Errorf("bot c Samurai/Strong vs Zombie/Regen %v, want %v", got, want)
	}
	// Score 6-2-2 = 7/10 with Wilson bounds from the formula.
	e := bm.Collapse(ByLoadout).Cells[7][3]
	if math.Abs(e.Score-0.7) > 1e-12 {
		t.Errorf("score %v, want 0.7", e.Score)
	}
}

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
