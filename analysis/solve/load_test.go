package solve_test

import (
	"testing"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/testsolution"
)

// BenchmarkLoad reads the whole saved solution, as the optimal bot does
// once per process (target: under 100 ms).
func BenchmarkLoad(b *testing.B) {
	path := testsolution.Path(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := solve.Load(path); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStrategy is one move-phase decision of the optimal bot: a
// lookup of the state and its successors in the solved pairing.
func BenchmarkStrategy(b *testing.B) {
	s := testsolution.Load(b)
	a := nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.Regenerative}
	c := nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.Moustachio}
	st := nzsc.NewRound(nzsc.DefaultRules, a, c)
	var p [solve.MaxSide]float64
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := s.Strategy(&st, 0, &p); !ok {
			b.Fatal("no strategy at the start of the move phase")
		}
	}
}
