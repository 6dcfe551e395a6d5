package solve

import (
	"math"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// checkMirrorGraphs fails unless h (b against a) is g (a against b) with
// the seats swapped: the states correspond one to one by Key.Mirror,
// the legal moves swap sides, and the successor of moves (i, j) in g is
// the mirror of h's successor of (j, i), a win for one seat a win for
// the other. That is what solving one pairing for both rests on.
func checkMirrorGraphs(t *testing.T, g, h *Graph) {
	t.Helper()
	if g.Len() != h.Len() {
		t.Fatalf("%v vs %v: %d states, but %d the other way round", g.A, g.B, g.Len(), h.Len())
	}
	swap := map[int32]int32{FirstWins: SecondWins, SecondWins: FirstWins, Drawn: Drawn}
	for k := range int32(g.Len()) {
		hk, ok := h.index.get(KeyOf(&g.States[k]).Mirror())
		if !ok {
			t.Fatalf("%v vs %v: state %d has no mirror image", g.A, g.B, k)
		}
		if g.NA[k] != h.NB[hk] || g.NB[k] != h.NA[hk] || g.Moves[k][0] != h.Moves[hk][1] || g.Moves[k][1] != h.Moves[hk][0] {
			t.Fatalf("%v vs %v: state %d: moves %v, mirrored %v", g.A, g.B, k, g.Moves[k], h.Moves[hk])
		}
		na, nb := int(g.NA[k]), int(g.NB[k])
		gr, hr := g.Row(k), h.Row(hk)
		for i := range na {
			for j := range nb {
				c, d := gr[i*nb+j], hr[j*na+i]
				want, ok := swap[c]
				if c >= 0 {
					want, ok = h.index.get(KeyOf(&g.States[c]).Mirror())
				}
				if !ok || d != want {
					t.Fatalf("%v vs %v: state %d moves %d, %d: successor %d, mirrored %d", g.A, g.B, k, i, j, c, d)
				}
			}
		}
	}
}

// TestMirrorGraphs: every pairing's move phase is its reverse's with the
// seats swapped, under the shared rules and variants of every option
// (in -short mode a few pairings only).
func TestMirrorGraphs(t *testing.T) {
	rules := []nzsc.Rules{
		nzsc.DefaultRules,
		{TurnCap: 1000, Points: 3, MoveStreak: 2, NoHeadstarts: true},
		{TurnCap: 1000, Points: 4, MoveStreak: 4, Waits: 2, BoosterRequired: true},
	}
	ls := nzsc.Loadouts()
	for _, r := range rules {
		for i, a := range ls {
			for j, b := range ls {
				if i >= j || a.Character == b.Character || !allowed(r, a) || !allowed(r, b) {
					continue
				}
				if testing.Short() && (i+j)%7 != 0 {
					continue
				}
				checkMirrorGraphs(t, NewGraphRules(r, a, b), NewGraphRules(r, b, a))
			}
		}
	}
}

// TestMirrorPlayer: a player of the mirrored pairing plays the solved
// pairing's strategies with the seats swapped, and an exact best
// response to it, computed on the reverse pairing's own graph (exploit.go,
// no mirroring there), is worth what the mirrored certificate says.
func TestMirrorPlayer(t *testing.T) {
	a := nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.Speedy}
	b := nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.NoBooster}
	g := NewGraph(a, b)
	ms, err := SolveMoves(g)
	if err != nil {
		t.Fatal(err)
	}
	s := &Solution{}
	p := newPairing(ms)
	m := mirrorOf(p)
	s.Pairings[LoadoutIndex(a)][LoadoutIndex(b)] = p
	s.Pairings[LoadoutIndex(b)][LoadoutIndex(a)] = m
	h := NewGraph(b, a)
	for hk := range h.Len() {
		st := h.States[hk]
		st.TurnCap, st.Turn = 1000, 500
		k, _ := g.index.get(KeyOf(&st).Mirror())
		for seat := range 4 { // twice: computed, then remembered
			seat %= 2
			var probs [MaxSide]float64
			n, ok := s.Strategy(&st, seat, &probs)
			want := [2][MaxSide]float64{ms.Y[k], ms.X[k]}[seat]
			if !ok || probs != want || n != int([2]uint8{h.NA[hk], h.NB[hk]}[seat]) {
				t.Fatalf("mirrored state %d seat %d: %v (n %d, ok %v), want %v", hk, seat, probs, n, ok, want)
			}
		}
		d0, u0, ok := m.ValueOf(KeyOf(&st))
		if !ok || d0 != -ms.V[k] || u0 != -ms.V0[k] {
			t.Fatalf("mirrored state %d: values %v, %v, want %v, %v", hk, d0, u0, -ms.V[k], -ms.V0[k])
		}
	}
	pol := solutionPolicy(t, s)
	v1, _, _ := bestResponseMoves(NewGraph(b, a), 1, pol)
	v0, _, _ := bestResponseMoves(NewGraph(b, a), 0, pol)
	if math.Abs(v1-(-m.Lower)) > 1e-12 || math.Abs(v0-m.Upper) > 1e-12 {
		t.Errorf("best responses %v, %v; mirrored certificate %v, %v", v0, v1, m.Upper, -m.Lower)
	}
	// The reverse pairing solved on its own agrees within the gaps.
	rs, err := SolveMoves(h)
	if err != nil {
		t.Fatal(err)
	}
	if !(rs.L[0] <= m.Upper+1e-12 && m.Lower <= rs.U[0]+1e-12) {
		t.Errorf("reverse solved alone [%v, %v], mirrored [%v, %v]", rs.L[0], rs.U[0], m.Lower, m.Upper)
	}
}
