package play

import (
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
)

// TestNoisyClassicOpponent: the classic opponent with noise is built
// from its spec, noise included, and seeded from the game seed as every
// other bot (the bare classic generator would drop the noise).
func TestNoisyClassicOpponent(t *testing.T) {
	g, err := game.Build("nzsc", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		spec           string
		classic, noisy bool
	}{{"classic", true, false}, {"classic:noise=0.5", false, true}} {
		bot, err := agents.Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if IsClassic(bot) != c.classic {
			t.Errorf("%s: IsClassic %v, want %v", c.spec, !c.classic, c.classic)
		}
		p, err := newOpponent(bot, g, 1, 5)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, ok := agents.NoiseCounts(p); ok != c.noisy {
			t.Errorf("%s: the opponent has noise %v, want %v", c.spec, ok, c.noisy)
		}
	}
}
