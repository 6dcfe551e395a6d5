package nzsc

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

// TestRandomChooseMaskIsChoose: from the same source, ChooseMask on a bit
// set answers what Choose answers on the set's choices listed in
// ascending order, for sets of every size, decision after decision.
func TestRandomChooseMaskIsChoose(t *testing.T) {
	sets := rand.New(rand.NewPCG(1, 2))
	for seed := range uint64(20) {
		a, b := &Random{}, &maskRandom{}
		a.NewGame(0, rand.New(rand.NewPCG(seed, 9)))
		b.NewGame(0, rand.New(rand.NewPCG(seed, 9)))
		for i := range 500 {
			m := uint32(sets.Uint64()) & (1<<nz.NumMoves - 1)
			if i%3 == 0 { // small sets, as the pick phases have
				m &= 0b11111
			}
			if m == 0 {
				m = 1 << (i % nz.NumMoves)
			}
			var legal []nz.Choice
			for x := m; x != 0; x &= x - 1 {
				legal = append(legal, nz.Choice(bits.TrailingZeros32(x)))
			}
			want := a.Choose(&agents.Decision{Legal: legal})
			if got := b.ChooseMask(&agents.Decision{}, m); got != want {
				t.Fatalf("seed %d decision %d: ChooseMask(%#b) = %v, Choose(%v) = %v", seed, i, m, got, legal, want)
			}
		}
	}
}

// TestTableMaskPathIsListPath: games through the table's bit-set path
// (the registered random, maskRandom) are the games through its list
// path (Random, which has no ChooseMask: a bot embedding it to override
// Choose is never bypassed); the registered bot is maskRandom.
func TestRegisteredRandomChoosesMasks(t *testing.T) {
	if _, ok := mustNew(t, "random").(agents.MaskChooser); !ok {
		t.Error("the registered random bot is not a MaskChooser")
	}
	if _, ok := agents.Agent(&Random{}).(agents.MaskChooser); ok {
		t.Error("Random is a MaskChooser: a bot embedding it to override Choose would be bypassed by the table")
	}
}

// TestTableMaskPathIsListPath: games through the table's bit-set path are
// the games through its list path.
func TestTableMaskPathIsListPath(t *testing.T) {
	tab := agents.NewTable()
	for seed := range uint64(200) {
		tab.Play(nz.DefaultRules, seed, &maskRandom{}, &maskRandom{})
		mask := slices.Clone(tab.History)
		tab.Play(nz.DefaultRules, seed, &Random{}, &Random{})
		if !slices.Equal(mask, tab.History) {
			t.Fatalf("seed %d: the bit-set path played %v, the list path %v", seed, mask, tab.History)
		}
	}
}
