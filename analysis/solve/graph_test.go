package solve

import (
	"testing"

	"github.com/nzsclab/nzsc/engine"
)

func TestCountStates(t *testing.T) {
	ls := engine.Loadouts()
	total := 0
	maxN := 0
	for i, a := range ls {
		for _, b := range ls[i+1:] {
			if a.Character == b.Character {
				continue
			}
			g := NewGraph(a, b)
			total += g.Len()
			if g.Len() > maxN {
				maxN = g.Len()
				t.Logf("%v vs %v: %d", a, b, g.Len())
			}
		}
	}
	t.Logf("total %d", total)
}

func TestSCCStats(t *testing.T) {
	g := NewGraph(engine.Loadout{Character: engine.Zombie, Booster: engine.Regenerative}, engine.Loadout{Character: engine.Clown, Booster: engine.Moustachio})
	comps, _ := sccs(g.Len(), func(v int32, dst []int32) []int32 { return append(dst, g.Row(v)...) })
	hist := map[int]int{}
	big := 0
	for _, c := range comps {
		b := 1
		for b < len(c) {
			b *= 2
		}
		hist[b]++
		big = max(big, len(c))
	}
	t.Logf("comps %d max %d hist %v", len(comps), big, hist)
}

func TestSolveBig(t *testing.T) {
	g := NewGraph(engine.Loadout{Character: engine.Zombie, Booster: engine.Regenerative}, engine.Loadout{Character: engine.Clown, Booster: engine.Moustachio})
	s, err := SolveMoves(g)
	t.Logf("value %.12f gap %.3g L %.12f U %.12f comps %d largest %d iters %d err %v", s.Value(), s.Gap(), s.L[0], s.U[0], s.Components, s.LargestComponent, s.Iterations, err)
}

func TestGapDebug(t *testing.T) {
	g := NewGraph(engine.Loadout{Character: engine.Zombie, Booster: engine.Regenerative}, engine.Loadout{Character: engine.Clown, Booster: engine.Moustachio})
	s, _ := SolveMoves(g)
	comps, _ := sccs(g.Len(), func(v int32, dst []int32) []int32 { return append(dst, g.Row(v)...) })
	for _, c := range comps {
		bad := false
		for _, v := range c {
			if s.U[v]-s.L[v] > 1e-9 {
				bad = true
			}
		}
		if !bad {
			continue
		}
		t.Logf("component size %d", len(c))
		for _, v := range c {
			st := g.States[v]
			la, na := st.MoveStreak(0)
			lb, nb := st.MoveStreak(1)
			t.Logf("  state %d pts %d-%d streak %v×%d %v×%d V %.6f L %.6f U %.6f X %v Y %v", v, st.Points(0), st.Points(1), la, na, lb, nb, s.V[v], s.L[v], s.U[v], s.X[v][:g.NA[v]], s.Y[v][:g.NB[v]])
			var m Matrix
			g.Matrix(v, s.V, Discount, &m)
			for i := range m.M {
				t.Logf("    %v %v", g.Moves[v][0][i], m.A[i][:m.N])
			}
		}
		break
	}
}
