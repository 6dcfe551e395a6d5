package loadouts_test

import (
	"fmt"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/loadouts"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// A run's loadout tables come from two-player NZSC's tally: here bot a
// on Ninja/Shadow (loadout 0) against bot b on Zombie/Regenerative (3).
func ExampleSummarize() {
	st := nzsc.NewStats(2)
	st.AddRecord(0, 1, 0, 3, nzsc.WDL{6, 2, 2})
	t := &analysis.Tournament{Bots: []string{"a", "b"}, Pairings: []analysis.Pairing{{A: 0, B: 1}}, Game: st}
	s := loadouts.Summarize(t)
	ch := s.Pooled.Collapse(loadouts.ByCharacter)
	fmt.Printf("Ninja against Zombie: %.2f of %d games\n", ch.Cells[0][1].Score, ch.Cells[0][1].Record.Games())
	fmt.Println("b's picks of Zombie/Regenerative:", s.Picks[1][3])
	// Output:
	// Ninja against Zombie: 0.70 of 10 games
	// b's picks of Zombie/Regenerative: 10
}
