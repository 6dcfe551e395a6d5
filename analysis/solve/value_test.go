package solve_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/testsolution"
)

// TestStateValueOneTurn checks the state values against the one-turn
// equation in every phase, on the states of random games: the value of
// the matrix game of the successors' values (TurnMatrix) is the state's
// own value. A value read from the wrong seat, pairing, mirror or phase
// breaks the equation at that state or at the one before it.
func TestStateValueOneTurn(t *testing.T) {
	s := testsolution.Load(t)
	start := nzsc.NewGame(nzsc.DefaultRules)
	if v, ok := s.StateValue(&start); !ok || math.Abs(v-s.Value()) > 1e-9 {
		t.Fatalf("start: %v (ok %v), want the game's value %v", v, ok, s.Value())
	}
	tol := 1e-7 + s.Gap
	rng := rand.New(rand.NewPCG(1, 2))
	var buf [2][nzsc.MaxChoices]nzsc.Choice
	checked := map[nzsc.Phase]int{}
	for game := range 300 {
		st := nzsc.NewGame(nzsc.DefaultRules)
		for st.Phase != nzsc.GameOver {
			v, ok := s.StateValue(&st)
			if !ok {
				t.Fatalf("game %d: %v phase state outside the solution in legal play", game, st.Phase)
			}
			var m solve.Matrix
			if s.TurnMatrix(&st, &m) {
				var e solve.Equilibrium
				solve.SolveMatrix(&m, &e)
				if v < e.Lo-tol || v > e.Hi+tol {
					t.Fatalf("game %d, %v phase, turn %d: value %v, one-turn game's value in [%v, %v]", game, st.Phase, st.Turn, v, e.Lo, e.Hi)
				}
				checked[st.Phase]++
			}
			na, nb := st.Legal(0, &buf[0]), st.Legal(1, &buf[1])
			var a, b nzsc.Choice = nzsc.Unknown, nzsc.Unknown
			if na > 0 {
				a = buf[0][rng.IntN(na)]
			}
			if nb > 0 {
				b = buf[1][rng.IntN(nb)]
			}
			st.Step(a, b)
		}
		want := map[nzsc.Result]float64{nzsc.FirstWins: 1, nzsc.SecondWins: -1}[st.Result]
		if v, ok := s.StateValue(&st); !ok || v != want {
			t.Fatalf("game %d over (%v): value %v (ok %v), want %v", game, st.Result, v, ok, want)
		}
	}
	for _, p := range []nzsc.Phase{nzsc.PickCharacter, nzsc.PickBooster, nzsc.PickMove} {
		if checked[p] == 0 {
			t.Errorf("no %v phase state checked", p)
		}
	}
}

// TestStateValuePenalty checks that a state reached through a penalty
// is outside the solution (its waits are not the rules' start).
func TestStateValuePenalty(t *testing.T) {
	s := testsolution.Load(t)
	st := nzsc.NewGame(nzsc.DefaultRules)
	st.Step(nzsc.Choice(nzsc.Ninja), nzsc.Choice(nzsc.NumCharacters+3)) // a character that does not exist
	if _, ok := s.StateValue(&st); ok {
		t.Fatalf("a penalized state (waits %d, %d) has a value", st.Waits(0), st.Waits(1))
	}
	var m solve.Matrix
	if s.TurnMatrix(&st, &m) {
		t.Fatal("a penalized state has a one-turn game")
	}
}
