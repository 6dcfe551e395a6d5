package solve

import (
	"math"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// tinyGraph builds a synthetic game graph: cells[k] is state k's
// successor matrix (state indices, or the terminal codes).
func tinyGraph(cells ...[][]int32) *Graph {
	g := &Graph{}
	for _, c := range cells {
		g.States = append(g.States, nzsc.State{})
		g.NA = append(g.NA, uint8(len(c)))
		g.NB = append(g.NB, uint8(len(c[0])))
		g.Moves = append(g.Moves, [2][MaxSide]nzsc.Move{})
		g.Off = append(g.Off, int32(len(g.Succ)))
		for _, row := range c {
			g.Succ = append(g.Succ, row...)
		}
	}
	return g
}

const (
	W = FirstWins
	L = SecondWins
)

func TestRockPaperScissors(t *testing.T) {
	// One state; a tie replays it.
	g := tinyGraph([][]int32{{0, L, W}, {W, 0, L}, {L, W, 0}})
	s, err := SolveMoves(g)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(s.Value()) > 1e-9 || s.Gap() > CertificateTol {
		t.Errorf("value %v gap %v, want 0 and certified", s.Value(), s.Gap())
	}
	for i := range 3 {
		if math.Abs(s.X[0][i]-1.0/3) > 1e-9 || math.Abs(s.Y[0][i]-1.0/3) > 1e-9 {
			t.Errorf("strategies %v %v, want uniform", s.X[0], s.Y[0])
		}
	}
}

func TestTwoStateRecursive(t *testing.T) {
	// A = [[win, B], [B, win]], B = [[loss, A], [A, loss]]. With v = V(A),
	// w = V(B), the 2×2 formula (ad - bc)/(a + d - b - c) gives
	// v = (1+w)/2 and w = -(1-v)/2, so v = 1/3 and w = -1/3.
	g := tinyGraph(
		[][]int32{{W, 1}, {1, W}},
		[][]int32{{L, 0}, {0, L}},
	)
	s, err := SolveMoves(g)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(s.Value()-1.0/3) > 1e-9 || math.Abs((s.L[1]+s.U[1])/2+1.0/3) > 1e-9 || s.Gap() > CertificateTol {
		t.Errorf("V(A) %v, V(B) in [%v, %v], gap %v; want 1/3, -1/3", s.Value(), s.L[1], s.U[1], s.Gap())
	}
}

func TestEndlessPlayIsZero(t *testing.T) {
	// A = [[win, A], [loss, A]]: the second seat can repeat A forever by
	// playing its second column, and the first seat can do no better
	// than accept it (its first row guarantees 0). The value is 0,
	// although every v in [-1, 1] solves Shapley's equation
	// v = val([[1, v], [-1, v]]).
	g := tinyGraph([][]int32{{W, 0}, {L, 0}})
	s, err := SolveMoves(g)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(s.Value()) > 1e-9 || s.Gap() > CertificateTol {
		t.Errorf("value %v gap %v, want 0", s.Value(), s.Gap())
	}
}

func TestForcedWinMakesProgress(t *testing.T) {
	// The first seat wins at B whatever happens; at A it may go to B or
	// loop. Every move at A is "worth 1" by the values; only progress
	// realizes it.
	g := tinyGraph(
		[][]int32{{0, 0}, {1, 1}},
		[][]int32{{W}},
	)
	s, err := SolveMoves(g)
	if err != nil {
		t.Fatal(err)
	}
	if s.L[0] < 1-1e-9 {
		t.Errorf("the first seat's strategy %v guarantees %v, want 1", s.X[0], s.L[0])
	}
}

// solutionPolicy is s's move-phase strategies as a BotPolicy; a state
// outside the solution fails t.
func solutionPolicy(t *testing.T, s *Solution) BotPolicy {
	return func(st *nzsc.State, seat int, probs []float64) {
		var p [MaxSide]float64
		n, ok := s.Strategy(st, seat, &p)
		if !ok || n != len(probs) {
			t.Fatalf("no strategy")
		}
		copy(probs, p[:n])
	}
}

// TestBestResponseAgainstSolution cross-checks the exploit code with the
// certificate: the best response to the first seat's certified
// strategies must be worth exactly what the certificate says X
// guarantees.
func TestBestResponseAgainstSolution(t *testing.T) {
	a := nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.Speedy}
	b := nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.NoBooster}
	g := NewGraph(a, b)
	ms, err := SolveMoves(g)
	if err != nil {
		t.Fatal(err)
	}
	s := &Solution{}
	s.Pairings[LoadoutIndex(a)][LoadoutIndex(b)] = newPairing(ms)
	pol := solutionPolicy(t, s)
	v1, _, _ := bestResponseMoves(NewGraph(a, b), 1, pol)
	v0, _, _ := bestResponseMoves(NewGraph(a, b), 0, pol)
	if math.Abs(v1-(-ms.L[0])) > 1e-12 || math.Abs(v0-ms.U[0]) > 1e-12 {
		t.Errorf("best responses %v, %v; certificate %v, %v", v0, v1, ms.U[0], -ms.L[0])
	}
}
