package solve

import (
	"context"
	"math"
	"os"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// onlineRules is a small variant (a whole solve in about a second).
var onlineRules = nzsc.Rules{TurnCap: 1000, Points: 3, MoveStreak: 2, CharacterStreak: 2}

// TestPartialMatchesWhole: a Solution filled piece by piece (a pairing
// asked in either orientation, one booster phase, then the rest) agrees
// with the whole-game solve: every pairing's value, every booster
// phase's value, the character phase's value, and a piece asked before
// it is solved is outside it (Strategy's ok false).
func TestPartialMatchesWhole(t *testing.T) {
	ctx := context.Background()
	whole, err := SolveRules(ctx, onlineRules, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewPartial(onlineRules)
	if err != nil {
		t.Fatal(err)
	}
	ls := nzsc.Loadouts()
	a, b := ls[11], ls[0] // Clown/No Booster against Ninja/Shadow: the higher index first
	st := nzsc.NewGame(onlineRules)
	st.Step(nzsc.Choice(a.Character), nzsc.Choice(b.Character))
	st.Step(nzsc.Choice(a.Booster), nzsc.Choice(b.Booster))
	var p [MaxSide]float64
	if _, ok := s.Strategy(&st, 0, &p); ok {
		t.Error("a move-phase state of an unsolved pairing has a strategy")
	}
	if err := s.SolvePairingInto(ctx, a, b); err != nil {
		t.Fatal(err)
	}
	if !s.HasPairing(a, b) || !s.HasPairing(b, a) {
		t.Fatal("the pairing or its mirror image is missing")
	}
	if _, ok := s.Strategy(&st, 0, &p); !ok {
		t.Error("no strategy at the start of a solved pairing")
	}
	if s.HasBoosters(nzsc.Ninja, nzsc.Samurai) || s.HasCharacters() {
		t.Fatal("unsolved phases reported solved")
	}
	if err := s.SolveBoostersOf(ctx, nzsc.Ninja, nzsc.Samurai); err != nil {
		t.Fatal(err)
	}
	if !s.HasBoosters(nzsc.Samurai, nzsc.Ninja) {
		t.Error("the booster phase's other order is missing")
	}
	if err := s.SolveCharacters(ctx); err != nil {
		t.Fatal(err)
	}
	const tol = 1e-6 // the plain solve against the whole solve's extended precision
	for i := range NumLoadouts {
		for j := range NumLoadouts {
			w, g := whole.Pairings[i][j], s.Pairings[i][j]
			if (w == nil) != (g == nil) {
				t.Fatalf("pairing %v against %v: whole %v, partial %v", ls[i], ls[j], w != nil, g != nil)
			}
			if w != nil && math.Abs(w.Value-g.Value) > tol {
				t.Errorf("pairing %v against %v: value %v, whole solve %v", ls[i], ls[j], g.Value, w.Value)
			}
		}
	}
	for x := range nzsc.Character(nzsc.NumCharacters) {
		for y := range nzsc.Character(nzsc.NumCharacters) {
			if x != y && math.Abs(whole.Boosters[x][y].Value-s.Boosters[x][y].Value) > tol {
				t.Errorf("boosters %v against %v: value %v, whole solve %v", x, y, s.Boosters[x][y].Value, whole.Boosters[x][y].Value)
			}
		}
	}
	if math.Abs(whole.Value()-s.Value()) > tol || !s.HasCharacters() {
		t.Errorf("character phase: value %v (solved %v), whole solve %v", s.Value(), s.HasCharacters(), whole.Value())
	}
}

// TestPartialStops: a done ctx ends a piece's solve with its error and
// leaves nothing half solved.
func TestPartialStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, err := NewPartial(onlineRules)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SolveCharacters(ctx); err == nil {
		t.Fatal("no error from a stopped solve")
	}
	if s.HasCharacters() || s.HasBoosters(nzsc.Ninja, nzsc.Zombie) {
		t.Error("a stopped solve reported solved")
	}
	if _, err := NewPartial(nzsc.Rules{Points: 99}); err == nil {
		t.Error("rules out of range accepted")
	}
}

// pickPhasesFrom returns a Solution whose booster and character phases
// are solved from the pairing values vals(i, j) (loadout indices).
func pickPhasesFrom(r nzsc.Rules, vals func(i, j int) float64) *Solution {
	s := &Solution{Rules: normalRules(r)}
	ls := nzsc.Loadouts()
	for i, a := range ls {
		for j, b := range ls {
			if a.Character != b.Character && allowed(s.Rules, a) && allowed(s.Rules, b) {
				v := vals(i, j)
				s.Pairings[i][j] = &Pairing{A: a, B: b, Value: v, Lower: v, Upper: v}
			}
		}
	}
	s.finish()
	return s
}

// pickExploitability is the mean over both seats of the best response's
// value against a player whose move phase is truth's equilibrium (so
// that the response's move-phase values are truth's) and whose picks are
// picks's strategies (pickExploitPolicy).
func pickExploitability(truth, picks *Solution) float64 {
	return pickExploitPolicy(truth, func(st *nzsc.State, seat int, probs []float64) {
		var p [MaxSide]float64
		n, _ := picks.Strategy(st, seat, &p)
		copy(probs, p[:n])
	})
}

// TestPickSensitivity measures how much the character and booster picks
// lose when solved from estimated pairing values (the move phase kept
// exact): the reason the resolve bot solves them whole. A measurement,
// not a check (about a minute): it runs only with NZSC_MEASURE=1 and
// logs (NZSC_MEASURE=1 go test -run TestPickSensitivity -v
// ./analysis/solve/). The exact values must give 0, which it checks.
func TestPickSensitivity(t *testing.T) {
	if os.Getenv("NZSC_MEASURE") == "" {
		t.Skip("a measurement: set NZSC_MEASURE=1")
	}
	ctx := context.Background()
	truth, err := Solve(ctx, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if e := pickExploitability(truth, pickPhasesFrom(truth.Rules, func(i, j int) float64 { return truth.Pairings[i][j].Value })); math.Abs(e) > 1e-9 {
		t.Fatalf("exact picks exploitable by %v", e)
	}
	for _, opts := range [][]string{{"move_streak=2"}, {"points=3"}, {"points=3", "move_streak=2"}} {
		rs, err := ExpandRules(opts)
		if err != nil {
			t.Fatal(err)
		}
		v, err := SolveRules(ctx, rs[0], 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		est := pickPhasesFrom(truth.Rules, func(i, j int) float64 { return v.Pairings[i][j].Value })
		chars, boosters := *truth, *est
		chars.Characters, boosters.Characters = est.Characters, truth.Characters
		t.Logf("picks from the values of %v: exploitable by %.3f (%.3f with exact boosters, %.3f with exact characters); that solve took %v of wall time",
			opts, pickExploitability(truth, est), pickExploitability(truth, &chars), pickExploitability(truth, &boosters), v.Elapsed)
	}
}
