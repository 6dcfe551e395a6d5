package solve_test

import (
	"context"
	"math"
	"testing"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// refTerminal is the move phase's end as the rulebook has it, written
// here independently of the solver: a finished game, or a stuck player
// (a lone one concedes a point every turn once its waits are gone and
// loses; both stuck, the higher score wins and level scores go on for
// ever, a draw).
func refTerminal(s *nzsc.State) (float64, bool) {
	if s.Phase == nzsc.GameOver {
		return float64(map[nzsc.Result]int{nzsc.FirstWins: 1, nzsc.SecondWins: -1}[s.Result]), true
	}
	a, b := s.Stuck(0), s.Stuck(1)
	switch {
	case a && b:
		switch d := s.Points(0) - s.Points(1); {
		case d > 0:
			return 1, true
		case d < 0:
			return -1, true
		}
		return 0, true
	case a:
		return -1, true
	case b:
		return 1, true
	}
	return 0, false
}

// TestVariantPairingByValueIteration solves the move phase of small
// pairings under rule variants and checks it with the test's own
// computation: the states enumerated afresh from nzsc.NewRound (their
// number must match the solver's graph), and each side's certified bound
// recomputed by value iteration of the opponent's best response to the
// solver's strategies (an MDP: a plain max, no matrix games). Both must
// agree with the solver's bounds, and the bounds must meet.
func TestVariantPairingByValueIteration(t *testing.T) {
	cases := []struct {
		r    nzsc.Rules
		a, b nzsc.Loadout
	}{
		{nzsc.Rules{TurnCap: 1000, Points: 3, MoveStreak: 2},
			nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.NoBooster}, nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.NoBooster}},
		{nzsc.Rules{TurnCap: 1000, Points: 4, NoHeadstarts: true},
			nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.NoBooster}, nzsc.Loadout{Character: nzsc.Clown, Booster: nzsc.NoBooster}},
		{nzsc.Rules{TurnCap: 1000, Points: 3, MoveStreak: 4},
			nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.NoBooster}, nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.Speedy}},
	}
	for ci, c := range cases {
		g := solve.NewGraphRules(c.r, c.a, c.b)
		ms, err := solve.SolveMoves(g)
		if err != nil {
			t.Fatal(err)
		}
		if gap := ms.Gap(); !(gap <= solve.CertificateTol) {
			t.Errorf("case %d: certificate gap %.3g", ci, gap)
		}
		// The test's own enumeration: states (turn counter zeroed) by
		// value, successors by nzsc.Step.
		r := c.r
		r.TurnCap = 0xFFFF
		start := nzsc.NewRound(r, c.a, c.b)
		index := map[nzsc.State]int{start: 0}
		states := []nzsc.State{start}
		type edge struct {
			to   int // -1 for a terminal
			pay  float64
			i, j int
		}
		var edges [][]edge
		var buf [nzsc.MaxChoices]nzsc.Choice
		for k := 0; k < len(states); k++ {
			s := states[k]
			na := s.Legal(0, &buf)
			ca := buf
			nb := s.Legal(1, &buf)
			cb := buf
			var es []edge
			for i := range na {
				for j := range nb {
					n := s
					n.Step(ca[i], cb[j])
					n.Turn = 0
					if v, done := refTerminal(&n); done {
						es = append(es, edge{-1, v, i, j})
						continue
					}
					to, ok := index[n]
					if !ok {
						to = len(states)
						index[n] = to
						states = append(states, n)
					}
					es = append(es, edge{to, 0, i, j})
				}
			}
			edges = append(edges, es)
		}
		if len(states) != g.Len() {
			t.Fatalf("case %d: %d states enumerated, the solver's graph has %d", ci, len(states), g.Len())
		}
		// The solver's strategies, by the test's state numbering.
		byKey := map[solve.Key]int32{}
		for k := range g.Len() {
			byKey[solve.KeyOf(&g.States[k])] = int32(k)
		}
		x := make([][solve.MaxSide]float64, len(states))
		y := make([][solve.MaxSide]float64, len(states))
		for k := range states {
			gk, ok := byKey[solve.KeyOf(&states[k])]
			if !ok {
				t.Fatalf("case %d: state %d is not in the solver's graph", ci, k)
			}
			x[k], y[k] = ms.X[gk], ms.Y[gk]
		}
		// Value iteration of the best responses: lower[k] is what x
		// guarantees the first seat (the second seat minimizing), upper[k]
		// what y concedes (the first seat maximizing).
		lower, upper := make([]float64, len(states)), make([]float64, len(states))
		for it := 0; it < 200000; it++ {
			diff := 0.0
			for k, es := range edges {
				var lo, hi [solve.MaxSide]float64 // per j: Σ_i x_i v; per i: Σ_j y_j v
				for _, e := range es {
					vl, vu := e.pay, e.pay
					if e.to >= 0 {
						vl, vu = lower[e.to], upper[e.to]
					}
					lo[e.j] += x[k][e.i] * vl
					hi[e.i] += y[k][e.j] * vu
				}
				na, nb := 0, 0
				for _, e := range es {
					na, nb = max(na, e.i+1), max(nb, e.j+1)
				}
				l, u := math.Inf(1), math.Inf(-1)
				for j := range nb {
					l = min(l, lo[j])
				}
				for i := range na {
					u = max(u, hi[i])
				}
				diff = max(diff, math.Abs(l-lower[k]), math.Abs(u-upper[k]))
				lower[k], upper[k] = l, u
			}
			if diff < 1e-14 {
				break
			}
		}
		t.Logf("case %d: %d states, value %.12f, test's bounds [%.12f, %.12f]", ci, len(states), ms.Value(), lower[0], upper[0])
		if math.Abs(lower[0]-ms.L[0]) > 1e-9 || math.Abs(upper[0]-ms.U[0]) > 1e-9 || upper[0]-lower[0] > 1e-8 {
			t.Errorf("case %d: the test's bounds [%.12f, %.12f], the solver's [%.12f, %.12f]", ci, lower[0], upper[0], ms.L[0], ms.U[0])
		}
	}
}

// TestSolveVariant solves a whole small variant (3 points to win, No
// Booster forbidden: 48 pairings) and checks its certificate, its
// symmetry (value 0, antisymmetric pairings), the loadouts left out and
// its sweep row.
func TestSolveVariant(t *testing.T) {
	if testing.Short() {
		t.Skip("solves a variant (seconds of CPU)")
	}
	r := nzsc.Rules{TurnCap: 1000, Points: 3, BoosterRequired: true, CharacterStreak: 2}
	s, err := solve.SolveRules(context.Background(), r, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !(s.Gap <= solve.CertificateTol) || math.Abs(s.Value()) > 1e-9 {
		t.Errorf("gap %.3g, value %.3g", s.Gap, s.Value())
	}
	n := 0
	ls := nzsc.Loadouts()
	for i := range ls {
		for j := range ls {
			p := s.Pairings[i][j]
			if p == nil {
				continue
			}
			n++
			if ls[i].Booster == nzsc.NoBooster || ls[j].Booster == nzsc.NoBooster {
				t.Errorf("pairing %v vs %v solved, No Booster is forbidden", ls[i], ls[j])
			}
			if q := s.Pairings[j][i]; math.Abs(p.Value+q.Value) > 1e-8 {
				t.Errorf("V(%v, %v) = %.12f, V(%v, %v) = %.12f", p.A, p.B, p.Value, q.A, q.B, q.Value)
			}
		}
	}
	if n != 48 || solve.NumPairings(r) != 48 {
		t.Errorf("%d pairings solved, NumPairings %d, want 48", n, solve.NumPairings(r))
	}
	if s.Characters.States() != 1+2*4 {
		t.Errorf("%d character states, want 9 under a streak limit of 2", s.Characters.States())
	}
	if !s.Solves(r) || s.Solves(nzsc.DefaultRules) {
		t.Errorf("Solves: the variant %v, the shared rules %v", s.Solves(r), s.Solves(nzsc.DefaultRules))
	}
	row := solve.RowOf(s)
	sum := 0.0
	for _, w := range row.Characters {
		sum += w
	}
	if math.Abs(sum-1) > 1e-9 || len(row.Picked(1e-6)) == 0 {
		t.Errorf("character weights %v", row.Characters)
	}
	for a := range nzsc.NumCharacters {
		for b := range nzsc.NumCharacters {
			if a != b && (row.Pairs[a][b].X[2] != 0 || math.Abs(row.Pairs[a][b].Value+row.Pairs[b][a].Value) > 1e-8) {
				t.Errorf("pair %d %d: %+v", a, b, row.Pairs[a][b])
			}
		}
	}
	// The saved file keeps the rules.
	path := t.TempDir() + "/v.bin"
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	back, err := solve.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Rules != s.Rules || math.Abs(back.Value()-s.Value()) > 1e-12 {
		t.Errorf("loaded rules %+v value %g, saved %+v %g", back.Rules, back.Value(), s.Rules, s.Value())
	}
}

func TestExpandRules(t *testing.T) {
	vs, err := solve.ExpandRules([]string{"points=3..5", "headstarts=on,off"})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		points uint8
		off    bool
	}{{3, false}, {3, true}, {4, false}, {4, true}, {5, false}, {5, true}}
	if len(vs) != len(want) {
		t.Fatalf("%d variants, want %d", len(vs), len(want))
	}
	for i, w := range want {
		if vs[i].Points != w.points || vs[i].NoHeadstarts != w.off {
			t.Errorf("variant %d: %+v, want points %d headstarts off %v", i, vs[i], w.points, w.off)
		}
	}
	for _, bad := range [][]string{{"points=2..4"}, {"points=5..3"}, {"points"}, {"points=3", "points=4"}, {"colour=1"}, {"waits=1..8", "points=3..9", "move_streak=2..4", "character_streak=2..4"},
		{"points=3,3"}, {"points=3..4", "headstarts=on,true"}} {
		if _, err := solve.ExpandRules(bad); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}
